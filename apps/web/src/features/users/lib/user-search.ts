import { DEFAULT_PAGE_SIZE, USER_STATUSES, type UserStatus } from '@psy/contracts';

/**
 * The search form of the user list (admin centre, spec S0.2.14 `/info/index`) and the query it sends:
 * texts trimmed, empty fields left out, page of 10 (spec S0.9.1). Pure.
 */

export interface UserSearchValues {
  realName?: string | null;
  username?: string | null;
  numberName?: string | null;
  phone?: string | null;
  deptId?: number | null;
  userTypeId?: number | null;
  roleId?: number | null;
  status?: string | null;
}

/** The filter the list and the export send: only the fields given. */
export interface UserSearchFilter {
  realName?: string;
  username?: string;
  numberName?: string;
  phone?: string;
  deptId?: number;
  userTypeId?: number;
  roleId?: number;
  status?: UserStatus;
}

const isStatus = (value: string): value is UserStatus => (USER_STATUSES as readonly string[]).includes(value);

export const USER_SEARCH_TEXT_FIELDS = ['realName', 'username', 'numberName', 'phone'] as const;

/** Search values without empty ones: what the list and the export by search filter on. */
export function userSearchFilter(values: UserSearchValues): UserSearchFilter {
  const filter: UserSearchFilter = {};
  for (const field of USER_SEARCH_TEXT_FIELDS) {
    const value = (values[field] ?? '').trim();
    if (value !== '') filter[field] = value;
  }
  if (values.deptId != null) filter.deptId = values.deptId;
  if (values.userTypeId != null) filter.userTypeId = values.userTypeId;
  if (values.roleId != null) filter.roleId = values.roleId;
  if (values.status != null && isStatus(values.status)) filter.status = values.status;
  return filter;
}

/** The list query: the filter and a page (1-based), 10 rows by default. */
export function userListQuery(
  values: UserSearchValues,
  current = 1,
  size = DEFAULT_PAGE_SIZE,
): UserSearchFilter & { current: number; size: number } {
  return { ...userSearchFilter(values), current: Math.max(1, Math.trunc(current)), size };
}

/**
 * The page to show after rows were deleted: the last page may have emptied (then the one before it).
 */
export function pageAfterDelete(current: number, total: number, deleted: number, size: number): number {
  const remaining = Math.max(0, total - deleted);
  const lastPage = Math.max(1, Math.ceil(remaining / size));
  return Math.min(current, lastPage);
}
