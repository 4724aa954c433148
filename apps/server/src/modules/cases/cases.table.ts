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

/**
 * Cases, their records, history, transfers, agreements, feedback and supervisors (docs/cases.md 10).
 * Record content is the form engine's (form_answer and its editions); these rows link and summarise it.
 */

const userFk = (name: string, t: { tenantId: never }, col: never) =>
  foreignKey({ name, columns: [t.tenantId, col], foreignColumns: [sysUser.tenantId, sysUser.id] });

export const consultCase = pgTable(
  'consult_case',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    /** wait, running, finish, transfer, pass, break (S1.4.3; `@psy/scheduling` CASE_ACTION_RULES). */
    status: text('status').notNull().default('wait'),
    /** Transfer source (S1.9.1) the case came from. */
    source: smallint('source').notNull(),
    /** 1 the visitor's first case, 2 a repeat (S1.3.11). */
    repeatStatus: smallint('repeat_status').notNull().default(1),
    grade: smallint('grade'),
    gradeConsistent: boolean('grade_consistent'),
    openedBy: bigint('opened_by', { mode: 'number' }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closeReason: text('close_reason'),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // A visitor has one live case: a second one opened at the same time fails here, not in code.
    uniqueIndex('consult_case_live_uq')
      .on(t.tenantId, t.visitorId)
      .where(sql`status in ('wait', 'running')`),
    index('consult_case_counsellor_idx').on(t.tenantId, t.counsellorId, t.updatedAt.desc(), t.id.desc()),
    index('consult_case_visitor_idx').on(t.tenantId, t.visitorId, t.openedAt),
    index('consult_case_updated_idx').on(t.tenantId, t.updatedAt.desc(), t.id.desc()),
    check(
      'consult_case_status_ck',
      sql`${t.status} in ('wait', 'running', 'finish', 'transfer', 'pass', 'break')`,
    ),
    check('consult_case_grade_ck', sql`${t.grade} is null or ${t.grade} between 1 and 4`),
    userFk('consult_case_visitor_fk', t as never, t.visitorId as never),
    userFk('consult_case_counsellor_fk', t as never, t.counsellorId as never),
    tenantIsolation(),
  ],
);

