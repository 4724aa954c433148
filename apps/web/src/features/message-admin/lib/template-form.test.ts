import type { MessageTemplate } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { changedTexts, eventSearchTerm, placeholderTokens, templateFormValues } from './template-form';

const template: MessageTemplate = {
  id: 7,
  event: 'USER_PASSWORD_RESET',
  typeCode: 'SYSTEM',
  productCode: null,
  params: ['realName', 'operator'],
  titleZh: '密码已重置',
  contentZh: '{realName}，您的密码已重置',
  titleEn: 'Password reset',
  contentEn: '{realName}, your password was reset',
  enabled: true,
  updateTime: '2026-01-01T00:00:00.000Z',
};

describe('message template form [spec:S0.7.23]', () => {
  it('starts from the template texts', () => {
    expect(templateFormValues(template)).toEqual({
      titleZh: '密码已重置',
      contentZh: '{realName}，您的密码已重置',
      titleEn: 'Password reset',
      contentEn: '{realName}, your password was reset',
    });
  });

  it('sends only the texts that changed, trimmed; nothing when nothing changed', () => {
    expect(
      changedTexts(template, { ...templateFormValues(template), titleEn: '  Password reset  ' }),
    ).toBeNull();
    expect(
      changedTexts(template, { ...templateFormValues(template), contentEn: ' {operator} reset it ' }),
    ).toEqual({ id: 7, contentEn: '{operator} reset it' });
    expect(changedTexts(template, { titleZh: '新标题' })).toEqual({ id: 7, titleZh: '新标题' });
  });

  it('shows the allowed placeholders as they are written', () => {
    expect(placeholderTokens(template.params)).toEqual(['{realName}', '{operator}']);
    expect(placeholderTokens([])).toEqual([]);
  });

  it('searches event keys in any case', () => {
    expect(eventSearchTerm('  reset ')).toBe('RESET');
  });
});
