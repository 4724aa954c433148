import { describe, expect, it } from 'vitest';
import { userSearchFilter } from './user-search';
import { allowedButtons } from '@psy/contracts';
import { USER_BUTTONS } from './user-actions';

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
});

describe('user list buttons', () => {
  it('shows each button only with its permission key [spec:S0.6.4]', () => {
    expect(allowedButtons(USER_BUTTONS, [])).toEqual({
      add: false,
      edit: false,
      del: false,
      export: false,
      audit: false,
      resetPwd: false,
    });
    expect(
      allowedButtons(USER_BUTTONS, ['admin_userInfo_add', 'admin_userInfo_resetPwd', 'sys_user']),
    ).toMatchObject({
      add: true,
      resetPwd: true,
      del: false,
    });
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
