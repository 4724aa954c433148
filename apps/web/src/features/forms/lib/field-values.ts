import type { AnswerMap, FieldType } from '@psy/forms';

/**
 * Conversions between the answer map's values and what the light controls hold (native date and time
 * inputs, number text boxes), and which field types load their control lazily.
 */

/** Field types whose control is a heavier Ant Design component loaded only when a form has one. */
export const LAZY_FIELD_TYPES: readonly FieldType[] = ['select', 'cascader', 'tree', 'slider', 'signature'];
export const isLazyFieldType = (type: FieldType) => LAZY_FIELD_TYPES.includes(type);

/** A number text box's value for the answer: '' clears it, anything unreadable is kept as typed text. */
export function numberFromInput(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : trimmed;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO 8601 instant as a `datetime-local` input shows it (local time, minutes). */
export function isoToLocalInput(value: unknown): string {
  if (typeof value !== 'string' || value === '') return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` input's value as the ISO 8601 instant the answer stores. */
export function localInputToIso(text: string): string | undefined {
  if (text === '') return undefined;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
}

/** Grade levels A-D store 1-4 (spec S0.3.38). */
export const GRADE_LEVELS = ['A', 'B', 'C', 'D'] as const;

/** A value as a text box shows it. */
export const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

/** The answer with one key set, or removed when the value is undefined. */
export function withValue(answer: AnswerMap, key: string, value: unknown): AnswerMap {
  const next = { ...answer };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

/** The rows of a table answer (S0.3.33), each a record of its columns. */
export function tableRows(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter(
        (r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r),
      )
    : [];
}
