import { describe, expect, it } from 'vitest';
import { formatScore, pairText } from './report-text';
import { nextIndex, readOutcome, resumeIndex, unansweredOf, unsavedOf } from './test-progress';

const items = [1, 2, 3, 4, 5];

describe('taking a test [spec:S1.2.7]', () => {
  it('resumes at the saved position, or the first item left open', () => {
    expect(resumeIndex(items, { 1: 0, 2: 1 }, 3)).toBe(2);
    expect(resumeIndex(items, { 1: 0, 2: 1 }, 0)).toBe(2);
    expect(resumeIndex(items, { 1: 0, 2: 1, 3: 1, 4: 1, 5: 1 }, 99)).toBe(4);
    expect(resumeIndex([], {}, 1)).toBe(0);
  });

  it('moves on to the next unanswered item, wrapping to one skipped earlier', () => {
    expect(nextIndex(items, { 1: 0 }, 0)).toBe(1);
    expect(nextIndex(items, { 1: 0, 3: 1, 5: 2 }, 2)).toBe(3);
    expect(nextIndex(items, { 2: 0, 3: 0, 4: 0, 5: 0 }, 4)).toBe(0);
    expect(nextIndex(items, { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 }, 2)).toBe(3);
    expect(unansweredOf(items, { 2: 0, 4: 3 })).toEqual([1, 3, 5]);
  });

  it('sends again only what the server has not confirmed', () => {
    expect(unsavedOf({ 1: 0, 2: 2, 3: 1 }, { 1: 0, 2: 1 })).toEqual({ 2: 2, 3: 1 });
    expect(unsavedOf({ 1: 0 }, { 1: 0 })).toEqual({});
  });

  it('reads the handed-over outcome, ignoring what is not one', () => {
    expect(readOutcome(null)).toBeNull();
    expect(readOutcome('{')).toBeNull();
    expect(readOutcome('{"x":1}')).toBeNull();
    expect(readOutcome('{"scaleName":"PHQ-9","critical":true}')?.critical).toBe(true);
  });
});

describe('report texts', () => {
  it('picks the language of a text pair and rounds scores to two decimals', () => {
    expect(formatScore(1.23456)).toBe('1.23');
    expect(formatScore(null)).toBe('-');
    expect(pairText({ zh: '抑郁', en: 'Depression' }, 'en-US')).toBe('Depression');
    expect(pairText({ zh: '抑郁', en: '' }, 'en-US')).toBe('抑郁');
    expect(pairText({ zh: '抑郁', en: 'Depression' }, 'zh-CN')).toBe('抑郁');
  });
});
