import { describe, expect, it } from 'vitest';
import { compactFilter, FIRST_PAGE, listQuery, pageAfterDelete, pagingAfterChange, rowsOf } from './paging';

describe('admin list paging', () => {
  it('asks 10 rows a page from page 1 [spec:S0.9.1]', () => {
    expect(FIRST_PAGE).toEqual({ current: 1, size: 10 });
  });

  it('sends current and size with the filter values that say something', () => {
    expect(
      listQuery({ name: ' 张 ', code: '', roleId: 3, status: null, ids: [], dept: undefined }, FIRST_PAGE),
    ).toEqual({ name: '张', roleId: 3, current: 1, size: 10 });
    expect(listQuery({}, { current: 3, size: 20 })).toEqual({ current: 3, size: 20 });
    expect(listQuery({}, { current: 0, size: 10 }).current).toBe(1);
    expect(listQuery({}, { current: 2.7, size: 10 }).current).toBe(2);
    // A zero or false is a value, not an empty filter.
    expect(compactFilter({ status: 0, enabled: false })).toEqual({ status: 0, enabled: false });
  });

  it('starts again at page 1 when the page size changes', () => {
    expect(pagingAfterChange({ current: 3, size: 10 }, 4, 10)).toEqual({ current: 4, size: 10 });
    expect(pagingAfterChange({ current: 3, size: 10 }, 3, 20)).toEqual({ current: 1, size: 20 });
  });

  it('steps back a page when deleting empties the last one', () => {
    expect(pageAfterDelete(3, 21, 1, 10)).toBe(2);
    expect(pageAfterDelete(3, 25, 1, 10)).toBe(3);
    expect(pageAfterDelete(3, 30, 10, 10)).toBe(2);
    expect(pageAfterDelete(1, 1, 1, 10)).toBe(1);
    expect(pageAfterDelete(2, 11, 11, 10)).toBe(1);
  });

  it('reads records and total of a page, or a whole list', () => {
    expect(rowsOf({ records: [{ id: 1 }], total: 31 })).toEqual({ rows: [{ id: 1 }], total: 31 });
    expect(rowsOf([{ id: 1 }, { id: 2 }])).toEqual({ rows: [{ id: 1 }, { id: 2 }], total: 2 });
    expect(rowsOf(undefined)).toEqual({ rows: [], total: 0 });
  });
});