export const caseRecord = pgTable(
  'case_record',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    caseId: bigint('case_id', { mode: 'number' }).notNull(),
    appointmentId: bigint('appointment_id', { mode: 'number' }),
    /** first_interview, session, closing. */
    kind: text('kind').notNull(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    answerId: bigint('answer_id', { mode: 'number' }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    lockDueAt: timestamp('lock_due_at', { withTimezone: true }).notNull(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    /** 'deadline' when the lock job locked it unsigned. */
    lockReason: text('lock_reason'),
    amendmentCount: integer('amendment_count').notNull().default(0),
    grade: smallint('grade'),
    gradeConsistent: boolean('grade_consistent'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('case_record_appointment_uq')
      .on(t.tenantId, t.appointmentId, t.kind)
      .where(sql`appointment_id is not null`),
    uniqueIndex('case_record_closing_uq')
      .on(t.tenantId, t.caseId)
      .where(sql`kind = 'closing'`),
    index('case_record_case_idx').on(t.tenantId, t.caseId, t.createdAt),
    index('case_record_due_idx')
      .on(t.tenantId, t.lockDueAt)
      .where(sql`signed_at is null and locked_at is null`),
    check('case_record_kind_ck', sql`${t.kind} in ('first_interview', 'session', 'closing')`),
    foreignKey({
      name: 'case_record_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [consultCase.tenantId, consultCase.id],
    }),
    tenantIsolation(),
  ],
);

export const caseEvent = pgTable(
  'case_event',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    caseId: bigint('case_id', { mode: 'number' }).notNull(),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    actorId: bigint('actor_id', { mode: 'number' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('case_event_case_idx').on(t.tenantId, t.caseId, t.at),
    foreignKey({
      name: 'case_event_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [consultCase.tenantId, consultCase.id],
    }),
    tenantIsolation(),
  ],
);

export const caseTransfer = pgTable(
  'case_transfer',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    caseId: bigint('case_id', { mode: 'number' }).notNull(),
    /** waitlist, referral, group, individual. */
    target: text('target').notNull(),
    transferToType: smallint('transfer_to_type'),
    toCounsellorId: bigint('to_counsellor_id', { mode: 'number' }),
    newCaseId: bigint('new_case_id', { mode: 'number' }),
    /** What the hand-over created elsewhere (a registration id). */
    ref: text('ref'),
    reason: text('reason'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('case_transfer_case_idx').on(t.tenantId, t.caseId),
    foreignKey({
      name: 'case_transfer_case_fk',
      columns: [t.tenantId, t.caseId],
      foreignColumns: [consultCase.tenantId, consultCase.id],
    }),
    tenantIsolation(),
  ],
);

export const consultAgreement = pgTable(
  'consult_agreement',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    /** The path group it was given under (profiles, primaryunit, assessments, manned, interview, first, firstForAssessment). */
    kind: text('kind').notNull(),
    signed: boolean('signed').notNull().default(false),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull().defaultNow(),
    // The agreement as it was given, never rewritten (the table is append-only for the app role): the
    // text shown and its version, and the signature image copied into a file of its own, so neither a
    // later text of the school nor a replaced stored signature changes what was agreed to. Null on rows
    // given before these were kept.
    lang: text('lang'),
    title: text('title'),
    content: text('content'),
    /** 'school' (setting consultAgreement) or 'default'. */
    textSource: text('text_source'),
    /** SHA-256 (hex) of title and content. */
    textVersion: text('text_version'),
    signatureFileKey: text('signature_file_key'),
    signatureType: text('signature_type'),
    signatureSha256: text('signature_sha256'),
    /** 'drawn' for this agreement, or 'stored' (the visitor's stored signature quoted). */
    signatureSource: text('signature_source'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('consult_agreement_appointment_uq').on(t.tenantId, t.appointmentId),
    check(
      'consult_agreement_signature_ck',
      sql`(${t.signatureFileKey} is null) = (${t.signatureSha256} is null) and (not ${t.signed} or ${t.textVersion} is null or ${t.signatureFileKey} is not null)`,
    ),
    index('consult_agreement_visitor_idx').on(t.tenantId, t.visitorId),
    userFk('consult_agreement_visitor_fk', t as never, t.visitorId as never),
    tenantIsolation(),
  ],
);

export const consultFeedback = pgTable(
  'consult_feedback',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    appointmentId: bigint('appointment_id', { mode: 'number' }).notNull(),
    visitorId: bigint('visitor_id', { mode: 'number' }).notNull(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    satisfaction: smallint('satisfaction').notNull(),
    content: text('content'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('consult_feedback_appointment_uq').on(t.tenantId, t.appointmentId),
    index('consult_feedback_visitor_idx').on(t.tenantId, t.visitorId),
    check('consult_feedback_satisfaction_ck', sql`${t.satisfaction} between 1 and 5`),
    userFk('consult_feedback_visitor_fk', t as never, t.visitorId as never),
    tenantIsolation(),
  ],
);

export const counsellorSupervisor = pgTable(
  'counsellor_supervisor',
  {
    tenantId: tenantIdColumn(),
    counsellorId: bigint('counsellor_id', { mode: 'number' }).notNull(),
    supervisorId: bigint('supervisor_id', { mode: 'number' }).notNull(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.counsellorId] }),
    index('counsellor_supervisor_supervisor_idx').on(t.tenantId, t.supervisorId),
    userFk('counsellor_supervisor_counsellor_fk', t as never, t.counsellorId as never),
    userFk('counsellor_supervisor_supervisor_fk', t as never, t.supervisorId as never),
    check('counsellor_supervisor_not_self_ck', sql`${t.counsellorId} <> ${t.supervisorId}`),
    tenantIsolation(),
  ],
);
