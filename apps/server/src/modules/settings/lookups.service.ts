import {
  INTERVIEW_RESULT_DICT,
  SCHEME_CATEGORY_DICT,
  TIME_SLOT_SETTING_CODE,
  scheduleTimeOf,
  type Lang,
  type LookupOption,
  type ScheduleTime,
  type TimeSlotSetting,
  type TimeSlotType,
} from '@psy/contracts';
import { DICTIONARIES } from '@psy/forms';
import type { TenantScope } from '../../core/db/database';
import { badRequest } from '../../core/http/app-error';
import { findDictByName, findDictItems, findSiteById } from './settings.repository';
import { getSettingState } from './settings.service';

/**
 * Builder-helper lookups kept by this module (spec S0.7.21; docs/builder-helpers.md): option lists
 * from dictionaries and the time slots of the `sjdsz` setting.
 */

/**
 * A dictionary's items switched on (and not removed), in order, labelled in `lang` (English falls back
 * to the Chinese label). A school that has no dictionary of that name yet (created before the
 * dictionary was seeded) gets the seeded items, until an administrator creates it.
 */
export async function dictionaryLookup(
  scope: TenantScope,
  name: string,
  lang: Lang,
): Promise<LookupOption[]> {
  if (!(await findDictByName(scope, name))) {
    const seeded = DICTIONARIES.find((d) => d.name === name)?.items ?? [];
    return seeded.map(([value, zh, en]) => ({ value, label: lang === 'en-US' ? en : zh, status: 1 }));
  }
  return (await findDictItems(scope, name)).map((i) => ({
    value: i.value,
    label: lang === 'en-US' ? i.labelEn || i.label : i.label,
    status: 1,
  }));
}

/** `GET /plantest/interview/results/list`: interview results with status 1 only (S0.5.13). */
export const listInterviewResults = (scope: TenantScope, lang: Lang) =>
  dictionaryLookup(scope, INTERVIEW_RESULT_DICT, lang);

/** `GET /activity/schemeCategory`. */
export const listSchemeCategories = (scope: TenantScope, lang: Lang) =>
  dictionaryLookup(scope, SCHEME_CATEGORY_DICT, lang);

/** Input of the option loaders the forms module validates answers with (the option-list convention). */
export interface OptionLoaderInput {
  tenantId: number;
  lang: Lang;
  params: Record<string, string>;
}

/**
 * Options of the list path `/plantest/interview/results/list`, for validating answers (the forms
 * module's OPTION_LIST_LOADERS; the handle is the service functions' tenant scope).
 */
export async function interviewResultOptions(scope: TenantScope, input: OptionLoaderInput) {
  const items = await listInterviewResults(scope, input.lang);
  return items.map(({ value, label }) => ({ value, label }));
}

/** Options of the list path `/activity/schemeCategory`, for validating answers. */
export async function schemeCategoryOptions(scope: TenantScope, input: OptionLoaderInput) {
  const items = await listSchemeCategories(scope, input.lang);
  return items.map(({ value, label }) => ({ value, label }));
}

/**
 * `POST /consult/schedule/findScheduleTime`: the slots a time-grid field offers for a type (and site).
 * The school's `sjdsz` rows are used while that setting is switched on; otherwise, or when it has none
 * for the type, the default window of S1.5.5 on Monday to Friday.
 */
export async function findScheduleTime(
  scope: TenantScope,
  q: { type: number; siteId?: number },
): Promise<ScheduleTime> {
  if (q.siteId !== undefined && !(await findSiteById(scope, q.siteId)))
    throw badRequest('siteId', 'not a site of the school');
  const state = await getSettingState(scope, TIME_SLOT_SETTING_CODE);
  const rows = state.enable ? ((state.value.slots as TimeSlotSetting[] | undefined) ?? []) : [];
  return scheduleTimeOf(rows, q.type as TimeSlotType, q.siteId);
}
