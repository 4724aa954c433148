import {
  checkDefinition,
  columnFromLibrary,
  FIELD_LIBRARY,
  flattenOptions,
  OTHER_OPTION_VALUE,
  validFormDefinitionSchema,
  type DefinitionIssue,
  type FieldOption,
  type FieldType,
  type FormColumn,
  type FormDefinition,
  type LocalizedText,
  type LogicJumpRule,
  type RequiredRules,
  canonicalJson,
} from '@psy/forms';

/**
 * Pure steps of the form builder (spec S0.3.35-S0.3.38, issue 6 "Builder"): add fields from the field
 * library or blank ones, order them, configure them, and check the draft with the engine's own schema and
 * `checkDefinition` before it is saved as a new version. Every step returns new arrays (React state).
 */

/** Field types an administrator can add as a blank field (the library covers the rest). */
export const CUSTOM_FIELD_TYPES: readonly FieldType[] = [
  'input',
  'textarea',
  'radio',
  'radioInput',
  'checkbox',
  'select',
  'cascader',
  'tree',
  'title',
  'richTxt',
  'date',
  'datetime',
  'number',
  'slider',
  'star',
  'grade',
  'timeGrid',
];

const CHOICE_TYPES: readonly FieldType[] = ['radio', 'radioInput', 'checkbox', 'select', 'cascader', 'tree'];
export const isChoiceType = (type: FieldType) => CHOICE_TYPES.includes(type);

const text = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });
export const OTHER_OPTION: FieldOption = { value: OTHER_OPTION_VALUE, label: text('其他', 'Other') };

