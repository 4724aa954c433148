import {
  COMPANION_SUFFIXES,
  DICTIONARIES,
  FIELD_LIBRARY,
  flattenOptions,
  isListPath,
  LIST_PATHS,
  MASK_KINDS,
  OTHER_OPTION_VALUE,
  RICH_PROP_PREFIX,
  type FieldOption,
  type FieldType,
  type FormColumn,
  type LocalizedText,
  type MaskKind,
  type TableColumn,
} from '@psy/forms';
import { isChoiceType } from './builder';
import { withoutEmptyRules } from './builder-settings';

/**
 * Pure steps of the builder for the per-type properties of a column (docs/forms.md "Builder"): where the
 * options come from (`dicData` / `dicUrl`), switched-off options, nested options, `readonly`, `format`,
 * `mask`, `multiple` / `limit`, number bounds (`min` / `max` / `step` / `integer`), the placeholder, the
 * grading explanation, reading-time enforcement and the options of a table's choice columns. Each step
 * returns a new column; an emptied setting is removed, and the limits are the model's (definition.ts), so
 * what the builder saves is what `validFormDefinitionSchema` accepts.
 */

const text = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

/** Sets or removes (undefined) properties of a column. */
function withProps(column: FormColumn, patch: Partial<FormColumn>): FormColumn {
  const next = { ...column, ...patch } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
  return next as FormColumn;
}

const emptyText = (t: LocalizedText | undefined) =>
  !t || (t['zh-CN'].trim() === '' && t['en-US'].trim() === '');

// --- which property applies to which type ------------------------------------------------------------

/** Text formats (S0.5.2-S0.5.4) for text fields; the birthday rule (S0.5.6) for dates. */
export const FORMATS_BY_TYPE: Partial<Record<FieldType, readonly NonNullable<FormColumn['format']>[]>> = {
  input: ['phone', 'email', 'idCard'],
  textarea: ['phone', 'email', 'idCard'],
  date: ['birthday'],
};
export const formatsFor = (type: FieldType) => FORMATS_BY_TYPE[type] ?? [];

/** Masking (S0.3.32) is for a text value: a name, a phone number or an ID card number. */
export const MASK_TYPES: readonly FieldType[] = ['input', 'textarea'];
/** `multiple` is for a select and a tree (a checkbox is always several; a cascader value is one path). */
export const MULTIPLE_TYPES: readonly FieldType[] = ['select', 'tree'];
/** Types with a placeholder shown in an empty control. */
export const PLACEHOLDER_TYPES: readonly FieldType[] = ['input', 'textarea', 'select', 'cascader', 'tree'];
/** Types with value bounds; a star field only has a largest value (its number of stars). */
export const BOUND_TYPES: readonly FieldType[] = ['number', 'slider'];
/** Number of stars a star field may have. */
export const STAR_MAX_RANGE = { min: 2, max: 10 } as const;
/** Types whose value a person types or chooses: `readonly` applies to them. */
export const hasAnswer = (type: FieldType) => type !== 'title' && type !== 'richTxt';

export const takesLimit = (c: FormColumn) =>
  c.type === 'checkbox' || (MULTIPLE_TYPES.includes(c.type) && c.multiple === true);

// --- where the options come from (dicData / dicUrl) --------------------------------------------------

/**
 * The option-list convention (docs/forms.md "Option lists"): a `dicUrl` with a leading slash is a list path
 * (without `/biz`, `{prop}` placeholders filled from the answer), otherwise the name of a school dictionary.
 */
export type ListPathKey = keyof typeof LIST_PATHS;
/** The list paths the builder offers, from the engine's one table (`@psy/forms` option-lists). */
export const BUILDER_LIST_PATHS = (Object.keys(LIST_PATHS) as ListPathKey[]).map((key) => ({
  key,
  path: LIST_PATHS[key] as string,
}));
export const listPathKey = (path: string): ListPathKey | undefined =>
  BUILDER_LIST_PATHS.find((l) => l.path === path)?.key;

export type OptionSource =
  { kind: 'inline' } | { kind: 'dictionary'; name: string } | { kind: 'list'; path: string };

