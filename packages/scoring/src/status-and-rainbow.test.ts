import { describe, expect, it } from 'vitest';
import { RAINBOW_RULES, rainbowCodeOf, type RainbowInputs } from './rainbow';

describe('rainbow code', () => {
  const now = new Date('2026-10-01T00:00:00Z');
  const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
  const base: RainbowInputs = {
    latestScreening: null,
    openWarnings: { critical: 0, other: 0 },
    latestInterview: null,
    crisisLevel: null,
    now,
  };
  const screen = (riskGrade: 1 | 2 | 3 | null, screenPositive = false, at = daysAgo(10)) => ({
    latestScreening: { at, riskGrade, screenPositive },
  });

  it.each([
    ['R1', 'red', { ...base, ...screen(3), openWarnings: { critical: 1, other: 0 } }],
    ['R1', 'red', { ...base, crisisLevel: 1 as const }],
    [
      'R2',
      'red',
      { ...base, ...screen(3), latestInterview: { at: daysAgo(5), riskGrade: 1 as const, nextStep: 2 } },
    ],
    ['R2', 'red', { ...base, latestInterview: { at: daysAgo(5), riskGrade: null, nextStep: 4 } }],
    ['R3', 'orange', { ...base, crisisLevel: 2 as const }],
    ['R3', 'orange', { ...base, ...screen(3), openWarnings: { critical: 0, other: 1 } }],
    ['R3', 'orange', { ...base, ...screen(1) }],
    ['R4', 'yellow', { ...base, ...screen(2) }],
    ['R4', 'yellow', { ...base, ...screen(3, true) }],
    ['R4', 'yellow', { ...base, crisisLevel: 3 as const }],
    [
      'R5',
      'green',
      { ...base, ...screen(1), latestInterview: { at: daysAgo(2), riskGrade: 3 as const, nextStep: 1 } },
    ],
    ['R5', 'green', { ...base, ...screen(3) }],
    ['R6', 'grey', { ...base, ...screen(3, false, daysAgo(400)) }],
    ['R6', 'grey', base],
  ] as [string, string, RainbowInputs][])('rule %s gives %s', (rule, colour, inputs) => {
    expect(rainbowCodeOf(inputs)).toEqual({ rule, colour });
  });

  it('an interview before the latest screening does not lower the screening', () => {
    const x = {
      ...base,
      ...screen(1),
      latestInterview: { at: daysAgo(30), riskGrade: 3 as const, nextStep: 1 },
    };
    expect(rainbowCodeOf(x).colour).toBe('orange');
  });

  it('explains every rule in both languages', () => {
    expect(RAINBOW_RULES.map((r) => r.rule)).toEqual(['R1', 'R2', 'R3', 'R4', 'R5', 'R6']);
  });
});
