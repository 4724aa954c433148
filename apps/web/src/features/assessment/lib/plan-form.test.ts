import type { Plan } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  fromLocalInput,
  namedUserNames,
  newPlanValues,
  parseHours,
  planToValues,
  toLocalInput,
  valuesToInput,
} from './plan-form';

const plan: Plan = {
  id: 7,
  name: 'Autumn screening',
  description: null,
  kind: 1,
  status: 2,
  scales: [
    { scaleId: 3, code: 'PHQ9', version: 1, name: 'PHQ-9', kind: 'scale', itemCount: 9, normId: 'cn-adult' },
  ],
  audience: { deptIds: [4], grades: ['2024'], userTypeIds: [], userIds: [9] },
  startTime: '2026-09-01T00:00:00.000Z',
  endTime: '2026-09-15T00:00:00.000Z',
  anonymous: false,
  resultVisibility: 2,
  maxAttempts: 1,
  minDaysBetween: 0,
  remindOnPublish: true,
  remindBeforeEndHours: [72, 24],
  agreementText: null,
  helpText: 'Call 123',
  useRiskBands: true,
  warnOnScreenPositive: false,
  flagRule: 1,
  answerCount: 0,
  createUserName: 'a',
  createTime: '2026-08-01T00:00:00.000Z',
  updateTime: '2026-08-01T00:00:00.000Z',
  publishTime: null,
};

describe('plan form [spec:S1.2.4]', () => {
  it('round-trips a plan: scales keep their norm, the audience its four parts, reminders their hours', () => {
    const values = planToValues(plan);
    expect(values.remindHours).toBe('72, 24');
    const input = valuesToInput({ ...values, scaleIds: [3, 5] }, plan);
    expect(input.scales).toEqual([
      { scaleId: 3, normId: 'cn-adult' },
      { scaleId: 5, normId: null },
    ]);
    expect(input.audience).toEqual({ deptIds: [4], grades: ['2024'], userTypeIds: [], userIds: [9] });
    expect(input.remindBeforeEndHours).toEqual([72, 24]);
    expect(input.startTime).toBe('2026-09-01T00:00:00.000Z');
    expect(input.helpText).toBe('Call 123');
    expect(input.description).toBeNull();
  });

  it('sends days between answers only for daily plans', () => {
    const values = { ...newPlanValues(), name: ' Daily ', minDaysBetween: 7 };
    expect(valuesToInput(values).minDaysBetween).toBe(0);
    expect(valuesToInput({ ...values, kind: 2 }).minDaysBetween).toBe(7);
    expect(valuesToInput(values).name).toBe('Daily');
  });

  it('reads local times and hour lists, leaving what is not a number for the server to refuse', () => {
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a time')).toBeNull();
    const local = toLocalInput('2026-09-01T08:30:00.000Z')!;
    expect(fromLocalInput(local)).toBe('2026-09-01T08:30:00.000Z');
    expect(parseHours('72，24 12')).toEqual([72, 24, 12]);
    expect(parseHours(' ')).toEqual([]);
    expect(parseHours('x')).toEqual([NaN]);
  });

  it("names a plan's named people for the picker by id, and a new plan none", () => {
    expect(namedUserNames({ ...plan, namedUsers: [{ id: 9, realName: '林同学' }] })).toEqual({ 9: '林同学' });
    expect(namedUserNames(plan)).toEqual({});
    expect(namedUserNames(null)).toEqual({});
  });

  it('opens a new screening now for two weeks', () => {
    const now = new Date('2026-03-01T10:00:00.000Z');
    const values = newPlanValues(now);
    expect(fromLocalInput(values.startTime)).toBe('2026-03-01T10:00:00.000Z');
    expect(fromLocalInput(values.endTime)).toBe('2026-03-15T10:00:00.000Z');
  });
});
