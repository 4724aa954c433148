import { canSignField, isMaskedValue, signatureCompanionFields, type SignatureField } from '@psy/contracts';
import type {
  AnswerMap,
  AnswerValue,
  FieldOption,
  FormColumn,
  FormDefinition,
  LocalizedText,
} from './definition';
import { DISPLAY_ONLY_TYPES, OPTION_FIELD_TYPES } from './definition';
import { GRADE_RESULT_PROP } from './constants';
import { formError, type FormError } from './errors';
import { signField, type Signer } from './signatures';
import {
  columnOptions,
  companionKeys,
  hasOtherText,
  lastLabelKey,
  lastValueKey,
  listLabelKey,
  otherTextKey,
  valueKeys,
  type EvaluateOptions,
  type Viewer,
} from './evaluate';
import { canonicalJson, chosenValues, flattenOptions, isEmptyValue, sameOption, sameValue } from './values';

/**
 * Answer history (spec S0.3.34, issue 6 "answers keep history"): an edit keeps the previous value and
 * label of each changed field (`<key>_lastValue`, `<key>_lastLabel`); a signed answer is never rewritten:
 * changing it takes an amendment that keeps the original whole. History keys are computed from the
 * stored answer, never taken from a submission.
 */

const HISTORY_SUFFIXES = ['_lastValue', '_lastLabel'];
const isHistoryKey = (key: string) => HISTORY_SUFFIXES.some((s) => key.endsWith(s));

