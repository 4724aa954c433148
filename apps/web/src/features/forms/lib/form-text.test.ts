import { formError } from '@psy/forms';
import { describe, expect, it } from 'vitest';
import enUS from '../../../i18n/en-US.json';
import zhCN from '../../../i18n/zh-CN.json';
import { FORM_ERROR_KEYS, FORM_ERROR_MESSAGES } from '@psy/forms';
import { choiceOptions, errorText, formLang, localized } from './form-text';

const columns = [{ prop: 'mood', label: { 'zh-CN': '心情', 'en-US': 'Mood' } }];

describe('form texts', () => {
  it('picks the language and falls back to the other when blank', () => {
    expect(formLang('en-US')).toBe('en-US');
    expect(formLang('zh-CN')).toBe('zh-CN');
    expect(formLang(undefined)).toBe('zh-CN');
    expect(localized({ 'zh-CN': '', 'en-US': 'Only English' }, 'zh-CN')).toBe('Only English');
    expect(localized(undefined, 'en-US')).toBe('');
  });

  it('names the column of a companion error with its label [spec:S0.5.13]', () => {
    const own = errorText(formError('mood', 'required'), columns, 'en-US');
    expect(own).toEqual({ key: 'forms.error.required', params: { field: 'mood', label: 'Mood' } });
    const other = errorText(
      formError('mood_text', 'maxLength', { max: 100, column: 'mood' }),
      columns,
      'zh-CN',
    );
    expect(other.params.label).toBe('心情');
    const custom = errorText(
      formError('mood', 'pattern', {}, { 'zh-CN': '格式', 'en-US': 'Format' }),
      columns,
      'en-US',
    );
    expect(custom.custom).toBe('Format');
  });

  it('has the engine texts for every error key in both catalogues, in the spec wording [spec:S0.2.27] [spec:S0.5.15]', () => {
    for (const key of FORM_ERROR_KEYS) {
      const toI18n = (s: string) => s.replace(/\{(\w+)\}/g, '{{$1}}');
      expect(enUS.forms.error[key], key).toBe(toI18n(FORM_ERROR_MESSAGES[key]['en-US']));
      expect(zhCN.forms.error[key], key).toBe(toI18n(FORM_ERROR_MESSAGES[key]['zh-CN']));
    }
    expect(enUS.forms.empty).toBe('No data, contact the administrator to configure the form');
    expect(enUS.forms.confirmSubmit).toBe('Confirm submit form data');
  });

  it('turns options into control options and trees', () => {
    const options = [
      {
        value: 1,
        label: { 'zh-CN': '一', 'en-US': 'One' },
        children: [{ value: 2, label: { 'zh-CN': '二', 'en-US': 'Two' } }],
      },
      { value: 3, label: { 'zh-CN': '三', 'en-US': 'Three' }, disabled: true },
    ];
    expect(choiceOptions(options, 'en-US')).toEqual([
      { value: 1, label: 'One', disabled: false },
      { value: 3, label: 'Three', disabled: true },
    ]);
  });
});
