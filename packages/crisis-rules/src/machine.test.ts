import { describe, expect, it } from 'vitest';
import {
  AUDIT_MACHINE,
  availableActions,
  checkCrisisTransitionInput,
  CRISIS_RECORD_MACHINE,
  GREENWAY_MACHINE,
  INTERVENTION_MACHINE,
  isFinalState,
  nextState,
  SUSPENSION_MACHINE,
  type Machine,
} from './index';

/** Every (state, action) pair of a machine: the ones in the table lead somewhere, the rest nowhere. */
function walk<S extends number, A extends string>(m: Machine<S, A>, actions: readonly A[]) {
  const out: Record<string, S | null> = {};
  for (const s of m.states) for (const a of actions) out[`${s}:${a}`] = nextState(m, s, a);
  return out;
}

describe('crisis record status [spec:S1.4.6]', () => {
  it('1 new report -> 2 intervening -> 3 closed; a new report may close; a closed record reopens to 2', () => {
    expect(walk(CRISIS_RECORD_MACHINE, ['start', 'close', 'reopen'])).toEqual({
      '1:start': 2,
      '1:close': 3,
      '1:reopen': null,
      '2:start': null,
      '2:close': 3,
      '2:reopen': null,
      '3:start': null,
      '3:close': null,
      '3:reopen': 2,
    });
  });

  it('offers the actions of the table in order', () => {
    expect(availableActions(CRISIS_RECORD_MACHINE, 1)).toEqual(['start', 'close']);
    expect(availableActions(CRISIS_RECORD_MACHINE, 2)).toEqual(['close']);
    expect(availableActions(CRISIS_RECORD_MACHINE, 3)).toEqual(['reopen']);
  });

  it('a close names its reason, a duplicate the record, a worked record a summary; a reopen its reason', () => {
    expect(checkCrisisTransitionInput(1, 'close', {})).toEqual({ field: 'closeReason', issue: 'required' });
    expect(checkCrisisTransitionInput(1, 'close', { closeReason: 3 })).toBeNull();
    expect(checkCrisisTransitionInput(1, 'close', { closeReason: 4 })).toEqual({
      field: 'duplicateOf',
      issue: 'required',
    });
    expect(checkCrisisTransitionInput(1, 'close', { closeReason: 4, duplicateOf: 7 })).toBeNull();
    expect(checkCrisisTransitionInput(2, 'close', { closeReason: 1, summary: '  ' })).toEqual({
      field: 'summary',
      issue: 'required',
    });
    expect(
      checkCrisisTransitionInput(2, 'close', { closeReason: 1, summary: 'stable, followed up' }),
    ).toBeNull();
    expect(checkCrisisTransitionInput(3, 'reopen', {})).toEqual({ field: 'reason', issue: 'required' });
    expect(checkCrisisTransitionInput(1, 'start', {})).toBeNull();
  });
});

describe('the other status sets', () => {
  it('suspension: suspended -> return requested -> returned, or kept suspended', () => {
    expect(walk(SUSPENSION_MACHINE, ['applyReturn', 'return', 'keep'])).toMatchObject({
      '1:applyReturn': 2,
      '1:return': null,
      '2:return': 3,
      '2:keep': 1,
      '3:applyReturn': null,
    });
    expect(isFinalState(SUSPENSION_MACHINE, 3)).toBe(true);
  });

  it('green channel: referred -> admitted -> back, or straight back', () => {
    expect(walk(GREENWAY_MACHINE, ['admit', 'finish'])).toEqual({
      '1:admit': 2,
      '1:finish': 3,
      '2:admit': null,
      '2:finish': 3,
      '3:admit': null,
      '3:finish': null,
    });
  });

  it('intervention order: a receipt makes it done, later receipts keep it done [spec:S1.4.6]', () => {
    expect(nextState(INTERVENTION_MACHINE, 1, 'receipt')).toBe(2);
    expect(nextState(INTERVENTION_MACHINE, 2, 'receipt')).toBe(2);
  });

  it('audits: pending -> approved or rejected, then final', () => {
    expect(walk(AUDIT_MACHINE, ['approve', 'reject'])).toEqual({
      '1:approve': 2,
      '1:reject': 3,
      '2:approve': null,
      '2:reject': null,
      '3:approve': null,
      '3:reject': null,
    });
  });
});
