import type { Database } from '../../core/db/database';
import type { JobQueue, JobRecord, ScheduleDef } from '../../core/jobs/queue';
import type { JobRegistration } from '../../core/module';
import type { FileStorage } from '../../core/storage/file-storage';
import type { SmsSender } from '../../core/sms/sms-sender';
import { failExportTask } from '../downloads';
import {
  createEscalationJob,
  createSmsJob,
  ESCALATE_QUEUE,
  type EscalationJobDeps,
  failSmsDelivery,
  SMS_QUEUE,
  useCrisisQueue,
} from './escalation.service';
import { createFollowUpDueJob } from './focus.service';
import { reportSignal, type CrisisSignal } from './intake.service';
import {
  createMonthlyExportJob,
  createMonthlyRemindJob,
  MONTHLY_EXPORT_QUEUE,
  MONTHLY_REMIND_QUEUE,
} from './monthly.service';

/** Other modules may hand a signal over as a job of this queue (`{ ...signal }`, the tenant is the job's). */
export const INTAKE_QUEUE = 'crisis.intake';
export const FOLLOWUP_DUE_QUEUE = 'crisis.followup.due';

/** The crisis module's recurring jobs (docs/crisis.md 11), in the school's time zone. */
export const CRISIS_SCHEDULES: readonly ScheduleDef[] = [
  {
    name: 'crisis.followup.due.daily',
    queue: FOLLOWUP_DUE_QUEUE,
    rule: { daily: '08:00', timeZone: 'Asia/Shanghai' },
  },
  {
    name: 'crisis.monthly.remind',
    queue: MONTHLY_REMIND_QUEUE,
    rule: { monthly: { day: 1, at: '09:00' }, timeZone: 'Asia/Shanghai' },
  },
];

/**
 * The crisis module's job kinds (docs/crisis.md 11). Escalations enqueue their next steps on `jobs`, so
 * the module keeps it.
 */
export function crisisJobs(
  jobs: JobQueue,
  deps: { database: Database; sms: SmsSender; files: FileStorage } & EscalationJobDeps,
): JobRegistration[] {
  useCrisisQueue(jobs);
  return [
    { queue: ESCALATE_QUEUE, handler: createEscalationJob(deps) },
    { queue: SMS_QUEUE, handler: createSmsJob(deps), options: { onFinalFailure: failSmsDelivery(deps) } },
    {
      queue: INTAKE_QUEUE,
      handler: async (job: JobRecord<CrisisSignal & { occurredAt?: string | null }>) =>
        deps.database.withTenant(job.tenantId!, (scope) =>
          reportSignal(scope, {
            ...job.payload,
            occurredAt: job.payload.occurredAt ? new Date(job.payload.occurredAt) : null,
          }),
        ),
    },
    {
      queue: MONTHLY_EXPORT_QUEUE,
      handler: createMonthlyExportJob(deps),
      // The export's last failure ends its task; the user exports again.
      options: { onFinalFailure: failExportTask(deps), retryable: false },
    },
    { queue: FOLLOWUP_DUE_QUEUE, handler: createFollowUpDueJob(deps) },
    { queue: MONTHLY_REMIND_QUEUE, handler: createMonthlyRemindJob(deps) },
  ];
}

/** Registers the crisis module's job kinds and schedules on a queue (a worker process of its own). */
export function registerCrisisJobs(
  jobs: JobQueue,
  deps: { database: Database; sms: SmsSender; files: FileStorage } & EscalationJobDeps,
  opts: { schedules?: boolean } = {},
) {
  for (const j of crisisJobs(jobs, deps)) jobs.register(j.queue, j.handler, j.options);
  if (opts.schedules !== false) for (const s of CRISIS_SCHEDULES) jobs.schedule(s);
}
