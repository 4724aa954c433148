import { IMPORT_MESSAGES } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/parts/admin.en-US.json';
import zh from '../../../i18n/parts/admin.zh-CN.json';

describe('import dialog texts are the spec messages the server also answers [spec:S0.5.11]', () => {
  it.each([
    ['en-US', en],
    ['zh-CN', zh],
  ] as const)('%s', (language, catalogue) => {
    const shown = catalogue.userImport.messages as Record<string, string>;
    for (const [key, texts] of Object.entries(IMPORT_MESSAGES)) {
      expect(shown[key], key).toBe(texts[language]);
    }
  });
});
