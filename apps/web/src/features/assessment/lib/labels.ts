/**
 * How the assessment screens show codes: the S0.9.3 risk grades, grading A-D, the rainbow colours and
 * the text of a pair in the viewer's language. Pure.
 */

/** S0.9.3: 1 high (80 and up), 2 medium (60-79), 3 low (below 60). */
export const RISK_GRADE_TAGS: Readonly<Record<number, { key: 'high' | 'medium' | 'low'; color: string }>> = {
  1: { key: 'high', color: 'red' },
  2: { key: 'medium', color: 'orange' },
  3: { key: 'low', color: 'green' },
};

/** Grading options 1-4 are shown as A-D (S0.9.3). */
export const gradeLetter = (level: number | null | undefined): string =>
  level && level >= 1 && level <= 4 ? 'ABCD'[level - 1]! : '';

/** Rainbow colours as drawn (readable with white text where the tag is filled). */
export const RAINBOW_HEX: Readonly<Record<string, string>> = {
  red: '#cf1322',
  orange: '#d46b08',
  yellow: '#ad8b00',
  green: '#389e0d',
  grey: '#595959',
};

export interface TextPair {
  zh: string;
  en: string;
}

/** The text of a pair in the language in use (Chinese unless English is chosen). */
export const pairText = (pair: TextPair | null | undefined, lang: string): string =>
  pair ? (lang.startsWith('en') ? pair.en || pair.zh : pair.zh || pair.en) : '';

/** A score as shown: at most two decimals, no trailing zeros; a dash for none. */
export const formatScore = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : String(Math.round(value * 100) / 100);
