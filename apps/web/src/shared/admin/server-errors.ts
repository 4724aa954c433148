import type { FieldIssue } from '@psy/contracts';
import { fieldIssuesOf, issuesByField } from '../api/field-issues';
import { isApiError } from '../api/request';

/** A form field's name as antd takes it (`name` or a path such as `['texts', 'zh-CN', 'title']`). */
export type FieldName = string | number | readonly (string | number)[];

export interface PlacedErrors {
  /** The messages to show on form fields. */
  fields: { name: FieldName; errors: string[] }[];
  /** What to show as a toast: issues no field shows, or the failure itself; null when the fields say it all. */
  toast: string | null;
}

/**
 * Where a failed save's problems belong (docs/api.md: a 400 answers `data.fields: [{field, message}]`):
 * each issue naming one of the form's fields goes on that field (`fieldOf` maps a server field to the
 * form's name for it, e.g. `status` to the `enabled` switch); anything else (other issues, a refusal
 * without fields, no answer) becomes one toast with the server's message, or `fallback`.
 */
export function placeServerErrors<K extends string>(
  error: unknown,
  formFields: readonly K[],
  options: { fallback: string; fieldOf?: Partial<Record<K, FieldName>> },
): PlacedErrors {
  const issues: FieldIssue[] = fieldIssuesOf(error);
  const { byField, other } = issuesByField(issues, formFields);
  const fields = (Object.entries(byField) as [K, string[]][]).map(([field, errors]) => ({
    name: options.fieldOf?.[field] ?? field,
    errors,
  }));
  const isWhole = fields.length > 0 && other.length === 0;
  return { fields, toast: isWhole ? null : isApiError(error) ? error.message : options.fallback };
}

/** The fields whose server errors go when the user edits them (a server error belongs to the old value). */
export function editedFields(changed: object): { name: string; errors: string[] }[] {
  return Object.keys(changed).map((name) => ({ name, errors: [] }));
}
