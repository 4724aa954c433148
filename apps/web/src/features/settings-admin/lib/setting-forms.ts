import {
  ACCESS_LOG_RETENTION_MAX_DAYS,
  ACCESS_LOG_RETENTION_MIN_DAYS,
  SETTING_VALUE_SCHEMAS,
  isKnownSettingCode,
  type SettingCode,
} from '@psy/contracts';

/**
 * Columns an entry of a setting's list may have (spec S1.3: id, text, color, level, star; the time-slot
 * rows of `sjdsz`: startTime, endTime, week, type).
 */
export type ListColumn =
  'id' | 'text' | 'color' | 'level' | 'star' | 'enable' | 'startTime' | 'endTime' | 'week' | 'type';

export type SettingField =
  | { key: string; kind: 'switch' }
  | { key: string; kind: 'choice'; options: readonly number[] }
  | { key: string; kind: 'time' }
  | { key: string; kind: 'number'; min: number; max: number }
  | { key: string; kind: 'checkboxes'; options: readonly number[] }
  | { key: string; kind: 'ids' }
  | { key: string; kind: 'text'; max: number }
  | { key: string; kind: 'textarea'; max: number }
  | { key: string; kind: 'list'; columns: readonly ListColumn[] };

export type SettingGroup = 'allApp' | 'booking' | 'supervision' | 'login' | 'privacy';

export interface SettingForm {
  group: SettingGroup;
  fields: readonly SettingField[];
}

/**
 * The form of each code on the settings page (payloads: SETTING_VALUE_SCHEMAS in the contracts). The
 * agreement setting has its own page (/admin/agreement/index).
 */
export const SETTING_FORMS: Partial<Record<SettingCode, SettingForm>> = {
  zxyyms: {
    group: 'allApp',
    fields: [
      { key: 'bookingCheckEnable', kind: 'switch' },
      { key: 'assessMode', kind: 'choice', options: [0, 13, 15, 17] },
    ],
  },
  yymssz: { group: 'allApp', fields: [{ key: 'switchFlag', kind: 'choice', options: [1, 2] }] },
  sfqyycdy: { group: 'allApp', fields: [] },
  ytmssz: { group: 'allApp', fields: [{ key: 'interviewEnable', kind: 'switch' }] },
  singleRoleSwitch: { group: 'allApp', fields: [] },
  zxlysz: {
    group: 'booking',
    fields: [{ key: 'settingList', kind: 'list', columns: ['id', 'text', 'enable'] }],
  },
  yyrlqzsjsz: {
    group: 'booking',
    fields: [
      { key: 'startTime', kind: 'time' },
      { key: 'endTime', kind: 'time' },
    ],
  },
  yyztyssz: {
    group: 'booking',
    fields: [{ key: 'settingList', kind: 'list', columns: ['id', 'text', 'color'] }],
  },
  djsz: {
    group: 'booking',
    fields: [{ key: 'settingList', kind: 'list', columns: ['id', 'level', 'star', 'text', 'color'] }],
  },
  wtlxsz: {
    group: 'booking',
    fields: [{ key: 'questions', kind: 'list', columns: ['id', 'text', 'enable'] }],
  },
  tjzxssz: { group: 'booking', fields: [] },
  lxfwkgsz: { group: 'booking', fields: [{ key: 'switchFlag', kind: 'choice', options: [0, 1] }] },
  hdzxmssz: { group: 'booking', fields: [{ key: 'bookingCheckEnable', kind: 'switch' }] },
  // Time slots of the time-grid fields (findScheduleTime; docs/builder-helpers.md).
  sjdsz: {
    group: 'booking',
    fields: [{ key: 'slots', kind: 'list', columns: ['startTime', 'endTime', 'week', 'type'] }],
  },
  // The consultation agreement visitors sign before a session (docs/cases.md 7).
  consultAgreement: {
    group: 'booking',
    fields: [
      { key: 'title', kind: 'text', max: 100 },
      { key: 'content', kind: 'textarea', max: 20000 },
    ],
  },
  ddxssz: {
    group: 'supervision',
    fields: [{ key: 'supervisionForms', kind: 'checkboxes', options: [1, 2, 3] }],
  },
  pgddjlsz: { group: 'supervision', fields: [{ key: 'supervisionForms', kind: 'ids' }] },
  txddjlsz: { group: 'supervision', fields: [{ key: 'supervisionForms', kind: 'ids' }] },
  loginCaptcha: { group: 'login', fields: [] },
  accessLogRetention: {
    group: 'privacy',
    fields: [
      {
        key: 'days',
        kind: 'number',
        min: ACCESS_LOG_RETENTION_MIN_DAYS,
        max: ACCESS_LOG_RETENTION_MAX_DAYS,
      },
    ],
  },
};

export const SETTING_GROUPS: readonly SettingGroup[] = [
  'allApp',
  'booking',
  'supervision',
  'login',
  'privacy',
];

/** The codes of a group, in the order of SETTING_FORMS. */
export function codesOfGroup(group: SettingGroup): SettingCode[] {
  return (Object.keys(SETTING_FORMS) as SettingCode[]).filter((c) => SETTING_FORMS[c]!.group === group);
}

/** Times of day every half hour, `00:00` to `23:30`, for the time fields. */
export function halfHourTimes(): string[] {
  return Array.from(
    { length: 48 },
    (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
  );
}

/** The form's values: the switch and the payload's fields side by side. */
export function formValuesOf(state: { enable: boolean; value: Record<string, unknown> }) {
  return { ...state.value, enable: state.enable };
}

/**
 * What to save from the form's values: the payload keeps only the code's fields (list rows without a
 * column's value lose that key, so an empty colour is "no colour", not "").
 */
export function settingInputOf(code: SettingCode, values: Record<string, unknown>) {
  const form = SETTING_FORMS[code];
  const value: Record<string, unknown> = {};
  for (const f of form?.fields ?? []) {
    const v = values[f.key];
    if (f.kind === 'list' && Array.isArray(v)) {
      value[f.key] = v.map((row: Record<string, unknown>) =>
        Object.fromEntries(
          Object.entries(row).filter(([, cell]) => cell !== undefined && cell !== null && cell !== ''),
        ),
      );
    } else if (f.kind === 'ids' && Array.isArray(v)) {
      value[f.key] = v.map((id) => Number(id));
    } else if (v !== undefined) {
      value[f.key] = v;
    }
  }
  return { type: code, enable: Boolean(values.enable), value };
}

export interface SettingIssue {
  /** The form field's path: ['settingList', 0, 'color'] */
  path: (string | number)[];
  message: string;
}

/** The contract's rules for a code's payload, as form errors (the server checks the same). */
export function checkSettingValue(code: string, value: Record<string, unknown>): SettingIssue[] {
  if (!isKnownSettingCode(code)) return [{ path: [], message: 'not a known setting code' }];
  const r = SETTING_VALUE_SCHEMAS[code].safeParse(value);
  if (r.success) return [];
  return r.error.issues.map((i) => ({
    path: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
    message: i.message,
  }));
}

/** A new row of a list: the next key when the list has keys, a blank row otherwise. */
export function newListRow(columns: readonly ListColumn[], rowCount: number): Record<string, unknown> {
  return columns.includes('id') ? { id: String(rowCount + 1) } : {};
}
