/** Text helpers of the report and the result pages. Pure. */
export interface TextPair {
  zh: string;
  en: string;
}

/** The text of a pair in the language in use (Chinese unless English is chosen, either if one is empty). */
export const pairText = (pair: TextPair | null | undefined, lang: string): string =>
  pair ? (lang.startsWith('en') ? pair.en || pair.zh : pair.zh || pair.en) : '';

/** A score as shown: at most two decimals; a dash for none. */
export const formatScore = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : String(Math.round(value * 100) / 100);

/** S0.9.3 risk grades: 1 high (80 and up), 2 medium (60-79), 3 low. */
export const RISK_GRADE_TAGS: Readonly<Record<number, { key: 'high' | 'medium' | 'low'; color: string }>> = {
  1: { key: 'high', color: 'red' },
  2: { key: 'medium', color: 'orange' },
  3: { key: 'low', color: 'green' },
};
