import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
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
import { tenant } from '../tenants/tenants.table';

/**
 * The assessment area's tables (docs/assessment.md). Every table is tenant-owned: the tenant is in each
 * primary and unique key and row-level security applies.
 */

const userFk = (name: string, t: { tenantId: unknown; userId: unknown }) =>
  foreignKey({
    name,
    columns: [t.tenantId as never, t.userId as never],
    foreignColumns: [sysUser.tenantId, sysUser.id],
  });

/** A category of the scale tree (`/scale/scale/tree`); seeded per school, `code` named by definitions. */
export const assessmentScaleCategory = pgTable(
  'assessment_scale_category',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    /** 'scale' | 'questionnaire' */
    kind: text('kind').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('assessment_scale_category_code_uq').on(t.tenantId, t.code),
    foreignKey({
      name: 'assessment_scale_category_tenant_fk',
      columns: [t.tenantId],
      foreignColumns: [tenant.id],
    }),
    tenantIsolation(),
  ],
);

/**
 * A scale of a school: a built-in one points at its definition in @psy/scoring by code and version
 * (`definition` null), an imported one stores its definition. Never rewritten: a new version is a row.
 */
export const assessmentScale = pgTable(
  'assessment_scale',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    version: integer('version').notNull(),
    /** 'scale' | 'questionnaire' */
    kind: text('kind').notNull(),
    nameZh: text('name_zh').notNull(),
    nameEn: text('name_en').notNull(),
    shortName: text('short_name').notNull(),
    categoryId: bigint('category_id', { mode: 'number' }),
    reportType: text('report_type').notNull(),
    licenceKind: text('licence_kind').notNull(),
    licenceNote: text('licence_note').notNull().default(''),
    /** 'builtin' | 'import' */
    source: text('source').notNull(),
    definition: jsonb('definition').$type<unknown>(),
    itemCount: integer('item_count').notNull(),
    /** 1 enabled, 0 disabled. */
    status: smallint('status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('assessment_scale_code_uq')
      .on(t.tenantId, t.code, t.version)
      .where(sql`${t.deletedAt} is null`),
    index('assessment_scale_category_idx').on(t.tenantId, t.categoryId),
    foreignKey({
      name: 'assessment_scale_category_fk',
      columns: [t.tenantId, t.categoryId],
      foreignColumns: [assessmentScaleCategory.tenantId, assessmentScaleCategory.id],
    }),
    foreignKey({ name: 'assessment_scale_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** An assessment plan (docs/assessment.md "Plans"). */
export const assessmentPlan = pgTable(
  'assessment_plan',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    /** 1 screening, 2 daily. */
    kind: smallint('kind').notNull().default(1),
    /** 1 draft, 2 published, 3 closed. */
    status: smallint('status').notNull().default(1),
    audienceDeptIds: bigint('audience_dept_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    audienceGrades: text('audience_grades')
      .array()
      .notNull()
      .default(sql`'{}'`),
    audienceUserTypeIds: bigint('audience_user_type_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    audienceUserIds: bigint('audience_user_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    startTime: timestamp('start_time', { withTimezone: true }),
    endTime: timestamp('end_time', { withTimezone: true }),
    anonymous: boolean('anonymous').notNull().default(false),
    resultVisibility: smallint('result_visibility').notNull().default(1),
    maxAttempts: smallint('max_attempts').notNull().default(1),
    minDaysBetween: smallint('min_days_between').notNull().default(0),
    remindOnPublish: boolean('remind_on_publish').notNull().default(true),
    remindBeforeEndHours: integer('remind_before_end_hours')
      .array()
      .notNull()
      .default(sql`'{}'`),
    agreementText: text('agreement_text'),
    helpText: text('help_text'),
    useRiskBands: boolean('use_risk_bands').notNull().default(true),
    warnOnScreenPositive: boolean('warn_on_screen_positive').notNull().default(false),
    flagRule: smallint('flag_rule').notNull().default(2),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('assessment_plan_status_idx').on(t.tenantId, t.status, t.endTime),
    foreignKey({ name: 'assessment_plan_tenant_fk', columns: [t.tenantId], foreignColumns: [tenant.id] }),
    tenantIsolation(),
  ],
);

/** The scales of a plan, in order, with the norm each uses. */
export const assessmentPlanScale = pgTable(
  'assessment_plan_scale',
  {
    tenantId: tenantIdColumn(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    scaleId: bigint('scale_id', { mode: 'number' }).notNull(),
    sort: integer('sort').notNull().default(0),
    normId: text('norm_id'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.planId, t.scaleId] }),
    foreignKey({
      name: 'assessment_plan_scale_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [assessmentPlan.tenantId, assessmentPlan.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'assessment_plan_scale_scale_fk',
      columns: [t.tenantId, t.scaleId],
      foreignColumns: [assessmentScale.tenantId, assessmentScale.id],
    }),
    tenantIsolation(),
  ],
);

/**
 * A person's test of one scale in a plan (one row per attempt): the draft answers while in progress,
 * then submitted. In anonymous plans the draft is cleared at submit and nothing points at the answer.
 */
export const assessmentTask = pgTable(
  'assessment_task',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    scaleId: bigint('scale_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    attempt: smallint('attempt').notNull().default(1),
    /** 1 in progress, 2 submitted. */
    state: smallint('state').notNull().default(1),
    responses: jsonb('responses').$type<Record<string, number>>().notNull().default({}),
    position: integer('position').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** Anonymous plans: the start of the day only. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Named plans only. */
    answerId: bigint('answer_id', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('assessment_task_attempt_uq').on(t.tenantId, t.planId, t.scaleId, t.userId, t.attempt),
    index('assessment_task_user_idx').on(t.tenantId, t.userId, t.state),
    index('assessment_task_plan_idx').on(t.tenantId, t.planId, t.userId),
    foreignKey({
      name: 'assessment_task_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [assessmentPlan.tenantId, assessmentPlan.id],
    }),
    userFk('assessment_task_user_fk', t).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * A scored answer. `user_id` and `task_id` are null in anonymous plans; department, grade and sex are
 * copied at submit for the analysis (stable when a person moves later).
 */
export const assessmentAnswer = pgTable(
  'assessment_answer',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    scaleId: bigint('scale_id', { mode: 'number' }).notNull(),
    taskId: bigint('task_id', { mode: 'number' }),
    userId: bigint('user_id', { mode: 'number' }),
    anonymous: boolean('anonymous').notNull().default(false),
    deptId: bigint('dept_id', { mode: 'number' }),
    grade: text('grade'),
    sex: smallint('sex'),
    attempt: smallint('attempt').notNull().default(1),
    responses: jsonb('responses').$type<Record<string, number>>().notNull(),
    result: jsonb('result').$type<unknown>().notNull(),
    total: doublePrecision('total'),
    scoreIndex: integer('score_index'),
    riskScore: doublePrecision('risk_score'),
    riskGrade: smallint('risk_grade'),
    level: smallint('level').notNull().default(0),
    levelLabelZh: text('level_label_zh'),
    levelLabelEn: text('level_label_en'),
    screenPositive: boolean('screen_positive').notNull().default(false),
    critical: boolean('critical').notNull().default(false),
    warning: boolean('warning').notNull().default(false),
    /** Anonymous plans: the start of the day only. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // One answer per task: a second submit cannot record a second answer (named plans).
    uniqueIndex('assessment_answer_task_uq').on(t.tenantId, t.taskId),
    index('assessment_answer_plan_idx').on(t.tenantId, t.planId, t.scaleId),
    index('assessment_answer_user_idx').on(t.tenantId, t.userId, t.submittedAt),
    foreignKey({
      name: 'assessment_answer_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [assessmentPlan.tenantId, assessmentPlan.id],
    }),
    userFk('assessment_answer_user_fk', t),
    tenantIsolation(),
  ],
);

/**
 * Factor scores of an answer, one row each, so the analysis aggregates them in SQL. The answer's plan,
 * scale and group keys are copied here (answers never change), so the factor statistics of a plan are
 * one scan of this table's plan index, without a join to the answers.
 */
export const assessmentAnswerFactor = pgTable(
  'assessment_answer_factor',
  {
    tenantId: tenantIdColumn(),
    answerId: bigint('answer_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    score: doublePrecision('score').notNull(),
    tScore: doublePrecision('t_score'),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    scaleId: bigint('scale_id', { mode: 'number' }).notNull(),
    deptId: bigint('dept_id', { mode: 'number' }),
    grade: text('grade'),
    sex: smallint('sex'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.answerId, t.code] }),
    index('assessment_answer_factor_plan_idx').on(t.tenantId, t.planId, t.scaleId),
    foreignKey({
      name: 'assessment_answer_factor_answer_fk',
      columns: [t.tenantId, t.answerId],
      foreignColumns: [assessmentAnswer.tenantId, assessmentAnswer.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * A warning raised by an answer, written in the answer's transaction with its delivery job. Listed until
 * handled; `delivered_at` is set when the hand-over took it.
 */
export const assessmentWarning = pgTable(
  'assessment_warning',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    answerId: bigint('answer_id', { mode: 'number' }).notNull(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    scaleId: bigint('scale_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    deptId: bigint('dept_id', { mode: 'number' }),
    anonymous: boolean('anonymous').notNull().default(false),
    /** 1 critical item, 2 high risk or positive screen. */
    level: smallint('level').notNull(),
    reasons: jsonb('reasons').$type<unknown[]>().notNull(),
    riskScore: doublePrecision('risk_score'),
    /** 1 new, 2 in progress, 3 closed, 4 handed over to crisis. */
    status: smallint('status').notNull().default(1),
    handedTo: text('handed_to'),
    handoverRef: text('handover_ref'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    handledBy: bigint('handled_by', { mode: 'number' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handleNote: text('handle_note'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('assessment_warning_status_idx').on(t.tenantId, t.status, t.level),
    index('assessment_warning_user_idx').on(t.tenantId, t.userId),
    index('assessment_warning_undelivered_idx')
      .on(t.tenantId, t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
    foreignKey({
      name: 'assessment_warning_answer_fk',
      columns: [t.tenantId, t.answerId],
      foreignColumns: [assessmentAnswer.tenantId, assessmentAnswer.id],
    }),
    tenantIsolation(),
  ],
);

/** A signature of a plan's agreement. */
export const assessmentSignature = pgTable(
  'assessment_signature',
  {
    tenantId: tenantIdColumn(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    signature: text('signature').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.planId, t.userId] }),
    foreignKey({
      name: 'assessment_signature_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [assessmentPlan.tenantId, assessmentPlan.id],
    }).onDelete('cascade'),
    userFk('assessment_signature_user_fk', t).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** An interview after a screening; status by the table of S1.4.2. */
export const assessmentInterview = pgTable(
  'assessment_interview',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    interviewerId: bigint('interviewer_id', { mode: 'number' }).notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
    address: text('address'),
    status: smallint('status').notNull().default(1),
    result: text('result'),
    riskScore: doublePrecision('risk_score'),
    riskGrade: smallint('risk_grade'),
    level: smallint('level'),
    star: smallint('star'),
    content: text('content'),
    nextStep: smallint('next_step'),
    recordTime: timestamp('record_time', { withTimezone: true }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    // At most one interview that is not cancelled per plan and person.
    uniqueIndex('assessment_interview_open_uq')
      .on(t.tenantId, t.planId, t.userId)
      .where(sql`${t.status} not in (2, 5)`),
    index('assessment_interview_interviewer_idx').on(t.tenantId, t.interviewerId, t.status),
    index('assessment_interview_user_idx').on(t.tenantId, t.userId),
    userFk('assessment_interview_user_fk', t),
    foreignKey({
      name: 'assessment_interview_plan_fk',
      columns: [t.tenantId, t.planId],
      foreignColumns: [assessmentPlan.tenantId, assessmentPlan.id],
    }),
    tenantIsolation(),
  ],
);

/** A transfer to counselling (source 1, assessment interview), read by the counselling side. */
export const assessmentTransfer = pgTable(
  'assessment_transfer',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    source: smallint('source').notNull().default(1),
    interviewId: bigint('interview_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    urgent: boolean('urgent').notNull().default(false),
    note: text('note'),
    /** 1 waiting, 2 registered, 3 sent to a first interview, 4 cancelled. */
    status: smallint('status').notNull().default(1),
    handoverRef: text('handover_ref'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    handledBy: bigint('handled_by', { mode: 'number' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handleNote: text('handle_note'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('assessment_transfer_interview_uq')
      .on(t.tenantId, t.interviewId)
      .where(sql`${t.status} <> 4`),
    index('assessment_transfer_status_idx').on(t.tenantId, t.status, t.createdAt),
    foreignKey({
      name: 'assessment_transfer_interview_fk',
      columns: [t.tenantId, t.interviewId],
      foreignColumns: [assessmentInterview.tenantId, assessmentInterview.id],
    }),
    userFk('assessment_transfer_user_fk', t),
    tenantIsolation(),
  ],
);

/** Follow-up visits, interventions, receipts and assessment tables (types 1-5); never rewritten. */
export const assessmentFollowUp = pgTable(
  'assessment_follow_up',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    type: smallint('type').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    warningId: bigint('warning_id', { mode: 'number' }),
    answerId: bigint('answer_id', { mode: 'number' }),
    interviewId: bigint('interview_id', { mode: 'number' }),
    interventionId: bigint('intervention_id', { mode: 'number' }),
    amendsId: bigint('amends_id', { mode: 'number' }),
    date: date('date', { mode: 'string' }).notNull(),
    method: bigint('method', { mode: 'number' }),
    measures: bigint('measures', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'`),
    hours: doublePrecision('hours'),
    content: text('content'),
    receiver: text('receiver'),
    feedback: text('feedback'),
    riskScore: doublePrecision('risk_score'),
    riskGrade: smallint('risk_grade'),
    level: smallint('level'),
    nextDate: date('next_date', { mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('assessment_follow_up_user_idx').on(t.tenantId, t.userId, t.type),
    userFk('assessment_follow_up_user_fk', t),
    tenantIsolation(),
  ],
);

/** The current rainbow code of a person, recomputed in the transaction of every change of its inputs. */
export const assessmentRainbow = pgTable(
  'assessment_rainbow',
  {
    tenantId: tenantIdColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    colour: text('colour').notNull(),
    /** Order of the colours, 1 red ... 5 grey, for "most serious first". */
    rank: smallint('rank').notNull(),
    rule: text('rule').notNull(),
    inputs: jsonb('inputs').$type<unknown>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.userId] }),
    index('assessment_rainbow_rank_idx').on(t.tenantId, t.rank),
    userFk('assessment_rainbow_user_fk', t).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** A House-Tree-Person record: the drawing (a stored file) and the counsellor's observations. */
export const assessmentHtp = pgTable(
  'assessment_htp',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    fileKey: text('file_key').notNull(),
    drawDate: date('draw_date', { mode: 'string' }).notNull(),
    observations: jsonb('observations').$type<unknown>().notNull(),
    impression: text('impression'),
    followUp: boolean('follow_up').notNull().default(false),
    amendsId: bigint('amends_id', { mode: 'number' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('assessment_htp_user_idx').on(t.tenantId, t.userId),
    userFk('assessment_htp_user_fk', t),
    tenantIsolation(),
  ],
);

/**
 * A scale's score for a subject entered by staff (`saveScaleResult`); with the risk scores of answers
 * it is what `gradeResultCalc` reads (the table keeps the name it had in the forms module).
 */
export const formScaleResult = pgTable(
  'form_scale_result',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    scaleName: text('scale_name').notNull(),
    score: doublePrecision('score').notNull(),
    eventSign: text('event_sign'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_scale_result_user_idx').on(t.tenantId, t.userId, t.createdAt),
    foreignKey({
      name: 'form_scale_result_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);