/** A prop not used yet in the form: `field_<n>` with the smallest free n. */
export function freeProp(columns: readonly FormColumn[], base = 'field'): string {
  const used = new Set(columns.flatMap((c) => [c.prop, ...(c.richItems ?? []).flatMap((i) => i.prop ?? [])]));
  for (let n = 1; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A blank column of a type, with two options for choice types and a sentence for rich text. */
export function blankColumn(
  columns: readonly FormColumn[],
  type: FieldType,
  label: LocalizedText,
): FormColumn {
  const prop = freeProp(columns);
  const column: FormColumn = { prop, type, label };
  if (isChoiceType(type)) {
    column.dicData = [
      { value: 1, label: text('选项1', 'Option 1') },
      { value: 2, label: text('选项2', 'Option 2') },
    ];
  }
  if (type === 'radioInput') column.dicData = [...(column.dicData ?? []), OTHER_OPTION];
  if (type === 'richTxt') {
    column.richItems = [
      { type: 'text', content: text('本人', 'I,') },
      { type: 'input', prop: `rich_${prop}_1`, width: 120 },
      { type: 'period' },
    ];
  }
  return column;
}

/** Library fields not in the form yet, in the library's order. */
export function availableLibraryFields(columns: readonly FormColumn[]) {
  const used = new Set(columns.map((c) => c.prop));
  return FIELD_LIBRARY.filter((f) => !used.has(f.prop));
}

/** Adds a library field at the end; a field already in the form is not added twice. */
export function addLibraryField(columns: readonly FormColumn[], prop: string): FormColumn[] {
  if (columns.some((c) => c.prop === prop)) return [...columns];
  return [...columns, columnFromLibrary(prop)];
}

/** Moves a column up (-1) or down (+1); at either end nothing moves. */
export function moveColumn(columns: readonly FormColumn[], prop: string, delta: -1 | 1): FormColumn[] {
  const i = columns.findIndex((c) => c.prop === prop);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= columns.length) return [...columns];
  const next = [...columns];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/**
 * Removes a column and every reference to it (logic-jump targets, conditions), so the draft stays
 * valid; a jump rule left without targets and a condition list left empty go too.
 */
export function removeColumn(columns: readonly FormColumn[], prop: string): FormColumn[] {
  return columns
    .filter((c) => c.prop !== prop)
    .map((c) => {
      const next: FormColumn = { ...c };
      if (c.logicJumpRules) {
        const rules = c.logicJumpRules
          .map((r) => ({ ...r, questionValue: r.questionValue.filter((q) => q !== prop) }))
          .filter((r) => r.questionValue.length > 0);
        next.logicJumpRules = rules;
        if (rules.length === 0) delete next.isOpenLogicJump;
      }
      if (c.visibleWhen?.prop === prop) delete next.visibleWhen;
      if (c.requiredRules) {
        const conditions = c.requiredRules.conditions.filter((cond) => cond.prop !== prop);
        if (conditions.length === 0) delete next.requiredRules;
        else next.requiredRules = { ...c.requiredRules, conditions };
      }
      return next;
    });
}

/** Replaces settings of one column (undefined removes a setting). */
export function updateColumn(
  columns: readonly FormColumn[],
  prop: string,
  patch: Partial<FormColumn>,
): FormColumn[] {
  return columns.map((c) => {
    if (c.prop !== prop) return c;
    const next = { ...c, ...patch } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    return next as FormColumn;
  });
}

/** Questions a logic jump of `prop` may target: the later ones that hold an answer (S0.4.7). */
export function jumpTargets(columns: readonly FormColumn[], prop: string): FormColumn[] {
  const i = columns.findIndex((c) => c.prop === prop);
  return i < 0 ? [] : columns.slice(i + 1).filter((c) => c.type !== 'title');
}

/** Questions a required rule of `prop` may depend on: the other choice questions. */
export function conditionSources(columns: readonly FormColumn[], prop: string): FormColumn[] {
  return columns.filter((c) => c.prop !== prop && isChoiceType(c.type));
}

/** Sets the targets of the logic-jump rule for one option; no targets removes the rule. */
export function setJumpRule(
  column: FormColumn,
  optionValue: FieldOption['value'],
  targets: string[],
): FormColumn {
  const others = (column.logicJumpRules ?? []).filter((r) => String(r.optionValue) !== String(optionValue));
  const rules: LogicJumpRule[] =
    targets.length > 0 ? [...others, { optionValue, questionValue: targets }] : others;
  const next: FormColumn = { ...column, logicJumpRules: rules, isOpenLogicJump: rules.length > 0 };
  if (rules.length === 0) {
    delete next.logicJumpRules;
    delete next.isOpenLogicJump;
  }
  return next;
}

/** The targets of the logic-jump rule for one option. */
export function jumpRuleTargets(column: FormColumn, optionValue: FieldOption['value']): string[] {
  return (
    column.logicJumpRules?.find((r) => String(r.optionValue) === String(optionValue))?.questionValue ?? []
  );
}

/** Sets the required rule (S0.3.35 calcFlag 1 any, 2 all); no conditions removes it. */
export function setRequiredRules(column: FormColumn, rules: RequiredRules | null): FormColumn {
  const next = { ...column };
  if (rules && rules.conditions.length > 0) next.requiredRules = rules;
  else delete next.requiredRules;
  return next;
}

/** Switches the 'other' option (value 0, S0.3.37) on or off; on adds the option when it is missing. */
export function setOtherOption(column: FormColumn, on: boolean): FormColumn {
  const options = column.dicData ?? [];
  const hasOther = options.some((o) => String(o.value) === String(OTHER_OPTION_VALUE));
  if (on) {
    return { ...column, otherInputOpen: true, dicData: hasOther ? options : [...options, OTHER_OPTION] };
  }
  const next: FormColumn = {
    ...column,
    dicData: options.filter((o) => String(o.value) !== String(OTHER_OPTION_VALUE)),
  };
  delete next.otherInputOpen;
  return next;
}

/** Adds an option with the next free whole value (never 0, which is 'other'). */
export function addOption(column: FormColumn, label: LocalizedText): FormColumn {
  const options = column.dicData ?? [];
  // Unique across nested options too (a cascader's or tree's values are one set).
  const numbers = flattenOptions(options)
    .map((o) => Number(o.value))
    .filter((n) => Number.isInteger(n));
  const value = Math.max(0, ...numbers) + 1;
  const other = options.filter((o) => String(o.value) === String(OTHER_OPTION_VALUE));
  const rest = options.filter((o) => String(o.value) !== String(OTHER_OPTION_VALUE));
  // 'other' stays the last option.
  return { ...column, dicData: [...rest, { value, label }, ...other] };
}

/** `checkDefinition` issues grouped by the prop they are about, for showing next to the columns. */
export function issuesByProp(columns: readonly FormColumn[]): Record<string, DefinitionIssue['key'][]> {
  const out: Record<string, DefinitionIssue['key'][]> = {};
  for (const issue of checkDefinition(columns)) (out[issue.prop] ??= []).push(issue.key);
  return out;
}

/** Whether the draft may be saved: the engine's schema and structural checks (the server checks again). */
export function draftProblems(definition: FormDefinition): string[] {
  const result = validFormDefinitionSchema.safeParse(definition);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

/** What the builder saves, as one comparable text: a draft differs from its baseline when this differs. */
export function builderSnapshot(draft: {
  name: LocalizedText;
  purpose: string;
  typeId: number | null;
  enabled: boolean;
  columns: readonly FormColumn[];
}): string {
  // Key order does not count: a setting removed and set again is the same draft.
  return canonicalJson([draft.name, draft.purpose, draft.typeId, draft.enabled, draft.columns]);
}
