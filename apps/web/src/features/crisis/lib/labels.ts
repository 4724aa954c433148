import {
  APPROVAL_KINDS,
  COLLEGE_REPORT_STATUSES,
  CRISIS_NOTICE_EVENTS,
  CRISIS_SOURCES,
  DELIVERY_STATES,
  MONTHLY_REPORT_KINDS,
  NOTICE_PARTIES,
} from '@psy/contracts';

/**
 * The values of each crisis code set the screens show (docs/crisis.md 12: "the enums' labels are keyed by
 * their values"): the label of value `v` of set `s` is `crisis.enums.<s>.<v>` in both catalogues.
 */
export const ENUM_VALUES = {
  status: [1, 2, 3],
  source: CRISIS_SOURCES,
  level: [1, 2, 3, 4],
  collegeLevel: [1, 2, 3, 4],
  measure: [1, 2, 3],
  flag: [1, 2, 3, 4, 5],
  closeReason: [1, 2, 3, 4, 5],
  interventionStatus: [1, 2],
  suspensionStatus: [1, 2, 3],
  greenwayStatus: [1, 2, 3],
  approvalKind: APPROVAL_KINDS,
  approvalStatus: [1, 2, 3],
  approvalMode: [1, 2, 3],
  collegeStatus: COLLEGE_REPORT_STATUSES,
  reportKind: [1, 2],
  auditStatus: [1, 2, 3],
  finding: [1, 2, 3],
  journalStatus: [1, 2],
  mood: [1, 2, 3, 4, 5],
  needHelp: [1, 2],
  deliveryState: DELIVERY_STATES,
  noticeEvent: CRISIS_NOTICE_EVENTS,
  noticeParty: NOTICE_PARTIES,
  monthlyKind: MONTHLY_REPORT_KINDS,
  returnConclusion: [1, 2, 3],
  focusStatus: [1, 2],
  action: ['start', 'close', 'reopen', 'applyReturn', 'return', 'keep', 'admit', 'finish'],
  roleCode: [
    'CRISIS_ROLE_CLASS',
    'CRISIS_ROLE_CONSULTANT',
    'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
    'CRISIS_ROLE_FACULTY_CONSULT',
    'CRISIS_ROLE_CENTER_SUPERINTENDENT',
    'CRISIS_ROLE_SUPERINTENDENT',
    'CRISIS_INTERVENE_SEARCH',
    'EMPHASIS_INTERVENE_SEARCH',
  ],
  timeline: [
    'created',
    'acknowledged',
    'escalated',
    'reminded',
    'transition',
    'assessment',
    'intervention',
    'receipt',
    'followup',
    'suspension',
    'greenway',
  ],
} as const satisfies Record<string, readonly (string | number)[]>;

export type EnumSet = keyof typeof ENUM_VALUES;

type Translate = (key: string, options?: { defaultValue?: string }) => string;

/**
 * The label of a code. A value the set does not list (a code a newer server sends) shows as itself rather
 * than as a key.
 */
export function enumLabel(t: unknown, set: EnumSet, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return (t as Translate)(`crisis.enums.${set}.${value}`, { defaultValue: String(value) });
}

/** The options of a set for a select or radio group, in the set's order. */
export function enumOptions<S extends EnumSet>(t: unknown, set: S) {
  return (ENUM_VALUES[set] as readonly (string | number)[]).map((value) => ({
    value: value as (typeof ENUM_VALUES)[S][number],
    label: enumLabel(t, set, value),
  }));
}
