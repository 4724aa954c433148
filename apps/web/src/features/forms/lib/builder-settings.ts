import type {
  AnswerCondition,
  DateLimit,
  FieldRule,
  FormColumn,
  GradeMode,
  LocalizedText,
  RichItem,
  RichItemType,
  TableColumn,
} from '@psy/forms';
import { isChoiceType } from './builder';

/**
 * Pure steps of the builder's advanced settings (spec S0.3.33, S0.3.35, S0.3.36, S0.3.38, S0.5.6, S0.6.7;
 * docs/forms.md "Builder"): rich-text items, table columns, validation rules, show-when conditions, who
 * may see or edit a field, grade mode and date limits. Each returns a new column; a setting emptied is
 * removed, so what is saved stays what `validFormDefinitionSchema` accepts.
 */

const text = (zh: string, en: string): LocalizedText => ({ 'zh-CN': zh, 'en-US': en });

/** Drops the keys whose value is undefined (an emptied setting is not saved). */
function withSettings(column: FormColumn, patch: Partial<FormColumn>): FormColumn {
  const next = { ...column, ...patch } as Record<string, unknown>;
  for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
  return next as FormColumn;
}

// --- rich text (S0.3.36) ---------------------------------------------------------------------------

/** Every prop in use in the form: columns and rich-text inputs. */
function usedProps(columns: readonly FormColumn[]): Set<string> {
  return new Set(columns.flatMap((c) => [c.prop, ...(c.richItems ?? []).flatMap((i) => i.prop ?? [])]));
}