export function optionSourceOf(column: FormColumn): OptionSource {
  const url = column.dicUrl?.trim();
  if (!url) return { kind: 'inline' };
  return isListPath(url) ? { kind: 'list', path: url } : { kind: 'dictionary', name: url };
}

/** The seeded items of a dictionary as options (the fallback the engine uses without a loaded list). */
export function seededOptions(name: string): FieldOption[] | undefined {
  const seed = DICTIONARIES.find((d) => d.name === name);
  return seed?.items.map(([value, zh, en]) => ({ value, label: text(zh, en) }));
}

/** Dictionary names offered by the builder: the school's, the seeded ones, and any the form already names. */
export function dictionaryNames(
  school: readonly string[],
  columns: readonly FormColumn[],
): { value: string; label: string }[] {
  const names = [
    ...school,
    ...DICTIONARIES.map((d) => d.name),
    ...columns.flatMap((c) => {
      const s = optionSourceOf(c);
      return s.kind === 'dictionary' ? [s.name] : [];
    }),
  ];
  return [...new Set(names)].map((n) => ({ value: n, label: n }));
}

/** The list paths offered: the known ones, and one the form already names. */
export function listPathOptions(column: FormColumn): string[] {
  const known = BUILDER_LIST_PATHS.map((l) => l.path);
  const s = optionSourceOf(column);
  return s.kind === 'list' && !known.includes(s.path) ? [...known, s.path] : known;
}

/**
 * Changes where the options come from. Inline keeps the current options (or starts with two); a dictionary
 * keeps its seeded items as the fallback (`dicData`), a list path has none. Logic-jump rules of option
 * values that are no longer offered go (they could not be seen or edited any more), and so does the
 * 'other' option of a list.
 */
export function setOptionSource(column: FormColumn, source: OptionSource): FormColumn {
  let next: FormColumn;
  if (source.kind === 'inline') {
    const options =
      column.dicData && column.dicData.length > 0
        ? column.dicData
        : [
            { value: 1, label: text('选项1', 'Option 1') },
            { value: 2, label: text('选项2', 'Option 2') },
          ];
    next = withProps(column, { dicUrl: undefined, dicData: options });
  } else if (source.kind === 'dictionary') {
    const name = source.name.trim().slice(0, 300);
    if (!name) return column;
    next = withProps(column, { dicUrl: name, dicData: seededOptions(name) });
  } else {
    const path = source.path.trim().slice(0, 300);
    if (!isListPath(path)) return column;
    next = withProps(column, { dicUrl: path, dicData: undefined, otherInputOpen: undefined });
  }
  const values = new Set(flattenOptions(next.dicData ?? []).map((o) => String(o.value)));
  if (column.type === 'radioInput' || next.otherInputOpen) values.add(String(OTHER_OPTION_VALUE));
  if (next.logicJumpRules) {
    const rules = next.logicJumpRules.filter((r) => values.has(String(r.optionValue)));
    next = withProps(next, {
      logicJumpRules: rules.length > 0 ? rules : undefined,
      isOpenLogicJump: rules.length > 0 ? next.isOpenLogicJump : undefined,
    });
  }
  return next;
}

// --- options: switched off, nested -------------------------------------------------------------------

/** Maps the options of a list, nested ones included. */
function mapOptions(
  options: readonly FieldOption[],
  fn: (o: FieldOption) => FieldOption | null,
): FieldOption[] {
  const out: FieldOption[] = [];
  for (const o of options) {
    const mapped = fn(o);
    if (!mapped) continue;
    out.push(mapped.children ? { ...mapped, children: mapOptions(mapped.children, fn) } : mapped);
  }
  return out;
}

/**
 * Switches an option off (or on again): old answers keep it, new answers may not choose it (the engine
 * refuses it when the server passes the stored answer; the renderer does not offer it).
 */
