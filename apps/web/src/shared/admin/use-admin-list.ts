import { useMemo, useReducer, type Key } from 'react';
import { initialListState, listReducer, queryOf, type ListState } from './list-state';

export interface AdminList<F extends object> extends ListState<F> {
  /** The list call's query: the filter's non-empty values, `current` and `size`. */
  query: ReturnType<typeof queryOf<F>>;
  search(filter: F): void;
  refine(patch: Partial<F>): void;
  changePage(current: number, size: number): void;
  select(keys: readonly Key[]): void;
  /** After `count` of `total` rows were deleted: nothing ticked, an emptied last page left. */
  deleted(total: number, count: number): void;
}

/** The filter, page and ticked rows of an administration list (list-state.ts has the rules). */
export function useAdminList<F extends object>(initialFilter: F, pageSize?: number): AdminList<F> {
  const [state, dispatch] = useReducer(listReducer<F>, undefined, () =>
    initialListState(initialFilter, pageSize),
  );
  return useMemo(
    () => ({
      ...state,
      query: queryOf(state),
      search: (filter) => dispatch({ type: 'search', filter }),
      refine: (patch) => dispatch({ type: 'refine', patch }),
      changePage: (current, size) => dispatch({ type: 'page', current, size }),
      select: (keys) => dispatch({ type: 'select', keys }),
      deleted: (total, count) => dispatch({ type: 'deleted', total, count }),
    }),
    [state],
  );
}
