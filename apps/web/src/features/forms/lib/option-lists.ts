import {
  chosenValues,
  flattenOptions,
  isListPath,
  listLabelKey,
  otherTextKey,
  resolveOptionList,
  sameOption,
  type AnswerMap,
  type FieldOption,
  type FormColumn,
  type ResolvedOptionList,
} from '@psy/forms';

/**
 * Option lists named by a path (docs/forms.md "Option lists by path"): which calls a form needs for its
 * current answer, the options they give, and the chosen values a new list no longer holds.
 */

/** The list calls of a definition for the current answer: one per `dicUrl`, known paths only. */
export function listRequests(
  columns: readonly Pick<FormColumn, 'dicUrl'>[],
  answer: AnswerMap,
): ResolvedOptionList[] {
  const seen = new Set<string>();
  const out: ResolvedOptionList[] = [];
  for (const c of columns) {
    if (!isListPath(c.dicUrl) || seen.has(c.dicUrl)) continue;
    seen.add(c.dicUrl);
    const list = resolveOptionList(c.dicUrl, answer);
    if (list.spec) out.push(list);
  }
  return out;
}

export type ListState =
  /** Asked for, not answered yet: the column's own options (if any) meanwhile. */
  | { status: 'pending' }
  /** A placeholder is empty: no options until those fields are answered. */
  | { status: 'waiting'; props: string[] }
  | { status: 'ready'; options: FieldOption[] }
  /** The call failed (not served yet, not allowed): the column's own options (if any) stay. */
  | { status: 'failed' };

/** The renderer's options of the lists (by dicUrl): ready lists, and none for a waiting one. */
export function listOptions(states: Readonly<Record<string, ListState>>): Record<string, FieldOption[]> {
  const out: Record<string, FieldOption[]> = {};
  for (const [dicUrl, state] of Object.entries(states)) {
    if (state.status === 'ready') out[dicUrl] = state.options;
    else if (state.status === 'waiting') out[dicUrl] = [];
  }
  return out;
}

/**
 * The props whose chosen value a ready (or waiting: no options) list no longer holds, e.g. the
 * counsellor of another category after the category changed: they are cleared like a hidden answer.
 * Only fields the viewer may change (`mayClear`); lists still loading or failed clear nothing; a value the
 * stored answer holds for the same list (`held`, from `heldForCheck`) stays, as the server keeps it.
 */
export function valuesOutsideLists(
  columns: readonly FormColumn[],
  answer: AnswerMap,
  states: Readonly<Record<string, ListState>>,
  mayClear: (prop: string) => boolean,
  held: AnswerMap = {},
): string[] {
  const out: string[] = [];
  for (const c of columns) {
    if (!isListPath(c.dicUrl)) continue;
    const state = states[c.dicUrl];
    if (!state || (state.status !== 'ready' && state.status !== 'waiting')) continue;
    const chosen = chosenValues(answer[c.prop]);
    if (chosen.length === 0 || !mayClear(c.prop)) continue;
    const all = state.status === 'ready' ? flattenOptions(state.options) : [];
    const kept = chosenValues(held[c.prop]);
    const missing = (v: string | number) =>
      !all.some((o) => sameOption(o.value, v)) && !kept.some((k) => sameOption(k, v));
    if (chosen.some(missing)) out.push(c.prop);
  }
  return out;
}

/** The answer without these fields' values (and their 'other' texts). */
export function clearValues(answer: AnswerMap, props: readonly string[]): AnswerMap {
  if (props.length === 0) return answer;
  const next = { ...answer };
  for (const prop of props) {
    delete next[prop];
    delete next[otherTextKey(prop)];
  }
  return next;
}

/**
 * The column's options plus, when its saved value is no longer in its list, that value with the label
 * it was saved with (`<prop>_label`, written by the server), switched off: old records still read as a
 * name, and nobody picks it anew.
 */
export function withSavedLabel(
  c: FormColumn,
  options: readonly FieldOption[] | undefined,
  answer: AnswerMap,
): readonly FieldOption[] | undefined {
  if (!isListPath(c.dicUrl)) return options;
  const value = answer[c.prop];
  const saved = answer[listLabelKey(c.prop)];
  if (typeof saved !== 'string' || saved === '' || (typeof value !== 'string' && typeof value !== 'number'))
    return options;
  if (flattenOptions(options ?? []).some((o) => sameOption(o.value, value))) return options;
  return [...(options ?? []), { value, label: { 'zh-CN': saved, 'en-US': saved }, disabled: true }];
}
