// Needs fresh modules: it checks which catalogue parts the i18n module has loaded so far.
import { describe, expect, it } from 'vitest';
import enAdmin from './parts/admin.en-US.json';
import zhAdmin from './parts/admin.zh-CN.json';
import { changeLanguage, i18next, i18nReady, loadCataloguePart } from './i18n';

describe('catalogue parts', () => {
  it('are not loaded with the main catalogue; a page loads them, and a language switch keeps them', async () => {
    await i18nReady;
    await changeLanguage('zh-CN');
    expect(i18next.exists('userAdmin.title')).toBe(false);
    expect(i18next.exists('login.heading')).toBe(true);

    await loadCataloguePart('admin');
    expect(i18next.t('userAdmin.title')).toBe(zhAdmin.userAdmin.title);

    // Switching language loads the part in the new language with its main catalogue.
    await changeLanguage('en-US');
    expect(i18next.t('userAdmin.title')).toBe(enAdmin.userAdmin.title);
    expect(i18next.t('systemSettings.settings.title')).toBe(enAdmin.systemSettings.settings.title);

    // Loading it again is a no-op that keeps the texts.
    await loadCataloguePart('admin');
    expect(i18next.t('userAdmin.title')).toBe(enAdmin.userAdmin.title);
  });
});
