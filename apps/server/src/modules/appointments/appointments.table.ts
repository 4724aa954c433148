import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';
import { scheduleSlot } from '../scheduling/scheduling.table';

/**
 * Registrations, appointments, approvals, the waiting list and the delivery records of reminders
 * (docs/appointments.md section 2). The exclusion constraints (a counsellor, a visitor, a room never twice
 * at once) are in the custom migration `*_scheduling_constraints.sql`.
 */

const HOLDING = `('appointment', 'running', 'success', 'complete', 'userBreakAppointment', 'hostBreakAppointment')`;
/** Statuses in which an appointment holds its slot and its people's time (contracts HOLDING_STATUSES). */
export const HOLDS_SQL = sql.raw(`status in ${HOLDING}`);
/** The same condition on a table alias (`a.status in (...)`) for subqueries. */
export const holdsOf = (alias: string) => sql.raw(`${alias}.status in ${HOLDING}`);

export const visitorRegistration = pgTable(
  'visitor_registration',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull().default('individual'),
    oneConsultWishes: smallint('one_consult_wishes'),
    teamConsultWishes: smallint('team_consult_wishes'),
    category: smallint('category'),
    formAnswerId: bigint('form_answer_id', { mode: 'number' }),
    preferredTimes: jsonb('preferred_times')
      .$type<{ time: string; weeks: number[] }[]>()
      .notNull()
      .default([]),
    note: text('note'),
    source: smallint('source').notNull(),
    /** open, assessing, ready, booked, waiting, closed. */
    status: text('status').notNull().default('open'),
    isRepeat: boolean('is_repeat').notNull().default(false),
    termKey: text('term_key').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('visitor_registration_live_uq')
      .on(t.tenantId, t.visitorId, t.kind, t.termKey)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'closed'`),
    index('visitor_registration_status_idx').on(t.tenantId, t.status, t.createdAt),
    foreignKey({
      name: 'visitor_registration_visitor_fk',
      columns: [t.tenantId, t.visitorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** An appointment: a visitor with a counsellor at a time, on a slot or in a duty shift. */
export const appointment = pgTable(
  'appointment',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    /** The bookable slot it holds (consult kinds). */
    slotId: bigint('slot_id', { mode: 'number' }),
    /** The duty shift it is held in (telephone and on-site duty types 11, 12, 13): many per shift. */
    dutyId: bigint('duty_id', { mode: 'number' }),
    siteId: bigint('site_id', { mode: 'number' }),
    roomId: bigint('room_id', { mode: 'number' }),
    type: smallint('type').notNull(),
    category: smallint('category').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** S1.4.1. */
    status: text('status').notNull().default('appointment'),
    /** S1.4.2. */
    interviewStatus: smallint('interview_status').notNull().default(1),
    mode: smallint('mode').notNull().default(1),
    source: smallint('source').notNull(),
    registrationId: bigint('registration_id', { mode: 'number' }),
    bookedBy: bigint('booked_by', { mode: 'number' }),
    bookedByStaff: boolean('booked_by_staff').notNull().default(false),
    awaitingApproval: boolean('awaiting_approval').notNull().default(false),
    countsAsNoShow: boolean('counts_as_no_show').notNull().default(false),
    noShowReason: text('no_show_reason'),
    termKey: text('term_key').notNull(),
    note: text('note'),
    cancelReason: text('cancel_reason'),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Raised on every change the visitor or a calendar should see (iCalendar SEQUENCE). */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: bigint('deleted_by', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // A slot holds one live appointment (the guarantee behind every booking race).
    uniqueIndex('appointment_slot_uq')
      .on(t.tenantId, t.slotId)
      .where(sql`${t.deletedAt} is null and ${t.slotId} is not null and ${HOLDS_SQL}`),
    index('appointment_start_idx').on(t.tenantId, t.startsAt),
    index('appointment_visitor_idx').on(t.tenantId, t.visitorId, t.termKey),
    index('appointment_counsellor_idx').on(t.tenantId, t.counsellorId, t.startsAt),
    check('appointment_time_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'appointment_status_ck',
      sql`${t.status} in ('appointment', 'running', 'success', 'complete', 'userBreakAppointment',
        'hostBreakAppointment', 'userTakeLeave', 'hostTakeLeave', 'cancel')`,
    ),
    check('appointment_interview_ck', sql`${t.interviewStatus} between 1 and 8`),
    foreignKey({
      name: 'appointment_visitor_fk',
      columns: [t.tenantId, t.visitorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }),
    foreignKey({
      name: 'appointment_counsellor_fk',
      columns: [t.tenantId, t.counsellorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }),
    foreignKey({
      name: 'appointment_slot_fk',
      columns: [t.tenantId, t.slotId],
      foreignColumns: [scheduleSlot.tenantId, scheduleSlot.id],
    }),
    foreignKey({
      name: 'appointment_duty_fk',
      columns: [t.tenantId, t.dutyId],
      foreignColumns: [scheduleSlot.tenantId, scheduleSlot.id],
    }),
    index('appointment_duty_idx')
      .on(t.tenantId, t.dutyId)
      .where(sql`${t.dutyId} is not null`),
    tenantIsolation(),
  ],
);

/** Every transition of an appointment: who did what, when (the audit trail). */
export const appointmentEvent = pgTable(
  'appointment_event',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    fromInterview: smallint('from_interview'),
    toInterview: smallint('to_interview').notNull(),
    actorId: bigint('actor_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('appointment_event_appointment_idx').on(t.tenantId, t.appointmentId),
    foreignKey({
      name: 'appointment_event_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointment.tenantId, appointment.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** An approval request (S1.4.5, S1.9.3) with its audit mode. */
export const approvalRequest = pgTable(
  'approval_request',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    option: smallint('option').notNull(),
    appointmentId: bigint('appointment_id', { mode: 'number' }),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    requesterId: bigint('requester_id', { mode: 'number' }).notNull(),
    /** 1 pending, 2 approved, 3 rejected, 0 withdrawn. */
    status: smallint('status').notNull().default(1),
    mode: smallint('mode').notNull(),
    reason: text('reason'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    termKey: text('term_key').notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('approval_request_pending_uq')
      .on(t.tenantId, t.appointmentId, t.option)
      .where(sql`${t.status} = 1 and ${t.appointmentId} is not null`),
    index('approval_request_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('approval_request_visitor_idx').on(t.tenantId, t.visitorId, t.termKey),
    check('approval_request_status_ck', sql`${t.status} in (0, 1, 2, 3)`),
    check('approval_request_mode_ck', sql`${t.mode} in (1, 2, 3)`),
    foreignKey({
      name: 'approval_request_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointment.tenantId, appointment.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** One approver's part of a request, in order. */
export const approvalStep = pgTable(
  'approval_step',
  {
    tenantId: tenantIdColumn(),
    requestId: bigint('request_id', { mode: 'number' }).notNull(),
    seq: smallint('seq').notNull(),
    approverId: bigint('approver_id', { mode: 'number' }).notNull(),
    status: smallint('status').notNull().default(1),
    comment: text('comment'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.requestId, t.seq] }),
    index('approval_step_approver_idx').on(t.tenantId, t.approverId, t.status),
    foreignKey({
      name: 'approval_step_request_fk',
      columns: [t.tenantId, t.requestId],
      foreignColumns: [approvalRequest.tenantId, approvalRequest.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** An administrator lifted a visitor's no-show block for a term (who, when, why). */
export const bookingOverride = pgTable(
  'booking_override',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    termKey: text('term_key').notNull(),
    reason: text('reason').notNull(),
    grantedBy: bigint('granted_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('booking_override_visitor_idx').on(t.tenantId, t.visitorId, t.termKey),
    tenantIsolation(),
  ],
);

/** A visitor waiting for a slot of a category (transfer source 5 visitor queue, 3 consulting waiting). */
export const waitlistEntry = pgTable(
  'waitlist_entry',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    registrationId: bigint('registration_id', { mode: 'number' }),
    category: smallint('category').notNull(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }),
    siteId: bigint('site_id', { mode: 'number' }),
    source: smallint('source').notNull(),
    singleSessionAfter: timestamp('single_session_after', { withTimezone: true }),
    /** waiting, offered, booked, left, removed. */
    status: text('status').notNull().default('waiting'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    appointmentId: bigint('appointment_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('waitlist_entry_live_uq')
      .on(t.tenantId, t.visitorId, t.category)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index('waitlist_entry_order_idx')
      .on(t.tenantId, t.joinedAt, t.id)
      .where(sql`${t.status} = 'waiting'`),
    foreignKey({
      name: 'waitlist_entry_visitor_fk',
      columns: [t.tenantId, t.visitorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** A freed slot offered to a waiting visitor until a deadline: the waiting list's audit trail. */
export const waitlistOffer = pgTable(
  'waitlist_offer',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    slotId: bigint('slot_id', { mode: 'number' }).notNull(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    offeredAt: timestamp('offered_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** open, claimed, declined, expired, void (the slot went away). */
    status: text('status').notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('waitlist_offer_slot_open_uq')
      .on(t.tenantId, t.slotId)
      .where(sql`${t.status} = 'open'`),
    uniqueIndex('waitlist_offer_entry_open_uq')
      .on(t.tenantId, t.entryId)
      .where(sql`${t.status} = 'open'`),
    index('waitlist_offer_entry_idx').on(t.tenantId, t.entryId),
    foreignKey({
      name: 'waitlist_offer_entry_fk',
      columns: [t.tenantId, t.entryId],
      foreignColumns: [waitlistEntry.tenantId, waitlistEntry.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'waitlist_offer_slot_fk',
      columns: [t.tenantId, t.slotId],
      foreignColumns: [scheduleSlot.tenantId, scheduleSlot.id],
    }),
    tenantIsolation(),
  ],
);

/** A counsellor's time off: their slots are withdrawn and their appointments become hostTakeLeave. */
export const counsellorLeave = pgTable(
  'counsellor_leave',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    // Asked by the counsellor: pending until someone with consult_schedule_edit decides; recorded by staff:
    // approved at once. Rows from before the decision existed were applied when saved, hence the default.
    status: text('status').notNull().default('approved'),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decisionComment: text('decision_comment'),
    // What approving it did, kept: the slots and appointments of the period change afterwards.
    withdrawnSlots: integer('withdrawn_slots').notNull().default(0),
    cancelledAppointments: integer('cancelled_appointments').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('counsellor_leave_idx').on(t.tenantId, t.counsellorId, t.startsAt),
    index('counsellor_leave_status_idx').on(t.tenantId, t.status, t.startsAt),
    check('counsellor_leave_time_ck', sql`${t.endsAt} > ${t.startsAt}`),
    check('counsellor_leave_status_ck', sql`${t.status} in ('pending', 'approved', 'rejected', 'withdrawn')`),
    foreignKey({
      name: 'counsellor_leave_counsellor_fk',
      columns: [t.tenantId, t.counsellorId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * Deliveries of reminders and offers, one row per (key, channel): inserting the row and sending happen in
 * one transaction (in-app), or the row is committed before the SMS goes out, so nothing is sent twice.
 */
export const appointmentNotice = pgTable(
  'appointment_notice',
  {
    tenantId: tenantIdColumn(),
    key: text('key').notNull(),
    channel: text('channel').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.key, t.channel] }), tenantIsolation()],
);

/** A user's secret calendar link (only the SHA-256 of its token is kept). */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('calendar_feed_token_uq').on(t.tenantId, t.tokenHash),
    uniqueIndex('calendar_feed_live_uq')
      .on(t.tenantId, t.userId)
      .where(sql`${t.revokedAt} is null`),
    foreignKey({
      name: 'calendar_feed_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** A video consultation of an online appointment (started with the session). */
export const videoRecord = pgTable(
  'video_record',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('video_record_appointment_uq').on(t.tenantId, t.appointmentId),
    foreignKey({
      name: 'video_record_appointment_fk',
      columns: [t.tenantId, t.appointmentId],
      foreignColumns: [appointment.tenantId, appointment.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
