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
import { AppError, forbidden } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
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
  return {
    mustAgree: enabled && isTargeted && !record,
    agreed: Boolean(record),
    agreedAt: record ? record.agreedAt.toISOString() : null,
    formName,
    title: text.title,
    content: text.content,
  };
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
  const row = await insertAgreement(scope, {
    userId: p.userId,
    formName: body.formName,
    formId: body.formId ?? null,
    formAnswerId: body.formAnswerId ?? null,
  });
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
  const total = await countAgreementRecords(scope, filter);
  if (total > AGREEMENT_EXPORT_MAX_ROWS)
    throw new AppError(
      'badRequest',
      `too many records to export (${total}, at most ${AGREEMENT_EXPORT_MAX_ROWS}): narrow the filters`,
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
