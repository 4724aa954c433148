import { DUTY_CATEGORY, type AppointmentType, type SlotCategory, type SlotKind } from '@psy/contracts';

/**
 * Which appointment types a school offers (S1.4.7-S1.4.11), which slots serve each type, and how types
 * group into the lists and cancel calls of S1.7.20-S1.7.21. Design: docs/appointments.md section 4.
 */

/** The school's switches that decide the appointment types. */
export interface TypeSwitches {
  /** `zxyyms` (consultation booking mode) switched on, and its assessment step (0 none, 13, 15, 17). */
  bookingMode: { enabled: boolean; assessMode: number };
  /** `sfqyycdy` on: the single-session (primary) unit, type 10. */
  primaryUnit: boolean;
  /** `ytmssz` on: psychological interviews, type 14. */
  interview: boolean;
  /** The CRISIS product is enabled for the school: crisis assessment 8 and the duty assessments 11, 12. */
  crisisProduct: boolean;
  /** The GROUP_COUNSELLING product is enabled: group entry interview 9. */
  groupProduct: boolean;
  /** The school's peer-talk switch (policy): type 20. */
  peerTalk: boolean;
}

/** The appointment types the switches enable, ascending. */
export function enabledAppointmentTypes(s: TypeSwitches): AppointmentType[] {
  const types = new Set<AppointmentType>([2, 17, 18, 19]);
  if (s.bookingMode.enabled) {
    // S1.4.9: telephone assessment (13) or first interview (15) replaces consultation assessment (1).
    if (s.bookingMode.assessMode === 17) types.add(1);
    else if (s.bookingMode.assessMode === 13) types.add(13);
    else if (s.bookingMode.assessMode === 15) types.add(15);
  }
  if (s.primaryUnit) types.add(10);
  if (s.interview) types.add(14);
  if (s.crisisProduct) [8, 11, 12].forEach((t) => types.add(t as AppointmentType));
  if (s.groupProduct) types.add(9);
  if (s.peerTalk) types.add(20);
  return [...types].sort((a, b) => a - b);
}

/** The slot categories whose slots can hold an appointment of the type; empty for duty types. */
export function slotCategoriesOf(type: AppointmentType): SlotCategory[] {
  switch (type) {
    case 2:
    case 20:
      return [2];
    case 10:
      return [10, 2];
    case 18:
      return [18];
    case 19:
      return [19];
    case 1:
    case 17:
    case 8:
      return [17];
    case 9:
    case 14:
    case 15:
      return [15];
    default:
      return [];
  }
}

/** The duty a duty-served type is booked on: telephone assessment on telephone duty, 11 and 12 on-site. */
export function dutyKindOf(type: AppointmentType): Exclude<SlotKind, 'consult'> | null {
  if (type === 13) return 'telephone';
  if (type === 11 || type === 12) return 'manned';
  return null;
}

/** The category stored on a duty shift of a kind. */
export const dutyCategoryOf = (kind: Exclude<SlotKind, 'consult'>): number => DUTY_CATEGORY[kind];

/** Groups of types: the "my" lists, the cancel calls and the upcoming limit go by group. */
export const TYPE_GROUPS = {
  counselling: [2, 18, 19, 20],
  primaryUnit: [10],
  assessment: [1, 17, 8],
  manned: [11, 12],
  interview: [14, 9],
  firstInterview: [15],
  telephone: [13],
} as const satisfies Record<string, readonly AppointmentType[]>;
export type TypeGroup = keyof typeof TYPE_GROUPS;

export function typeGroupOf(type: AppointmentType): TypeGroup {
  for (const [g, types] of Object.entries(TYPE_GROUPS) as [TypeGroup, readonly AppointmentType[]][]) {
    if (types.includes(type)) return g;
  }
  throw new Error(`appointment type ${type} has no group`);
}

/** Types that count against the sessions-per-term limit (S1.1.10, S1.9.6): counselling sessions. */
export const SESSION_TYPES: readonly AppointmentType[] = [2, 10, 18, 19, 20];
export const countsAsSession = (type: AppointmentType): boolean => SESSION_TYPES.includes(type);

/** Types a visitor may book for themselves; the others are booked by staff (duty and crisis work). */
export function isSelfBookable(type: AppointmentType, opts: { interviewByVisitor: boolean }): boolean {
  if (type === 14) return opts.interviewByVisitor;
  return ![8, 9, 11, 12].includes(type);
}
