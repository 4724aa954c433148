import { describe, expect, it } from 'vitest';
import { pageAfterDelete, userListQuery, userSearchFilter } from './user-search';
import { allowedUserButtons, batchDeleteIssue } from './user-actions';

describe('user list search', () => {
  it('trims texts and leaves empty fields out', () => {
    expect(
      userSearchFilter({
        realName: ' 张 ',
        username: '',
        numberName: '   ',
        phone: null,
        deptId: 4,
        userTypeId: null,
        roleId: 2,
        status: '',
      }),
    ).toEqual({ realName: '张', deptId: 4, roleId: 2 });
  });

  it('asks 10 rows per page by default [spec:S0.9.1]', () => {
    expect(userListQuery({ phone: '139' })).toEqual({ phone: '139', current: 1, size: 10 });
    expect(userListQuery({}, 3)).toEqual({ current: 3, size: 10 });
    expect(userListQuery({}, 0).current).toBe(1);
  });

  it('steps back a page when deleting empties the last one', () => {
    expect(pageAfterDelete(3, 21, 1, 10)).toBe(2);
    expect(pageAfterDelete(3, 25, 1, 10)).toBe(3);
    expect(pageAfterDelete(1, 1, 1, 10)).toBe(1);
  });
});

describe('user list buttons', () => {
  it('shows each button only with its permission key [spec:S0.6.4]', () => {
    expect(allowedUserButtons([])).toEqual({
      add: false,
      edit: false,
      del: false,
      export: false,
      audit: false,
      resetPwd: false,
    });
    expect(allowedUserButtons(['admin_userInfo_add', 'admin_userInfo_resetPwd', 'sys_user'])).toMatchObject({
      add: true,
      resetPwd: true,
      del: false,
    });
  });

  it("refuses a batch delete with nothing ticked ('please tick the data to delete') [spec:S0.5.17]", () => {
    expect(batchDeleteIssue([])).toBe('noneTicked');
    expect(batchDeleteIssue([1])).toBeNull();
  });
});

describe('details page address', () => {
  it('takes a positive whole userId only [spec:S0.2.14]', async () => {
    const { parseUserId } = await import('./user-detail');
    expect(parseUserId('42')).toBe(42);
    expect(parseUserId(' 7 ')).toBe(7);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '99999999999999999']) {
      expect(parseUserId(bad), String(bad)).toBeNull();
    }
  });
});
