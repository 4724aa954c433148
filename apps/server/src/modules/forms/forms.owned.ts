import type { FormPurpose, Lang } from '@psy/contracts';
import { validFormDefinitionSchema, type FormColumn, type FormDefinition } from '@psy/forms';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import { boundFormOf } from './forms.purpose';
import {
  countAnswerValues,
  findAnswer,
  findAnswerOfEvent,
  findEditions,
  findSettings,
  insertForm,
  insertVersion,
  upsertSetting,
} from './forms.repository';
import {
  editionForViewer,
  presentAnswer,
  requireDefinition,
  saveAnswer,
  toEditionSummary,
} from './forms.service';

/**
 * The door for a module that keeps answers of its own (the case module's records, docs/cases.md 2): it
 * has decided who may read and write, so these skip the generic form permissions but keep everything else
 * of the engine (merge by role, signatures, grade verdict, validation, editions, amendments, redaction,
 * masking with its access log).
 */

/** Saves an answer of an owned event (`saveAnswer` with the owner's authority). */
export function saveOwnedAnswer(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  b: { formId: number; eventSign: string; userId: number; answers: Record<string, unknown>; reason?: string },
  now: Date = new Date(),
) {
  return saveAnswer(scope, p, lang, b, now, { owner: true });
}

/** An owned answer as the viewer receives it (redacted by role, masked), with its definition version. */
export async function presentOwnedAnswer(scope: TenantScope, p: Principal, answerId: number, route: string) {
  const row = await findAnswer(scope, answerId);
  if (!row) return null;
  const definition = await requireDefinition(scope, row.formId, row.formVersion);
  return { definition, answer: await presentAnswer(scope, p, definition, row, route) };
}

/** The answer id of an owned event, if it was saved. */
export async function ownedAnswerIdOf(
  scope: TenantScope,
  key: { formId: number; userId: number; eventSign: string },
) {
  return (await findAnswerOfEvent(scope, key))?.id ?? null;
}

/** The editions of an owned answer, newest first. */
export async function ownedEditions(scope: TenantScope, answerId: number) {
  return (await findEditions(scope, answerId)).map(toEditionSummary);
}

/** One edition of an owned answer as the viewer may see it; null when the answer does not exist. */
export async function ownedEdition(
  scope: TenantScope,
  p: Principal,
  answerId: number,
  edition: number,
  route: string,
) {
  const row = await findAnswer(scope, answerId);
  return row ? editionForViewer(scope, p, row, edition, route) : null;
}

/** A definition version of a form. */
export function formDefinitionOf(
  scope: TenantScope,
  formId: number,
  version: number,
): Promise<FormDefinition> {
  return requireDefinition(scope, formId, version);
}

/**
 * The form bound to a purpose; when none is bound (a school made before the purpose had a default), the
 * default form is created as version 1 and bound, so the school can then change it in the builder.
 */
export async function ensureBoundForm(
  scope: TenantScope,
  purpose: FormPurpose,
  fallback: { name: { 'zh-CN': string; 'en-US': string }; columns: FormColumn[]; createdBy: number },
) {
  const bound = await boundFormOf(scope, purpose);
  if (bound) return bound;
  const [setting] = await findSettings(scope, purpose);
  // A school that switched the binding off, or bound a switched-off form, chose that: no default then.
  if (setting && setting.formId !== null) return null;
  const formId = await insertForm(scope, {
    typeId: null,
    purpose,
    name: fallback.name,
    enabled: true,
    createdBy: fallback.createdBy,
  });
  const definition = validFormDefinitionSchema.parse({
    id: String(formId),
    version: 1,
    name: fallback.name,
    columns: fallback.columns,
  });
  await insertVersion(scope, { formId, version: 1, definition, createdBy: fallback.createdBy });
  await upsertSetting(scope, {
    code: purpose,
    formId,
    enabled: true,
    gradeMode: setting?.gradeMode ?? 'star',
  });
  return { id: formId, purpose, name: fallback.name, currentVersion: 1 };
}

/** How the named fields were answered across these owned answers (the case module's question statistics). */
export function ownedValueCounts(scope: TenantScope, answerIds: readonly number[], props: readonly string[]) {
  return countAnswerValues(scope, answerIds, props);
}
