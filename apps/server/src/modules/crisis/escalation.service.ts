import { isPhoneNumber, maskName, MESSAGE_EVENTS } from '@psy/contracts';
import {
  ackDeadline,
  buildLadder,
  ladderUpTo,
  nextStep,
  type EscalationStep,
  type Ladder,
} from '@psy/crisis-rules';
import type { Database, TenantScope } from '../../core/db/database';
import type { JobQueue, JobRecord } from '../../core/jobs/queue';
import type { SmsSender } from '../../core/sms/sms-sender';
import { renderMessageByEvent } from '../messages';
import {
  getCrisisSetting,
  getNoticeSetting,
  LEVEL_NAMES,
  notify,
  shortTime,
  SOURCE_NAMES,
} from './crisis.context';
import {
  claimPendingDelivery,
  insertDeliveries,
  insertEvent,
  lockRecord,
  markDelivery,
  updateRecord,
  type RecordRow,
} from './crisis.repository';
import { findCoveringHolders, findRoleHolders, findStudent } from './network.repository';

/** Queues of the crisis module's jobs (docs/crisis.md 11). */
export const ESCALATE_QUEUE = 'crisis.escalate';
export const SMS_QUEUE = 'crisis.sms';
/** Attempts of an SMS delivery: with the queue's back-off (2, 4, ... s), about 8 minutes in all. */
export const SMS_MAX_ATTEMPTS = 8;

/**
 * The queue the module writes its jobs to. Enqueuing inside a tenant transaction only writes a row (the
 * commit wakes the workers), so any registered queue of the process will do; other modules call
 * `reportSignal(scope, signal)` without handing one over.
 */
let queue: JobQueue | null = null;
export function useCrisisQueue(q: JobQueue) {
  queue = q;
}
function requireQueue(): JobQueue {
  if (!queue) throw new Error('crisis jobs are not registered (registerCrisisJobs)');
  return queue;
}

/** The owner roles of the ladder, lowest level first. */
const OWNER_ROLES = [
  'CRISIS_ROLE_CONSULTANT',
  'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  'CRISIS_ROLE_CENTER_SUPERINTENDENT',
  'CRISIS_ROLE_SUPERINTENDENT',
];

/** A student's ladder now (recomputed for every step: the network may have changed). */
export async function computeLadder(scope: TenantScope, studentDeptId: number | null): Promise<Ladder> {
  const holders = await findCoveringHolders(scope, studentDeptId, OWNER_ROLES);
  const admins =
    holders.length > 0 ? [] : (await findRoleHolders(scope, ['ROLE_ADMIN'])).map((h) => h.userId);
  return buildLadder(holders, admins);
}

/**
 * Writes one escalation step of a record in the caller's transaction (docs/crisis.md 3.2): owners, level
 * and deadline; the timeline event; the owners' in-app messages (always sent) and, when the notice
 * setting says so, SMS deliveries each with its job; and the delayed job that checks the deadline. Every
 * delivery is unique per (record, step, person, channel), so writing a step twice tells nobody twice.
 */
export async function writeStep(
  scope: TenantScope,
  record: RecordRow,
  step: EscalationStep,
  stepNo: number,
  kind: 'created' | 'escalated' | 'reminded',
  ladder: Ladder,
  now: Date,
): Promise<RecordRow> {
  const reporting = await getCrisisSetting(scope, 'reporting');
  const deadline = ackDeadline(now, step, reporting.ackMinutes);
  const updated = await updateRecord(scope, record.id, {
    escalationLevel: step.level,
    escalationStep: stepNo,
    escalationRepeat: step.repeat,
    ownerIds: step.owners,
    ackDeadline: deadline,
  });
  if (kind !== 'created') {
    await insertEvent(scope, {
      recordId: record.id,
      kind,
      actorId: null,
      data: {
        step: stepNo,
        level: step.level,
        owners: step.owners,
        repeat: step.repeat,
        deadline: deadline.toISOString(),
      },
    });
  }

  const student = await findStudent(scope, record.studentId);
  const studentName = student?.realName ?? `#${record.studentId}`;
  const event = kind === 'created' ? 'signalNew' : 'signalEscalated';
  const notice = await getNoticeSetting(scope, event);
  const messageIds =
    kind === 'created'
      ? await notify(
          scope,
          'CRISIS_SIGNAL_NEW',
          step.owners,
          {
            studentName,
            source: SOURCE_NAMES[record.source] ?? record.source,
            recordId: record.id,
            deadline: shortTime(deadline),
          },
          { always: true },
        )
      : await notify(
          scope,
          'CRISIS_SIGNAL_ESCALATED',
          step.owners,
          {
            studentName,
            recordId: record.id,
            levelName: LEVEL_NAMES[step.level] ?? '',
            deadline: shortTime(deadline),
          },
          { always: true },
        );
  const owners = [...new Set(step.owners)];
  await insertDeliveries(
    scope,
    owners.map((userId, i) => ({
      recordId: record.id,
      step: stepNo,
      level: step.level,
      userId,
      channel: 'inapp',
      state: 'sent',
      messageId: messageIds[i] ?? null,
      sentAt: now,
    })),
  );
  // The lower levels hear that the signal went up, when the school wants them told.
  if (kind === 'escalated' && notice.enabled && notice.parties.includes('ladder')) {
    const lower = ladderUpTo(ladder, step.level).filter((id) => !owners.includes(id));
    await notify(scope, 'CRISIS_SIGNAL_ESCALATED', lower, {
      studentName,
      recordId: record.id,
      levelName: LEVEL_NAMES[step.level] ?? '',
      deadline: shortTime(deadline),
    });
  }

  if (notice.enabled && notice.sms) {
    const text = await smsText(scope, studentName, record.id);
    if (text !== null) {
      const rows = await insertDeliveries(
        scope,
        owners.map((userId) => ({
          recordId: record.id,
          step: stepNo,
          level: step.level,
          userId,
          channel: 'sms',
          state: 'pending',
          text,
        })),
      );
      await requireQueue().enqueueMany(
        scope,
        SMS_QUEUE,
        rows.map((d) => ({ payload: { deliveryId: d.id }, singletonKey: `sms:${scope.tenantId}:${d.id}` })),
        { maxAttempts: SMS_MAX_ATTEMPTS },
      );
    }
  }

  await requireQueue().enqueue(
    scope,
    ESCALATE_QUEUE,
    { recordId: record.id, step: stepNo },
    { runAt: deadline, singletonKey: `escalate:${scope.tenantId}:${record.id}:${stepNo}`, maxAttempts: 10 },
  );
  return updated;
}

