import type { z } from 'zod';
import {
  CASE_RECORD_EVENT_PREFIX,
  FORM_ANSWER_STATUS,
  FORM_PERMISSIONS,
  FORM_PURPOSES,
  type FormAnswer,
  type FormEdition,
  type FormEditionSummary,
  type FormSummary,
  type FormType,
  type GradeResult,
  type Lang,
  type SmartFormSetting,
  type ScaleResult,
  type FormPurpose,
  type formDefinitionJsonSchema,
} from '@psy/contracts';
import {
  GRADE_RESULT_PROP,
  buildAmendment,
  decideChange,
  evaluate,
  heldForCheck,
  formatFormError,
  isSigned,
  maskAnswer,
  mergeSubmission,
  redactForViewer,
  validFormDefinitionSchema,
  type AnswerMap,
  type FieldOption,
  type FormDefinition,
  type FormError,
} from '@psy/forms';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { deptScopeOf, isDeptInScope, recordPersonalDataRead } from '../identity';
import { findMyFormPermissions } from './form-permissions.service';
import { getDict, SETTINGS_PERMISSIONS } from '../settings';
import { signatureImage } from '../signatures';
import {
  answerAccess,
  answerMaskedFor,
  mayCreateAnswer,
  isStaff,
  isWorkforceMember,
  roleCodesOf,
  type FormRolePermission,
} from './forms.policy';
import {
  findAllTypes,
  findAnswer,
  findAnswerOfEvent,
  findAnswersOfEvent,
  findEdition,
  findEditions,
  findForm,
  findForms,
  findSettings,
  findType,
  findTypePage,
  findUserDept,
  findUserNames,
  findVersion,
  insertAnswer,
  insertEdition,
  insertForm,
  insertType,
  insertVersion,
  lockForm,
  updateAnswer,
  updateFormHead,
  updateType,
  upsertSetting,
  userExists,
  type AnswerRow,
  type EditionRow,
  type FormFilter,
  type FormRow,
} from './forms.repository';
import { loadOptionLists, loadTimeSlots, withListLabels } from './forms.option-lists';
import { holdsVisitRecordPermission } from './forms.repeat';
import { definePort } from '../../core/module';

/** A scale result recorded by staff, as `saveScaleResult` answers it. */
export interface ScaleResultRecord {
  id: number;
  userId: number;
  scaleName: string;
  score: number;
  eventSign: string | null;
  createdAt: Date;
}

/**
 * Scale results are the assessment module's (a business module the form engine may not import): it
 * provides the newest result of a person and the recording of one entered by staff.
 */
export const scaleResultsPort = definePort<{
  /** The newest score of a person (0-100) and its scale. */
  latest(scope: TenantScope, userId: number): Promise<{ score: number; scaleName: string } | null>;
  record(
    scope: TenantScope,
    r: { userId: number; scaleName: string; score: number; eventSign: string | null; createdBy: number },
  ): Promise<ScaleResultRecord>;
}>('forms.scaleResults');
const latestScaleResultOf = (scope: TenantScope, userId: number) =>
  scaleResultsPort.get().latest(scope, userId);
const recordScaleResult: ReturnType<typeof scaleResultsPort.get>['record'] = (scope, r) =>
  scaleResultsPort.get().record(scope, r);

type Localized = { 'zh-CN': string; 'en-US': string };
type DefinitionJson = z.infer<typeof formDefinitionJsonSchema>;

// --- types -------------------------------------------------------------------------------------------

const toTypeOut = (r: {
  id: number;
  name: Localized;
  sort: number;
  formCount: number;
  createdAt: Date;
}): FormType => ({
  id: r.id,
  name: r.name,
  sort: r.sort,
  formCount: Number(r.formCount),
  createTime: r.createdAt.toISOString(),
});

/** Form types, paged. */
export async function listTypePage(scope: TenantScope, q: { current: number; size: number; name?: string }) {
  const { rows, total } = await findTypePage(scope, { name: q.name || undefined }, pageWindow(q));
  return pageAnswer(q, rows.map(toTypeOut), total);
}

/** Every form type. */
export async function listAllTypes(scope: TenantScope) {
  return (await findAllTypes(scope)).map(toTypeOut);
}

