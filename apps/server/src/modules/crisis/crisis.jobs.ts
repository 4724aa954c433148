import type { Database } from '../../core/db/database';
import type { JobQueue, JobRecord } from '../../core/jobs/queue';
import type { FileStorage } from '../../core/storage/file-storage';
import type { SmsSender } from '../auth';
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

/** Registers the crisis module's job kinds and schedules on a queue (docs/crisis.md 11). */
export function registerCrisisJobs(
  jobs: JobQueue,
  deps: { database: Database; sms: SmsSender; files: FileStorage } & EscalationJobDeps,
  opts: { schedules?: boolean } = {},
) {
  useCrisisQueue(jobs);
  jobs.register(ESCALATE_QUEUE, createEscalationJob(deps));
  jobs.register(SMS_QUEUE, createSmsJob(deps), { onFinalFailure: failSmsDelivery(deps) });
  jobs.register(INTAKE_QUEUE, async (job: JobRecord<CrisisSignal & { occurredAt?: string | null }>) =>
    deps.database.withTenant(job.tenantId!, (scope) =>
      reportSignal(scope, {
        ...job.payload,
        occurredAt: job.payload.occurredAt ? new Date(job.payload.occurredAt) : null,
      }),
    ),
  );
  jobs.register(MONTHLY_EXPORT_QUEUE, createMonthlyExportJob(deps), {
    onFinalFailure: failExportTask(deps),
    retryable: false,
  });
  jobs.register(FOLLOWUP_DUE_QUEUE, createFollowUpDueJob(deps));
  jobs.register(MONTHLY_REMIND_QUEUE, createMonthlyRemindJob(deps));
  if (opts.schedules !== false) {
    jobs.schedule({
      name: 'crisis.followup.due.daily',
      queue: FOLLOWUP_DUE_QUEUE,
      rule: { daily: '08:00', timeZone: 'Asia/Shanghai' },
    });
    jobs.schedule({
      name: 'crisis.monthly.remind',
      queue: MONTHLY_REMIND_QUEUE,
      rule: { monthly: { day: 1, at: '09:00' }, timeZone: 'Asia/Shanghai' },
    });
  }
}
