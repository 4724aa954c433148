import type { FieldIssue } from '@psy/contracts';

/**
 * The field issues of a 400 answer (`data.fields`, docs/api.md), for showing each message on its form
 * field. Anything else (no answer, another shape) gives none.
 */
export function fieldIssuesOf(error: unknown): FieldIssue[] {
  const data = (error as { data?: unknown } | null)?.data;
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldIssue =>
      typeof f === 'object' &&
      f !== null &&
      typeof (f as FieldIssue).field === 'string' &&
      typeof (f as FieldIssue).message === 'string',
  );
}

/**
 * The issues of `fieldIssuesOf` that belong to one of the form's fields, grouped by field (a field may
 * have several); the rest are left for a toast.
 */
export function issuesByField<K extends string>(
  issues: readonly FieldIssue[],
  formFields: readonly K[],
): { byField: Partial<Record<K, string[]>>; other: FieldIssue[] } {
  const known = new Set<string>(formFields);
  const byField: Partial<Record<K, string[]>> = {};
  const other: FieldIssue[] = [];
  for (const issue of issues) {
    // A form field named by its whole path (`registration.roleCode`) takes its issues; else `deptIds[2]`
    // belongs to the `deptIds` field.
    const root = known.has(issue.field) ? issue.field : issue.field.replace(/[[.].*$/, '');
    if (known.has(root)) (byField[root as K] ??= []).push(issue.message);
    else other.push(issue);
  }
  return { byField, other };
}
