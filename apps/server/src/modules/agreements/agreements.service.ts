import {
  AGREEMENT_SETTING_CODE,
  DEFAULT_AGREEMENT_FORM_NAME,
  agreementSettingValueSchema,
  type AgreementSettingValue,
  type Lang,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { forbidden } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { getSetting } from '../settings';
import { findAgreement, insertAgreement } from './agreements.repository';

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
