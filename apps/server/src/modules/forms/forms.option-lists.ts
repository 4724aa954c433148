import type { Lang } from '@psy/contracts';
import {
  OPTION_LISTS,
  chosenValues,
  isListPath,
  optionsOfList,
  resolveOptionList,
  type AnswerMap,
  type FieldOption,
  type FormDefinition,
  type OptionListPath,
  type TimeSelection,
  flattenOptions,
  isEmptyValue,
  listLabelKey,
  sameOption,
  timeGridSlotType,
} from '@psy/forms';
import type { TenantScope } from '../../core/db/database';
import { optionListRegistry, type OptionListLoader } from '../../core/module';
import { findScheduleTime } from '../settings';

export type { OptionListInput, OptionListLoader } from '../../core/module';

/**
 * The options-source registry of the form engine (docs/forms.md "Option lists by path"): for each list
 * path of `OPTION_LISTS` (packages/forms), the loader the owning module declares in its manifest
 * (`optionLists`; modules/index.ts wires them here, business modules' too, which the form engine may
 * not import). The save path loads the lists of the columns an answer fills and `evaluate` refuses a
 * value outside them (400 naming the field). A path without a loader keeps the behaviour of before:
 * the column's `dicData` (if any) is the value set, otherwise the value is not checked against a list.
 */
export const OPTION_LIST_LOADERS: Partial<Record<OptionListPath, OptionListLoader>> = optionListRegistry;

/**
 * The loaded options of the definition's list-path columns that hold a value in `answer`, keyed by the
 * column's `dicUrl` (as `evaluate` reads them). A list whose placeholder is empty has no options (any
 * value is refused); a path without a loader is left out (the column's own `dicData` stays).
 */
export async function loadOptionLists(
  scope: TenantScope,
  def: FormDefinition,
  answer: AnswerMap,
  lang: Lang,
  /** Lists already loaded, by list key (an export reuses them across its answers). */
  cache = new Map<string, FieldOption[]>(),
): Promise<Record<string, FieldOption[]>> {
  const out: Record<string, FieldOption[]> = {};
  for (const c of def.columns) {
    if (!isListPath(c.dicUrl) || out[c.dicUrl] !== undefined) continue;
    if (chosenValues(answer[c.prop]).length === 0) continue;
    const list = resolveOptionList(c.dicUrl, answer);
    const loader = list.spec ? OPTION_LIST_LOADERS[list.path as OptionListPath] : undefined;
    if (!list.spec || !loader) continue;
    if (list.missing.length > 0) {
      out[c.dicUrl] = [];
      continue;
    }
    let options = cache.get(list.key);
    if (!options) {
      const data = await loader(scope, { tenantId: scope.tenantId, lang, params: list.params });
      options = optionsOfList(data, list.spec.shape);
      cache.set(list.key, options);
    }
    out[c.dicUrl] = options;
  }
  return out;
}

/** Whether every list path of the table has a loader (the registry test names the missing ones). */
export const listPathsWithoutLoader = (): string[] =>
  (Object.keys(OPTION_LISTS) as OptionListPath[]).filter((p) => !OPTION_LIST_LOADERS[p]);

/**
 * The school's slots of each time-grid column this answer fills (`findScheduleTime` for the column's
 * type, docs/forms.md "Time grid slots"), for `evaluate` to refuse a time the school does not offer.
 */
export async function loadTimeSlots(
  scope: TenantScope,
  def: FormDefinition,
  answer: AnswerMap,
): Promise<Record<string, TimeSelection>> {
  const out: Record<string, TimeSelection> = {};
  const byType = new Map<number, TimeSelection>();
  for (const c of def.columns) {
    if (c.type !== 'timeGrid' || isEmptyValue(answer[c.prop])) continue;
    const type = timeGridSlotType(c.prop);
    let slots = byType.get(type);
    if (!slots) {
      slots = (await findScheduleTime(scope, { type })).slots;
      byType.set(type, slots);
    }
    out[c.prop] = slots;
  }
  return out;
}

/**
 * Writes the label of each list-path value (`<prop>_label`, in the saver's language) into the answer, so
 * the record still names a counsellor, department or entry after it leaves its list. A label sent by the
 * client is never kept; an unchanged value keeps the label it was saved with. Values held as arrays
 * (several choices) get none: their labels come from the list.
 */
export function withListLabels(
  def: FormDefinition,
  answer: AnswerMap,
  before: AnswerMap,
  lists: Record<string, readonly FieldOption[]>,
  lang: Lang,
): AnswerMap {
  const out: AnswerMap = { ...answer };
  for (const c of def.columns) {
    if (!isListPath(c.dicUrl)) continue;
    const key = listLabelKey(c.prop);
    delete out[key];
    const value = out[c.prop];
    if (isEmptyValue(value) || Array.isArray(value)) continue;
    if (String(value) === String(before[c.prop]) && typeof before[key] === 'string') {
      out[key] = before[key];
      continue;
    }
    const option = flattenOptions(lists[c.dicUrl] ?? []).find((o) => sameOption(o.value, value as string));
    if (option) out[key] = option.label[lang];
  }
  return out;
}
