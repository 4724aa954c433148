import type { PermissionKey } from '@psy/contracts';

/**
 * Buttons of the departments page by permission key (seed catalogue, menu `sys_dept`), checked with
 * `allowedButtons`. Only a type is imported: the feature's manifest lists these keys.
 */
export const DEPT_BUTTONS = {
  add: 'admin_dept_add',
  edit: 'admin_dept_edit',
  del: 'admin_dept_del',
} as const satisfies Record<string, PermissionKey>;
export type DeptButton = keyof typeof DEPT_BUTTONS;
