import { useCallback, useState } from 'react';

type Issues<F extends string, I> = Partial<Record<F, I>>;

function withIssue<F extends string, I>(issues: Issues<F, I>, field: F, issue: I | null): Issues<F, I> {
  if ((issues[field] ?? null) === issue) return issues;
  const next = { ...issues };
  if (issue === null) delete next[field];
  else next[field] = issue;
  return next;
}

/**
 * Values and rule issues of a small form. A field's rule runs once the user leaves it filled in, or at the
 * first submit; from then on it runs on every change, so a message goes away as soon as it is fixed.
 */
export function useCheckedFields<F extends string, I>(
  initial: Record<F, string>,
  check: (field: F, values: Record<F, string>) => I | null,
) {
  const [values, setValues] = useState(initial);
  const [issues, setIssues] = useState<Issues<F, I>>({});
  const [liveFields, setLiveFields] = useState<ReadonlySet<F>>(() => new Set());

  const change = (field: F, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (liveFields.has(field)) setIssues((current) => withIssue(current, field, check(field, next)));
  };

  const leave = (field: F) => {
    if (values[field] === '' || liveFields.has(field)) return;
    setLiveFields((fields) => new Set([...fields, field]));
    setIssues((current) => withIssue(current, field, check(field, values)));
  };

  /** Runs the rules of `fields` (all of them at a submit) and answers the issues found. */
  const checkFields = (fields: readonly F[]): Issues<F, I> => {
    let next = issues;
    for (const field of fields) next = withIssue(next, field, check(field, values));
    setIssues(next);
    setLiveFields((current) => new Set([...current, ...fields]));
    return next;
  };

  /** Empties a field and forgets its issue (a used captcha). */
  const clear = useCallback((field: F) => {
    setValues((current) => ({ ...current, [field]: '' }));
    setIssues((current) => withIssue(current, field, null));
    setLiveFields((current) => {
      const next = new Set(current);
      next.delete(field);
      return next;
    });
  }, []);

  return { values, issues, change, leave, checkFields, clear };
}
