import 'i18next';
import type zhCN from './zh-CN.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // zh-CN is the reference catalogue: every key used in code must exist there (catalogues.test.ts checks en-US).
    resources: { translation: typeof zhCN };
  }
}
