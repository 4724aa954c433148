import type { Lang } from './errors';

/**
 * The English of what the product seeds in Chinese, by kind: the data lives in `@psy/contracts/seeded-texts`
 * (`SEEDED_ENGLISH`), a module of its own that the web loads with its English catalogue and registers here
 * (`addSeededEnglish`), so none of it weighs on a Chinese reader's pages (the login route's budget,
 * scripts/route-sizes.mjs). Until it is registered every name and text reads as stored.
 */
export interface SeededEnglish {
  /** Names: roles, the root department, user types, the demo's departments, sites, rooms, dormitory, hotlines. */
  names: Readonly<Record<string, string>>;
  /** Titles of the messages the product writes in Chinese. */
  messageTitles: Readonly<Record<string, string>>;
  /** Longer texts: the demo's message contents, notices, plan description, site notice. */
  texts: Readonly<Record<string, string>>;
}
const seededEnglish = {
  names: new Map<string, string>(),
  messageTitles: new Map<string, string>(),
  texts: new Map<string, string>(),
};

/** Registers the English of seeded names, message titles and texts (`SEEDED_ENGLISH`): the web does when it loads English. */
export function addSeededEnglish(english: SeededEnglish): void {
  for (const kind of ['names', 'messageTitles', 'texts'] as const) {
    for (const [zh, en] of Object.entries(english[kind])) seededEnglish[kind].set(zh, en);
  }
}

/**
 * Seeded names made from the date they are seeded on: the demo school's terms (seed/demo-schedules.ts) and
 * its assessment plan (seed/demo-assessment.ts).
 */
const SEEDED_NAME_PATTERNS_EN: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^(\d{4})-(\d{4}) 学年第一学期$/, (a, b) => `${a}-${b} autumn term`],
  [/^(\d{4})-(\d{4}) 学年第二学期$/, (a, b) => `${a}-${b} spring term`],
  [/^(\d{4}) 秋季新生心理普查$/, (y) => `${y} autumn mental-health survey of new students`],
];

/**
 * A stored name in the reader's language: a seeded Chinese name in English for en-US, anything else as typed;
 * no name (an optional field) stays none.
 */
export function seededName(name: string, lang: Lang): string;
export function seededName<T extends null | undefined>(name: string | T, lang: Lang): string | T;
export function seededName(name: string | null | undefined, lang: Lang): string | null | undefined {
  if (!name || lang !== 'en-US') return name;
  const en = seededEnglish.names.get(name);
  if (en !== undefined) return en;
  for (const [re, english] of SEEDED_NAME_PATTERNS_EN) {
    const m = re.exec(name);
    if (m) return english(...m.slice(1));
  }
  return name;
}

/**
 * A department's full path (`组织机构-计算机学院-2024级`, names joined with '-' or '/') or name in the reader's
 * language: each seeded name in English for en-US, a name the school typed as typed; no path stays none.
 */
export function seededPath(path: string, lang: Lang): string;
export function seededPath<T extends null | undefined>(path: string | T, lang: Lang): string | T;
export function seededPath(path: string | null | undefined, lang: Lang): string | null | undefined {
  return path && lang === 'en-US'
    ? path
        .split(/([-/])/)
        .map((part) => seededName(part, lang))
        .join('')
    : path;
}

/**
 * A place (a site and its room) as one text in the reader's language: each seeded name in English for
 * en-US, one the school typed as typed; the names there are (a slot without a room has none) joined with ' · '.
 */
export function seededPlace(names: readonly (string | null | undefined)[], lang: Lang): string {
  return names
    .filter((name): name is string => Boolean(name))
    .map((name) => seededName(name, lang))
    .join(' · ');
}

/** A message's title in the reader's language: one the product wrote in Chinese in English for en-US. */
export function seededMessageTitle(title: string, lang: Lang): string {
  return lang === 'en-US' ? (seededEnglish.messageTitles.get(title) ?? title) : title;
}

/** A message's content or a notice's title or body in the reader's language: a seeded one in English for en-US. */
export function seededText(text: string, lang: Lang): string {
  return lang === 'en-US' ? (seededEnglish.texts.get(text) ?? text) : text;
}
