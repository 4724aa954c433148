import { idCheckDigit } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkUserField,
  isUnchangedMasked,
  keptMaskedFields,
  ROLE_SELECTION_LIMIT,
  REQUIRED_FIELDS,
  USER_DIALOG_WIDTH,
  USER_FORM_FIELDS,
  userFormValues,
  userSubmission,
  type UserFormValues,
} from './user-form';
import type { UserFormDetail } from '@psy/contracts';

const today = '2026-11-21';
const check = (field: Parameters<typeof checkUserField>[0], value: string, extra = {}) =>
  checkUserField(field, value, { today, ...extra });

/** A valid 18-digit ID number (GB 11643 check digit computed). */
const first17 = '11010519900307123';
const validId = `${first17}${idCheckDigit(first17)}`;
const wrongCheck = `${first17}${idCheckDigit(first17) === '0' ? '1' : '0'}`;

describe('user form rules', () => {
  it('has the required set of the default user form [spec:S0.3.3]', () => {
    expect([...REQUIRED_FIELDS]).toEqual([
      'username',
      'realName',
      'numberName',
      'phone',
      'deptId',
      'sex',
      'roleIds',
    ]);
    // Users hold several roles; the birth date may be left out (issue 18).
    expect(ROLE_SELECTION_LIMIT).toBe(20);
  });

  it('is a 780 px dialog [spec:S0.9.7]', () => {
    expect(USER_DIALOG_WIDTH).toBe(780);
  });

  it('asks for a login account of 2-20 characters [spec:S0.5.1] [spec:S0.9.1]', () => {
    expect(check('username', '')).toBe('username.required');
    expect(check('username', '   ')).toBe('username.required');
    expect(check('username', 'a')).toBe('username.length');
    expect(check('username', 'a'.repeat(21))).toBe('username.length');
    expect(check('username', 'ab')).toBeNull();
    expect(check('username', 'a'.repeat(20))).toBeNull();
  });

  it('asks for name and number and refuses masked ones [spec:S0.5.1] [spec:S0.5.7]', () => {
    expect(check('realName', '')).toBe('realName.required');
    expect(check('numberName', ' ')).toBe('numberName.required');
    expect(check('realName', '张*')).toBe('masked');
    expect(check('realName', '张三')).toBeNull();
    expect(check('realName', 'x'.repeat(51))).toBe('tooLong');
  });

  it('gives the three phone messages [spec:S0.5.3]', () => {
    expect(check('phone', '')).toBe('phone.required');
    expect(check('phone', '1391234567')).toBe('phone.length');
    expect(check('phone', '12912345678')).toBe('phone.format');
    expect(check('phone', '139-1234567')).toBe('phone.format');
    expect(check('phone', '13912345678')).toBeNull();
  });

  it('refuses a birthday in the future [spec:S0.5.6]', () => {
    expect(check('birthday', '')).toBeNull();
    expect(check('birthday', '2026-11-22')).toBe('birthday.future');
    expect(check('birthday', '2026-11-21')).toBeNull();
    expect(check('birthday', '2026-02-30')).toBe('birthday.format');
  });

  it('checks email only when given [spec:S0.5.2]', () => {
    expect(check('email', '')).toBeNull();
    expect(check('email', 'a@b')).toBe('email.format');
    expect(check('email', 'a@school.edu.cn')).toBeNull();
  });

  it('checks the ID number by its type with the GB 11643 check digit [spec:S0.5.4]', () => {
    expect(check('idCard', '')).toBeNull();
    expect(check('idCard', validId)).toBeNull();
    expect(check('idCard', wrongCheck)).toBe('idCard.checkDigit');
    expect(check('idCard', '1234')).toBe('idCard.format');
    // A passport number is no ID card number, but it is a passport number (type 7).
    expect(check('idCard', 'E12345678')).toBe('idCard.format');
    expect(check('idCard', 'E12345678', { idType: 7 })).toBeNull();
    expect(check('idCard', 'H12345678', { idType: 2 })).toBeNull();
  });

  it('does not check a masked value left as it came, but refuses an edited one [spec:S0.5.7]', () => {
    expect(isUnchangedMasked('139****5678', '139****5678')).toBe(true);
    expect(isUnchangedMasked('139****5679', '139****5678')).toBe(false);
    expect(isUnchangedMasked('13912345678', '13912345678')).toBe(false);
    expect(check('phone', '139****5678', { initial: '139****5678' })).toBeNull();
    expect(check('phone', '139****567', { initial: '139****5678' })).toBe('masked');
    expect(check('idCard', '110***********1234', { initial: '110***********1234' })).toBeNull();
    expect(check('realName', '张*', { initial: '张*' })).toBeNull();
  });
});

