import type { Key } from 'react';
import { FIRST_PAGE, listQuery, pageAfterDelete, pagingAfterChange, type Paging } from './paging';

/**
 * The state of an administration list: its filter, page and ticked rows, and the rules that move them
 * (a search starts at page 1 with nothing ticked; a delete unticks and steps back from an emptied last
 * page). Pure: `useAdminList` (use-admin-list.ts) holds it in React.
 */
export interface ListState<F> {
  filter: F;
  paging: Paging;
  selected: readonly Key[];
}

export type ListAction<F> =
  /** A new filter (the search form was sent): page 1, nothing ticked. */
  | { type: 'search'; filter: F }
  /** Some filter values changed (a tab's status select): as a search with the others kept. */
  | { type: 'refine'; patch: Partial<F> }
  | { type: 'page'; current: number; size: number }
  | { type: 'select'; keys: readonly Key[] }
  /** `count` of `total` rows were deleted. */
  | { type: 'deleted'; total: number; count: number };

export function initialListState<F>(filter: F, size = FIRST_PAGE.size): ListState<F> {
  return { filter, paging: { current: 1, size }, selected: [] };
}

export function listReducer<F>(state: ListState<F>, action: ListAction<F>): ListState<F> {
  switch (action.type) {
    case 'search':
      return { filter: action.filter, paging: { ...state.paging, current: 1 }, selected: [] };
    case 'refine':
      return {
        filter: { ...state.filter, ...action.patch },
        paging: { ...state.paging, current: 1 },
        selected: [],
      };
    case 'page':
      // Ticks survive paging: a batch action may take rows of several pages.
      return { ...state, paging: pagingAfterChange(state.paging, action.current, action.size) };
    case 'select':
      return { ...state, selected: [...action.keys] };
    case 'deleted':
      return {
        ...state,
        selected: [],
        paging: {
          ...state.paging,
          current: pageAfterDelete(state.paging.current, action.total, action.count, state.paging.size),
        },
      };
  }
}

/** The query of the list call for the state: filter values that say something, and the page. */
export const queryOf = <F extends object>(state: ListState<F>) => listQuery(state.filter, state.paging);

/**
 * Spec S0.5.17: a batch action (delete, audit) needs ticked rows ('please tick the data to delete');
 * null when it may go ahead.
 */
export function batchIssue(selected: readonly unknown[]): 'noneTicked' | null {
  return selected.length === 0 ? 'noneTicked' : null;
}
