import {
  AUDIT_STATUS,
  CLOSE_REASON,
  CRISIS_STATUS,
  GREENWAY_STATUS,
  INTERVENTION_STATUS,
  JOURNAL_STATUS,
  SUSPENSION_STATUS,
  type CrisisStatus,
} from '@psy/contracts';

/**
 * A status set as a transition table: for each state, the actions allowed from it and where each leads.
 * The server refuses a move the table does not allow; the web asks it which actions to offer (DESIGN.md
 * "Statuses are state machines, written once").
 */
export interface Machine<S extends number, A extends string> {
  readonly name: string;
  readonly states: readonly S[];
  readonly transitions: Readonly<Record<S, Readonly<Partial<Record<A, S>>>>>;
}

export function defineMachine<S extends number, A extends string>(m: Machine<S, A>): Machine<S, A> {
  return m;
}

/** Where `action` leads from `from`, or null when the table does not allow it. */
export function nextState<S extends number, A extends string>(
  m: Machine<S, A>,
  from: S,
  action: A,
): S | null {
  return (m.transitions[from]?.[action] as S | undefined) ?? null;
}

/** The actions allowed from a state, in the table's order. */
export function availableActions<S extends number, A extends string>(m: Machine<S, A>, from: S): A[] {
  return Object.keys(m.transitions[from] ?? {}) as A[];
}

/** Whether a state has no way out. */
export const isFinalState = <S extends number, A extends string>(m: Machine<S, A>, s: S) =>
  availableActions(m, s).length === 0;

export type CrisisAction = 'start' | 'close' | 'reopen';

/** Crisis record (S1.4.6): 1 new report -> 2 intervening -> 3 closed; docs/crisis.md 3.1. */
export const CRISIS_RECORD_MACHINE = defineMachine<CrisisStatus, CrisisAction>({
  name: 'crisisRecord',
  states: [1, 2, 3],
  transitions: {
    [CRISIS_STATUS.newReport]: { start: CRISIS_STATUS.intervening, close: CRISIS_STATUS.closed },
    [CRISIS_STATUS.intervening]: { close: CRISIS_STATUS.closed },
    [CRISIS_STATUS.closed]: { reopen: CRISIS_STATUS.intervening },
  },
});

export interface TransitionInput {
  closeReason?: number | null | undefined;
  duplicateOf?: number | null | undefined;
  summary?: string | null | undefined;
  reason?: string | null | undefined;
}

/**
 * What a crisis transition needs beyond being allowed: a close names its reason (a duplicate names the
 * record it duplicates), a close of a record being worked has a summary, a reopen a reason. Answers the
 * field at fault, or null.
 */
export function checkCrisisTransitionInput(
  from: CrisisStatus,
  action: CrisisAction,
  input: TransitionInput,
): { field: string; issue: 'required' } | null {
  const blank = (s: string | null | undefined) => !s || s.trim() === '';
  if (action === 'close') {
    if (!input.closeReason) return { field: 'closeReason', issue: 'required' };
    if (input.closeReason === CLOSE_REASON.duplicate && !input.duplicateOf)
      return { field: 'duplicateOf', issue: 'required' };
    if (from === CRISIS_STATUS.intervening && blank(input.summary))
      return { field: 'summary', issue: 'required' };
  }
  if (action === 'reopen' && blank(input.reason)) return { field: 'reason', issue: 'required' };
  return null;
}

/** Suspension and return (docs/crisis.md 3.7). */
export const SUSPENSION_MACHINE = defineMachine<1 | 2 | 3, 'applyReturn' | 'return' | 'keep'>({
  name: 'suspension',
  states: [1, 2, 3],
  transitions: {
    [SUSPENSION_STATUS.suspended]: { applyReturn: SUSPENSION_STATUS.returnRequested },
    [SUSPENSION_STATUS.returnRequested]: {
      return: SUSPENSION_STATUS.returned,
      keep: SUSPENSION_STATUS.suspended,
    },
    [SUSPENSION_STATUS.returned]: {},
  },
});

/** Green channel to a hospital (docs/crisis.md 3.8). */
export const GREENWAY_MACHINE = defineMachine<1 | 2 | 3, 'admit' | 'finish'>({
  name: 'greenway',
  states: [1, 2, 3],
  transitions: {
    [GREENWAY_STATUS.referred]: { admit: GREENWAY_STATUS.admitted, finish: GREENWAY_STATUS.back },
    [GREENWAY_STATUS.admitted]: { finish: GREENWAY_STATUS.back },
    [GREENWAY_STATUS.back]: {},
  },
});

/** Intervention order: a receipt makes it done; later receipts annotate it (docs/crisis.md 3.5). */
export const INTERVENTION_MACHINE = defineMachine<1 | 2, 'receipt'>({
  name: 'intervention',
  states: [1, 2],
  transitions: {
    [INTERVENTION_STATUS.issued]: { receipt: INTERVENTION_STATUS.done },
    [INTERVENTION_STATUS.done]: { receipt: INTERVENTION_STATUS.done },
  },
});

/** Audits (approvals, information-update audit; S1.4: 1 pending, 2 approved, 3 rejected). */
export const AUDIT_MACHINE = defineMachine<1 | 2 | 3, 'approve' | 'reject'>({
  name: 'audit',
  states: [1, 2, 3],
  transitions: {
    [AUDIT_STATUS.pending]: { approve: AUDIT_STATUS.approved, reject: AUDIT_STATUS.rejected },
    [AUDIT_STATUS.approved]: {},
    [AUDIT_STATUS.rejected]: {},
  },
});

/** Key person: 1 under attention -> 2 released (a new entry is made to follow them again). */
export const FOCUS_MACHINE = defineMachine<1 | 2, 'release'>({
  name: 'focus',
  states: [1, 2],
  transitions: { 1: { release: 2 }, 2: {} },
});

/** Follow-up journal: open or closed. */
export const JOURNAL_MACHINE = defineMachine<1 | 2, 'close' | 'reopen'>({
  name: 'journal',
  states: [1, 2],
  transitions: {
    [JOURNAL_STATUS.open]: { close: JOURNAL_STATUS.closed },
    [JOURNAL_STATUS.closed]: { reopen: 1 },
  },
});