export function setOptionDisabled(column: FormColumn, value: FieldOption['value'], off: boolean): FormColumn {
  return {
    ...column,
    dicData: mapOptions(column.dicData ?? [], (o) => {
      if (String(o.value) !== String(value)) return o;
      const next = { ...o };
      if (off) next.disabled = true;
      else delete next.disabled;
      return next;
    }),
  };
}

/** The next free whole option value in the whole (nested) list, never 0 ('other'). */
export function freeOptionValue(options: readonly FieldOption[]): number {
  const numbers = flattenOptions(options)
    .map((o) => Number(o.value))
    .filter((n) => Number.isInteger(n));
  return Math.max(0, ...numbers) + 1;
}

/** Adds a nested option under `parent` (cascader and tree). */
export function addChildOption(
  column: FormColumn,
  parent: FieldOption['value'],
  label: LocalizedText,
): FormColumn {
  const value = freeOptionValue(column.dicData ?? []);
  return {
    ...column,
    dicData: mapOptions(column.dicData ?? [], (o) =>
      String(o.value) === String(parent) ? { ...o, children: [...(o.children ?? []), { value, label }] } : o,
    ),
  };
}

/** Options with their depth, in display order (for editing a nested list as rows). */
export function optionRows(
  options: readonly FieldOption[],
  depth = 0,
): { option: FieldOption; depth: number }[] {
  return options.flatMap((o) => [{ option: o, depth }, ...optionRows(o.children ?? [], depth + 1)]);
}

/** Relabels an option anywhere in a nested list. */
export function relabelNestedOption(
  column: FormColumn,
  value: FieldOption['value'],
  lang: keyof LocalizedText,
  label: string,
): FormColumn {
  return {
    ...column,
    dicData: mapOptions(column.dicData ?? [], (o) =>
      String(o.value) === String(value) ? { ...o, label: { ...o.label, [lang]: label } } : o,
    ),
  };
}

/** Removes an option anywhere in a nested list (with its children), and the jump rules of the values gone. */
export function removeNestedOption(column: FormColumn, value: FieldOption['value']): FormColumn {
  const removed = new Set<string>();
  const dicData = mapOptions(column.dicData ?? [], (o) => {
    if (String(o.value) !== String(value)) return o;
    for (const gone of flattenOptions([o])) removed.add(String(gone.value));
    return null;
  });
  const rules = (column.logicJumpRules ?? []).filter((r) => !removed.has(String(r.optionValue)));
  return withProps(
    { ...column, dicData },
    column.logicJumpRules
      ? {
          logicJumpRules: rules.length > 0 ? rules : undefined,
          isOpenLogicJump: rules.length > 0 ? column.isOpenLogicJump : undefined,
        }
      : {},
  );
}

// --- per-type settings -------------------------------------------------------------------------------

export const setReadonly = (column: FormColumn, on: boolean) =>
  withProps(column, { readonly: on ? true : undefined });

export function setFormat(column: FormColumn, format: FormColumn['format'] | undefined): FormColumn {
  const allowed = formatsFor(column.type);
  return withProps(column, { format: format && allowed.includes(format) ? format : undefined });
}

export function setMask(column: FormColumn, mask: MaskKind | undefined): FormColumn {
  return withProps(column, {
    mask: mask && MASK_KINDS.includes(mask) && MASK_TYPES.includes(column.type) ? mask : undefined,
  });
}

/** `multiple` on or off; off also drops the limit (one value has no limit). */
export function setMultiple(column: FormColumn, on: boolean): FormColumn {
  if (!MULTIPLE_TYPES.includes(column.type)) return column;
  return withProps(column, on ? { multiple: true } : { multiple: undefined, limit: undefined });
}

/** The most options a several-valued field may hold: a whole number 1-500, or no limit. */
export function setLimit(column: FormColumn, limit: number | undefined): FormColumn {
  const n = limit === undefined || !Number.isFinite(limit) ? undefined : Math.floor(limit);
  return withProps(column, {
    limit: n !== undefined && n >= 1 && takesLimit(column) ? Math.min(500, n) : undefined,
  });
}

export interface NumberBounds {
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
}

/**
 * Bounds of a number or slider; `step` must be positive. `integer`: a number is whole only when set, a
 * slider is whole unless set to false (the engine's defaults), so only the non-default is stored.
 */
