import { ASSESSMENT_PERMISSIONS as K, type PermissionKey } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AUTHENTICATED, permission, type Principal } from '../../core/http/context';
import { findDeptSubtreeIds } from '../identity';

/** Who may make which assessment call (docs/assessment.md "Permission keys"). */
export const ASSESSMENT_ACCESS = {
  signedIn: AUTHENTICATED,
  scaleRead: permission(K.scale, K.scaleEdit, K.plan, K.planEdit),
  scaleEdit: permission(K.scaleEdit),
  plan: permission(K.plan, K.planEdit),
  planEdit: permission(K.planEdit),
  take: permission(K.take),
  mine: permission(K.mine, K.take),
  resultView: permission(K.resultView),
  report: permission(K.report, K.resultView),
  export: permission(K.reportExport),
  warning: permission(K.warning, K.warningHandle, 'crisis_warning'),
  warningHandle: permission(K.warningHandle),
  interview: permission(K.interview, K.interviewAssign),
  interviewAssign: permission(K.interviewAssign),
  transfer: permission(K.transfer),
  forAssessment: permission(K.transfer, 'appointment_queue'),
  followUp: permission(K.followUp),
  rainbow: permission(K.rainbow),
  htp: permission(K.htp),
} as const;

/** Keys that make a role a staff role of this area (its data scope then applies). */
const STAFF_KEYS: ReadonlySet<string> = new Set<PermissionKey>([
  K.plan,
  K.planEdit,
  K.report,
  K.resultView,
  K.reportExport,
  K.warning,
  K.warningHandle,
  K.interview,
  K.interviewAssign,
  K.transfer,
  K.followUp,
  K.rainbow,
  K.htp,
  'crisis_warning',
]);

/**
 * The departments whose people's results the caller may see: null for the whole school, else their
 * department subtree when every role that gives them this area's staff keys is department-scoped
 * (`dept_tree`); a role with no department scope sees nothing.
 */
export async function staffDeptScope(scope: TenantScope, p: Principal): Promise<number[] | null> {
  const roles = p.roles.filter(
    (r) =>
      p.effectiveRoleIds.includes(r.roleId) &&
      (p.permissionsByRole[String(r.roleId)] ?? []).some((k) => STAFF_KEYS.has(k)),
  );
  if (roles.length === 0 || roles.some((r) => r.dataScope !== 'dept_tree')) return null;
  if (p.profile.deptId === null) return [];
  return findDeptSubtreeIds(scope, p.profile.deptId);
}

export const has = (p: Principal, key: PermissionKey) => p.permissions.has(key);
