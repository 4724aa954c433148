import { describe, expect, it } from 'vitest';
import { isValidUserTypeCode, userTypeFormValues } from './user-type-form';

const type = (id: number, sort: number) => ({
  id,
  name: `T${id}`,
  code: `t${id}`,
  allowRegister: false,
  sort,
  userCount: 0,
});

describe('user type form [spec:S0.7.12]', () => {
  it('accepts the codes the server accepts', () => {
    expect(isValidUserTypeCode('alumni')).toBe(true);
    expect(isValidUserTypeCode('Staff_2')).toBe(true);
    for (const bad of ['a', '1abc', 'with space', 'x'.repeat(41), 'é_type'])
      expect(isValidUserTypeCode(bad)).toBe(false);
  });

  it('fills the form from a type, or places a new one last', () => {
    expect(userTypeFormValues(type(1, 3), [])).toEqual({
      name: 'T1',
      code: 't1',
      allowRegister: false,
      sort: 3,
    });
    expect(userTypeFormValues(null, [type(1, 1), type(2, 7)]).sort).toBe(8);
    expect(userTypeFormValues(null, []).sort).toBe(1);
  });
});
