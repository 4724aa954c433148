import type { PermissionKey } from '@psy/contracts';

/**
 * Buttons of the role pages by permission key (seed catalogue, menu `sys_role`), checked with
 * `allowedButtons`. Pure, and only a type is imported: the feature's manifest lists these keys.
 */
export const ROLE_BUTTONS = {
  add: 'admin_role_add',
  edit: 'admin_role_edit',
  del: 'admin_role_del',
} as const satisfies Record<string, PermissionKey>;
export type RoleButton = keyof typeof ROLE_BUTTONS;

/** The role details page of a role (spec S0.2.14 `/roleDetails/index`). */
export const roleDetailsHref = (roleId: number): string => `/roleDetails/index?roleId=${roleId}`;

/** The `roleId` query parameter of the details page; null when absent or not a positive integer. */
export function parseRoleId(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,14}$/.test(raw)) return null;
  return Number(raw);
}
