/**
 * How the staff screens show codes: grading A-D and the rainbow colours (the risk grades, scores and text
 * pairs are the take feature's `report-text`, shared through its index). Pure.
 */

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
