import { FORM_ANSWER_STATUS, type FormPurpose } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { findAnswer, findForm, findSettings } from './forms.repository';

/**
 * What other modules need to know about the form serving one business use (the start-up agreement,
 * docs/settings-and-dictionaries.md "Agreements"): reads only, within the caller's transaction.
 */

export interface BoundForm {
  id: number;
  purpose: string;
  name: { 'zh-CN': string; 'en-US': string };
  currentVersion: number;
}

/**
 * The form bound to a business use (smart-form setting `purpose`) when the binding is switched on and the
 * form itself takes answers; null otherwise (no setting, no form bound, either switched off).
 */
export async function boundFormOf(scope: TenantScope, purpose: FormPurpose): Promise<BoundForm | null> {
  const [setting] = await findSettings(scope, purpose);
  if (!setting?.enabled || setting.formId === null) return null;
  const f = await findForm(scope, setting.formId);
  if (!f?.enabled) return null;
  return { id: f.id, purpose: f.purpose, name: f.name, currentVersion: f.currentVersion };
}

/** A form of this school with its purpose; null when there is none (RLS: another school's is none). */
export async function formPurposeOf(scope: TenantScope, formId: number) {
  const f = await findForm(scope, formId);
  return f ? { id: f.id, purpose: f.purpose, enabled: f.enabled } : null;
}

/**
 * An answer of this school in brief: its form and that form's purpose, subject, author and whether it is
 * still submitted (not withdrawn). `forUpdate` locks the answer row until the transaction ends.
 */
export async function answerSummaryOf(scope: TenantScope, answerId: number, forUpdate = false) {
  const a = await findAnswer(scope, answerId, forUpdate);
  if (!a) return null;
  const f = await findForm(scope, a.formId);
  return {
    id: a.id,
    formId: a.formId,
    purpose: f?.purpose ?? null,
    userId: a.userId,
    createdBy: a.createdBy,
    eventSign: a.eventSign,
    submitted: a.status !== FORM_ANSWER_STATUS.recalled,
  };
}
