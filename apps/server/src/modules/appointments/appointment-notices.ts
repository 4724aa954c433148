import {
  APPOINTMENT_TYPE_LABELS,
  type AppointmentType,
  type BilingualValue,
  type SchedulingPolicy,
} from '@psy/contracts';
import { arrivalTime, formatInZone, leaveDeadline } from '@psy/scheduling';
import type { Database, TenantScope } from '../../core/db/database';
import type { JobHandler, JobQueue } from '../../core/jobs/queue';
import type { SmsSender } from '../../core/sms/sms-sender';
import { findMessageTexts, sendMessageByEvent } from '../messages';
import { getPolicy } from '../scheduling';
import {
  claimNotice,
  findAppointment,
  findUserBrief,
  releaseNotice,
  type AppointmentRow,
} from './appointments.repository';

/**
 * Messages about appointments, through the message manager (each school may switch an event off and edit
 * its text), written in the transaction of the change; reminders and SMS as jobs that a restart neither
 * loses nor sends twice (docs/appointments.md section 6).
 */

/** Queue of reminders and SMS deliveries (core/jobs). */
export const APPOINTMENT_NOTICE_QUEUE = 'appointments.notice';

export type NoticePayload =
  | { kind: 'reminder'; appointmentId: number; startsAt: string; lead: number }
  | { kind: 'sms'; key: string; userId: number; messageId: number };

// A product text: in both languages, so each reader of the message gets theirs.
const typeName = (type: number): BilingualValue | string => {
  const label = APPOINTMENT_TYPE_LABELS[type as AppointmentType];
  return label ? { 'zh-CN': label['zh-CN'], 'en-US': label['en-US'] } : String(type);
};
const place = (r: AppointmentRow) => [r.siteName, r.roomName].filter(Boolean).join(' ') || '-';

/** The parameters every appointment message shares, in the school's zone. */
export function appointmentParams(r: AppointmentRow, policy: SchedulingPolicy) {
  const zone = policy.timeZone;
  return {
    realName: r.visitorName,
    typeName: typeName(r.a.type),
    time: formatInZone(r.a.startsAt, zone),
    counsellor: r.counsellorName,
    place: place(r),
    arriveBy: formatInZone(arrivalTime(r.a.startsAt, policy), zone),
    leaveDeadline: formatInZone(leaveDeadline(r.a.startsAt, policy), zone),
  };
}

export async function notifyBooked(scope: TenantScope, r: AppointmentRow, policy: SchedulingPolicy) {
  await sendMessageByEvent(scope, {
    event: 'APPOINTMENT_BOOKED',
    userIds: [r.a.visitorId, r.a.counsellorId],
    params: appointmentParams(r, policy),
  });
}

export async function notifyChanged(scope: TenantScope, r: AppointmentRow, policy: SchedulingPolicy) {
  const { realName, typeName: t, time, counsellor, place: where } = appointmentParams(r, policy);
  await sendMessageByEvent(scope, {
    event: 'APPOINTMENT_CHANGED',
    userIds: [r.a.visitorId, r.a.counsellorId],
    params: { realName, typeName: t, time, counsellor, place: where },
  });
}

/** Tells the other side (or both); with `sms`, also by text message (the centre cancelled). */
export async function notifyCancelled(
  scope: TenantScope,
  jobs: JobQueue,
  r: AppointmentRow,
  policy: SchedulingPolicy,
  to: number[],
  reason: string,
  sms: boolean,
) {
  const { realName, typeName: t, time } = appointmentParams(r, policy);
  const { ids } = await sendMessageByEvent(scope, {
    event: 'APPOINTMENT_CANCELLED',
    userIds: to,
    params: { realName, typeName: t, time, reason },
  });
  if (sms && policy.smsReminders) await queueSms(scope, jobs, `cancel:${r.a.id}:${r.a.version}`, ids);
}

export async function notifyNoShow(
  scope: TenantScope,
  r: AppointmentRow,
  policy: SchedulingPolicy,
  counts: { noShows: number; liftsOn: string | null },
) {
  const { realName, typeName: t, time } = appointmentParams(r, policy);
  await sendMessageByEvent(scope, {
    event: 'APPOINTMENT_NO_SHOW',
    userIds: [r.a.visitorId],
    params: {
      realName,
      typeName: t,
      time,
      noShows: counts.noShows,
      limit: policy.noShowLimitPerTerm,
      liftsOn: counts.liftsOn
        ? {
            'zh-CN': `暂停预约至 ${counts.liftsOn}。`,
            'en-US': `Booking is paused until ${counts.liftsOn}.`,
          }
        : '',
    },
  });
}

