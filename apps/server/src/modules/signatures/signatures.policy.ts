import type { Principal } from '../../core/http/context';

/** Codes of the roles whose permissions apply to this request (the active role, or all usable ones). */
export function effectiveRoleCodes(p: Principal): string[] {
  return p.roles.filter((r) => p.effectiveRoleIds.includes(r.roleId)).map((r) => r.roleCode);
}
