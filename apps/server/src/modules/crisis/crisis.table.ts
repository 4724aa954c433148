import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
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
import { dept, sysUser } from '../identity/identity.table';
import { tenant } from '../tenants/tenants.table';

/*
 * Crisis records, the warning network and key persons (docs/crisis.md). Every table is tenant-owned with
 * row-level security and tenant_id in every key. Timelines, assessment editions, flag histories and read
 * logs are append-only for the app role (core/db/app-role.ts).
 */

const bigintCol = (name: string) => bigint(name, { mode: 'number' });
const idList = (name: string) =>
  bigint(name, { mode: 'number' })
    .array()
    .notNull()
    .default(sql`'{}'::bigint[]`);
const tenantFk = (name: string, col: Parameters<typeof foreignKey>[0]['columns'][number]) =>
  foreignKey({ name, columns: [col], foreignColumns: [tenant.id] });
const userFk = (
  name: string,
  t: { tenantId: Parameters<typeof foreignKey>[0]['columns'][number] },
  col: Parameters<typeof foreignKey>[0]['columns'][number],
) => foreignKey({ name, columns: [t.tenantId, col], foreignColumns: [sysUser.tenantId, sysUser.id] });

/** Departments a person covers in a network role; none means their own department (docs/crisis.md 1). */
export const crisisCoverage = pgTable(
  'crisis_coverage',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigintCol('user_id').notNull(),
    roleCode: text('role_code').notNull(),
    deptId: bigintCol('dept_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_coverage_uq').on(t.tenantId, t.userId, t.roleCode, t.deptId),
    index('crisis_coverage_dept_idx').on(t.tenantId, t.deptId),
    userFk('crisis_coverage_user_fk', t, t.userId),
    foreignKey({
      name: 'crisis_coverage_dept_fk',
      columns: [t.tenantId, t.deptId],
      foreignColumns: [dept.tenantId, dept.id],
    }),
    tenantFk('crisis_coverage_tenant_fk', t.tenantId),
    tenantIsolation(),
  ],
);

/** A dormitory: not in the department tree, it cuts across classes (docs/crisis.md 1). */
export const crisisDormitory = pgTable(
  'crisis_dormitory',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    deptId: bigintCol('dept_id'),
    leaderId: bigintCol('leader_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_dormitory_name_uq')
      .on(t.tenantId, sql`lower(${t.name})`)
      .where(sql`${t.deletedAt} is null`),
    index('crisis_dormitory_leader_idx').on(t.tenantId, t.leaderId),
    userFk('crisis_dormitory_leader_fk', t, t.leaderId),
    tenantFk('crisis_dormitory_tenant_fk', t.tenantId),
    tenantIsolation(),
  ],
);

/** Who lives in a dormitory: a student in at most one. */
export const crisisDormitoryMember = pgTable(
  'crisis_dormitory_member',
  {
    tenantId: tenantIdColumn(),
    dormitoryId: bigintCol('dormitory_id').notNull(),
    studentId: bigintCol('student_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.studentId] }),
    index('crisis_dormitory_member_dorm_idx').on(t.tenantId, t.dormitoryId),
    foreignKey({
      name: 'crisis_dormitory_member_dorm_fk',
      columns: [t.tenantId, t.dormitoryId],
      foreignColumns: [crisisDormitory.tenantId, crisisDormitory.id],
    }).onDelete('cascade'),
    userFk('crisis_dormitory_member_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

/** A saved section of the crisis settings (a section never saved reads as its default, version 0). */
export const crisisSetting = pgTable(
  'crisis_setting',
  {
    tenantId: tenantIdColumn(),
    section: text('section').notNull(),
    value: jsonb('value').notNull(),
    updatedBy: bigintCol('updated_by'),
    /**
     * Counts the saves (1 for the first): a save names the version it was read at and is refused when
     * the section has moved on since, so one administrator's change does not silently undo another's.
     */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.section] }),
    tenantFk('crisis_setting_tenant_fk', t.tenantId),
    tenantIsolation(),
  ],
);

/** Who an event tells (the message-notice settings); an event never saved uses the defaults (version 0). */
export const crisisNoticeSetting = pgTable(
  'crisis_notice_setting',
  {
    tenantId: tenantIdColumn(),
    event: text('event').notNull(),
    parties: text('parties')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sms: boolean('sms').notNull(),
    enabled: boolean('enabled').notNull(),
    /**
     * Counts the saves (1 for the first): a save names the version it was read at and is refused when
     * the row has moved on since, so one administrator's change does not silently undo another's.
     */
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.event] }),
    tenantFk('crisis_notice_setting_tenant_fk', t.tenantId),
    tenantIsolation(),
  ],
);

