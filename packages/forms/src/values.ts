import type { AnswerCondition, AnswerMap, AnswerValue, FieldOption, OptionValue } from './definition';

/** Empty for "required": absent, null, blank text, an empty list or an empty object. */
export function isEmptyValue(value: AnswerValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

const isScalar = (v: unknown): v is string | number => typeof v === 'string' || typeof v === 'number';

/** The chosen option values of an answer: a scalar or a list of scalars (others ignored). */
export function chosenValues(value: AnswerValue): (string | number)[] {
  if (isScalar(value)) return [value];
  if (Array.isArray(value)) return value.filter(isScalar);
  return [];
}

/** Option values compare as text: dictionaries store '1', builders store 1. */
export const sameOption = (a: OptionValue, b: OptionValue) => String(a) === String(b);

/** Whether an answer holds one of the values. */
export function holdsAny(value: AnswerValue, values: readonly OptionValue[]): boolean {
  return chosenValues(value).some((v) => values.some((w) => sameOption(v, w)));
}

export function conditionMet(cond: AnswerCondition, valueOf: (prop: string) => AnswerValue): boolean {
  return holdsAny(valueOf(cond.prop), cond.values);
}

/** Every option of a (possibly nested) option list. */
export function flattenOptions(options: readonly FieldOption[]): FieldOption[] {
  const out: FieldOption[] = [];
  const walk = (list: readonly FieldOption[]) => {
    for (const o of list) {
      out.push(o);
      if (o.children) walk(o.children);
    }
  };
  walk(options);
  return out;
}

/** Canonical JSON (sorted object keys), for comparing answers whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export const sameValue = (a: AnswerValue, b: AnswerValue) => canonicalJson(a) === canonicalJson(b);

/** A shallow copy without undefined entries. */
export function compact(answer: AnswerMap): AnswerMap {
  const out: AnswerMap = {};
  for (const [k, v] of Object.entries(answer)) if (v !== undefined) out[k] = v;
  return out;
}
