import { CASE_ACTIONS, CASE_STATUSES, type CaseAction, type CaseStatus } from '@psy/contracts';

/**
 * Case work written once (docs/cases.md): the case statuses of S1.4.3 as a state machine, and the lock
 * state of a record. The server refuses what these tables do not allow; the web asks them what to offer.
 */

/** Where each action may start and where it leads. Opening a case is not a move: a case is born `wait`. */
export const CASE_ACTION_RULES: Readonly<
  Record<CaseAction, { from: readonly CaseStatus[]; to: CaseStatus }>
> = {
  start: { from: ['wait'], to: 'running' },
  finish: { from: ['running'], to: 'finish' },
  transfer: { from: ['wait', 'running'], to: 'transfer' },
  pass: { from: ['wait', 'running'], to: 'pass' },
  break: { from: ['wait', 'running'], to: 'break' },
};

/** Status moves, derived from the actions (one table, two views). */
export const CASE_TRANSITIONS: Readonly<Record<CaseStatus, readonly CaseStatus[]>> = Object.fromEntries(
  CASE_STATUSES.map((s) => [
    s,
    CASE_ACTIONS.filter((a) => CASE_ACTION_RULES[a].from.includes(s)).map((a) => CASE_ACTION_RULES[a].to),
  ]),
) as Record<CaseStatus, CaseStatus[]>;

export const canCaseTransition = (from: CaseStatus, to: CaseStatus): boolean =>
  CASE_TRANSITIONS[from].includes(to);

/** The actions allowed from a status, in the order of CASE_ACTIONS. */
export const caseActions = (status: CaseStatus): CaseAction[] =>
  CASE_ACTIONS.filter((a) => CASE_ACTION_RULES[a].from.includes(status));

/** A live case (wait, running) can still change; a visitor has at most one. */
export const isLiveCase = (status: CaseStatus): boolean => status === 'wait' || status === 'running';

/** The base status of S1.4.3: finish, pass and break are `end`, transfer is `transfer`; live cases none. */
export function caseBaseStatus(status: CaseStatus): 'end' | 'transfer' | null {
  if (status === 'transfer') return 'transfer';
  return isLiveCase(status) ? null : 'end';
}

export class CaseTransitionError extends Error {
  constructor(
    readonly action: CaseAction,
    readonly from: CaseStatus,
    readonly allowed: CaseAction[],
  ) {
    super(`${action} is not allowed from ${from}`);
  }
}

/** The status an action leads to; throws `CaseTransitionError` when it is not allowed from `from`. */
export function applyCaseAction(from: CaseStatus, action: CaseAction): CaseStatus {
  const rule = CASE_ACTION_RULES[action];
  if (!rule.from.includes(from)) throw new CaseTransitionError(action, from, caseActions(from));
  return rule.to;
}

// ---------------------------------------------------------------------------------------------------
// Records

/** Days after the session before an unsigned record locks, unless the school sets its own. */
export const DEFAULT_RECORD_LOCK_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * A record's lock state (docs/cases.md 4): `signed` records change only by amendment; an unsigned record
 * past its deadline is `locked` until an unlock is approved; otherwise `open`.
 */
export type RecordLockState = 'open' | 'signed' | 'locked';

export function recordLockState(r: {
  signed: boolean;
  dueAt: Date;
  unlocked: boolean;
  now: Date;
}): RecordLockState {
  if (r.signed) return 'signed';
  if (!r.unlocked && r.now.getTime() >= r.dueAt.getTime()) return 'locked';
  return 'open';
}

/**
 * When an unsigned record locks: the session's end (or the record's creation) plus the school's days plus
 * the days approved extensions (option 7) granted.
 */
export function recordLockDueAt(base: Date, lockDays: number, extraDays: number): Date {
  return new Date(base.getTime() + (lockDays + Math.max(0, extraDays)) * DAY_MS);
}
