import type { Principal, PrincipalRole } from '../../core/http/context';
import type { TokenRecord } from '../../core/http/gate';
import { AppError } from '../../core/http/app-error';
import type { PrincipalData } from './identity.repository';

/** A role may be used only from the client ports in its portPermission (spec S0.6). */
export function isRoleUsable(role: PrincipalRole, clientPort: string): boolean {
  return role.portPermission.includes(clientPort);
}

/**
 * Which role's permissions apply: the requested (ROLE-ID header) role, else the role chosen on the token,
 * else all usable roles, unless single-role switching is on and there is a choice to make (then none).
 */
export function buildPrincipal(
  data: PrincipalData,
  token: TokenRecord,
  requestedRoleId: number | null,
): Principal {
  const usable = data.roles.filter((r) => isRoleUsable(r, token.clientPort));
  const usableIds = usable.map((r) => r.roleId);
  if (requestedRoleId !== null && !usableIds.includes(requestedRoleId)) {
    throw new AppError('forbidden', 'role-id: the role is not yours or not usable from this client');
  }
  const tokenRole =
    token.activeRoleId !== null && usableIds.includes(token.activeRoleId) ? token.activeRoleId : null;
  const activeRoleId = requestedRoleId ?? tokenRole ?? (usable.length === 1 ? usableIds[0]! : null);
  const effective =
    activeRoleId !== null ? [activeRoleId] : data.singleRoleSwitch && usable.length > 1 ? [] : usableIds;
  const permissions = new Set<string>();
  for (const id of effective) for (const p of data.permissionsByRole[String(id)] ?? []) permissions.add(p);
  return {
    tenantId: token.tenantId,
    userId: data.id,
    username: data.username,
    realName: data.realName,
    tokenId: token.tokenId,
    tokenHash: token.tokenHash,
    accessExpiresAt: token.accessExpiresAt,
    clientPort: token.clientPort,
    roles: data.roles,
    usableRoleIds: usableIds,
    activeRoleId,
    effectiveRoleIds: effective,
    permissions,
    permissionsByRole: data.permissionsByRole,
    mustChangePassword: data.mustChangePassword,
    profile: data.profile,
  };
}

/** Permission keys of all roles usable from a port (the login answer's authorities). */
export function permissionsOfUsableRoles(data: PrincipalData, clientPort: string): string[] {
  const out = new Set<string>();
  for (const r of data.roles) {
    if (!isRoleUsable(r, clientPort)) continue;
    for (const p of data.permissionsByRole[String(r.roleId)] ?? []) out.add(p);
  }
  return [...out].sort();
}