/** A free answer key for a rich-text input or date of `column`: `rich_<prop>_<n>`. */
export function freeRichProp(columns: readonly FormColumn[], column: FormColumn): string {
  const used = usedProps(columns);
  for (const item of column.richItems ?? []) if (item.prop) used.add(item.prop);
  const base = `rich_${column.prop}`.slice(0, 75);
  for (let n = 1; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** A new rich-text item of a type: inputs and dates get a free `rich_*` key, text a placeholder sentence. */
export function newRichItem(
  columns: readonly FormColumn[],
  column: FormColumn,
  type: RichItemType,
): RichItem {
  if (type === 'input') return { type, prop: freeRichProp(columns, column), width: 120 };
  if (type === 'date') return { type, prop: freeRichProp(columns, column) };
  if (type === 'text') return { type, content: text('文字', 'Text') };
  return { type };
}

export function addRichItem(columns: readonly FormColumn[], column: FormColumn, type: RichItemType) {
  return withSettings(column, {
    richItems: [...(column.richItems ?? []), newRichItem(columns, column, type)],
  });
}

/** Changes one item; an emptied optional setting (undefined) is removed. */
export function updateRichItem(column: FormColumn, index: number, patch: Partial<RichItem>): FormColumn {
  const items = (column.richItems ?? []).map((item, i) => {
    if (i !== index) return item;
    const next = { ...item, ...patch } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    return next as RichItem;
  });
  return withSettings(column, { richItems: items });
}

export function removeRichItem(column: FormColumn, index: number): FormColumn {
  const items = (column.richItems ?? []).filter((_, i) => i !== index);
  return withSettings(column, { richItems: items.length > 0 ? items : undefined });
}

export function moveRichItem(column: FormColumn, index: number, delta: -1 | 1): FormColumn {
  const items = [...(column.richItems ?? [])];
  const j = index + delta;
  if (index < 0 || index >= items.length || j < 0 || j >= items.length) return column;
  [items[index], items[j]] = [items[j]!, items[index]!];
  return withSettings(column, { richItems: items });
}

// --- table template (S0.3.33) ----------------------------------------------------------------------

/** A free column key of a table: `col_<n>`. */
function freeTableProp(column: FormColumn): string {
  const used = new Set((column.tableColumns ?? []).map((c) => c.prop));
  for (let n = 1; ; n++) if (!used.has(`col_${n}`)) return `col_${n}`;
}

export function addTableColumn(column: FormColumn, label: LocalizedText): FormColumn {
  const added: TableColumn = { prop: freeTableProp(column), label, type: 'input' };
  return withSettings(column, { tableColumns: [...(column.tableColumns ?? []), added] });
}

/** Changes one table column; changing the type drops the bounds that no longer apply. */
export function updateTableColumn(
  column: FormColumn,
  index: number,
  patch: Partial<TableColumn>,
): FormColumn {
  const cols = (column.tableColumns ?? []).map((tc, i) => {
    if (i !== index) return tc;
    const next = { ...tc, ...patch } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    if (patch.type === 'number') delete next.maxlength;
    if (patch.type === 'input' || patch.type === 'select') {
      delete next.min;
      delete next.max;
    }
    return next as TableColumn;
  });
  return withSettings(column, { tableColumns: cols });
}

export function removeTableColumn(column: FormColumn, index: number): FormColumn {
  const cols = (column.tableColumns ?? []).filter((_, i) => i !== index);
  return withSettings(column, { tableColumns: cols.length > 0 ? cols : undefined });
}

// --- validation rules ------------------------------------------------------------------------------

/** Types a `rules` entry applies to: text (pattern, length) and numbers (value bounds). */
export const RULE_TYPES: readonly FormColumn['type'][] = ['input', 'textarea', 'number', 'slider'];
export const ruleKindOf = (column: FormColumn): 'text' | 'number' =>
  column.type === 'number' || column.type === 'slider' ? 'number' : 'text';

export function addRule(column: FormColumn): FormColumn {
  return withSettings(column, { rules: [...(column.rules ?? []), {}] });
}

/** Changes one rule; an empty message text in both languages removes the message. */
export function updateRule(column: FormColumn, index: number, patch: Partial<FieldRule>): FormColumn {
  const rules = (column.rules ?? []).map((rule, i) => {
    if (i !== index) return rule;
    const next = { ...rule, ...patch } as Record<string, unknown>;
    for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
    const message = next.message as LocalizedText | undefined;
    if (message && message['zh-CN'].trim() === '' && message['en-US'].trim() === '') delete next.message;
    if (next.pattern === '') delete next.pattern;
    return next as FieldRule;
  });
  return withSettings(column, { rules });
}

export function removeRule(column: FormColumn, index: number): FormColumn {
  const rules = (column.rules ?? []).filter((_, i) => i !== index);
  return withSettings(column, { rules: rules.length > 0 ? rules : undefined });
}

/** A number typed in a settings box: '' (or not a number) is no setting. */
export function parseBound(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** Rules that do nothing (no pattern, bounds or required) are dropped before saving. */
export function withoutEmptyRules(columns: readonly FormColumn[]): FormColumn[] {
  return columns.map((c) => {
    if (!c.rules) return c;
    const rules = c.rules.filter(
      (r) => r.pattern !== undefined || r.min !== undefined || r.max !== undefined || r.required === true,
    );
    return withSettings(c, { rules: rules.length > 0 ? rules : undefined });
  });
}

// --- show when (visibleWhen) -----------------------------------------------------------------------

/** Questions a `visibleWhen` of `prop` may depend on: the other choice questions (cycles are refused by checkDefinition). */
export function visibleWhenSources(columns: readonly FormColumn[], prop: string): FormColumn[] {
  return columns.filter((c) => c.prop !== prop && isChoiceType(c.type));
}

export function setVisibleWhen(column: FormColumn, condition: AnswerCondition | null): FormColumn {
  return withSettings(column, {
    visibleWhen: condition && condition.values.length > 0 ? condition : undefined,
  });
}

// --- roles (S0.6.7) --------------------------------------------------------------------------------

/** A role list setting: an empty list is no setting (everyone). */
export function setRoles(
  column: FormColumn,
  key: 'visibleCharacters' | 'editableBy',
  roles: readonly string[],
): FormColumn {
  const unique = [...new Set(roles.map((r) => r.trim()).filter(Boolean))];
  return withSettings(column, { [key]: unique.length > 0 ? unique : undefined });
}

/** Picker options: the school's roles (`/admin/inner/role/list`), then codes the form names that the list lacks. */
export function roleOptions(
  roles: readonly { roleCode: string; roleName: string }[],
  inForm: readonly string[],
): { value: string; label: string }[] {
  const out = roles.map((r) => ({ value: r.roleCode, label: `${r.roleName} (${r.roleCode})` }));
  const known = new Set(out.map((o) => o.value));
  for (const code of inForm) {
    if (known.has(code)) continue;
    out.push({ value: code, label: code });
    known.add(code);
  }
  return out;
}

/** Role codes used anywhere in the draft (visible to / edited by), so the picker always shows them. */
export function rolesInForm(columns: readonly FormColumn[]): string[] {
  return [...new Set(columns.flatMap((c) => [...(c.visibleCharacters ?? []), ...(c.editableBy ?? [])]))];
}

// --- grade mode and date limits --------------------------------------------------------------------

export function setGradeMode(column: FormColumn, mode: GradeMode): FormColumn {
  return withSettings(column, { gradeMode: mode === 'star' ? undefined : mode });
}

/** The trackDate rule (S0.5.6): not in the future, at most 7 days back. */
export const TRACK_DATE_LIMIT: DateLimit = { allowFuture: false, maxDaysBack: 7 };

/** Sets the date limits; no future refusal and no days-back bound is no setting. */
export function setDateLimit(column: FormColumn, limit: DateLimit): FormColumn {
  const next: DateLimit = {};
  if (limit.allowFuture === false) next.allowFuture = false;
  if (limit.maxDaysBack !== undefined && Number.isInteger(limit.maxDaysBack) && limit.maxDaysBack >= 0) {
    next.maxDaysBack = Math.min(36500, limit.maxDaysBack);
  }
  return withSettings(column, { dateLimit: Object.keys(next).length > 0 ? next : undefined });
}

// --- the server's 400 ------------------------------------------------------------------------------

/**
 * The server's refusal of a save (`data.fields`): `columns[3].rules[0].pattern` belongs to the fourth
 * column; `columns` with `prop: key` (a checkDefinition issue) to that prop. The rest is general.
 */
export function serverIssuesByColumn(
  columns: readonly FormColumn[],
  issues: readonly { field: string; message: string }[],
): { byProp: Record<string, string[]>; other: string[] } {
  const byProp: Record<string, string[]> = {};
  const other: string[] = [];
  const props = new Set(usedProps(columns));
  for (const issue of issues) {
    const indexed = /^columns\[(\d+)\](.*)$/.exec(issue.field);
    const column = indexed ? columns[Number(indexed[1])] : undefined;
    if (column) {
      const where = indexed![2]!.replace(/^\./, '');
      (byProp[column.prop] ??= []).push(where ? `${where}: ${issue.message}` : issue.message);
      continue;
    }
    const named = issue.field === 'columns' ? /^([A-Za-z][\w]*): (.+)$/.exec(issue.message) : null;
    if (named && props.has(named[1]!)) {
      const prop = columns.find(
        (c) => c.prop === named[1] || c.richItems?.some((i) => i.prop === named[1]),
      )!.prop;
      (byProp[prop] ??= []).push(named[2]!);
      continue;
    }
    other.push(`${issue.field}: ${issue.message}`);
  }
  return { byProp, other };
}
