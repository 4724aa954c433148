import {
  AGREEMENT_EXPORT_MAX_ROWS,
  AGREEMENT_SETTING_CODE,
  calendarDayRange,
  DEFAULT_AGREEMENT_FORM_NAME,
  type AgreementFilter,
  type AgreementRecord,
  agreementSettingValueSchema,
  type AgreementSettingValue,
  type Lang,
} from '@psy/contracts';
import { pageWindow, pageAnswer } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest, forbidden } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { answerSummaryOf, boundFormOf, formPurposeOf } from '../forms';
import { getSetting } from '../settings';
import {
  countAgreementRecords,
  countAgreementsByRole,
  findAgreement,
  findAgreementRecords,
  insertAgreement,
  type AgreementFilterInput,
} from './agreements.repository';
import { buildAgreementDocument, buildAgreementWorkbook } from './agreements.export';

interface AgreementSetting {
  enabled: boolean;
  value: AgreementSettingValue;
}

/** The tenant's agreementSetting; a missing or malformed record counts as switched off. */
async function loadAgreementSetting(scope: TenantScope): Promise<AgreementSetting> {
  const record = await getSetting(scope, AGREEMENT_SETTING_CODE);
  const parsed = agreementSettingValueSchema.safeParse(record?.value ?? {});
  const value = parsed.success ? parsed.data : agreementSettingValueSchema.parse({});
  return { enabled: Boolean(record?.enable) && parsed.success, value };
}

/** The agreement text in the caller's language, else the default text, else any language given. */
function textFor(value: AgreementSettingValue, lang: Lang) {
  const locales = value.locales ?? {};
  const localised = locales[lang];
  if (localised) return localised;
  if (value.title || value.content) return { title: value.title, content: value.content };
  return Object.values(locales)[0] ?? { title: '', content: '' };
}

/**
 * Whether the start-up agreement dialog must show (spec S0.4.1): the setting is on, one of the user's
 * roles is in its userRoleId list, and the user has not agreed yet.
 */
export async function getMyAgreement(scope: TenantScope, p: Principal, lang: Lang) {
  const { enabled, value } = await loadAgreementSetting(scope);
  const formName = value.formName ?? DEFAULT_AGREEMENT_FORM_NAME;
  const record = await findAgreement(scope, p.userId, formName);
  const isTargeted = p.roles.some((r) => value.userRoleId.includes(r.roleId));
  const text = textFor(value, lang);
  const mustAgree = enabled && isTargeted && !record;
  // The school's agreement form, rendered in the dialog (only looked up for someone who must agree).
  const form = mustAgree ? await boundFormOf(scope, 'agreement') : null;
  return {
    mustAgree,
    agreed: Boolean(record),
    agreedAt: record ? record.agreedAt.toISOString() : null,
    formName,
    title: text.title,
    content: text.content,
    form: form ? { formId: form.id } : null,
  };
}

/**
 * The form and answer an agreement names (spec section 3 'Agreement save payload'): the form must be
 * one of this school's agreement forms (purpose `agreement`), the answer an answer of that form by or
 * about the user, not withdrawn. Answers the ids to record. The answer row is locked until the
 * request's transaction (which also records the consent) ends, so it cannot be withdrawn in between.
 */
async function checkAgreementForm(
  scope: TenantScope,
  p: Principal,
  formId: number | null,
  formAnswerId: number | null,
): Promise<{ formId: number | null; formAnswerId: number | null }> {
  if (formId !== null) {
    const f = await formPurposeOf(scope, formId);
    if (!f) throw badRequest('formId', 'the form does not exist');
    if (f.purpose !== 'agreement') throw badRequest('formId', 'not an agreement form');
  }
  const bound = await boundFormOf(scope, 'agreement');
  if (formAnswerId === null) {
    // With a form bound, consent is the submitted form: a bare "agree" would skip its questions.
    if (bound) throw badRequest('formAnswerId', 'fill in and submit the agreement form first');
    return { formId, formAnswerId };
  }
  const a = await answerSummaryOf(scope, formAnswerId, true);
  if (!a) throw badRequest('formAnswerId', 'the answer does not exist');
  if (formId !== null && a.formId !== formId) throw badRequest('formAnswerId', 'not an answer of formId');
  if (a.purpose !== 'agreement') throw badRequest('formAnswerId', 'not an answer of an agreement form');
  // Another agreement-purpose form (an old one, or one the school never bound) would let a consent skip
  // the questions of the form the school asks for now.
  if (bound && a.formId !== bound.id)
    throw badRequest('formAnswerId', 'not an answer of the agreement form the school uses');
  if (a.userId !== p.userId && a.createdBy !== p.userId)
    throw badRequest('formAnswerId', 'not an answer by or about you');
  if (!a.submitted) throw badRequest('formAnswerId', 'the answer was withdrawn');
  return { formId: a.formId, formAnswerId: a.id };
}

