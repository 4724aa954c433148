import { agreementSettingValueSchema } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { exportFileName, filterOf, settingFormOf, settingValueOf } from './agreement-admin';

describe('agreement administration [spec:S0.3.12]', () => {
  it('round-trips the setting through the form, text per language', () => {
    const form = settingFormOf(true, {
      userRoleId: [3, 5],
      locales: { 'en-US': { title: 'Consent', content: 'Text' } },
      title: '同意书',
      content: '内容',
    });
    expect(form.texts['zh-CN']).toEqual({ title: '同意书', content: '内容' });
    const saved = settingValueOf({ ...form, userRoleId: [3, 3, 5] });
    expect(saved).toEqual({
      enable: true,
      value: {
        userRoleId: [3, 5],
        title: '同意书',
        content: '内容',
        locales: {
          'zh-CN': { title: '同意书', content: '内容' },
          'en-US': { title: 'Consent', content: 'Text' },
        },
      },
    });
    // What the form saves passes the contract's rules.
    expect(agreementSettingValueSchema.strict().safeParse(saved.value).success).toBe(true);
  });

  it('leaves out languages without text and blank form names', () => {
    const saved = settingValueOf({
      enable: false,
      userRoleId: [],
      formName: ' ',
      texts: { 'zh-CN': { title: '', content: '' }, 'en-US': { title: 'Only English', content: 'x' } },
    });
    expect(saved.value).toEqual({
      userRoleId: [],
      title: 'Only English',
      content: 'x',
      locales: { 'en-US': { title: 'Only English', content: 'x' } },
    });
  });

  it('builds the list filter without blanks and names export files by day', () => {
    expect(filterOf({ keyword: ' ', roleId: null, startDate: '', endDate: '2026-03-02' })).toEqual({
      endDate: '2026-03-02',
    });
    expect(filterOf({ keyword: ' Li ', roleId: 4 })).toEqual({ keyword: 'Li', roleId: 4 });
    expect(exportFileName('docx', new Date(2026, 2, 1, 10))).toBe('agreements-2026-03-01.docx');
  });
});