/** The SMS text from the school's template (masked name, no clinical content); null when switched off. */
async function smsText(scope: TenantScope, studentName: string, recordId: number): Promise<string | null> {
  const texts = await renderMessageByEvent(scope, {
    event: 'CRISIS_SIGNAL_SMS',
    params: { studentName: maskName(studentName) ?? '', recordId },
  });
  return texts?.content ?? null;
}

/**
 * The deadline of step `step` passed: unless the record is closed, acknowledged or already past that
 * step, move it one level up (or remind the top). Runs in one transaction under the record's row lock,
 * so a rerun after a crash, or a second worker, does nothing twice.
 */
export async function escalateRecord(scope: TenantScope, recordId: number, step: number, now = new Date()) {
  const record = await lockRecord(scope, recordId);
  if (!record || record.status === 3 || record.acknowledgedAt !== null || record.escalationStep !== step) {
    return { escalated: false as const };
  }
  const ladder = await computeLadder(scope, record.studentDeptId);
  const next = nextStep(ladder, {
    level: record.escalationLevel as 1 | 2 | 3 | 4,
    repeat: record.escalationRepeat,
  });
  if (!next) {
    // Nobody at all can be told (a school without administrators): look again in a minute, never drop it.
    await requireQueue().enqueue(
      scope,
      ESCALATE_QUEUE,
      { recordId, step },
      { runAt: new Date(now.getTime() + 60_000), maxAttempts: 10 },
    );
    return { escalated: false as const };
  }
  await writeStep(scope, record, next, step + 1, next.repeat > 0 ? 'reminded' : 'escalated', ladder, now);
  return { escalated: true as const, level: next.level, repeat: next.repeat };
}

export interface EscalationJobDeps {
  database: Database;
  /**
   * Runs inside a step's transaction after the step is written, before it commits. The crash test and
   * benchmark hold a step here to kill the process mid-escalation; the app passes nothing.
   */
  beforeEscalationCommit?: (step: { recordId: number; step: number }) => Promise<void>;
}

/** The escalation job: one step of one record. */
export function createEscalationJob(deps: EscalationJobDeps) {
  return async (job: JobRecord<{ recordId: number; step: number }>) =>
    deps.database.withTenant(job.tenantId!, async (scope) => {
      const result = await escalateRecord(scope, job.payload.recordId, job.payload.step);
      if (result.escalated && deps.beforeEscalationCommit) await deps.beforeEscalationCommit(job.payload);
      return result;
    });
}

/**
 * The SMS job: sends one delivery. The attempt is counted before the gateway is called; a gateway error
 * is kept on the delivery and retried by the queue; a delivery recorded as sent is skipped. A process that
 * dies between the gateway's answer and that record sends the delivery again after the restart, with the
 * same key (`crisis-sms:<school>:<delivery>`), which the gateway deduplicates: at least once, never a storm.
 */
export function createSmsJob(deps: { database: Database; sms: SmsSender }) {
  return async (job: JobRecord<{ deliveryId: number }>) => {
    const tenantId = job.tenantId!;
    const id = job.payload.deliveryId;
    const claim = await deps.database.withTenant(tenantId, (scope) => claimPendingDelivery(scope, id));
    if (!claim) return { skipped: true };
    if (!claim.phone || !isPhoneNumber(claim.phone)) {
      await deps.database.withTenant(tenantId, (scope) =>
        markDelivery(scope, id, { state: 'failed', lastError: 'no mobile number' }),
      );
      return { failed: 'no mobile number' };
    }
    try {
      await deps.sms.send({
        tenantId,
        phone: claim.phone,
        text: claim.delivery.text ?? '',
        key: `crisis-sms:${tenantId}:${id}`,
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await deps.database.withTenant(tenantId, (scope) =>
        markDelivery(scope, id, { lastError: message.slice(0, 500) }),
      );
      throw err;
    }
    await deps.database.withTenant(tenantId, (scope) =>
      markDelivery(scope, id, { state: 'sent', lastError: null, sentAt: new Date() }),
    );
    return { sent: true };
  };
}

/** An SMS delivery whose attempts are used up is failed (the board shows it); nothing else waits on it. */
export function failSmsDelivery(deps: { database: Database }) {
  return async (job: JobRecord<{ deliveryId: number }>, error: Error) => {
    await deps.database.withTenant(job.tenantId!, (scope) =>
      markDelivery(scope, job.payload.deliveryId, {
        state: 'failed',
        lastError: error.message.slice(0, 500),
      }),
    );
  };
}

/** The registry's default SMS text, for tests and the documentation. */
export const DEFAULT_SMS_TEXT = MESSAGE_EVENTS.CRISIS_SIGNAL_SMS.defaults['zh-CN'].content;
