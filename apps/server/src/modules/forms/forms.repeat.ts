import { REPEAT_STATUS, type FormPurpose, type RepeatVisit } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { deptScopeOf, isDeptInScope } from '../identity';
import { findMyFormPermissions } from './form-permissions.service';
import { canEditForms, canReadAllAnswers, isWorkforceMember, roleCodesOf } from './forms.policy';
import { countRecordsAbout, findForm, findUserDept, userExists } from './forms.repository';

/** Forms whose answers are records of a visit: having one makes the visitor a repeat visitor (S0.3.19). */
export const VISIT_RECORD_PURPOSES = [
  'case_record',
  'intake',
  'first_interview',
] as const satisfies readonly FormPurpose[];

/**
 * Staff who may ask: form administrators (`sys_form`, `admin_form_edit`), the counsellor roles that fill
 * case and interview records (`WORKFORCE_ROLE_CODES`; the answer is a count and a date, no content), or a
 * role form permission on some case-record, intake or first-interview form. Visitors (students) may not.
 */
async function mayReadVisitRecords(scope: TenantScope, p: Principal): Promise<boolean> {
  if (canReadAllAnswers(p) || canEditForms(p)) return true;
  if (isWorkforceMember(roleCodesOf(p))) return true;
  return holdsVisitRecordPermission(scope, p, 'view');
}

/** Whether a role form permission of the caller allows `kind` on one of the school's visit-record forms. */
export async function holdsVisitRecordPermission(
  scope: TenantScope,
  p: Principal,
  kind: 'view' | 'edit',
): Promise<boolean> {
  for (const perm of await findMyFormPermissions(scope, p)) {
    if (!perm[kind]) continue;
    const f = await findForm(scope, perm.formId);
    if (f && (VISIT_RECORD_PURPOSES as readonly string[]).includes(f.purpose)) return true;
  }
  return false;
}

/**
 * `calculateIsRepeat` (S0.3.19, S0.7.21, S1.7.16): the visitor is a repeat visitor (2) when submitted
 * (not recalled) answers about them exist on visit-record forms, other than the given event's; else 1.
 * The registration and appointment module, when it exists, adds its own earlier registrations.
 */
export async function calculateIsRepeat(
  scope: TenantScope,
  p: Principal,
  b: { userId: number; eventSign?: string },
): Promise<RepeatVisit> {
  if (!(await mayReadVisitRecords(scope, p))) throw forbidden('you may not read visit records');
  // Another school's user is not visible here (RLS): the same answer as an unknown id.
  if (!(await userExists(scope, b.userId))) throw notFound('userId: the user');
  if (b.userId !== p.userId) {
    const ds = await deptScopeOf(scope, p);
    if (!isDeptInScope(ds, await findUserDept(scope, b.userId)))
      throw forbidden('the person is outside your data scope');
  }
  const { count, last } = await countRecordsAbout(scope, {
    userId: b.userId,
    purposes: VISIT_RECORD_PURPOSES,
    exceptEventSign: b.eventSign || undefined,
  });
  return {
    repeatStatus: count > 0 ? REPEAT_STATUS.yes : REPEAT_STATUS.no,
    count,
    lastDate: last ? last.toISOString() : null,
  };
}
