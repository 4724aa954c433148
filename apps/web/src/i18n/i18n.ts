import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import enUS from './en-US.json';
import zhCN from './zh-CN.json';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-CN';
/** The chosen language outlives the session, so it lives in localStorage (spec S0.9 "lasting"). */
export const LANGUAGE_STORAGE_KEY = 'psy-lang';

export const resources = {
  'zh-CN': { translation: zhCN },
  'en-US': { translation: enUS },
} as const;

export function isAppLanguage(value: unknown): value is AppLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(): AppLanguage {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    return isAppLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be blocked (privacy mode); the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

/** The language in use, as one of the catalogues (i18next may report a fallback list). */
export function currentLanguage(): AppLanguage {
  return isAppLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

function syncDocumentLanguage(lang: AppLanguage): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** Switches the UI language and remembers the choice. */
export async function changeLanguage(lang: AppLanguage): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, lang);
  } catch {
    // Not remembered, but the switch itself still applies.
  }
  await i18next.changeLanguage(lang);
}

i18next.on('languageChanged', (lng) => {
  if (isAppLanguage(lng)) syncDocumentLanguage(lng);
});

void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Catalogues are bundled, so start synchronously: the first render already has its texts.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});
syncDocumentLanguage(currentLanguage());

export { i18next };
