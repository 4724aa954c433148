import { describe, expect, it } from 'vitest';
import type { FormColumn, FormDefinition } from '@psy/forms';
import { cellOf, exportColumns } from './forms.export';

const label = (en: string, zh = en) => ({ 'zh-CN': zh, 'en-US': en });

describe('answer export cells [spec:S0.7.28]', () => {
  it('shows options as labels with the other text, several choices joined per language', () => {
    const c: FormColumn = {
      prop: 'reason',
      label: label('Reason'),
      type: 'checkbox',
      otherInputOpen: true,
      dicData: [
        { value: 1, label: label('Study', '学业') },
        { value: 0, label: label('Other', '其他') },
      ],
    };
    const answer = { reason: [1, 0], reason_text: 'family' };
    expect(cellOf(c, answer, 'en-US')).toBe('Study, Other: family');
    expect(cellOf(c, answer, 'zh-CN')).toBe('学业、其他：family');
    expect(cellOf(c, {}, 'en-US')).toBe('');
  });

  it('shows a signature as signer and China time, never the image', () => {
    const c: FormColumn = { prop: 'sign_common', label: label('Signature'), type: 'signature' };
    const answer = {
      sign_common: 'data:image/png;base64,AAAA',
      sign_common_signRealName: 'Li Si',
      sign_common_signTime: Date.UTC(2026, 2, 1, 0, 30, 0),
    };
    expect(cellOf(c, answer, 'en-US')).toBe('Li Si 2026-03-01 08:30:00');
  });

  it('fills rich text inputs into the text', () => {
    const c: FormColumn = {
      prop: 'rich',
      label: label('Rich'),
      type: 'richTxt',
      richItems: [
        { type: 'text', content: label('I slept ', '我睡了') },
        { type: 'input', prop: 'rich_hours' },
        { type: 'period' },
      ],
    };
    expect(cellOf(c, { rich_hours: '6' }, 'en-US')).toBe('I slept 6.');
  });

  it('exports in-use, displayed, non-title columns the roles may see', () => {
    const def = {
      id: '1',
      version: 1,
      name: label('F'),
      columns: [
        { prop: 'a', label: label('A'), type: 'input' },
        { prop: 'b', label: label('B'), type: 'input', isUse: false },
        { prop: 'c', label: label('C'), type: 'input', display: false },
        { prop: 't', label: label('T'), type: 'title' },
        { prop: 'd', label: label('D'), type: 'input', visibleCharacters: ['ROLE_CONSULTANT'] },
      ],
    } as FormDefinition;
    expect(exportColumns(def, ['ROLE_ADMIN']).map((c) => c.prop)).toEqual(['a']);
    expect(exportColumns(def, ['ROLE_CONSULTANT']).map((c) => c.prop)).toEqual(['a', 'd']);
  });
});
