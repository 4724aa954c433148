import { describe, expect, it } from 'vitest';
import { dynamicLogQuery, firstLine, logFilterIssues, reportedTime } from './log-filters';

describe('client log filters [spec:S0.3.13] [spec:S0.7.27]', () => {
  it('sends only the filters that are filled, trimmed', () => {
    expect(dynamicLogQuery({}, 1, 10)).toEqual({ current: 1, size: 10 });
    expect(
      dynamicLogQuery({ type: ' promise ', userId: '12', startDate: '2026-03-01', endDate: '' }, 2, 20),
    ).toEqual({ current: 2, size: 20, type: 'promise', userId: 12, startDate: '2026-03-01' });
    expect(dynamicLogQuery({ type: '  ', userId: null, startDate: null }, 1, 10)).toEqual({
      current: 1,
      size: 10,
    });
  });

  it('names the field of a filter the server would refuse', () => {
    expect(logFilterIssues({})).toEqual({});
    expect(logFilterIssues({ userId: 'abc' })).toEqual({ userId: 'userId' });
    expect(logFilterIssues({ userId: '0' })).toEqual({ userId: 'userId' });
    expect(logFilterIssues({ startDate: '2026-3-1' })).toEqual({ startDate: 'date' });
    expect(logFilterIssues({ startDate: '2026-03-02', endDate: '2026-03-01' })).toEqual({ endDate: 'range' });
    expect(logFilterIssues({ startDate: '2026-03-01', endDate: '2026-03-01' })).toEqual({});
    expect(logFilterIssues({ type: 'x'.repeat(41) })).toEqual({ type: 'type' });
  });

  it('shortens a message to its first line', () => {
    expect(firstLine('TypeError: x is undefined\n    at a.js:1')).toBe('TypeError: x is undefined');
    expect(firstLine(null)).toBe('');
    expect(firstLine('abcdef', 4)).toBe('abc…');
  });

  it('shows epoch milliseconds as a time and other texts as they came', () => {
    expect(reportedTime('1767225600000')).toBe('2026-01-01T00:00:00.000Z');
    expect(reportedTime('2026-01-01 08:00:00')).toBe('2026-01-01 08:00:00');
  });
});
