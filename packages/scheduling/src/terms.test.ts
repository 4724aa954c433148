import { describe, expect, it } from 'vitest';
import { fallbackTermOf, rangesOverlap, termOf } from './terms';

const TERMS = [
  { id: 1, name: 'Autumn 2025', startDate: '2025-09-01', endDate: '2026-01-18' },
  { id: 2, name: 'Spring 2026', startDate: '2026-02-23', endDate: '2026-07-05' },
];

describe('terms from the school’s calendar [spec:S1.4.15]', () => {
  it('finds the term of a day, both ends included', () => {
    expect(termOf('2026-02-23', TERMS)).toMatchObject({ key: 't2', name: 'Spring 2026', fallback: false });
    expect(termOf('2026-07-05', TERMS).key).toBe('t2');
    expect(termOf('2026-01-18', TERMS).key).toBe('t1');
  });

  it('falls back to the half-year between and outside the school’s terms', () => {
    expect(termOf('2026-02-01', TERMS)).toMatchObject({
      key: 'h2026-1',
      startDate: '2026-02-01',
      endDate: '2026-07-31',
      fallback: true,
    });
    expect(fallbackTermOf('2026-01-20')).toMatchObject({
      key: 'h2025-2',
      startDate: '2025-08-01',
      endDate: '2026-01-31',
    });
    expect(fallbackTermOf('2026-08-01').key).toBe('h2026-2');
    expect(fallbackTermOf('2026-07-31').key).toBe('h2026-1');
  });

  it('tells overlapping ranges', () => {
    expect(rangesOverlap(TERMS[0]!, TERMS[1]!)).toBe(false);
    expect(rangesOverlap({ startDate: '2026-01-18', endDate: '2026-02-01' }, TERMS[0]!)).toBe(true);
  });
});