/** Records the signed-in user's agreement (idempotent: the first time counts); nobody agrees for another. */
export async function saveMyAgreement(
  scope: TenantScope,
  p: Principal,
  body: { userId?: number | null; formName: string; formId?: number | null; formAnswerId?: number | null },
) {
  if (body.userId !== undefined && body.userId !== null && body.userId !== p.userId) {
    throw forbidden('userId: an agreement can only be given by the user themselves');
  }
  const ids = await checkAgreementForm(scope, p, body.formId ?? null, body.formAnswerId ?? null);
  const row = await insertAgreement(scope, { userId: p.userId, formName: body.formName, ...ids });
  return { formName: row.formName, agreedAt: row.agreedAt.toISOString() };
}

// --- administration -------------------------------------------------------------------------------

/** The contract's filter as the repository's: calendar days in China time, end day included. */
function filterOf(f: AgreementFilter): AgreementFilterInput {
  return {
    keyword: f.keyword || undefined,
    roleId: f.roleId,
    formName: f.formName,
    ...calendarDayRange(f.startDate, f.endDate),
  };
}

type RecordRow = Awaited<ReturnType<typeof findAgreementRecords>>[number];
const toRecord = (r: RecordRow): AgreementRecord => ({ ...r, agreedAt: r.agreedAt.toISOString() });

/** Who agreed to what and when (spec S0.7 'Agreements': list), newest first. */
export async function listAgreements(
  scope: TenantScope,
  q: AgreementFilter & { current: number; size: number },
) {
  const filter = filterOf(q);
  const rows = await findAgreementRecords(scope, filter, pageWindow(q));
  const total =
    q.current === 1 && rows.length < q.size ? rows.length : await countAgreementRecords(scope, filter);
  return pageAnswer(q, rows.map(toRecord), total);
}

async function rowsForExport(scope: TenantScope, f: AgreementFilter) {
  const filter = filterOf(f);
  // Counted exactly up to the export's limit only: beyond it the export is refused anyway.
  const { total, estimated } = await countAgreementRecords(scope, filter, AGREEMENT_EXPORT_MAX_ROWS);
  if (total > AGREEMENT_EXPORT_MAX_ROWS)
    throw new AppError(
      'badRequest',
      `too many records to export (${estimated ? 'about ' : ''}${total}, at most ${AGREEMENT_EXPORT_MAX_ROWS}): narrow the filters`,
    );
  return findAgreementRecords(scope, filter, { offset: 0, limit: AGREEMENT_EXPORT_MAX_ROWS });
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The filtered agreements as an Excel workbook. */
export async function exportAgreementsXlsx(scope: TenantScope, f: AgreementFilter, lang: Lang) {
  return buildAgreementWorkbook(await rowsForExport(scope, f), lang);
}

/** The filtered agreements as a Word document, headed by the agreement text in the caller's language. */
export async function exportAgreementsDocx(scope: TenantScope, f: AgreementFilter, lang: Lang) {
  const rows = await rowsForExport(scope, f);
  const { value } = await loadAgreementSetting(scope);
  return buildAgreementDocument(rows, lang, textFor(value, lang));
}

/** Per role: users holding it and how many agreed (spec: findUserAgreementGroup). */
export async function getAgreementGroups(scope: TenantScope, formName?: string) {
  const { value } = await loadAgreementSetting(scope);
  const name = formName ?? value.formName ?? DEFAULT_AGREEMENT_FORM_NAME;
  const targeted = new Set(value.userRoleId);
  const rows = await countAgreementsByRole(scope, name);
  return {
    formName: name,
    groups: rows.map((r) => ({
      ...r,
      targeted: targeted.has(r.roleId),
      pendingCount: r.userCount - r.agreedCount,
    })),
  };
}
