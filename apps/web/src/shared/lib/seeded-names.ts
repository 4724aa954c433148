import { seededName, seededPath } from '@psy/contracts';
import { currentLanguage } from '../../i18n/i18n';

/**
 * A stored name the product may have seeded (a site, room, term, plan, dormitory) as lists, selects and
 * details show it: in the reader's language when seeded, as typed when the school named it; none stays none.
 */
export function shownName(name: string): string;
export function shownName(name: string | null | undefined): string | null | undefined;
export function shownName(name: string | null | undefined): string | null | undefined {
  return seededName(name, currentLanguage());
}

/** A department's name or full path as lists show it: each seeded name of it in the reader's language. */
export function shownPath(path: string): string;
export function shownPath(path: string | null | undefined): string | null | undefined;
export function shownPath(path: string | null | undefined): string | null | undefined {
  return seededPath(path, currentLanguage());
}