/** A crisis record: one per signal (docs/crisis.md 2-3). */
export const crisisRecord = pgTable(
  'crisis_record',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    /** The student's department when the signal came: what reach filters on. */
    studentDeptId: bigintCol('student_dept_id'),
    source: text('source').notNull(),
    /** S1.9.1 transfer source code (14 smart warning). */
    transferSource: smallint('transfer_source'),
    /** The sender's id of the signal: the same signal delivered twice is one record. */
    sourceRef: text('source_ref'),
    reporterId: bigintCol('reporter_id'),
    crisisEvents: text('crisis_events'),
    urgent: boolean('urgent').notNull().default(false),
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    location: text('location'),
    /** The appointment (types 8, 11) of the appointment module, when one exists: no foreign key across modules. */
    appointmentId: bigintCol('appointment_id'),
    /** 1 new report, 2 intervening, 3 closed (S1.4.6). */
    status: smallint('status').notNull().default(1),
    collegeLevel: smallint('college_level'),
    isCrisisStatus: smallint('is_crisis_status'),
    escalationLevel: smallint('escalation_level').notNull(),
    escalationStep: integer('escalation_step').notNull().default(0),
    /** Reminders at the top level so far (the deadline doubles with each). */
    escalationRepeat: integer('escalation_repeat').notNull().default(0),
    ownerIds: idList('owner_ids'),
    ackDeadline: timestamp('ack_deadline', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    acknowledgedBy: bigintCol('acknowledged_by'),
    closeReason: smallint('close_reason'),
    closeSummary: text('close_summary'),
    duplicateOf: bigintCol('duplicate_of'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: bigintCol('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_record_source_ref_uq')
      .on(t.tenantId, t.source, t.sourceRef)
      .where(sql`${t.sourceRef} is not null`),
    index('crisis_record_time_idx').on(t.tenantId, t.createdAt.desc()),
    index('crisis_record_student_idx').on(t.tenantId, t.studentId, t.createdAt.desc()),
    index('crisis_record_dept_idx').on(t.tenantId, t.studentDeptId, t.status),
    index('crisis_record_reporter_idx').on(t.tenantId, t.reporterId, t.createdAt.desc()),
    // The open-signals board: open records, unacknowledged first, by deadline.
    index('crisis_record_open_idx')
      .on(t.tenantId, sql`(${t.acknowledgedAt} is not null)`, t.ackDeadline)
      .where(sql`${t.status} <> 3`),
    index('crisis_record_owner_idx').using('gin', t.ownerIds),
    userFk('crisis_record_student_fk', t, t.studentId),
    userFk('crisis_record_reporter_fk', t, t.reporterId),
    tenantFk('crisis_record_tenant_fk', t.tenantId),
    tenantIsolation(),
  ],
);

/** The record's timeline: every step, by whom and when (append-only). */
export const crisisEvent = pgTable(
  'crisis_event',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    recordId: bigintCol('record_id').notNull(),
    kind: text('kind').notNull(),
    actorId: bigintCol('actor_id'),
    data: jsonb('data').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_event_record_idx').on(t.tenantId, t.recordId, t.id),
    foreignKey({
      name: 'crisis_event_record_fk',
      columns: [t.tenantId, t.recordId],
      foreignColumns: [crisisRecord.tenantId, crisisRecord.id],
    }),
    tenantIsolation(),
  ],
);

