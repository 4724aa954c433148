import { describe, expect, it } from 'vitest';
import { pageAnswer, pageWindow } from './paging';

describe('paging', () => {
  it('turns current and size into offset and limit', () => {
    expect(pageWindow({ current: 1, size: 10 })).toEqual({ offset: 0, limit: 10 });
    expect(pageWindow({ current: 3, size: 20 })).toEqual({ offset: 40, limit: 20 });
  });

  it('answers records and total with the page asked for', () => {
    expect(pageAnswer({ current: 2, size: 10 }, ['a'], 11)).toEqual({
      records: ['a'],
      total: 11,
      current: 2,
      size: 10,
    });
  });
});
