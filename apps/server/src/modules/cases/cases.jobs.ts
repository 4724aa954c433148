import type { Database, TenantScope } from '../../core/db/database';
import type { JobQueue, ScheduleDef } from '../../core/jobs/queue';
import type { JobRegistration } from '../../core/module';
import { approvedRecordGrants, appointmentBrief, type AppointmentCtx } from '../appointments';
import { findUserBriefs } from '../identity';
import { sendMessageByEvent } from '../messages';
import { findTenantIds } from '../tenants';
import { findRecordsPastDue, updateRecord } from './cases.repository';

/** Unsigned records past their deadline are locked and their counsellor told (docs/cases.md 4). */
export const RECORD_LOCK_QUEUE = 'cases.records.lock';

// A job has no caller: the appointments' context without a principal, as its own jobs run.
const systemCtx = (scope: TenantScope): AppointmentCtx => ({
  scope,
  p: null,
  lang: 'zh-CN',
  jobs: undefined as unknown as JobQueue,
});

/** Locks one school's records past their deadline; answers how many it locked. */
export async function lockRecordsPastDue(scope: TenantScope, now = new Date()): Promise<number> {
  let locked = 0;
  for (const { r, visitorId, counsellorId } of await findRecordsPastDue(scope, now, 500)) {
    // An approved extension or unlock (options 7 and 8) moves or lifts the deadline: read them, never copy.
    const grants =
      r.appointmentId === null ? null : await approvedRecordGrants(systemCtx(scope), r.appointmentId);
    if (grants?.unlocked) continue;
    const due = new Date(r.lockDueAt.getTime() + (grants?.extraDays ?? 0) * 86_400_000);
    if (due > now) continue;
    await updateRecord(scope, r.id, { lockedAt: now, lockReason: 'deadline' });
    const a = r.appointmentId === null ? null : await appointmentBrief(scope, r.appointmentId);
    const names = await findUserBriefs(scope, [visitorId]);
    await sendMessageByEvent(scope, {
      event: 'CASE_RECORD_LOCKED',
      userIds: [counsellorId],
      lang: 'zh-CN',
      params: {
        visitorName: names.get(visitorId)?.name ?? '',
        sessionTime: (a?.startsAt ?? r.createdAt).toISOString().slice(0, 16).replace('T', ' '),
      },
    });
    locked++;
  }
  return locked;
}

/** The lock job: each run visits every school once. */
export function caseJobs(deps: { database: Database }): JobRegistration[] {
  return [
    {
      queue: RECORD_LOCK_QUEUE,
      handler: async () => {
        let locked = 0;
        for (const tenantId of await findTenantIds(deps.database.system))
          locked += await deps.database.withTenant(tenantId, (scope) => lockRecordsPastDue(scope));
        return { locked };
      },
    },
  ];
}

/** Records past their deadline are looked for every 15 minutes; a missed run is not made up twice. */
export const CASE_SCHEDULES: readonly ScheduleDef[] = [
  { name: 'cases.records.lock', queue: RECORD_LOCK_QUEUE, rule: { every: 900 }, maxAttempts: 1 },
];
