import {
  SETTING_CODES,
  settingByTypeEndpoint,
  toggleRoleEndpoint,
  userDetailEndpoint,
  userPortPermissionEndpoint,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveActiveRoleId, useSession } from '../../../shared/session/session-store';

export type PortRole = ResponseOf<typeof userPortPermissionEndpoint>[number];
export type UserDetail = ResponseOf<typeof userDetailEndpoint>;

export const roleQueryKeys = {
  portRoles: (userId: number) => ['auth', 'port-roles', userId] as const,
  singleRoleSwitch: (tenantId: number) => ['auth', 'single-role-switch', tenantId] as const,
  detail: (userId: number) => ['auth', 'user-detail', userId] as const,
};

/**
 * The user's roles for this client (`GET /admin/role/getUserPortPermission`): usable ones first, roles
 * without port permission last (spec S0.2.15).
 */
export function usePortRoles() {
  const session = useSession();
  return useQuery({ ...portRolesQueryOptions(session?.user.id ?? 0), enabled: session !== null });
}

export function portRolesQueryOptions(userId: number) {
  return {
    queryKey: roleQueryKeys.portRoles(userId),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      orderRoles(await request(userPortPermissionEndpoint, { signal })),
    staleTime: 5 * 60_000,
  };
}

/** Usable roles first, then those without port permission, each group in the server's order. */
export function orderRoles(roles: readonly PortRole[]): PortRole[] {
  return [...roles.filter((r) => r.hasPortPermission), ...roles.filter((r) => !r.hasPortPermission)];
}

/** Whether the school makes each login choose one active role (setting `singleRoleSwitch`, spec S0.6). */
export function useSingleRoleSwitch() {
  const session = useSession();
  return useQuery({ ...singleRoleSwitchQueryOptions(session?.tenantId ?? 0), enabled: session !== null });
}

export function singleRoleSwitchQueryOptions(tenantId: number) {
  return {
    queryKey: roleQueryKeys.singleRoleSwitch(tenantId),
    queryFn: async ({ signal }: { signal: AbortSignal }) =>
      (await request(settingByTypeEndpoint, { query: { type: SETTING_CODES.singleRoleSwitch }, signal }))
        ?.enable ?? false,
    staleTime: 10 * 60_000,
  };
}

/** The signed-in user with department path and the profile sections still to fill (`GET /admin/user/detail`). */
export function useUserDetail() {
  const session = useSession();
  return useQuery({ ...userDetailQueryOptions(session?.user.id ?? 0), enabled: session !== null });
}

export function userDetailQueryOptions(userId: number) {
  return {
    queryKey: roleQueryKeys.detail(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) => request(userDetailEndpoint, { signal }),
    staleTime: 60_000,
  };
}

/** Makes a role the active one on the server and for the following requests (spec S0.4.13). */
export async function switchRole(roleId: number) {
  const role = await request(toggleRoleEndpoint, { query: { roleId } });
  saveActiveRoleId(roleId);
  return role;
}

export type RoleDecision =
  | { kind: 'none' }
  | { kind: 'choose' }
  | { kind: 'auto'; roleId: number }
  | { kind: 'ready'; roleId: number | null };

/**
 * What the shell does with the user's roles after login (spec S0.4.13): no role at all is an error; one
 * usable role is chosen automatically; several with single-role switching on and none active need the
 * selection page.
 */
export function decideRole(
  roles: readonly PortRole[],
  activeRoleId: number | null,
  isSingleRoleSwitch: boolean,
): RoleDecision {
  const usable = roles.filter((r) => r.hasPortPermission);
  if (usable.length === 0) return roles.length === 0 ? { kind: 'none' } : { kind: 'choose' };
  if (activeRoleId !== null && usable.some((r) => r.roleId === activeRoleId)) {
    return { kind: 'ready', roleId: activeRoleId };
  }
  if (usable.length === 1) return { kind: 'auto', roleId: usable[0]!.roleId };
  return isSingleRoleSwitch ? { kind: 'choose' } : { kind: 'ready', roleId: null };
}