describe('user submission', () => {
  const values: UserFormValues = {
    username: ' zhang3 ',
    realName: ' 张三 ',
    numberName: '2024001',
    phone: '13912345678',
    deptId: 5,
    sex: 1,
    birthday: '2005-09-01',
    idCard: validId.toLowerCase(),
    email: '',
    roleIds: [3],
    schoolRegister: '  ',
  };

  it('trims texts, sends empty optional fields as null, ID type 1 by default [spec:S0.3.3]', () => {
    const body = userSubmission(values);
    expect(body).toMatchObject({
      username: 'zhang3',
      realName: '张三',
      phone: '13912345678',
      idType: 1,
      idCard: validId.toUpperCase(),
      email: null,
      schoolRegister: null,
      roleIds: [3],
    });
    expect(keptMaskedFields(body)).toEqual([]);
  });

  it('never resubmits a masked value left unchanged [spec:S0.5.7]', () => {
    const initial: UserFormValues = {
      ...values,
      realName: '张*',
      phone: '139****5678',
      idType: 1,
      idCard: '110***********1234',
    };
    const body = userSubmission({ ...initial, numberName: '2024002' }, initial);
    expect(body).not.toHaveProperty('realName');
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('idCard');
    expect(body).not.toHaveProperty('idType');
    expect(body.numberName).toBe('2024002');
    expect(keptMaskedFields(body)).toEqual(['realName', 'phone', 'idCard']);
    expect(JSON.stringify(body)).not.toContain('*');
  });

  it('sends a masked field the user replaced with a full value [spec:S0.5.7]', () => {
    const initial: UserFormValues = { ...values, phone: '139****5678' };
    const body = userSubmission({ ...initial, phone: '13800000000' }, initial);
    expect(body.phone).toBe('13800000000');
  });

  it('without an ID number sends no ID type', () => {
    const body = userSubmission({ ...values, idCard: '', idType: 7 });
    expect(body.idCard).toBeNull();
    expect(body.idType).toBeNull();
  });
});

describe('edit form values', () => {
  const detail: UserFormDetail = {
    id: 9,
    username: 'zhang3',
    realName: '张三',
    numberName: null,
    phone: '139****5678',
    idType: null,
    idCard: '110***********1234',
    email: null,
    sex: 3,
    birthday: '2005-09-01',
    deptId: 4,
    deptName: '2024级',
    userTypeId: null,
    userTypeName: null,
    roleList: [],
    status: 'active',
    mustChangePassword: false,
    createTime: '2026-01-01T00:00:00.000Z',
    masked: true,
    deptFullName: '组织机构-计算机学院-2024级',
    roleIds: [3, 5],
    yearInfo: '2024',
    nation: null,
    politicCountenance: null,
    educationalLevel: null,
    religiousBelief: null,
    isMarriage: null,
    schoolRegister: null,
    isInitializeAdmin: false,
    nameMasked: false,
  };

  it('opens with the values as they came, masked ones included [spec:S0.3.3] [spec:S0.5.7]', () => {
    const values = userFormValues(detail);
    expect(values).toMatchObject({ phone: '139****5678', numberName: '', roleIds: [3, 5], yearInfo: '2024' });
    // An unknown sex is left for the user to choose; an ID number without a type is an ID card.
    expect(values.sex).toBeNull();
    expect(values.idType).toBe(1);
    // Saved unchanged: neither masked value goes back, the extra role is kept.
    const body = userSubmission(values, values);
    expect(body).not.toHaveProperty('phone');
    expect(body).not.toHaveProperty('idCard');
    expect(body.roleIds).toEqual([3, 5]);
  });

  it('names every field of the form, so a server 400 on any of them lands on it', () => {
    expect([...Object.keys(userFormValues(detail))].sort()).toEqual([...USER_FORM_FIELDS].sort());
  });
});