/** Creates or renames a form type. */
export async function saveType(scope: TenantScope, b: { id?: number; name: Localized; sort: number }) {
  let id = b.id;
  if (id === undefined) id = await insertType(scope, { name: b.name, sort: b.sort });
  else if (!(await updateType(scope, id, { name: b.name, sort: b.sort }))) throw notFound('form type');
  return toTypeOut((await findType(scope, id))!);
}

// --- forms and versions ----------------------------------------------------------------------------

const toFormOut = (r: FormRow): FormSummary => ({
  id: r.id,
  typeId: r.typeId,
  typeName: r.typeName,
  purpose: r.purpose as FormPurpose,
  name: r.name,
  currentVersion: r.currentVersion,
  enabled: r.enabled,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

const filterOf = (q: { typeId?: number; purpose?: string; name?: string }): FormFilter => ({
  typeId: q.typeId,
  purpose: q.purpose,
  name: q.name || undefined,
});

/** Forms, paged, last saved first. */
export async function listFormPage(
  scope: TenantScope,
  q: { current: number; size: number; typeId?: number; purpose?: string; name?: string },
) {
  const { rows, total } = await findForms(scope, filterOf(q), pageWindow(q));
  return pageAnswer(q, rows.map(toFormOut), total);
}

/** Forms matching the filters (at most 1000). */
export async function listAllForms(
  scope: TenantScope,
  q: { typeId?: number; purpose?: string; name?: string },
) {
  return (await findForms(scope, filterOf(q), { offset: 0, limit: 1000 })).rows.map(toFormOut);
}

/** The forms of one type. */
export async function listFormsOfType(scope: TenantScope, typeId: number) {
  if (!(await findType(scope, typeId))) throw notFound('form type');
  return listAllForms(scope, { typeId });
}

export async function requireForm(scope: TenantScope, id: number, field = 'formId') {
  const f = await findForm(scope, id);
  if (!f) throw new AppError('notFound', `${field}: the form does not exist`);
  return f;
}

export async function requireDefinition(
  scope: TenantScope,
  formId: number,
  version: number,
): Promise<FormDefinition> {
  const d = await findVersion(scope, formId, version);
  if (!d) throw notFound('form version');
  return d as unknown as FormDefinition;
}

/**
 * The builder's save (S0.3.35 "versioned"): validates the definition with `@psy/forms` and writes it as
 * a new version; earlier versions are never changed, answers keep rendering with theirs.
 */
export async function saveForm(
  scope: TenantScope,
  p: Principal,
  b: {
    id?: number;
    typeId?: number | null;
    purpose: string;
    name: Localized;
    enabled: boolean;
    columns: Record<string, unknown>[];
  },
) {
  const parsed = validFormDefinitionSchema.safeParse({
    id: 'new',
    version: 1,
    name: b.name,
    columns: b.columns,
  });
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({
      field: i.path
        .map((k, n) => (typeof k === 'number' ? `[${k}]` : n === 0 ? String(k) : `.${String(k)}`))
        .join(''),
      message: i.message,
    }));
    throw new AppError('badRequest', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
  }
  const typeId = b.typeId ?? null;
  if (typeId !== null && !(await findType(scope, typeId)))
    throw badRequest('typeId', 'the form type does not exist');
  const head = { typeId, purpose: b.purpose, name: b.name, enabled: b.enabled };
  let formId: number;
  let version: number;
  if (b.id === undefined) {
    formId = await insertForm(scope, { ...head, createdBy: p.userId });
    version = 1;
  } else {
    const locked = await lockForm(scope, b.id);
    if (!locked) throw new AppError('notFound', 'id: the form does not exist');
    formId = b.id;
    version = locked.currentVersion + 1;
    await updateFormHead(scope, formId, { ...head, currentVersion: version });
  }
  const definition = { ...parsed.data, id: String(formId), version };
  await insertVersion(scope, { formId, version, definition, createdBy: p.userId });
  return { form: toFormOut((await findForm(scope, formId))!), definition: definition as DefinitionJson };
}

// --- answers: access and presentation --------------------------------------------------------------

export async function formPermission(
  scope: TenantScope,
  p: Principal,
  formId: number,
): Promise<FormRolePermission> {
  const [row] = await findMyFormPermissions(scope, p, formId);
  const perm = row ? { view: row.view, edit: row.edit } : null;
  // Agreement administrators open the consents they list (the answers of agreement forms), read-only.
  if (!perm?.view && p.permissions.has(SETTINGS_PERMISSIONS.agreement)) {
    const f = await findForm(scope, formId);
    if (f?.purpose === 'agreement') return { view: true, edit: perm?.edit ?? false };
  }
  return perm;
}

/** Options of the definition's dictionary columns from the school's dictionaries (the seeded dicData stays the fallback). */
export async function loadDictionaries(scope: TenantScope, def: FormDefinition) {
  const names = [
    ...new Set(def.columns.map((c) => c.dicUrl).filter((u): u is string => !!u && !u.startsWith('/'))),
  ];
  const out: Record<string, FieldOption[]> = {};
  for (const name of names) {
    const items = await getDict(scope, name);
    if (items.length > 0)
      out[name] = items.map((i) => ({
        value: i.value,
        label: { 'zh-CN': i.label, 'en-US': i.labelEn || i.label },
      }));
  }
  return out;
}

const MASK_FIELD_NAMES = ['realName', 'phone', 'idCard'] as const;

/**
 * An answer map as a viewer receives it: fields their roles may not see removed (S0.6.7), personal
 * values masked unless the viewer may see them; an unmasked read of someone else's personal values is
 * access-logged.
 */
async function answerForViewer(
  scope: TenantScope,
  p: Principal,
  def: FormDefinition,
  subjectId: number,
  answer: AnswerMap,
  route: string,
  log: boolean,
): Promise<{ answer: AnswerMap; masked: boolean }> {
  const redacted = redactForViewer(def, answer, { roleCodes: roleCodesOf(p) });
  const masked = answerMaskedFor(p, subjectId);
  if (masked) return { answer: maskAnswer(def, redacted), masked };
  if (log && subjectId !== p.userId) {
    const kinds = def.columns
      .filter((c) => c.mask && typeof redacted[c.prop] === 'string' && redacted[c.prop] !== '')
      .map((c) => c.mask!);
    const fields = MASK_FIELD_NAMES.filter((k) => kinds.includes(k));
    if (fields.length > 0) await recordPersonalDataRead(scope, p, { subjectId, fields, route });
  }
  return { answer: redacted, masked };
}

export async function presentAnswer(
  scope: TenantScope,
  p: Principal,
  def: FormDefinition,
  row: AnswerRow,
  route: string,
): Promise<FormAnswer> {
  const names = await findUserNames(scope, [row.createdBy, row.updatedBy]);
  const { answer } = await answerForViewer(scope, p, def, row.userId, row.answer, route, true);
  return {
    id: row.id,
    formId: row.formId,
    formVersion: row.formVersion,
    userId: row.userId,
    eventSign: row.eventSign,
    answer,
    signed: row.signed,
    status: row.status,
    edition: row.edition,
    amendmentCount: row.amendmentCount,
    createBy: row.createdBy,
    createByName: names.get(row.createdBy) ?? '',
    createTime: row.createdAt.toISOString(),
    updateBy: row.updatedBy,
    updateByName: names.get(row.updatedBy) ?? '',
    updateTime: row.updatedAt.toISOString(),
  };
}

/**
 * Data scope (S0.1.2): a sub-administrator (dept_tree) reaches other people's answers only when the
 * subject is in their department subtree; the subject and the author are not limited.
 */
async function inDataScope(scope: TenantScope, p: Principal, answer: { userId: number; createdBy: number }) {
  if (answer.userId === p.userId || answer.createdBy === p.userId) return true;
  const ds = await deptScopeOf(scope, p);
  return ds === null || isDeptInScope(ds, await findUserDept(scope, answer.userId));
}

/**
 * Answers a business module keeps for itself (case records, `case-record:<id>`): read and written only
 * through that module, which decides who may (docs/cases.md 2). The generic rule "the subject sees the
 * answer" would otherwise show a visitor the counsellor's notes.
 */
export const isOwnedEvent = (eventSign: string) => eventSign.startsWith(CASE_RECORD_EVENT_PREFIX);
export const ownedRefusal = () => forbidden('this record is read and written through its case');

/** The answer if the caller may see it (403 otherwise); another school's answer is "not found". */
async function requireVisibleAnswer(scope: TenantScope, p: Principal, id: number, forUpdate = false) {
  const row = await findAnswer(scope, id, forUpdate);
  if (!row) throw new AppError('notFound', 'answerId: the answer does not exist');
  if (isOwnedEvent(row.eventSign)) throw ownedRefusal();
  const perm = await formPermission(scope, p, row.formId);
  const access = answerAccess(p, row, perm);
  if (!access.canView || !(await inDataScope(scope, p, row))) throw forbidden('you may not see this answer');
  return { row, perm, access };
}

// --- answers: reads ----------------------------------------------------------------------------------

/** `ite/view`: a form to fill (latest version) or an answer with the version it was written against. */
export async function viewForm(
  scope: TenantScope,
  p: Principal,
  q: {
    id?: number;
    answerId?: number;
    formId?: number;
    eventSign?: string;
    userId?: number;
    version?: number;
  },
) {
  let row: AnswerRow | null = null;
  if (q.answerId !== undefined) row = (await requireVisibleAnswer(scope, p, q.answerId)).row;
  else if (q.formId !== undefined && q.eventSign !== undefined) {
    const found = await findAnswerOfEvent(scope, {
      formId: q.formId,
      userId: q.userId ?? p.userId,
      eventSign: q.eventSign,
    });
    if (found) row = (await requireVisibleAnswer(scope, p, found.id)).row;
  }
  const formId = row?.formId ?? q.id ?? q.formId!;
  const f = await requireForm(scope, formId, q.id !== undefined ? 'id' : 'formId');
  // `version`: an old edition shows with the definition it was written against (docs/forms.md).
  const def = await requireDefinition(scope, formId, q.version ?? row?.formVersion ?? f.currentVersion);
  const perm = await formPermission(scope, p, formId);
  const subjectId = row?.userId ?? q.userId ?? p.userId;
  const access = row
    ? answerAccess(p, row, perm)
    : { canView: true, canEdit: f.enabled && mayCreateAnswer(p, subjectId, perm) };
  return {
    form: toFormOut(f),
    definition: def as DefinitionJson,
    answer: row ? await presentAnswer(scope, p, def, row, 'GET /public/forms/ite/view') : null,
    access: { ...access, roleCodes: roleCodesOf(p), masked: answerMaskedFor(p, subjectId) },
  };
}

/** One answer, by id or by form + event (+ subject); null when there is none. */
export async function getAnswer(
  scope: TenantScope,
  p: Principal,
  q: { answerId?: number; formId?: number; eventSign?: string; userId?: number },
) {
  let id = q.answerId;
  if (id === undefined) {
    const found = await findAnswerOfEvent(scope, {
      formId: q.formId!,
      userId: q.userId ?? p.userId,
      eventSign: q.eventSign!,
    });
    if (!found) return null;
    id = found.id;
  }
  const { row } = await requireVisibleAnswer(scope, p, id);
  const def = await requireDefinition(scope, row.formId, row.formVersion);
  return presentAnswer(scope, p, def, row, 'POST /public/forms/inner/forms/answer');
}

export const toEditionSummary = (e: EditionRow): FormEditionSummary => ({
  edition: e.edition,
  answerId: e.answerId,
  formVersion: e.formVersion,
  kind: e.kind as FormEditionSummary['kind'],
  reason: e.reason,
  changedKeys: e.changedKeys,
  createBy: e.createdBy,
  createByName: e.createdByName,
  createTime: e.createdAt.toISOString(),
});

/** The editions of an answer, newest first. */
export async function listEditions(scope: TenantScope, p: Principal, answerId: number) {
  await requireVisibleAnswer(scope, p, answerId);
  return (await findEditions(scope, answerId)).map(toEditionSummary);
}

/** One saved edition (the latest when none is named), redacted and masked like the answer. */
export async function getEdition(
  scope: TenantScope,
  p: Principal,
  q: { answerId: number; edition?: number },
) {
  const { row } = await requireVisibleAnswer(scope, p, q.answerId);
  return editionForViewer(scope, p, row, q.edition, 'GET /public/forms/inner/forms/answer/edition');
}

/** An edition of an answer as the viewer may see it (redacted, masked); access is the caller's business. */
export async function editionForViewer(
  scope: TenantScope,
  p: Principal,
  row: AnswerRow,
  edition: number | undefined,
  route: string,
) {
  const e = await findEdition(scope, row.id, edition ?? row.edition);
  if (!e) throw new AppError('notFound', 'edition: the edition does not exist');
  const def = await requireDefinition(scope, row.formId, e.formVersion);
  const answer = await answerForViewer(scope, p, def, row.userId, e.answer, route, true);
  const original = e.original
    ? (await answerForViewer(scope, p, def, row.userId, e.original, route, false)).answer
    : null;
  const visible = new Set(
    Object.keys(redactForViewer(def, { ...e.answer, ...(e.original ?? {}) }, { roleCodes: roleCodesOf(p) })),
  );
  const changes = (e.changes as FormEdition['changes']).filter((c) => visible.has(c.key));
  return {
    ...toEditionSummary(e),
    changedKeys: e.changedKeys.filter((k) => visible.has(k)),
    answer: answer.answer,
    original,
    changes: answer.masked ? changes.map((c) => ({ ...c, ...maskChange(def, c) })) : changes,
  } satisfies FormEdition;
}

/** An amendment change of a masked column, masked like the answer. */
function maskChange(def: FormDefinition, c: FormEdition['changes'][number]) {
  const column = def.columns.find((col) => col.prop === c.key);
  if (!column?.mask) return {};
  const from = maskAnswer(def, { [c.key]: c.from })[c.key];
  const to = maskAnswer(def, { [c.key]: c.to })[c.key];
  const text = (v: unknown) => ({ 'zh-CN': String(v ?? ''), 'en-US': String(v ?? '') });
  return { from, to, fromLabel: text(from), toLabel: text(to) };
}

// --- answers: save and recall ------------------------------------------------------------------------

/** The 400 of a form error: the field's prop in `data.fields`, the engine's text in the caller's language. */
function formErrorResponse(def: FormDefinition, err: FormError, lang: Lang): AppError {
  const columnProp = typeof err.params.column === 'string' ? err.params.column : err.field;
  const column = def.columns.find((c) => c.prop === columnProp);
  const label = column?.label?.[lang] ?? err.field;
  const message = formatFormError(err, lang, label);
  const field = err.key === 'amendmentReason' ? 'reason' : err.field;
  return new AppError('badRequest', `${field}: ${message}`, { fields: [{ field, message }] });
}

/** Risk grade of a scale score (S0.9.3): 80 and up high (1), 60-79 medium (2), below 60 low (3). */
export const riskGradeOf = (score: number) => (score >= 80 ? 1 : score >= 60 ? 2 : 3);

/**
 * Whether a chosen grade (1-4; 1 is the most serious, S0.4.10) agrees with a risk grade: 1 with high,
 * 2 with medium, 3 and 4 with low. Without a scale result nothing contradicts the choice: consistent.
 */
export const gradeConsistent = (grade: number, riskGrade: number | null) =>
  riskGrade === null || Math.min(grade, 3) === riskGrade;

async function gradeVerdict(scope: TenantScope, subjectId: number, grade: number): Promise<0 | 1> {
  const latest = await latestScaleResultOf(scope, subjectId);
  return gradeConsistent(grade, latest ? riskGradeOf(latest.score) : null) ? 1 : 0;
}

function parseAnswers(answers: string | Record<string, unknown>): AnswerMap {
  if (typeof answers !== 'string') return answers;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answers);
  } catch {
    throw badRequest('answers', 'must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw badRequest('answers', 'must be a JSON object');
  return parsed as AnswerMap;
}

/**
 * Saves an answer (S0.4.7-S0.4.10, S0.5.12-S0.5.15, S0.6.7): merges what the caller may edit into the
 * stored answer, signs submitted signatures, sets the grade verdict, validates with `evaluate`, stores the
 * cleaned answer and keeps the history (`decideChange`; signed answers change only by amendment). Runs in
 * the request's transaction: a refusal changes nothing.
 */
export async function saveAnswer(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  b: {
    formId: number;
    eventSign: string;
    userId?: number;
    answers: string | Record<string, unknown>;
    reason?: string;
  },
  now: Date = new Date(),
  /** Set by the module that owns the event (forms.owned.ts), which has decided access itself. */
  opts: { owner?: boolean } = {},
) {
  if (!opts.owner && isOwnedEvent(b.eventSign)) throw ownedRefusal();
  const submitted = parseAnswers(b.answers);
  const f = await requireForm(scope, b.formId);
  const subjectId = b.userId ?? p.userId;
  if (subjectId !== p.userId && !(await userExists(scope, subjectId)))
    throw new AppError('notFound', 'userId: the user does not exist');
  const perm = await formPermission(scope, p, f.id);
  const key = { formId: f.id, userId: subjectId, eventSign: b.eventSign };
  const stored = await findAnswerOfEvent(scope, key, true);
  if (stored) {
    if (!opts.owner && (!answerAccess(p, stored, perm).canEdit || !(await inDataScope(scope, p, stored))))
      throw forbidden('you may not change this answer');
  } else {
    const inScope = opts.owner || (await inDataScope(scope, p, { userId: subjectId, createdBy: -1 }));
    if ((!opts.owner && !mayCreateAnswer(p, subjectId, perm)) || !inScope)
      throw forbidden('you may not answer this form for another person');
    if (!f.enabled) throw badRequest('formId', 'the form is switched off');
  }
  const def = await requireDefinition(scope, f.id, stored?.formVersion ?? f.currentVersion);
  const roleCodes = roleCodesOf(p);
  const viewer = { roleCodes, mode: 'edit' as const };
  const before: AnswerMap = stored?.answer ?? {};
  const merged = mergeSubmission(def, before, submitted, viewer, {
    signer: { userName: p.username, realName: p.realName, roleCodes },
    at: now,
  });
  // A signature given now is an uploaded image like a stored signature: checked and re-encoded, so only
  // its pixels are kept (no appended file, no metadata) and its size is bounded.
  for (const c of def.columns) {
    const value = merged[c.prop];
    if (c.type !== 'signature' || typeof value !== 'string' || value === '' || value === before[c.prop])
      continue;
    const image = await signatureImage(value, c.prop, lang);
    merged[c.prop] = `data:${image.type};base64,${image.bytes.toString('base64')}`;
  }
  for (const c of def.columns) {
    if (c.type !== 'grade') continue;
    const grade = Number(merged[c.prop]);
    const changed = String(merged[c.prop] ?? '') !== String(before[c.prop] ?? '');
    if (
      Number.isInteger(grade) &&
      grade >= 1 &&
      grade <= 4 &&
      (changed || before[GRADE_RESULT_PROP] === undefined)
    )
      merged[GRADE_RESULT_PROP] = await gradeVerdict(scope, subjectId, grade);
  }
  // Dictionaries, and the option lists named by a path that this answer fills (docs/forms.md).
  const dictionaries = {
    ...(await loadDictionaries(scope, def)),
    ...(await loadOptionLists(scope, def, merged, lang)),
  };
  const timeSlots = await loadTimeSlots(scope, def, merged);
  const labelled = withListLabels(def, merged, before, dictionaries, lang);
  const evaluation = evaluate(def, labelled, viewer, {
    now,
    dictionaries,
    previous: heldForCheck(def, before, labelled),
    timeSlots,
  });
  if (!evaluation.valid) throw formErrorResponse(def, evaluation.errors[0]!, lang);
  const cleaned = evaluation.answer;
  const author = { createdBy: p.userId, createdByName: p.realName };
  const route = 'POST /public/forms/answer/save';

  if (!stored) {
    const row = await insertAnswer(scope, {
      ...key,
      formVersion: def.version,
      answer: cleaned,
      signed: isSigned(def, cleaned),
      createdBy: p.userId,
    });
    if (!row) throw new AppError('conflict', 'the answer was saved at the same time by someone else: reload');
    await insertEdition(scope, {
      answerId: row.id,
      edition: 1,
      formVersion: def.version,
      kind: 'create',
      answer: cleaned,
      changedKeys: Object.keys(cleaned),
      ...author,
    });
    return { outcome: 'created' as const, answer: await presentAnswer(scope, p, def, row, route) };
  }

  const decision = decideChange(def, before, cleaned, dictionaries);
  const recalled = stored.status === FORM_ANSWER_STATUS.recalled;
  if (decision.kind === 'refused') throw formErrorResponse(def, decision.errors[0]!, lang);
  if (decision.kind === 'unchanged' && !recalled)
    return { outcome: 'unchanged' as const, answer: await presentAnswer(scope, p, def, stored, route) };

  const edition = stored.edition + 1;
  let next: AnswerMap;
  let outcome: 'edited' | 'amended';
  if (decision.kind === 'amendment') {
    const built = buildAmendment({
      definition: def,
      stored: before,
      next: cleaned,
      reason: b.reason ?? '',
      author: { userId: String(p.userId), realName: p.realName },
      at: now,
      dictionaries,
    });
    if (!built.ok) throw formErrorResponse(def, built.errors[0]!, lang);
    next = built.amendment.amended;
    outcome = 'amended';
    await insertEdition(scope, {
      answerId: stored.id,
      edition,
      formVersion: def.version,
      kind: 'amendment',
      answer: next,
      original: built.amendment.original,
      changes: built.amendment.changes,
      changedKeys: decision.changed,
      reason: built.amendment.reason,
      ...author,
    });
  } else {
    next = decision.kind === 'edit' ? decision.answer : before;
    outcome = 'edited';
    await insertEdition(scope, {
      answerId: stored.id,
      edition,
      formVersion: def.version,
      kind: 'edit',
      answer: next,
      changedKeys: decision.kind === 'edit' ? decision.changed : [],
      ...author,
    });
  }
  const row = await updateAnswer(scope, stored.id, {
    answer: next,
    signed: isSigned(def, next),
    status: FORM_ANSWER_STATUS.submitted,
    edition,
    amendmentCount: stored.amendmentCount + (outcome === 'amended' ? 1 : 0),
    updatedBy: p.userId,
  });
  return { outcome, answer: await presentAnswer(scope, p, def, row, route) };
}

/**
 * Withdraws an answer (`answer/recall`): its author or a role with edit permission, while it is not
 * signed (a signed record of care is never withdrawn: it is amended). The answer and its editions stay;
 * a recall edition records who and why; a later save with the same event reopens it.
 */
export async function recallAnswer(scope: TenantScope, p: Principal, b: { id: number; reason?: string }) {
  const { row, perm } = await requireVisibleAnswer(scope, p, b.id, true);
  if (row.createdBy !== p.userId && perm?.edit !== true)
    throw forbidden('only the author may withdraw this answer');
  const def = await requireDefinition(scope, row.formId, row.formVersion);
  const route = 'POST /public/forms/answer/recall';
  if (row.signed) throw badRequest('id', 'a signed answer cannot be withdrawn; amend it instead');
  if (row.status === FORM_ANSWER_STATUS.recalled) return presentAnswer(scope, p, def, row, route);
  const edition = row.edition + 1;
  await insertEdition(scope, {
    answerId: row.id,
    edition,
    formVersion: row.formVersion,
    kind: 'recall',
    answer: row.answer,
    reason: b.reason || null,
    createdBy: p.userId,
    createdByName: p.realName,
  });
  const updated = await updateAnswer(scope, row.id, {
    answer: row.answer,
    signed: row.signed,
    status: FORM_ANSWER_STATUS.recalled,
    edition,
    amendmentCount: row.amendmentCount,
    updatedBy: p.userId,
  });
  return presentAnswer(scope, p, def, updated, route);
}

/** Whether a (redacted) answer holds a value equal to the file key, anywhere in it. */
function holdsFileKey(value: unknown, fileKey: string): boolean {
  if (value === fileKey) return true;
  if (Array.isArray(value)) return value.some((v) => holdsFileKey(v, fileKey));
  if (value && typeof value === 'object') return Object.values(value).some((v) => holdsFileKey(v, fileKey));
  return false;
}

/**
 * The storage key of a file of an answer, if the caller may see that answer and the file is in a field
 * their roles may see; otherwise "not found" (the key alone opens nothing).
 */
export async function fileOfAnswer(scope: TenantScope, p: Principal, answerId: number, fileKey: string) {
  const { row } = await requireVisibleAnswer(scope, p, answerId);
  const def = await requireDefinition(scope, row.formId, row.formVersion);
  const visible = redactForViewer(def, row.answer, { roleCodes: roleCodesOf(p) });
  if (!fileKey.startsWith(`${scope.tenantId}/`) || !holdsFileKey(visible, fileKey))
    throw new AppError('notFound', 'file: the answer holds no such file');
  return fileKey;
}

// --- smart form --------------------------------------------------------------------------------------

const DEFAULT_GRADE_MODE = 'level';

/** The smart form settings (every code, those never saved with no form), or one code's. */
export async function listSettings(scope: TenantScope, code?: FormPurpose): Promise<SmartFormSetting[]> {
  const rows = await findSettings(scope, code);
  const byCode = new Map(rows.map((r) => [r.code, r]));
  return (code ? [code] : [...FORM_PURPOSES]).map((c) => {
    const r = byCode.get(c);
    return {
      code: c,
      formId: r?.formId ?? null,
      formName: r?.formName ?? null,
      enabled: r?.enabled ?? false,
      gradeMode: (r?.gradeMode ?? DEFAULT_GRADE_MODE) as 'star' | 'level',
      updateTime: r ? r.updatedAt.toISOString() : null,
    };
  });
}

/** Binds a form (or none) to a business use. */
export async function saveSetting(
  scope: TenantScope,
  b: { code: FormPurpose; formId: number | null; enabled: boolean; gradeMode: 'star' | 'level' },
) {
  if (b.formId !== null) await requireForm(scope, b.formId);
  await upsertSetting(scope, b);
  return (await listSettings(scope, b.code))[0]!;
}

/**
 * Who may grade a person (`saveScaleResult`, `gradeResultCalc`): staff who record visits about someone
 * else in their data scope. Staff: a role other than the ordinary user's applies (a student is never a
 * grader, whatever form permission their role was given). Who records visits: the form builder
 * (`admin_form_edit`), the counsellor roles (WORKFORCE_ROLE_CODES), or an edit permission on one of the
 * school's visit-record forms (case record, intake, first interview); an edit permission on any other
 * form is not enough.
 */
async function requireGrader(scope: TenantScope, p: Principal, subjectId: number) {
  if (subjectId === p.userId) throw forbidden('you may not grade yourself');
  if (!isStaff(p)) throw forbidden('only staff who record visits may grade a person');
  if (!(await inDataScope(scope, p, { userId: subjectId, createdBy: -1 })))
    throw forbidden('the person is outside your data scope');
  if (p.permissions.has(FORM_PERMISSIONS.edit) || isWorkforceMember(roleCodesOf(p))) return;
  if (!(await holdsVisitRecordPermission(scope, p, 'edit')))
    throw forbidden('grading needs an edit permission on a case-record, intake or first-interview form');
}

/** `gradeResultCalc` (S0.4.10, S0.9.3): a chosen grade against the subject's latest scale result. */
export async function calcGradeResult(
  scope: TenantScope,
  p: Principal,
  q: { userId: number; grade: number },
): Promise<GradeResult> {
  await requireGrader(scope, p, q.userId);
  if (!(await userExists(scope, q.userId))) throw new AppError('notFound', 'userId: the user does not exist');
  const latest = await latestScaleResultOf(scope, q.userId);
  const systemGrade = latest ? riskGradeOf(latest.score) : null;
  const consistent = gradeConsistent(q.grade, systemGrade);
  return {
    gradeResult_result: consistent ? 1 : 0,
    grade: q.grade,
    systemGrade,
    score: latest?.score ?? null,
    scaleName: latest?.scaleName ?? null,
    explanationRequired: !consistent,
  };
}

/** `saveScaleResult`: a scale's score for a subject. */
export async function saveScaleResult(
  scope: TenantScope,
  p: Principal,
  b: { userId: number; scaleName: string; score: number; eventSign?: string },
): Promise<ScaleResult> {
  await requireGrader(scope, p, b.userId);
  if (!(await userExists(scope, b.userId))) throw new AppError('notFound', 'userId: the user does not exist');
  const r = await recordScaleResult(scope, {
    userId: b.userId,
    scaleName: b.scaleName,
    score: b.score,
    eventSign: b.eventSign || null,
    createdBy: p.userId,
  });
  return {
    id: r.id,
    userId: r.userId,
    scaleName: r.scaleName,
    score: r.score,
    riskGrade: riskGradeOf(r.score),
    eventSign: r.eventSign,
    createTime: r.createdAt.toISOString(),
  };
}

/** `smartform/result`: the answers of one event the caller may see. */
export async function listEventResults(
  scope: TenantScope,
  p: Principal,
  q: { eventSign: string; userId?: number; formId?: number },
) {
  if (isOwnedEvent(q.eventSign)) throw ownedRefusal();
  const rows = await findAnswersOfEvent(scope, q);
  const perms = new Map((await findMyFormPermissions(scope, p)).map((x) => [x.formId, x]));
  const forms = new Map<number, FormRow>();
  const out = [];
  for (const r of rows) {
    if (!answerAccess(p, r, perms.get(r.formId) ?? null).canView || !(await inDataScope(scope, p, r)))
      continue;
    let f = forms.get(r.formId);
    if (!f) {
      f = (await findForm(scope, r.formId))!;
      forms.set(r.formId, f);
    }
    out.push({
      answerId: r.id,
      formId: r.formId,
      formName: f.name,
      purpose: f.purpose as FormPurpose,
      formVersion: r.formVersion,
      userId: r.userId,
      eventSign: r.eventSign,
      status: r.status,
      signed: r.signed,
      edition: r.edition,
      updateTime: r.updatedAt.toISOString(),
    });
  }
  return out;
}
