import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  lt,
  ne,
  notLike,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { CASE_RECORD_EVENT_PREFIX, FORM_ANSWER_STATUS } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { rowsOf } from '../../core/db/rows';
import { usersView } from '../identity';
import { form, formAnswer, formAnswerEdition, formType, formVersion, smartFormSetting } from './forms.table';

/** Identity's users as it lets other modules read them (modules/identity/identity.views.ts). */
const users = usersView('sys_user');

type Localized = { 'zh-CN': string; 'en-US': string };

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nameContains = (column: typeof form.name | typeof formType.name, text: string) =>
  or(
    ilike(sql`${column}->>'zh-CN'`, containsPattern(text)),
    ilike(sql`${column}->>'en-US'`, containsPattern(text)),
  );

// --- types -------------------------------------------------------------------------------------------

const formCountSql = sql<number>`(select count(*)::int from ${form} f
  where f.tenant_id = "form_type"."tenant_id" and f.type_id = "form_type"."id")`;

const typeColumns = {
  id: formType.id,
  name: formType.name,
  sort: formType.sort,
  createdAt: formType.createdAt,
  formCount: formCountSql,
};

export async function findTypePage(
  { tx, tenantId }: TenantScope,
  f: { name?: string },
  w: { offset: number; limit: number },
) {
  const where = and(
    eq(formType.tenantId, tenantId),
    f.name ? nameContains(formType.name, f.name) : undefined,
  );
  const rows = await tx
    .select(typeColumns)
    .from(formType)
    .where(where)
    .orderBy(asc(formType.sort), asc(formType.id))
    .offset(w.offset)
    .limit(w.limit);
  const [{ total }] = (await tx.select({ total: count() }).from(formType).where(where)) as [
    { total: number },
  ];
  return { rows, total };
}

export async function findAllTypes({ tx, tenantId }: TenantScope) {
  return tx
    .select(typeColumns)
    .from(formType)
    .where(eq(formType.tenantId, tenantId))
    .orderBy(asc(formType.sort), asc(formType.id))
    .limit(1000);
}