/** Queues an SMS copy of in-app messages (one job per message; the job sends each at most once). */
export async function queueSms(scope: TenantScope, jobs: JobQueue, key: string, messageIds: number[]) {
  for (const m of await findMessageTexts(scope, messageIds)) {
    const payload: NoticePayload = {
      kind: 'sms',
      key: `${key}:${m.userId}`,
      userId: m.userId,
      messageId: m.id,
    };
    await jobs.enqueue(scope, APPOINTMENT_NOTICE_QUEUE, payload, { maxAttempts: 5 });
  }
}

/** Enqueues the reminders of an appointment (`reminderLeadMinutes` before it; none already past). */
export async function scheduleReminders(
  scope: TenantScope,
  jobs: JobQueue,
  r: AppointmentRow,
  policy: SchedulingPolicy,
) {
  const now = Date.now();
  for (const lead of policy.reminderLeadMinutes) {
    const runAt = new Date(r.a.startsAt.getTime() - lead * 60_000);
    if (runAt.getTime() <= now) continue;
    const payload: NoticePayload = {
      kind: 'reminder',
      appointmentId: r.a.id,
      startsAt: r.a.startsAt.toISOString(),
      lead,
    };
    await jobs.enqueue(scope, APPOINTMENT_NOTICE_QUEUE, payload, { runAt, maxAttempts: 5 });
  }
}

/**
 * The job: a reminder is sent only while the appointment is still booked at the same start (a moved or
 * cancelled one is skipped); its in-app message and the delivery record go in one transaction, so a retry
 * after a crash or a second worker finds the record and sends nothing. An SMS is recorded (committed)
 * before the gateway is called and the record removed if the call fails, so it is sent at most once.
 */
export function createAppointmentNoticeJob(deps: {
  database: Database;
  sms: SmsSender;
}): JobHandler<NoticePayload> {
  return async (job) => {
    const tenantId = job.tenantId!;
    const p = job.payload;
    if (p.kind === 'reminder') {
      const key = `reminder:${p.appointmentId}:${p.lead}:${p.startsAt}`;
      const sms = await deps.database.withTenant(tenantId, async (scope) => {
        const r = await findAppointment(scope, p.appointmentId);
        if (!r || r.a.status !== 'appointment' || r.a.startsAt.toISOString() !== p.startsAt) return null;
        if (!(await claimNotice(scope, key, 'inapp'))) return null;
        const policy = await getPolicy(scope);
        const {
          realName,
          typeName: t,
          time,
          counsellor,
          place: where,
          arriveBy,
        } = appointmentParams(r, policy);
        const { ids } = await sendMessageByEvent(scope, {
          event: 'APPOINTMENT_REMINDER',
          userIds: [r.a.visitorId],
          params: { realName, typeName: t, time, counsellor, place: where, arriveBy },
        });
        return policy.smsReminders ? (ids[0] ?? null) : null;
      });
      if (sms !== null) await deliverSms(deps, tenantId, `${key}:${0}`, sms);
      return { sent: sms !== null };
    }
    await deliverSms(deps, tenantId, p.key, p.messageId);
    return { sms: true };
  };
}

async function deliverSms(
  deps: { database: Database; sms: SmsSender },
  tenantId: number,
  key: string,
  messageId: number,
) {
  const target = await deps.database.withTenant(tenantId, async (scope) => {
    const [m] = await findMessageTexts(scope, [messageId]);
    if (!m) return null;
    const user = await findUserBrief(scope, m.userId);
    if (!user?.phone) return null;
    if (!(await claimNotice(scope, key, 'sms'))) return null;
    return { phone: user.phone, text: `${m.title}: ${m.content}` };
  });
  if (!target) return;
  try {
    await deps.sms.send({ tenantId, phone: target.phone, text: target.text });
  } catch (err) {
    await deps.database.withTenant(tenantId, (scope) => releaseNotice(scope, key, 'sms'));
    throw err;
  }
}
