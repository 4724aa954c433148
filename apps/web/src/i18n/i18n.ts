import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['zh-CN', 'en-US'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: AppLanguage = 'zh-CN';
/** The chosen language outlives the session, so it lives in localStorage (spec S0.9 "lasting"). */
export const LANGUAGE_STORAGE_KEY = 'psy-lang';

/**
 * Each catalogue is a chunk of its own: the first screen downloads only the language it shows, the other
 * one comes when the user switches (i18next loads it through this backend before it changes language).
 */
const CATALOGUES: Record<AppLanguage, () => Promise<{ default: object }>> = {
  'zh-CN': () => import('./zh-CN.json'),
  'en-US': () => import('./en-US.json'),
};

/**
 * Parts of the catalogue that only some pages use, each a chunk per language loaded with those pages
 * (`loadCataloguePart`), so the texts of every administration screen do not weigh on every route. A part
 * holds whole top-level sections that no other part or the main catalogue has (catalogues.test.ts).
 */
const CATALOGUE_PARTS = {
  admin: {
    'zh-CN': () => import('./parts/admin.zh-CN.json'),
    'en-US': () => import('./parts/admin.en-US.json'),
  },
  // Counselling appointments: the visitor's and counsellor's screens, and the staff screens.
  appointments: {
    'zh-CN': () => import('./parts/appointments.zh-CN.json'),
    'en-US': () => import('./parts/appointments.en-US.json'),
  },
  scheduling: {
    'zh-CN': () => import('./parts/scheduling.zh-CN.json'),
    'en-US': () => import('./parts/scheduling.en-US.json'),
  },
  // The student's tests and the assessment report, which the staff report pages show too.
  assessment: {
    'zh-CN': () => import('./parts/assessment.zh-CN.json'),
    'en-US': () => import('./parts/assessment.en-US.json'),
  },
  // The staff's assessment screens, apart from the administration part every administration page loads.
  assessmentStaff: {
    'zh-CN': () => import('./parts/assessment-staff.zh-CN.json'),
    'en-US': () => import('./parts/assessment-staff.en-US.json'),
  },
  // Crisis intervention and key persons: the staff screens and the workbench's cards.
  crisis: {
    'zh-CN': () => import('./parts/crisis.zh-CN.json'),
    'en-US': () => import('./parts/crisis.en-US.json'),
  },
  // Single sign-on: its pages, the login page's buttons and the providers' administration.
  sso: {
    'zh-CN': () => import('./parts/sso.zh-CN.json'),
    'en-US': () => import('./parts/sso.en-US.json'),
  },
  // Case work: the counsellor's, supervisor's and administrator's case screens and the visitor's sessions.
  cases: {
    'zh-CN': () => import('./parts/cases.zh-CN.json'),
    'en-US': () => import('./parts/cases.en-US.json'),
  },
} satisfies Record<string, Record<AppLanguage, () => Promise<{ default: object }>>>;
export type CataloguePart = keyof typeof CATALOGUE_PARTS;

/** Parts some page has asked for: a language switch loads them with the main catalogue. */
const wantedParts = new Set<CataloguePart>();
/** `${part}/${language}` already added to i18next. */
const addedParts = new Set<string>();

/**
 * The English of what the product seeds in Chinese (names, message titles, the demo's messages and notices)
 * comes with the English catalogue, so a Chinese reader's pages do not carry it; `seededName`, `seededText`
 * and the others show it once registered.
 */
async function loadSeededTexts(language: AppLanguage): Promise<void> {
  if (language !== 'en-US') return;
  (await import('@psy/contracts/seeded-texts')).registerSeededEnglish();
}

async function readCatalogue(language: AppLanguage): Promise<Record<string, unknown>> {
  const parts = [...wantedParts];
  const [[main, ...loaded]] = await Promise.all([
    Promise.all([CATALOGUES[language](), ...parts.map((part) => CATALOGUE_PARTS[part][language]())]),
    loadSeededTexts(language),
  ]);
  parts.forEach((part) => addedParts.add(`${part}/${language}`));
  // Parts own whole top-level sections, so a shallow merge is complete.
  return Object.assign({}, main?.default, ...loaded.map((module) => module.default)) as Record<
    string,
    unknown
  >;
}

const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    if (!isAppLanguage(language)) {
      callback(null, {});
      return;
    }
    readCatalogue(language).then(
      (catalogue) => callback(null, catalogue as Parameters<ReadCallback>[1]),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * A part's texts in one language, read without adding them to i18next (which would take that language
 * for loaded): for content written in both languages at once, such as a new form field's title.
 */
export async function readCataloguePart(
  part: CataloguePart,
  language: AppLanguage,
): Promise<Record<string, unknown>> {
  return (await CATALOGUE_PARTS[part][language]()).default as Record<string, unknown>;
}

/**
 * Loads a catalogue part in the language in use (pages that need it await this before they render) and
 * remembers it, so that switching language loads it too.
 */
export async function loadCataloguePart(part: CataloguePart): Promise<void> {
  wantedParts.add(part);
  await i18nReady;
  const language = currentLanguage();
  if (addedParts.has(`${part}/${language}`)) return;
  const module = await CATALOGUE_PARTS[part][language]();
  i18next.addResourceBundle(language, 'translation', module.default, true, false);
  addedParts.add(`${part}/${language}`);
}

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

/** Switches the UI language (loading its catalogue first) and remembers the choice. */
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

/**
 * Resolves once the catalogue of the stored language is loaded: main.tsx renders after it, so the first
 * render already has its texts.
 */
export const i18nReady: Promise<unknown> = i18next
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    lng: readStoredLanguage(),
    // Both catalogues have every key (catalogues.test.ts): no fallback language to download as well.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    // Starts the catalogue download now rather than after the rest of the entry has run.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
syncDocumentLanguage(readStoredLanguage());

export { i18next };
