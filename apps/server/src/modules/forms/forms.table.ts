import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, idColumn, tenantIdColumn, tenantIsolation, updatedAt } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';

type Localized = { 'zh-CN': string; 'en-US': string };

/** A school's grouping of forms in the builder (`/public/forms/type`). */
export const formType = pgTable(
  'form_type',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: jsonb('name').$type<Localized>().notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), tenantIsolation()],
);

/** One configurable form; its definitions are the immutable rows of `form_version`. */
export const form = pgTable(
  'form',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    typeId: bigint('type_id', { mode: 'number' }),
    /** agreement, user_profile, case_record, crisis_report, first_interview, intake, questionnaire, other. */
    purpose: text('purpose').notNull(),
    name: jsonb('name').$type<Localized>().notNull(),
    /** The version new answers are written against (the newest). */
    currentVersion: integer('current_version').notNull().default(1),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('form_type_idx').on(t.tenantId, t.typeId),
    foreignKey({
      name: 'form_type_fk',
      columns: [t.tenantId, t.typeId],
      foreignColumns: [formType.tenantId, formType.id],
    }),
    tenantIsolation(),
  ],
);

/** A saved definition of a form (`@psy/forms` FormDefinition JSON); never updated once written. */
export const formVersion = pgTable(
  'form_version',
  {
    tenantId: tenantIdColumn(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    definition: jsonb('definition').$type<Record<string, unknown>>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.formId, t.version] }),
    foreignKey({
      name: 'form_version_form_fk',
      columns: [t.tenantId, t.formId],
      foreignColumns: [form.tenantId, form.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * The current answer of one subject to one form for one event (business key `event_sign`), written
 * against one version. Every save is also an immutable `form_answer_edition`.
 */
export const formAnswer = pgTable(
  'form_answer',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    formId: bigint('form_id', { mode: 'number' }).notNull(),
    formVersion: integer('form_version').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    eventSign: text('event_sign').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    signed: boolean('signed').notNull().default(false),
    /** 1 submitted, 0 recalled. */
    status: smallint('status').notNull().default(1),
    /** Number of the latest edition. */
    edition: integer('edition').notNull().default(1),
    amendmentCount: integer('amendment_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedBy: bigint('updated_by', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_answer_event_uq').on(t.tenantId, t.formId, t.userId, t.eventSign),
    index('form_answer_event_idx').on(t.tenantId, t.eventSign),
    foreignKey({
      name: 'form_answer_version_fk',
      columns: [t.tenantId, t.formId, t.formVersion],
      foreignColumns: [formVersion.tenantId, formVersion.formId, formVersion.version],
    }),
    foreignKey({
      name: 'form_answer_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/**
 * Every saved version of an answer, immutable: creation, edits, amendments (with reason, the original
 * kept whole) and recalls. Never updated or deleted by the application.
 */
export const formAnswerEdition = pgTable(
  'form_answer_edition',
  {
    tenantId: tenantIdColumn(),
    answerId: bigint('answer_id', { mode: 'number' }).notNull(),
    edition: integer('edition').notNull(),
    formVersion: integer('form_version').notNull(),
    /** create, edit, amendment, recall. */
    kind: text('kind').notNull(),
    answer: jsonb('answer').$type<Record<string, unknown>>().notNull(),
    /** Amendments: the signed answer before (a deep copy). */
    original: jsonb('original').$type<Record<string, unknown>>(),
    changes: jsonb('changes').$type<unknown[]>().notNull().default([]),
    changedKeys: jsonb('changed_keys').$type<string[]>().notNull().default([]),
    reason: text('reason'),
    createdBy: bigint('created_by', { mode: 'number' }).notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.answerId, t.edition] }),
    foreignKey({
      name: 'form_answer_edition_answer_fk',
      columns: [t.tenantId, t.answerId],
      foreignColumns: [formAnswer.tenantId, formAnswer.id],
    }).onDelete('cascade'),
    tenantIsolation(),
  ],
);

/** Smart form settings: which form serves which business use (`/consult/smartform/saveSetting`). */
export const smartFormSetting = pgTable(
  'smart_form_setting',
  {
    tenantId: tenantIdColumn(),
    code: text('code').notNull(),
    formId: bigint('form_id', { mode: 'number' }),
    enabled: boolean('enabled').notNull().default(true),
    gradeMode: text('grade_mode').notNull().default('level'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.code] }),
    foreignKey({
      name: 'smart_form_setting_form_fk',
      columns: [t.tenantId, t.formId],
      foreignColumns: [form.tenantId, form.id],
    }),
    tenantIsolation(),
  ],
);

// The scale results `gradeResultCalc` reads are owned by modules/assessment (table form_scale_result).
