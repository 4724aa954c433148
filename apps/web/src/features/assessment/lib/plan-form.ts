import type { Plan, PlanInput } from '@psy/contracts';

/**
 * The plan form (/addPlanInfo, /editPlanInfo) and the plan body it sends: the window as local
 * `datetime-local` texts, reminders as a comma list of hours, the audience's four parts. Pure.
 */
export interface PlanFormValues {
  name: string;
  description?: string | undefined;
  kind: 1 | 2;
  scaleIds: number[];
  deptIds: number[];
  grades: string[];
  userTypeIds: number[];
  userIds: number[];
  startTime?: string | undefined;
  endTime?: string | undefined;
  anonymous: boolean;
  resultVisibility: 0 | 1 | 2;
  maxAttempts: number;
  minDaysBetween: number;
  remindOnPublish: boolean;
  remindHours?: string | undefined;
  agreementText?: string | undefined;
  helpText?: string | undefined;
  useRiskBands: boolean;
  warnOnScreenPositive: boolean;
  flagRule: 1 | 2 | 3;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as the `datetime-local` text of the browser's zone (`2026-09-01T08:00`). */
export function toLocalInput(iso: string | null | undefined): string | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return undefined;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` text as an ISO instant, or null when empty or not a time. */
export function fromLocalInput(text: string | null | undefined): string | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** '72, 24' -> [72, 24]; what is not a whole number is left for the server to refuse. */
export function parseHours(text: string | null | undefined): number[] {
  if (!text?.trim()) return [];
  return text
    .split(/[,，\s]+/)
    .filter(Boolean)
    .map((part) => Number(part));
}

/** A new plan: a screening that opens now and closes in two weeks, level and advice shown. */
export function newPlanValues(now: Date = new Date()): PlanFormValues {
  return {
    name: '',
    kind: 1,
    scaleIds: [],
    deptIds: [],
    grades: [],
    userTypeIds: [],
    userIds: [],
    startTime: toLocalInput(now.toISOString()),
    endTime: toLocalInput(new Date(now.getTime() + 14 * 86_400_000).toISOString()),
    anonymous: false,
    resultVisibility: 1,
    maxAttempts: 1,
    minDaysBetween: 0,
    remindOnPublish: true,
    remindHours: '24',
    useRiskBands: true,
    warnOnScreenPositive: false,
    flagRule: 2,
  };
}

export function planToValues(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    description: plan.description ?? undefined,
    kind: plan.kind === 2 ? 2 : 1,
    scaleIds: plan.scales.map((s) => s.scaleId),
    deptIds: plan.audience.deptIds,
    grades: plan.audience.grades,
    userTypeIds: plan.audience.userTypeIds,
    userIds: plan.audience.userIds,
    startTime: toLocalInput(plan.startTime),
    endTime: toLocalInput(plan.endTime),
    anonymous: plan.anonymous,
    resultVisibility: (plan.resultVisibility as 0 | 1 | 2) ?? 1,
    maxAttempts: plan.maxAttempts,
    minDaysBetween: plan.minDaysBetween,
    remindOnPublish: plan.remindOnPublish,
    remindHours: plan.remindBeforeEndHours.join(', '),
    agreementText: plan.agreementText ?? undefined,
    helpText: plan.helpText ?? undefined,
    useRiskBands: plan.useRiskBands,
    warnOnScreenPositive: plan.warnOnScreenPositive,
    flagRule: (plan.flagRule as 1 | 2 | 3) ?? 2,
  };
}

/**
 * The names of a plan's named people by id, for the people picker (the detail answer's `namedUsers`): an
 * editor sees who the plan names, not their ids. A plan without them (a new one) has none.
 */
export function namedUserNames(plan: Plan | null): Record<number, string> {
  return Object.fromEntries((plan?.namedUsers ?? []).map((u) => [u.id, u.realName]));
}

/** The body of `/plantest/plan/save` and `/update`; the norms a plan already chose are kept. */
export function valuesToInput(values: PlanFormValues, previous?: Plan | null): PlanInput {
  const norms = new Map(previous?.scales.map((s) => [s.scaleId, s.normId]) ?? []);
  return {
    name: values.name.trim(),
    description: values.description?.trim() || null,
    kind: values.kind,
    scales: values.scaleIds.map((scaleId) => ({ scaleId, normId: norms.get(scaleId) ?? null })),
    audience: {
      deptIds: values.deptIds ?? [],
      grades: values.grades ?? [],
      userTypeIds: values.userTypeIds ?? [],
      userIds: values.userIds ?? [],
    },
    startTime: fromLocalInput(values.startTime),
    endTime: fromLocalInput(values.endTime),
    anonymous: values.anonymous,
    resultVisibility: values.resultVisibility,
    maxAttempts: values.maxAttempts,
    minDaysBetween: values.kind === 2 ? values.minDaysBetween : 0,
    remindOnPublish: values.remindOnPublish,
    remindBeforeEndHours: parseHours(values.remindHours),
    agreementText: values.agreementText?.trim() || null,
    helpText: values.helpText?.trim() || null,
    useRiskBands: values.useRiskBands,
    warnOnScreenPositive: values.warnOnScreenPositive,
    flagRule: values.flagRule,
  };
}

/** Which form fields the server's 400 paths land on (`scales[0].scaleId` -> scaleIds). */
export const PLAN_SERVER_FIELDS = [
  'name',
  'description',
  'kind',
  'scales',
  'audience',
  'startTime',
  'endTime',
  'maxAttempts',
  'minDaysBetween',
  'remindBeforeEndHours',
  'agreementText',
  'helpText',
  'resultVisibility',
  'flagRule',
  'anonymous',
] as const;
export const PLAN_FIELD_OF = {
  scales: 'scaleIds',
  audience: 'deptIds',
  remindBeforeEndHours: 'remindHours',
} as const;