export function setNumberBounds(column: FormColumn, bounds: NumberBounds): FormColumn {
  if (column.type === 'star') {
    const max =
      bounds.max === undefined
        ? undefined
        : Math.max(STAR_MAX_RANGE.min, Math.min(STAR_MAX_RANGE.max, Math.floor(bounds.max)));
    return withProps(column, { max });
  }
  if (!BOUND_TYPES.includes(column.type)) return column;
  const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n : undefined);
  const step = finite(bounds.step);
  const wholeByDefault = column.type === 'slider';
  const integer =
    bounds.integer === undefined || bounds.integer === wholeByDefault ? undefined : bounds.integer;
  return withProps(column, {
    min: finite(bounds.min),
    max: finite(bounds.max),
    step: step !== undefined && step > 0 ? step : undefined,
    integer,
  });
}

/** Whether a number field only takes whole numbers (the engine's default per type). */
export const isWhole = (c: FormColumn) => (c.type === 'slider' ? c.integer !== false : c.integer === true);

export function setPlaceholder(column: FormColumn, placeholder: LocalizedText): FormColumn {
  return withProps(column, { placeholder: emptyText(placeholder) ? undefined : placeholder });
}

/** The grading explanation is required when the result is inconsistent unless switched off (default on). */
export const setGradingDescRequired = (column: FormColumn, on: boolean) =>
  withProps(column, { gradingResultsDescRequired: on ? undefined : false });

/** Reading time in seconds (0-3600) and whether the renderer enforces it (on by default with a time). */
export function setReadingTime(column: FormColumn, seconds: number, enforce = true): FormColumn {
  const n = Math.max(0, Math.min(3600, Math.floor(Number.isFinite(seconds) ? seconds : 0)));
  return withProps(column, {
    readingTime: n > 0 ? n : undefined,
    isDelayCheck: n > 0 && enforce ? true : undefined,
  });
}

// --- options of a table's choice column (visitorSelfAssessRules) -------------------------------------

function updateTableCol(column: FormColumn, index: number, fn: (tc: TableColumn) => TableColumn): FormColumn {
  return {
    ...column,
    tableColumns: (column.tableColumns ?? []).map((tc, i) => (i === index ? fn(tc) : tc)),
  };
}

/** A table column becomes a choice column with two options (or keeps the ones it has). */
export function makeTableChoice(column: FormColumn, index: number): FormColumn {
  return updateTableCol(column, index, (tc) => {
    const next: TableColumn = { ...tc, type: 'select' };
    delete next.min;
    delete next.max;
    delete next.maxlength;
    if (!next.dicData || next.dicData.length === 0) {
      next.dicData = [
        { value: 1, label: text('选项1', 'Option 1') },
        { value: 2, label: text('选项2', 'Option 2') },
      ];
    }
    return next;
  });
}

export function addTableOption(column: FormColumn, index: number, label: LocalizedText): FormColumn {
  return updateTableCol(column, index, (tc) => ({
    ...tc,
    dicData: [...(tc.dicData ?? []), { value: freeOptionValue(tc.dicData ?? []), label }],
  }));
}

export function relabelTableOption(
  column: FormColumn,
  index: number,
  value: FieldOption['value'],
  lang: keyof LocalizedText,
  label: string,
): FormColumn {
  return updateTableCol(column, index, (tc) => ({
    ...tc,
    dicData: (tc.dicData ?? []).map((o) =>
      String(o.value) === String(value) ? { ...o, label: { ...o.label, [lang]: label } } : o,
    ),
  }));
}

/** Removes an option of a table's choice column; the last one stays (a choice column needs options). */
export function removeTableOption(
  column: FormColumn,
  index: number,
  value: FieldOption['value'],
): FormColumn {
  return updateTableCol(column, index, (tc) => {
    const rest = (tc.dicData ?? []).filter((o) => String(o.value) !== String(value));
    return rest.length > 0 ? { ...tc, dicData: rest } : tc;
  });
}

