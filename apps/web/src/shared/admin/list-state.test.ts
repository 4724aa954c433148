import { describe, expect, it } from 'vitest';
import { batchIssue, initialListState, listReducer, queryOf, type ListState } from './list-state';

type Filter = { name?: string; status?: 0 | 1 };

const onPage3: ListState<Filter> = {
  filter: { name: 'a' },
  paging: { current: 3, size: 10 },
  selected: [4, 5],
};

describe('admin list state', () => {
  it('starts on page 1 of 10 with nothing ticked', () => {
    expect(initialListState<Filter>({})).toEqual({
      filter: {},
      paging: { current: 1, size: 10 },
      selected: [],
    });
  });

  it('a search replaces the filter, goes to page 1 and unticks', () => {
    expect(listReducer(onPage3, { type: 'search', filter: { status: 1 } })).toEqual({
      filter: { status: 1 },
      paging: { current: 1, size: 10 },
      selected: [],
    });
  });

  it('a refinement keeps the other filter values', () => {
    const next = listReducer(onPage3, { type: 'refine', patch: { status: 0 } });
    expect(next.filter).toEqual({ name: 'a', status: 0 });
    expect(next.paging.current).toBe(1);
    expect(next.selected).toEqual([]);
  });

  it('keeps ticks across pages, so a batch action may take rows of several', () => {
    const next = listReducer(onPage3, { type: 'page', current: 4, size: 10 });
    expect(next.paging).toEqual({ current: 4, size: 10 });
    expect(next.selected).toEqual([4, 5]);
  });

  it('after a delete unticks and leaves an emptied last page', () => {
    const next = listReducer(onPage3, { type: 'deleted', total: 22, count: 2 });
    expect(next.selected).toEqual([]);
    expect(next.paging.current).toBe(2);
  });

  it('asks the filter values that say something with the page', () => {
    expect(queryOf({ ...onPage3, filter: { name: '  ' } })).toEqual({ current: 3, size: 10 });
  });

  it("refuses a batch action with nothing ticked ('please tick the data to delete') [spec:S0.5.17]", () => {
    expect(batchIssue([])).toBe('noneTicked');
    expect(batchIssue([7])).toBeNull();
  });
});
