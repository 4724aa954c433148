import { USER_STATUSES, type UserStatus } from '@psy/contracts';

/**
 * The search form of the user list (admin centre, spec S0.2.14 `/info/index`) and the filter it sends
 * (texts trimmed, empty fields left out); the page is the admin kit's (shared/admin/paging.ts). Pure.
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