export async function findType({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select(typeColumns)
    .from(formType)
    .where(and(eq(formType.tenantId, tenantId), eq(formType.id, id)));
  return row ?? null;
}

export async function insertType({ tx, tenantId }: TenantScope, t: { name: Localized; sort: number }) {
  const [row] = await tx
    .insert(formType)
    .values({ tenantId, ...t })
    .returning({ id: formType.id });
  return row!.id;
}

export async function updateType(
  { tx, tenantId }: TenantScope,
  id: number,
  t: { name: Localized; sort: number },
) {
  const rows = await tx
    .update(formType)
    .set(t)
    .where(and(eq(formType.tenantId, tenantId), eq(formType.id, id)))
    .returning({ id: formType.id });
  return rows.length > 0;
}

// --- forms and versions ----------------------------------------------------------------------------

const formColumns = {
  id: form.id,
  typeId: form.typeId,
  typeName: formType.name,
  purpose: form.purpose,
  name: form.name,
  currentVersion: form.currentVersion,
  enabled: form.enabled,
  createdAt: form.createdAt,
  updatedAt: form.updatedAt,
};
export type FormRow = {
  id: number;
  typeId: number | null;
  typeName: Localized | null;
  purpose: string;
  name: Localized;
  currentVersion: number;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export interface FormFilter {
  typeId?: number;
  purpose?: string;
  name?: string;
  ids?: number[];
}

function formWhere(tenantId: number, f: FormFilter): SQL | undefined {
  return and(
    eq(form.tenantId, tenantId),
    f.typeId !== undefined ? eq(form.typeId, f.typeId) : undefined,
    f.purpose ? eq(form.purpose, f.purpose) : undefined,
    f.name ? nameContains(form.name, f.name) : undefined,
    f.ids ? inArray(form.id, f.ids) : undefined,
  );
}

const typeJoin = and(eq(formType.tenantId, form.tenantId), eq(formType.id, form.typeId));

export async function findForms(
  { tx, tenantId }: TenantScope,
  f: FormFilter,
  w: { offset: number; limit: number },
): Promise<{ rows: FormRow[]; total: number }> {
  const where = formWhere(tenantId, f);
  const rows = await tx
    .select(formColumns)
    .from(form)
    .leftJoin(formType, typeJoin)
    .where(where)
    .orderBy(desc(form.updatedAt), desc(form.id))
    .offset(w.offset)
    .limit(w.limit);
  const [{ total }] = (await tx.select({ total: count() }).from(form).where(where)) as [{ total: number }];
  return { rows, total };
}

export async function findForm(scope: TenantScope, id: number): Promise<FormRow | null> {
  const { rows } = await findForms(scope, { ids: [id] }, { offset: 0, limit: 1 });
  return rows[0] ?? null;
}

export async function insertForm(
  { tx, tenantId }: TenantScope,
  f: { typeId: number | null; purpose: string; name: Localized; enabled: boolean; createdBy: number },
) {
  const [row] = await tx
    .insert(form)
    .values({ tenantId, ...f, currentVersion: 1 })
    .returning({ id: form.id });
  return row!.id;
}

/** Moves the form to a new current version (and its new head fields); answers false if absent. */
export async function updateFormHead(
  { tx, tenantId }: TenantScope,
  id: number,
  f: { typeId: number | null; purpose: string; name: Localized; enabled: boolean; currentVersion: number },
) {
  const rows = await tx
    .update(form)
    .set({ ...f, updatedAt: new Date() })
    .where(and(eq(form.tenantId, tenantId), eq(form.id, id)))
    .returning({ id: form.id });
  return rows.length > 0;
}

/** Locks the form row so two builder saves cannot write the same version number. */
export async function lockForm({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select({ currentVersion: form.currentVersion })
    .from(form)
    .where(and(eq(form.tenantId, tenantId), eq(form.id, id)))
    .for('update');
  return row ?? null;
}

export async function insertVersion(
  { tx, tenantId }: TenantScope,
  v: { formId: number; version: number; definition: Record<string, unknown>; createdBy: number },
) {
  await tx.insert(formVersion).values({ tenantId, ...v });
}

export async function findVersion({ tx, tenantId }: TenantScope, formId: number, version: number) {
  const [row] = await tx
    .select({ definition: formVersion.definition })
    .from(formVersion)
    .where(
      and(
        eq(formVersion.tenantId, tenantId),
        eq(formVersion.formId, formId),
        eq(formVersion.version, version),
      ),
    );
  return row?.definition ?? null;
}

// --- answers -----------------------------------------------------------------------------------------

export type AnswerRow = typeof formAnswer.$inferSelect;

export async function findAnswer({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(formAnswer)
    .where(and(eq(formAnswer.tenantId, tenantId), eq(formAnswer.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findAnswerOfEvent(
  { tx, tenantId }: TenantScope,
  k: { formId: number; userId: number; eventSign: string },
  forUpdate = false,
) {
  const q = tx
    .select()
    .from(formAnswer)
    .where(
      and(
        eq(formAnswer.tenantId, tenantId),
        eq(formAnswer.formId, k.formId),
        eq(formAnswer.userId, k.userId),
        eq(formAnswer.eventSign, k.eventSign),
      ),
    );
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findAnswersOfEvent(
  { tx, tenantId }: TenantScope,
  k: { eventSign: string; userId?: number; formId?: number },
) {
  return tx
    .select()
    .from(formAnswer)
    .where(
      and(
        eq(formAnswer.tenantId, tenantId),
        eq(formAnswer.eventSign, k.eventSign),
        k.userId !== undefined ? eq(formAnswer.userId, k.userId) : undefined,
        k.formId !== undefined ? eq(formAnswer.formId, k.formId) : undefined,
      ),
    )
    .orderBy(desc(formAnswer.updatedAt), desc(formAnswer.id))
    .limit(500);
}

/** Inserts an answer; null when one exists for the same form, subject and event (a concurrent save). */
export async function insertAnswer(
  { tx, tenantId }: TenantScope,
  a: {
    formId: number;
    formVersion: number;
    userId: number;
    eventSign: string;
    answer: Record<string, unknown>;
    signed: boolean;
    createdBy: number;
  },
) {
  const [row] = await tx
    .insert(formAnswer)
    .values({ tenantId, ...a, updatedBy: a.createdBy, edition: 1, status: 1 })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateAnswer(
  { tx, tenantId }: TenantScope,
  id: number,
  a: {
    answer: Record<string, unknown>;
    signed: boolean;
    status: number;
    edition: number;
    amendmentCount: number;
    updatedBy: number;
  },
) {
  const [row] = await tx
    .update(formAnswer)
    .set({ ...a, updatedAt: new Date() })
    .where(and(eq(formAnswer.tenantId, tenantId), eq(formAnswer.id, id)))
    .returning();
  return row!;
}

export async function insertEdition(
  { tx, tenantId }: TenantScope,
  e: Omit<typeof formAnswerEdition.$inferInsert, 'tenantId' | 'createdAt'>,
) {
  await tx.insert(formAnswerEdition).values({ tenantId, ...e });
}

export type EditionRow = typeof formAnswerEdition.$inferSelect;

export async function findEditions({ tx, tenantId }: TenantScope, answerId: number) {
  return tx
    .select()
    .from(formAnswerEdition)
    .where(and(eq(formAnswerEdition.tenantId, tenantId), eq(formAnswerEdition.answerId, answerId)))
    .orderBy(desc(formAnswerEdition.edition))
    .limit(1000);
}

export async function findEdition({ tx, tenantId }: TenantScope, answerId: number, edition: number) {
  const [row] = await tx
    .select()
    .from(formAnswerEdition)
    .where(
      and(
        eq(formAnswerEdition.tenantId, tenantId),
        eq(formAnswerEdition.answerId, answerId),
        eq(formAnswerEdition.edition, edition),
      ),
    );
  return row ?? null;
}

/** Which answers an export reads: one form, optionally one event and a last-saved range, within a data scope. */
export interface AnswerExportFilter {
  formId: number;
  eventSign?: string;
  from?: Date;
  to?: Date;
  /** A sub-administrator's department subtree (null: the whole school); their own answers always count. */
  deptIds: number[] | null;
  viewerId: number;
}

export type ExportAnswerRow = AnswerRow & { subjectName: string | null };

/**
 * A batch of submitted (not withdrawn) answers for an export, newest id first, before `beforeId`. Case
 * records (`case-record:` events) are never among them: they are read through their case, with its access
 * rules and access log (docs/cases.md 2), not by whoever may export the form they are written on.
 */
export async function findAnswersForExport(
  { tx, tenantId }: TenantScope,
  f: AnswerExportFilter,
  beforeId: number | null,
  limit: number,
): Promise<ExportAnswerRow[]> {
  const inScope =
    f.deptIds === null
      ? undefined
      : or(
          f.deptIds.length > 0 ? inArray(users.deptId, f.deptIds) : undefined,
          eq(formAnswer.userId, f.viewerId),
          eq(formAnswer.createdBy, f.viewerId),
        );
  const rows = await tx
    .select({ answer: formAnswer, subjectName: users.realName })
    .from(formAnswer)
    .leftJoin(users, and(eq(users.tenantId, formAnswer.tenantId), eq(users.id, formAnswer.userId)))
    .where(
      and(
        eq(formAnswer.tenantId, tenantId),
        eq(formAnswer.formId, f.formId),
        ne(formAnswer.status, FORM_ANSWER_STATUS.recalled),
        notLike(formAnswer.eventSign, `${CASE_RECORD_EVENT_PREFIX}%`),
        f.eventSign ? eq(formAnswer.eventSign, f.eventSign) : undefined,
        f.from ? gte(formAnswer.updatedAt, f.from) : undefined,
        f.to ? lt(formAnswer.updatedAt, f.to) : undefined,
        beforeId !== null ? lt(formAnswer.id, beforeId) : undefined,
        inScope,
      ),
    )
    .orderBy(desc(formAnswer.id))
    .limit(limit);
  return rows.map((r) => ({ ...r.answer, subjectName: r.subjectName }));
}

// --- users -------------------------------------------------------------------------------------------

export async function findUserNames({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: users.id, realName: users.realName })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.realName]));
}

// --- smart form settings ---------------------------------------------------------------------------

export async function findSettings({ tx, tenantId }: TenantScope, code?: string) {
  return tx
    .select({
      code: smartFormSetting.code,
      formId: smartFormSetting.formId,
      formName: form.name,
      enabled: smartFormSetting.enabled,
      gradeMode: smartFormSetting.gradeMode,
      updatedAt: smartFormSetting.updatedAt,
    })
    .from(smartFormSetting)
    .leftJoin(form, and(eq(form.tenantId, smartFormSetting.tenantId), eq(form.id, smartFormSetting.formId)))
    .where(and(eq(smartFormSetting.tenantId, tenantId), code ? eq(smartFormSetting.code, code) : undefined));
}

export async function upsertSetting(
  { tx, tenantId }: TenantScope,
  s: { code: string; formId: number | null; enabled: boolean; gradeMode: string },
) {
  await tx
    .insert(smartFormSetting)
    .values({ tenantId, ...s })
    .onConflictDoUpdate({
      target: [smartFormSetting.tenantId, smartFormSetting.code],
      set: { formId: s.formId, enabled: s.enabled, gradeMode: s.gradeMode, updatedAt: new Date() },
    });
}

export async function findUserDept({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select({ deptId: users.deptId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row?.deptId ?? null;
}

export async function userExists({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, id)));
  return row !== undefined;
}

/**
 * Submitted answers about a subject on forms of the given purposes, other than those of one event:
 * how many and when the latest was first written (calculateIsRepeat, docs/builder-helpers.md).
 */
export async function countRecordsAbout(
  { tx, tenantId }: TenantScope,
  k: { userId: number; purposes: readonly string[]; exceptEventSign?: string },
) {
  const [row] = await tx
    .select({
      n: count(),
      // Epoch milliseconds: the same on PGlite and node-postgres (timestamps as text differ).
      lastMs: sql<number | string | null>`(extract(epoch from max(${formAnswer.createdAt})) * 1000)::float8`,
    })
    .from(formAnswer)
    .innerJoin(form, and(eq(form.tenantId, formAnswer.tenantId), eq(form.id, formAnswer.formId)))
    .where(
      and(
        eq(formAnswer.tenantId, tenantId),
        eq(formAnswer.userId, k.userId),
        eq(formAnswer.status, FORM_ANSWER_STATUS.submitted),
        inArray(form.purpose, [...k.purposes]),
        k.exceptEventSign !== undefined ? ne(formAnswer.eventSign, k.exceptEventSign) : undefined,
      ),
    );
  const lastMs = row?.lastMs ?? null;
  return { count: Number(row?.n ?? 0), last: lastMs === null ? null : new Date(Number(lastMs)) };
}

/**
 * The ids among these that are not forms of the school (another school's are not visible: RLS); provided
 * to identity, whose role form permissions must name the school's forms (the foreign key is the guarantee).
 */
export async function findMissingFormIds({ tx, tenantId }: TenantScope, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const found = await tx
    .select({ id: form.id })
    .from(form)
    .where(and(eq(form.tenantId, tenantId), inArray(form.id, [...ids])));
  const have = new Set(found.map((r) => r.id));
  return new Set(ids.filter((id) => !have.has(id)));
}

/**
 * How often each value of the named fields was answered in these answers (an option list counts each of
 * its options), and how many answers hold each field: one statement over the answers' JSON.
 */
export async function countAnswerValues(
  { tx, tenantId }: TenantScope,
  answerIds: readonly number[],
  props: readonly string[],
) {
  if (answerIds.length === 0 || props.length === 0) return { values: [], answered: [] };
  const ids = sql.raw(`'{${answerIds.map(Number).join(',')}}'::bigint[]`);
  const names = sql`${`{${props.map((p) => `"${p.replace(/["\\]/g, '')}"`).join(',')}}`}::text[]`;
  const values = await tx.execute(sql`
    select p.prop, v.value #>> '{}' as value, count(*)::int as n
    from form_answer a
    cross join unnest(${names}) as p(prop)
    cross join lateral jsonb_array_elements(
      case jsonb_typeof(a.answer -> p.prop) when 'array' then a.answer -> p.prop
        else jsonb_build_array(a.answer -> p.prop) end) as v(value)
    where a.tenant_id = ${tenantId} and a.id = any(${ids}) and a.answer ? p.prop
      and jsonb_typeof(v.value) <> 'null'
    group by 1, 2`);
  const answered = await tx.execute(sql`
    select p.prop, count(*)::int as n
    from form_answer a cross join unnest(${names}) as p(prop)
    where a.tenant_id = ${tenantId} and a.id = any(${ids}) and a.answer ? p.prop
      and jsonb_typeof(a.answer -> p.prop) <> 'null'
    group by 1`);
  return {
    values: rowsOf<{ prop: string; value: string; n: number }>(values).map((r) => ({
      prop: r.prop,
      value: String(r.value),
      count: Number(r.n),
    })),
    answered: rowsOf<{ prop: string; n: number }>(answered).map((r) => ({
      prop: r.prop,
      count: Number(r.n),
    })),
  };
}