/** The label of a value of a column in both languages (option labels, the 'other' text, plain text). */
export function labelOf(
  column: FormColumn,
  value: AnswerValue,
  answer: AnswerMap = {},
  dictionaries?: EvaluateOptions['dictionaries'],
): LocalizedText {
  const both = (s: string): LocalizedText => ({ 'zh-CN': s, 'en-US': s });
  if (value === undefined || value === null) return both('');
  if (OPTION_FIELD_TYPES.includes(column.type) || column.type === 'grade' || column.type === 'star') {
    const options: readonly FieldOption[] = flattenOptions(columnOptions(column, dictionaries) ?? []);
    // A list-path value no longer in its list reads as the label saved with it.
    const saved = answer[listLabelKey(column.prop)];
    const fallback = (v: string | number) =>
      typeof saved === 'string' && saved !== '' && String(answer[column.prop]) === String(v)
        ? both(saved)
        : both(String(v));
    const labels = chosenValues(value).map((v): LocalizedText => {
      const option = options.find((o) => sameOption(o.value, v));
      const other = hasOtherText(column) && String(v) === '0' ? answer[otherTextKey(column.prop)] : undefined;
      const base = option?.label ?? fallback(v);
      return typeof other === 'string' && other !== ''
        ? { 'zh-CN': `${base['zh-CN']}：${other}`, 'en-US': `${base['en-US']}: ${other}` }
        : base;
    });
    return {
      'zh-CN': labels.map((l) => l['zh-CN']).join('、'),
      'en-US': labels.map((l) => l['en-US']).join(', '),
    };
  }
  if (column.type === 'timeGrid' && Array.isArray(value)) {
    const s = value
      .map(
        (e: { time?: unknown; weeks?: unknown }) =>
          `${String(e?.time)} [${Array.isArray(e?.weeks) ? e.weeks.join(',') : ''}]`,
      )
      .join('; ');
    return both(s);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return both(String(value));
  return both(canonicalJson(value));
}

/** Every answer key a column owns: its values and its companions. */
const ownedKeys = (c: FormColumn) => [...new Set([...valueKeys(c), ...companionKeys(c)])];

/** The keys whose values differ between two answers (history keys ignored), in form order. */
export function changedKeys(
  definition: Pick<FormDefinition, 'columns'>,
  before: AnswerMap,
  after: AnswerMap,
): string[] {
  const out: string[] = [];
  for (const c of definition.columns)
    for (const k of ownedKeys(c)) if (!sameValue(before[k], after[k])) out.push(k);
  return [...new Set(out)];
}

/**
 * Applies an edit: the next answer, with `_lastValue`/`_lastLabel` of each value key that changed from
 * a non-empty previous value; unchanged keys keep their earlier history. History in `next` is ignored.
 */
export function applyEdit(
  definition: Pick<FormDefinition, 'columns'>,
  previous: AnswerMap,
  next: AnswerMap,
  dictionaries?: EvaluateOptions['dictionaries'],
): { answer: AnswerMap; changed: string[] } {
  const answer: AnswerMap = {};
  for (const [k, v] of Object.entries(next)) if (!isHistoryKey(k) && v !== undefined) answer[k] = v;
  for (const c of definition.columns) {
    for (const key of valueKeys(c)) {
      const before = previous[key];
      if (!sameValue(before, next[key]) && !isEmptyValue(before)) {
        answer[lastValueKey(key)] = before;
        const label =
          key === c.prop
            ? labelOf(c, before, previous, dictionaries)
            : labelOf({ ...c, type: 'input' }, before);
        answer[lastLabelKey(key)] = label;
      } else {
        if (previous[lastValueKey(key)] !== undefined)
          answer[lastValueKey(key)] = previous[lastValueKey(key)];
        if (previous[lastLabelKey(key)] !== undefined)
          answer[lastLabelKey(key)] = previous[lastLabelKey(key)];
      }
    }
  }
  return { answer, changed: changedKeys(definition, previous, next) };
}

const signatureColumns = (definition: Pick<FormDefinition, 'columns'>) =>
  definition.columns.filter((c) => c.type === 'signature');
const signatureKeys = (prop: string) => [
  prop,
  ...Object.values(signatureCompanionFields(prop as SignatureField)),
];

/** Whether an answer is signed: any signature column holds a signature. */
export function isSigned(definition: Pick<FormDefinition, 'columns'>, answer: AnswerMap): boolean {
  return signatureColumns(definition).some((c) => !isEmptyValue(answer[c.prop]));
}

/** Errors for every given signature whose value or stamps would change (S0.4.9). */
function signatureLockErrors(
  definition: Pick<FormDefinition, 'columns'>,
  stored: AnswerMap,
  next: AnswerMap,
) {
  const errors: FormError[] = [];
  for (const c of signatureColumns(definition)) {
    if (isEmptyValue(stored[c.prop])) continue;
    if (signatureKeys(c.prop).some((k) => !sameValue(stored[k], next[k])))
      errors.push(formError(c.prop, 'signatureLocked'));
  }
  return errors;
}

export type ChangeDecision =
  | { kind: 'unchanged' }
  /** A plain edit: save `answer` (history applied) as the new version. */
  | { kind: 'edit'; answer: AnswerMap; changed: string[] }
  /** The answer is signed: the change must be saved as an amendment (`buildAmendment`). */
  | { kind: 'amendment'; changed: string[] }
  | { kind: 'refused'; errors: FormError[] };

/**
 * Decides what a new answer is against the stored one. Unsigned: an edit. Signed: filling a signature
 * that is still empty (the supervisor signing after the counsellor) is an edit; any other change is an
 * amendment; changing a given signature is refused.
 */
export function decideChange(
  definition: Pick<FormDefinition, 'columns'>,
  stored: AnswerMap,
  next: AnswerMap,
  dictionaries?: EvaluateOptions['dictionaries'],
): ChangeDecision {
  const changed = changedKeys(definition, stored, next);
  if (changed.length === 0) return { kind: 'unchanged' };
  const locked = signatureLockErrors(definition, stored, next);
  if (locked.length > 0) return { kind: 'refused', errors: locked };
  if (isSigned(definition, stored)) {
    const newlySigned = new Set(
      signatureColumns(definition)
        .filter((c) => isEmptyValue(stored[c.prop]))
        .flatMap((c) => signatureKeys(c.prop)),
    );
    if (changed.some((k) => !newlySigned.has(k))) return { kind: 'amendment', changed };
  }
  return { kind: 'edit', ...applyEdit(definition, stored, next, dictionaries), changed };
}

export interface AmendmentChange {
  key: string;
  from: AnswerValue;
  to: AnswerValue;
  fromLabel: LocalizedText;
  toLabel: LocalizedText;
}

/** An amendment of a signed answer: the original is kept whole beside the amended answer. */
export interface Amendment {
  formId: string;
  formVersion: number;
  original: AnswerMap;
  amended: AnswerMap;
  changes: AmendmentChange[];
  reason: string;
  authorId: string;
  authorName: string;
  /** ISO 8601, UTC. */
  createdAt: string;
}

export const AMENDMENT_REASON_MAX = 1000;

/**
 * Builds the amendment record of a change to a signed answer. Refused when a given signature would
 * change or the reason is missing (or longer than 1000 characters). `original` is a deep copy of the
 * stored answer; `amended` carries the history of the changed fields.
 */
export function buildAmendment(input: {
  definition: Pick<FormDefinition, 'id' | 'version' | 'columns'>;
  stored: AnswerMap;
  next: AnswerMap;
  reason: string;
  author: { userId: string; realName: string };
  at: number | Date;
  dictionaries?: EvaluateOptions['dictionaries'];
}): { ok: true; amendment: Amendment } | { ok: false; errors: FormError[] } {
  const { definition, stored, next } = input;
  const errors = signatureLockErrors(definition, stored, next);
  const reason = input.reason.trim();
  if (reason === '' || [...reason].length > AMENDMENT_REASON_MAX) {
    errors.push(formError('amendmentReason', 'amendmentReason', { max: AMENDMENT_REASON_MAX }));
  }
  if (errors.length > 0) return { ok: false, errors };
  const byKey = new Map(definition.columns.flatMap((c) => ownedKeys(c).map((k) => [k, c] as const)));
  const changes = changedKeys(definition, stored, next).map((key): AmendmentChange => {
    const c = byKey.get(key)!;
    const column = key === c.prop ? c : ({ ...c, type: 'input' } as FormColumn);
    return {
      key,
      from: stored[key],
      to: next[key],
      fromLabel: labelOf(column, stored[key], stored, input.dictionaries),
      toLabel: labelOf(column, next[key], next, input.dictionaries),
    };
  });
  return {
    ok: true,
    amendment: {
      formId: definition.id,
      formVersion: definition.version,
      original: structuredClone(stored),
      amended: applyEdit(definition, stored, next, input.dictionaries).answer,
      changes,
      reason,
      authorId: input.author.userId,
      authorName: input.author.realName,
      createdAt: new Date(typeof input.at === 'number' ? input.at : input.at.getTime()).toISOString(),
    },
  };
}

const rolesMeet = (allowed: readonly string[] | undefined, roles: readonly string[]) =>
  !allowed || allowed.length === 0 || allowed.some((r) => roles.includes(r));

/** Whether a viewer may ever edit a column, whatever the answers (role, switches, signature rules). */
export function mayEditColumn(c: FormColumn, viewer: Viewer, stored: AnswerMap): boolean {
  if (viewer.mode === 'view' || c.isUse === false || c.display === false || c.readonly === true) return false;
  if (DISPLAY_ONLY_TYPES.includes(c.type)) return false;
  if (!rolesMeet(c.visibleCharacters, viewer.roleCodes) || !rolesMeet(c.editableBy, viewer.roleCodes))
    return false;
  if (c.type === 'signature')
    return canSignField(c.prop as SignatureField, viewer.roleCodes) && isEmptyValue(stored[c.prop]);
  return true;
}

/**
 * The server's view of a submission: the stored answer, with the keys of the columns this viewer may
 * edit taken from the submission (absent = cleared). Kept from the stored answer: columns the viewer
 * may not see or edit, masked values sent back unchanged (S0.5.7), given signatures, the grade verdict
 * (`gradeResult_result`, the server's) and all history. Signature stamps are never taken from the
 * submission: a submitted image for a signature the viewer may give is signed with `signField` as
 * `signing.signer` at `signing.at` (without `signing`, submitted signatures are ignored). Evaluate the
 * result, then `decideChange` against the stored answer.
 */
export function mergeSubmission(
  definition: Pick<FormDefinition, 'columns'>,
  stored: AnswerMap,
  submitted: AnswerMap,
  viewer: Viewer,
  signing?: { signer: Signer; at: number | Date },
): AnswerMap {
  let out: AnswerMap = { ...stored };
  for (const c of definition.columns) {
    if (!mayEditColumn(c, viewer, stored)) continue;
    if (c.type === 'signature') {
      const image = submitted[c.prop];
      if (signing && typeof image === 'string' && image !== '') {
        const signed = signField(
          definition,
          out,
          c.prop as SignatureField,
          signing.signer,
          image,
          signing.at,
        );
        if (signed.ok) out = signed.answer;
      }
      continue;
    }
    for (const key of ownedKeys(c)) {
      if (key === GRADE_RESULT_PROP) continue;
      const v = submitted[key];
      if (key === c.prop && c.mask && typeof v === 'string' && isMaskedValue(v)) continue;
      if (v === undefined) delete out[key];
      else out[key] = v;
    }
  }
  return out;
}

/**
 * The answer as sent to a viewer: columns whose visibleCharacters exclude the viewer's roles are removed
 * with their companions and history (S0.6.7: a field a role may not see is not sent to it).
 */
export function redactForViewer(
  definition: Pick<FormDefinition, 'columns'>,
  answer: AnswerMap,
  viewer: Pick<Viewer, 'roleCodes'>,
): AnswerMap {
  const out: AnswerMap = { ...answer };
  for (const c of definition.columns) {
    if (rolesMeet(c.visibleCharacters, viewer.roleCodes)) continue;
    for (const key of [c.prop, ...ownedKeys(c)]) {
      delete out[key];
      delete out[lastValueKey(key)];
      delete out[lastLabelKey(key)];
    }
  }
  return out;
}
