import { describe, expect, it } from 'vitest';
import { ackDeadline, buildLadder, firstStep, isOnLadder, ladderUpTo, levelOfRole, nextStep } from './index';

const MINUTES = { 1: 30, 2: 20, 3: 10, 4: 5 } as const;

describe('the escalation ladder [spec:S1.6.11] [spec:S1.6.12] [spec:S1.6.14] [spec:S1.6.16]', () => {
  it('maps the network roles to levels: advisor 1, faculty head 2, centre head 3, overall head 4', () => {
    expect(levelOfRole('CRISIS_ROLE_CONSULTANT')).toBe(1);
    expect(levelOfRole('CRISIS_ROLE_FACULTY_SUPERINTENDENT')).toBe(2);
    expect(levelOfRole('CRISIS_ROLE_CENTER_SUPERINTENDENT')).toBe(3);
    expect(levelOfRole('CRISIS_ROLE_SUPERINTENDENT')).toBe(4);
    // Class members and faculty consultants report and work, but do not own a signal.
    expect(levelOfRole('CRISIS_ROLE_CLASS')).toBeNull();
    expect(levelOfRole('CRISIS_ROLE_FACULTY_CONSULT')).toBeNull();
  });

  it('orders levels lowest first, skips empty ones and dedupes people', () => {
    const ladder = buildLadder(
      [
        { userId: 9, roleCode: 'CRISIS_ROLE_SUPERINTENDENT' },
        { userId: 5, roleCode: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT' },
        { userId: 4, roleCode: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT' },
        { userId: 5, roleCode: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT' },
        { userId: 3, roleCode: 'CRISIS_ROLE_CLASS' },
      ],
      [1],
    );
    expect(ladder).toEqual([
      { level: 2, userIds: [4, 5] },
      { level: 4, userIds: [9] },
    ]);
    expect(ladderUpTo(ladder, 2)).toEqual([4, 5]);
    expect(isOnLadder(ladder, 9)).toBe(true);
    expect(isOnLadder(ladder, 3)).toBe(false);
  });

  it('falls back to the administrators when nobody covers the student: no signal without an owner', () => {
    expect(buildLadder([], [12, 11, 12])).toEqual([{ level: 4, userIds: [11, 12] }]);
    expect(buildLadder([], [])).toEqual([]);
    expect(firstStep([])).toBeNull();
  });

  it('escalates one level up at a time, then keeps reminding the top', () => {
    const ladder = buildLadder(
      [
        { userId: 2, roleCode: 'CRISIS_ROLE_CONSULTANT' },
        { userId: 3, roleCode: 'CRISIS_ROLE_FACULTY_SUPERINTENDENT' },
        { userId: 4, roleCode: 'CRISIS_ROLE_CENTER_SUPERINTENDENT' },
        { userId: 5, roleCode: 'CRISIS_ROLE_SUPERINTENDENT' },
      ],
      [],
    );
    let step = firstStep(ladder)!;
    expect(step).toEqual({ level: 1, owners: [2], repeat: 0 });
    const seen = [];
    for (let i = 0; i < 5; i += 1) {
      step = nextStep(ladder, step)!;
      seen.push([step.level, step.repeat]);
    }
    expect(seen).toEqual([
      [2, 0],
      [3, 0],
      [4, 0],
      [4, 1],
      [4, 2],
    ]);
  });

  it('recomputed ladders: a level filled meanwhile is the next step; a vanished higher level is skipped', () => {
    const withCentre = buildLadder([{ userId: 4, roleCode: 'CRISIS_ROLE_CENTER_SUPERINTENDENT' }], []);
    expect(nextStep(withCentre, { level: 1, repeat: 0 })).toEqual({ level: 3, owners: [4], repeat: 0 });
    // The top moved down (the overall head left): the top that remains is reminded as a new level.
    expect(nextStep(withCentre, { level: 4, repeat: 3 })).toEqual({ level: 3, owners: [4], repeat: 0 });
  });

  it("deadlines: the level's minutes, top reminders doubling to at most an hour", () => {
    const from = new Date('2026-03-01T00:00:00Z');
    const at = (level: 1 | 2 | 3 | 4, repeat: number) =>
      (ackDeadline(from, { level, repeat }, MINUTES).getTime() - from.getTime()) / 60_000;
    expect([at(1, 0), at(2, 0), at(3, 0), at(4, 0)]).toEqual([30, 20, 10, 5]);
    expect([at(4, 1), at(4, 2), at(4, 3), at(4, 4), at(4, 10)]).toEqual([10, 20, 40, 60, 60]);
    // A level slower than an hour is never hurried by the cap.
    expect(
      (ackDeadline(from, { level: 4, repeat: 2 }, { ...MINUTES, 4: 90 }).getTime() - from.getTime()) / 60_000,
    ).toBe(90);
  });
});
