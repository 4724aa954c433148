import type { FocusSetting, FocusSettingEditBody, FocusSettingType } from '@psy/contracts';

/** The fields of the entry dialog; a server 400 naming one of them is shown on it. */
export const FOCUS_SETTING_FORM_FIELDS = ['name', 'nameEn', 'status', 'sort', 'remark'] as const;
export type FocusSettingFormField = (typeof FOCUS_SETTING_FORM_FIELDS)[number];

export interface FocusSettingFormValues {
  name: string;
  nameEn: string;
  /** The switch; sent as status 1 or 0. */
  enabled: boolean;
  sort: number;
  remark: string;
}

/** The dialog's first values: the entry's, or for a new entry on, with the sort after the last one shown. */
export function focusSettingFormValues(
  entry: FocusSetting | null,
  shown: readonly FocusSetting[],
): FocusSettingFormValues {
  if (entry) {
    return {
      name: entry.name,
      nameEn: entry.nameEn,
      enabled: entry.status === 1,
      sort: entry.sort,
      remark: entry.remark ?? '',
    };
  }
  const lastSort = shown.reduce((max, e) => Math.max(max, e.sort), 0);
  return { name: '', nameEn: '', enabled: true, sort: Math.min(lastSort + 1, 9999), remark: '' };
}

/** The body of `insert` for a new entry of a type (texts trimmed, an empty remark sent as null). */
export function insertBody(type: FocusSettingType, values: FocusSettingFormValues) {
  return {
    type,
    name: values.name.trim(),
    nameEn: values.nameEn.trim(),
    status: values.enabled ? (1 as const) : (0 as const),
    sort: values.sort,
    remark: values.remark.trim() || null,
  };
}

/**
 * The body of `edit` with only what the dialog changed (so an unchanged name is not checked again);
 * null when nothing changed.
 */
export function editBody(entry: FocusSetting, values: FocusSettingFormValues): FocusSettingEditBody | null {
  const next = insertBody(entry.type as FocusSettingType, values);
  const changes: Omit<FocusSettingEditBody, 'id'> = {};
  if (next.name !== entry.name) changes.name = next.name;
  if (next.nameEn !== entry.nameEn) changes.nameEn = next.nameEn;
  if (next.status !== entry.status) changes.status = next.status;
  if (next.sort !== entry.sort) changes.sort = next.sort;
  if (next.remark !== (entry.remark ?? null)) changes.remark = next.remark;
  return Object.keys(changes).length > 0 ? { id: entry.id, ...changes } : null;
}

/** The name of an entry in the viewer's language. */
export function entryLabel(entry: Pick<FocusSetting, 'name' | 'nameEn'>, lang: string): string {
  return lang === 'en-US' ? entry.nameEn : entry.name;
}