/** One message of a signal's step to one person by one channel: unique, so a step never tells anyone twice. */
export const crisisDelivery = pgTable(
  'crisis_delivery',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    recordId: bigintCol('record_id').notNull(),
    step: integer('step').notNull(),
    level: smallint('level').notNull(),
    userId: bigintCol('user_id').notNull(),
    /** inapp | sms */
    channel: text('channel').notNull(),
    /** pending | sent | failed */
    state: text('state').notNull(),
    /** The SMS text, fixed when the step was written. */
    text: text('text'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: bigintCol('message_id'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_delivery_uq').on(t.tenantId, t.recordId, t.step, t.userId, t.channel),
    foreignKey({
      name: 'crisis_delivery_record_fk',
      columns: [t.tenantId, t.recordId],
      foreignColumns: [crisisRecord.tenantId, crisisRecord.id],
    }),
    tenantIsolation(),
  ],
);

/** A crisis (types 8, 11) or return-to-school (type 12) assessment; its versions are editions. */
export const crisisAssessment = pgTable(
  'crisis_assessment',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    recordId: bigintCol('record_id'),
    suspensionId: bigintCol('suspension_id'),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    kind: text('kind').notNull(),
    appointmentId: bigintCol('appointment_id'),
    appointmentType: smallint('appointment_type').notNull(),
    assessorId: bigintCol('assessor_id').notNull(),
    answer: jsonb('answer').notNull(),
    edition: integer('edition').notNull().default(1),
    collegeLevel: smallint('college_level'),
    isCrisisStatus: smallint('is_crisis_status'),
    returnConclusion: smallint('return_conclusion'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_assessment_record_idx').on(t.tenantId, t.recordId),
    index('crisis_assessment_student_idx').on(t.tenantId, t.studentId, t.createdAt.desc()),
    index('crisis_assessment_suspension_idx').on(t.tenantId, t.suspensionId),
    userFk('crisis_assessment_student_fk', t, t.studentId),
    userFk('crisis_assessment_assessor_fk', t, t.assessorId),
    tenantIsolation(),
  ],
);

/** Every saved version of an assessment (append-only): create, edit, amendment. */
export const crisisAssessmentEdition = pgTable(
  'crisis_assessment_edition',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    assessmentId: bigintCol('assessment_id').notNull(),
    edition: integer('edition').notNull(),
    kind: text('kind').notNull(),
    answer: jsonb('answer').notNull(),
    changes: jsonb('changes').notNull().default([]),
    reason: text('reason'),
    authorId: bigintCol('author_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_assessment_edition_uq').on(t.tenantId, t.assessmentId, t.edition),
    foreignKey({
      name: 'crisis_assessment_edition_fk',
      columns: [t.tenantId, t.assessmentId],
      foreignColumns: [crisisAssessment.tenantId, crisisAssessment.id],
    }),
    tenantIsolation(),
  ],
);