// --- local checks and saving -------------------------------------------------------------------------

/** Problems of a column's settings the schema does not catch, shown at the column (keys of formAdmin.props.problem). */
export function settingProblems(c: FormColumn): ('minAboveMax' | 'limitAboveOptions' | 'noOptions')[] {
  const out: ('minAboveMax' | 'limitAboveOptions' | 'noOptions')[] = [];
  if (c.min !== undefined && c.max !== undefined && c.min > c.max) out.push('minAboveMax');
  const options = c.dicUrl ? undefined : c.dicData;
  if (c.limit !== undefined && options && c.limit > flattenOptions(options).length) {
    out.push('limitAboveOptions');
  }
  if (isChoiceType(c.type) && !c.dicUrl && (c.dicData ?? []).length === 0) out.push('noOptions');
  return out;
}

/**
 * The columns as the builder saves them: rules that do nothing dropped, and settings that do not apply to
 * the column's type removed (a limit on a single select, a mask on a date), so the saved version holds
 * exactly what the builder shows.
 */
export function columnsForSave(columns: readonly FormColumn[]): FormColumn[] {
  return withoutEmptyRules(columns).map((c) => {
    const drop: Partial<FormColumn> = {};
    if (c.format && !formatsFor(c.type).includes(c.format)) drop.format = undefined;
    if (c.mask && !MASK_TYPES.includes(c.type)) drop.mask = undefined;
    if (c.multiple !== undefined && !MULTIPLE_TYPES.includes(c.type)) drop.multiple = undefined;
    if (c.limit !== undefined && !takesLimit(c)) drop.limit = undefined;
    if (c.readonly !== undefined && !hasAnswer(c.type)) drop.readonly = undefined;
    if (c.placeholder && emptyText(c.placeholder)) drop.placeholder = undefined;
    return Object.keys(drop).length > 0 ? withProps(c, drop) : c;
  });
}

// --- renaming a new column's prop --------------------------------------------------------------------

const PROP_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

/**
 * Whether a column's prop may be renamed: only a column added in this draft (not in the saved version,
 * whose answers are keyed by it) and not a library field (its prop carries meaning: named rules,
 * signatures, masking).
 */
export function canRename(prop: string, savedProps: ReadonlySet<string>): boolean {
  return !savedProps.has(prop) && !FIELD_LIBRARY.some((f) => f.prop === prop);
}

export type RenameProblem = 'format' | 'taken' | 'reserved';

/**
 * Renames a column's prop and every reference to it (logic-jump targets, show-when and required-rule
 * conditions); the model's prop rule, uniqueness (rich-text keys included) and the companion suffixes are
 * checked first.
 */
export function renameProp(
  columns: readonly FormColumn[],
  from: string,
  to: string,
): { columns: FormColumn[] } | { problem: RenameProblem } {
  const name = to.trim();
  if (name === from) return { columns: [...columns] };
  if (!PROP_PATTERN.test(name) || name.startsWith(RICH_PROP_PREFIX)) return { problem: 'format' };
  if (COMPANION_SUFFIXES.some((s) => name.endsWith(s))) return { problem: 'reserved' };
  const used = columns.flatMap((c) => [c.prop, ...(c.richItems ?? []).flatMap((i) => i.prop ?? [])]);
  if (used.includes(name)) return { problem: 'taken' };
  const swap = (p: string) => (p === from ? name : p);
  return {
    columns: columns.map((c) => {
      const next: FormColumn = { ...c, prop: swap(c.prop) };
      if (c.logicJumpRules) {
        next.logicJumpRules = c.logicJumpRules.map((r) => ({
          ...r,
          questionValue: r.questionValue.map(swap),
        }));
      }
      if (c.visibleWhen) next.visibleWhen = { ...c.visibleWhen, prop: swap(c.visibleWhen.prop) };
      if (c.requiredRules) {
        next.requiredRules = {
          ...c.requiredRules,
          conditions: c.requiredRules.conditions.map((cond) => ({ ...cond, prop: swap(cond.prop) })),
        };
      }
      return next;
    }),
  };
}
