import { describe, expect, it } from 'vitest';
import { CASE_ACTIONS, CASE_STATUSES, type CaseStatus } from '@psy/contracts';
import {
  CASE_TRANSITIONS,
  CaseTransitionError,
  applyCaseAction,
  canCaseTransition,
  caseActions,
  caseBaseStatus,
  isLiveCase,
  recordLockDueAt,
  recordLockState,
} from './cases';

describe('case statuses [spec:S1.4.3]', () => {
  it('walks the table: live cases move, ended ones never do', () => {
    const reachable = new Set<CaseStatus>(['wait']);
    const queue: CaseStatus[] = ['wait'];
    while (queue.length) {
      const s = queue.shift()!;
      for (const a of caseActions(s)) {
        const to = applyCaseAction(s, a);
        expect(canCaseTransition(s, to)).toBe(true);
        if (!reachable.has(to)) {
          reachable.add(to);
          queue.push(to);
        }
      }
    }
    expect([...reachable].sort()).toEqual([...CASE_STATUSES].sort());
    for (const s of CASE_STATUSES) {
      if (!isLiveCase(s)) expect(CASE_TRANSITIONS[s]).toEqual([]);
    }
  });

  it('starts only from wait and closes normally only from running', () => {
    expect(caseActions('wait')).toEqual(['start', 'transfer', 'pass', 'break']);
    expect(caseActions('running')).toEqual(['finish', 'transfer', 'pass', 'break']);
    expect(() => applyCaseAction('wait', 'finish')).toThrow(CaseTransitionError);
    try {
      applyCaseAction('finish', 'start');
    } catch (e) {
      expect((e as CaseTransitionError).allowed).toEqual([]);
    }
  });

  it('every action is reachable from some status', () => {
    for (const a of CASE_ACTIONS) expect(CASE_STATUSES.some((s) => caseActions(s).includes(a))).toBe(true);
  });

  it('maps to the base statuses end and transfer', () => {
    expect(caseBaseStatus('finish')).toBe('end');
    expect(caseBaseStatus('pass')).toBe('end');
    expect(caseBaseStatus('break')).toBe('end');
    expect(caseBaseStatus('transfer')).toBe('transfer');
    expect(caseBaseStatus('running')).toBeNull();
    expect(caseBaseStatus('wait')).toBeNull();
  });
});

describe('record lock state [spec:S1.9.3]', () => {
  const base = new Date('2026-03-02T08:00:00Z');
  it('locks an unsigned record at its deadline, extended by approved days', () => {
    const due = recordLockDueAt(base, 7, 0);
    expect(due.toISOString()).toBe('2026-03-09T08:00:00.000Z');
    expect(recordLockDueAt(base, 7, 3).toISOString()).toBe('2026-03-12T08:00:00.000Z');
    const just = new Date(due.getTime() - 1);
    expect(recordLockState({ signed: false, dueAt: due, unlocked: false, now: just })).toBe('open');
    expect(recordLockState({ signed: false, dueAt: due, unlocked: false, now: due })).toBe('locked');
  });
  it('an approved unlock opens it until signed; a signed record is amend-only', () => {
    const due = recordLockDueAt(base, 7, 0);
    const later = new Date(due.getTime() + 86_400_000);
    expect(recordLockState({ signed: false, dueAt: due, unlocked: true, now: later })).toBe('open');
    expect(recordLockState({ signed: true, dueAt: due, unlocked: false, now: later })).toBe('signed');
    expect(recordLockState({ signed: true, dueAt: due, unlocked: false, now: base })).toBe('signed');
  });
});
