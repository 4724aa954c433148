import type { TenantScope } from '../../core/db/database';
import { forbidden } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { isDeptInScope } from '../identity';
import { P, can, isCounsellor, permissionScopeOf } from '../scheduling';
import type { AppointmentFilter } from './appointments.repository';

/**
 * Who sees which appointments (docs/appointments.md section 5): a visitor their own; a counsellor those
 * where they are the counsellor; holders of `consult_appointment_view` those whose visitor is in the data
 * scope of the roles granting it (a `dept_tree` role: the department subtree).
 */

/** The filter of a list: "mine" (as counsellor, or as visitor), or everything the viewer may see. */
export async function listFilterOf(
  scope: TenantScope,
  p: Principal,
  all: boolean,
): Promise<AppointmentFilter> {
  if (all) {
    if (!can(p, P.appointmentView))
      throw forbidden('seeing every appointment needs consult_appointment_view');
    const ds = await permissionScopeOf(scope, p, P.appointmentView);
    return ds === null ? {} : { visitorDeptIds: [...ds.deptIds], orCounsellorId: p.userId };
  }
  return isCounsellor(p) ? { counsellorId: p.userId } : { visitorId: p.userId };
}

/** Whether the caller may see one appointment. */
export async function canSeeAppointment(
  scope: TenantScope,
  p: Principal,
  a: { visitorId: number; counsellorId: number },
  visitorDeptId: number | null,
): Promise<boolean> {
  if (a.visitorId === p.userId || a.counsellorId === p.userId) return true;
  if (!can(p, P.appointmentView)) return false;
  return isDeptInScope(await permissionScopeOf(scope, p, P.appointmentView), visitorDeptId);
}

/** Whether the caller may act for visitors (book, register, cancel for them) on this visitor. */
export async function canActForVisitor(scope: TenantScope, p: Principal, visitorDeptId: number | null) {
  if (!can(p, P.appointmentBook)) return false;
  return isDeptInScope(await permissionScopeOf(scope, p, P.appointmentBook), visitorDeptId);
}
