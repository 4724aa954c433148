import { TRANSFER_SOURCES } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { transferSourceText } from './transfer-source';

describe('transfer sources [spec:S1.9.1]', () => {
  it('names every source in both languages, an assessment interview as such', () => {
    expect(transferSourceText(1, 'zh-CN')).toBe('评估访谈');
    expect(transferSourceText(1, 'en-US')).toBe('Assessment interview');
    for (const source of TRANSFER_SOURCES) {
      expect(transferSourceText(source, 'zh-CN')).not.toBe(String(source));
      expect(transferSourceText(source, 'en-US')).not.toBe(String(source));
    }
  });

  it('shows a code it does not know as the code', () => {
    expect(transferSourceText(7, 'zh-CN')).toBe('7');
  });
});