/** An intervention order on a record or a key person (measures 1-3, S1.4.6). */
export const crisisIntervention = pgTable(
  'crisis_intervention',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    recordId: bigintCol('record_id'),
    focusId: bigintCol('focus_id'),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    measure: smallint('measure').notNull(),
    measureItemIds: idList('measure_item_ids'),
    content: text('content').notNull(),
    assigneeIds: idList('assignee_ids'),
    dueDate: date('due_date', { mode: 'string' }),
    status: smallint('status').notNull().default(1),
    issuedBy: bigintCol('issued_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_intervention_record_idx').on(t.tenantId, t.recordId),
    index('crisis_intervention_focus_idx').on(t.tenantId, t.focusId),
    index('crisis_intervention_assignee_idx').using('gin', t.assigneeIds),
    userFk('crisis_intervention_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

export const crisisInterventionReceipt = pgTable(
  'crisis_intervention_receipt',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    interventionId: bigintCol('intervention_id').notNull(),
    authorId: bigintCol('author_id').notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_intervention_receipt_idx').on(t.tenantId, t.interventionId),
    foreignKey({
      name: 'crisis_intervention_receipt_fk',
      columns: [t.tenantId, t.interventionId],
      foreignColumns: [crisisIntervention.tenantId, crisisIntervention.id],
    }),
    tenantIsolation(),
  ],
);

/** A follow-up (trackDate, S1.5.10) on a record or a key person. */
export const crisisFollowUp = pgTable(
  'crisis_followup',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    recordId: bigintCol('record_id'),
    focusId: bigintCol('focus_id'),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    trackDate: date('track_date', { mode: 'string' }).notNull(),
    methodId: bigintCol('method_id'),
    content: text('content').notNull(),
    authorId: bigintCol('author_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_followup_record_idx').on(t.tenantId, t.recordId),
    index('crisis_followup_focus_idx').on(t.tenantId, t.focusId),
    index('crisis_followup_student_idx').on(t.tenantId, t.studentId, t.trackDate),
    userFk('crisis_followup_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

/** Suspension and return (docs/crisis.md 3.7). */
export const crisisSuspension = pgTable(
  'crisis_suspension',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    recordId: bigintCol('record_id'),
    status: smallint('status').notNull().default(1),
    suspendedOn: date('suspended_on', { mode: 'string' }).notNull(),
    reason: text('reason').notNull(),
    expectedReturn: date('expected_return', { mode: 'string' }),
    returnAssessmentId: bigintCol('return_assessment_id'),
    returnedOn: date('returned_on', { mode: 'string' }),
    createdBy: bigintCol('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_suspension_student_idx').on(t.tenantId, t.studentId),
    userFk('crisis_suspension_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

/** A referral to a hospital through the green channel (docs/crisis.md 3.8). */
export const crisisGreenway = pgTable(
  'crisis_greenway',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    recordId: bigintCol('record_id').notNull(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    hospital: text('hospital').notNull(),
    referredAt: timestamp('referred_at', { withTimezone: true }).notNull(),
    escortIds: idList('escort_ids'),
    guardianNotified: boolean('guardian_notified').notNull(),
    note: text('note'),
    status: smallint('status').notNull().default(1),
    result: text('result'),
    createdBy: bigintCol('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_greenway_record_idx').on(t.tenantId, t.recordId),
    foreignKey({
      name: 'crisis_greenway_record_fk',
      columns: [t.tenantId, t.recordId],
      foreignColumns: [crisisRecord.tenantId, crisisRecord.id],
    }),
    tenantIsolation(),
  ],
);

/** A step waiting for approval; applied as requested once approved (docs/crisis.md 7). */
export const crisisApproval = pgTable(
  'crisis_approval',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    kind: text('kind').notNull(),
    targetId: bigintCol('target_id'),
    studentId: bigintCol('student_id').notNull(),
    requestedBy: bigintCol('requested_by').notNull(),
    request: jsonb('request').notNull(),
    mode: smallint('mode').notNull(),
    /** [{ level, approverIds }] fixed when asked. */
    steps: jsonb('steps').notNull(),
    status: smallint('status').notNull().default(1),
    /** Who may decide now (kept with each decision, so "waiting for me" is one indexed query). */
    waitingFor: idList('waiting_for'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_approval_requester_idx').on(t.tenantId, t.requestedBy, t.createdAt.desc()),
    index('crisis_approval_waiting_idx').using('gin', t.waitingFor),
    tenantIsolation(),
  ],
);

export const crisisApprovalDecision = pgTable(
  'crisis_approval_decision',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    approvalId: bigintCol('approval_id').notNull(),
    step: integer('step').notNull(),
    userId: bigintCol('user_id').notNull(),
    approve: boolean('approve').notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_approval_decision_uq').on(t.tenantId, t.approvalId, t.step, t.userId),
    foreignKey({
      name: 'crisis_approval_decision_fk',
      columns: [t.tenantId, t.approvalId],
      foreignColumns: [crisisApproval.tenantId, crisisApproval.id],
    }),
    tenantIsolation(),
  ],
);

/** A student's warning flag (S1.4.6), derived or set by hand (docs/crisis.md 3.9). */
export const crisisWarning = pgTable(
  'crisis_warning',
  {
    tenantId: tenantIdColumn(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    flag: smallint('flag').notNull(),
    derivedFlag: smallint('derived_flag').notNull(),
    manual: boolean('manual').notNull().default(false),
    reason: text('reason'),
    updatedBy: bigintCol('updated_by'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.studentId] }),
    index('crisis_warning_flag_idx').on(t.tenantId, t.flag),
    userFk('crisis_warning_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

export const crisisWarningHistory = pgTable(
  'crisis_warning_history',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    flag: smallint('flag').notNull(),
    manual: boolean('manual').notNull(),
    reason: text('reason'),
    actorId: bigintCol('actor_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_warning_history_idx').on(t.tenantId, t.studentId, t.id),
    tenantIsolation(),
  ],
);

/** Every read of a crisis or key-person record: who, which record, which call, when (append-only). */
export const crisisReadLog = pgTable(
  'crisis_read_log',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** record | assessment | focus | ... */
    subjectKind: text('subject_kind').notNull(),
    subjectId: bigintCol('subject_id').notNull(),
    studentId: bigintCol('student_id').notNull(),
    viewerId: bigintCol('viewer_id').notNull(),
    route: text('route').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('crisis_read_log_subject_idx').on(t.tenantId, t.subjectKind, t.subjectId, t.createdAt.desc()),
    index('crisis_read_log_student_idx').on(t.tenantId, t.studentId, t.createdAt.desc()),
    tenantIsolation(),
  ],
);

/** A faculty's monthly report (crisis or consultation), including the zero report (docs/crisis.md 6). */
export const crisisMonthlyReport = pgTable(
  'crisis_monthly_report',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    deptId: bigintCol('dept_id').notNull(),
    month: text('month').notNull(),
    kind: text('kind').notNull(),
    status: smallint('status').notNull().default(1),
    nothingToReport: boolean('nothing_to_report').notNull().default(false),
    figures: jsonb('figures').notNull().default({}),
    narrative: text('narrative'),
    submittedBy: bigintCol('submitted_by'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    createdBy: bigintCol('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('crisis_monthly_report_uq').on(t.tenantId, t.deptId, t.month, t.kind),
    foreignKey({
      name: 'crisis_monthly_report_dept_fk',
      columns: [t.tenantId, t.deptId],
      foreignColumns: [dept.tenantId, dept.id],
    }),
    tenantIsolation(),
  ],
);

/** A key person (重点关注): one live entry per student (docs/crisis.md 4). */
export const focusPerson = pgTable(
  'focus_person',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    /** 1 under attention, 2 released. */
    status: smallint('status').notNull().default(1),
    categoryIds: idList('category_ids'),
    /** collegeLevelcrisis 1 close, 2 key, 3 routine. */
    level: smallint('level').notNull(),
    reportSourceId: bigintCol('report_source_id'),
    sourceRecordId: bigintCol('source_record_id'),
    since: date('since', { mode: 'string' }).notNull(),
    nextDue: date('next_due', { mode: 'string' }),
    lastTrackDate: date('last_track_date', { mode: 'string' }),
    /** The due date last reminded of: the daily job tells once per person and due date. */
    remindedDue: date('reminded_due', { mode: 'string' }),
    note: text('note'),
    createdBy: bigintCol('created_by'),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: bigintCol('released_by'),
    releaseReason: text('release_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('focus_person_live_uq')
      .on(t.tenantId, t.studentId)
      .where(sql`${t.status} = 1`),
    index('focus_person_due_idx').on(t.tenantId, t.status, t.nextDue),
    index('focus_person_dept_idx').on(t.tenantId, t.studentDeptId),
    userFk('focus_person_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

/** An information update about a (proposed) key person, and its audit. */
export const focusReport = pgTable(
  'focus_report',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    reporterId: bigintCol('reporter_id').notNull(),
    kind: smallint('kind').notNull(),
    categoryIds: idList('category_ids'),
    proposedLevel: smallint('proposed_level'),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(1),
    auditorId: bigintCol('auditor_id'),
    auditComment: text('audit_comment'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    focusId: bigintCol('focus_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('focus_report_status_idx').on(t.tenantId, t.status, t.createdAt.desc()),
    index('focus_report_reporter_idx').on(t.tenantId, t.reporterId),
    userFk('focus_report_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

/** A heart-to-heart talk report. */
export const focusTalk = pgTable(
  'focus_talk',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    authorId: bigintCol('author_id').notNull(),
    talkDate: date('talk_date', { mode: 'string' }).notNull(),
    topicIds: idList('topic_ids'),
    content: text('content').notNull(),
    finding: smallint('finding').notNull(),
    recordId: bigintCol('record_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('focus_talk_student_idx').on(t.tenantId, t.studentId),
    index('focus_talk_author_idx').on(t.tenantId, t.authorId, t.talkDate),
    userFk('focus_talk_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

/** A dormitory leader's report of a day. */
export const focusDormReport = pgTable(
  'focus_dorm_report',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    dormitoryId: bigintCol('dormitory_id').notNull(),
    leaderId: bigintCol('leader_id').notNull(),
    reportDate: date('report_date', { mode: 'string' }).notNull(),
    nothingAbnormal: boolean('nothing_abnormal').notNull(),
    /** [{ studentId, note, risk, recordId }] */
    items: jsonb('items').notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('focus_dorm_report_idx').on(t.tenantId, t.dormitoryId, t.reportDate),
    foreignKey({
      name: 'focus_dorm_report_dorm_fk',
      columns: [t.tenantId, t.dormitoryId],
      foreignColumns: [crisisDormitory.tenantId, crisisDormitory.id],
    }),
    tenantIsolation(),
  ],
);

/** A follow-up journal (docs/crisis.md 5). */
export const focusJournal = pgTable(
  'focus_journal',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    studentId: bigintCol('student_id').notNull(),
    studentDeptId: bigintCol('student_dept_id'),
    ownerId: bigintCol('owner_id').notNull(),
    focusId: bigintCol('focus_id'),
    recordId: bigintCol('record_id'),
    title: text('title').notNull(),
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('focus_journal_student_idx').on(t.tenantId, t.studentId),
    userFk('focus_journal_student_fk', t, t.studentId),
    tenantIsolation(),
  ],
);

export const focusJournalEntry = pgTable(
  'focus_journal_entry',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    journalId: bigintCol('journal_id').notNull(),
    authorId: bigintCol('author_id').notNull(),
    entryDate: date('entry_date', { mode: 'string' }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('focus_journal_entry_idx').on(t.tenantId, t.journalId),
    foreignKey({
      name: 'focus_journal_entry_fk',
      columns: [t.tenantId, t.journalId],
      foreignColumns: [focusJournal.tenantId, focusJournal.id],
    }),
    tenantIsolation(),
  ],
);

export const focusJournalFeedback = pgTable(
  'focus_journal_feedback',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    journalId: bigintCol('journal_id').notNull(),
    studentId: bigintCol('student_id').notNull(),
    mood: smallint('mood').notNull(),
    needHelp: smallint('need_help').notNull(),
    note: text('note'),
    recordId: bigintCol('record_id'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('focus_journal_feedback_idx').on(t.tenantId, t.journalId, t.createdAt),
    foreignKey({
      name: 'focus_journal_feedback_fk',
      columns: [t.tenantId, t.journalId],
      foreignColumns: [focusJournal.tenantId, focusJournal.id],
    }),
    tenantIsolation(),
  ],
);
