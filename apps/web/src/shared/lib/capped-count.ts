/**
 * A count the server stops at `cap` (it answers `cap + 1` for more: counting every user of a large school
 * per page load costs a scan), as shown: exact up to the cap, "10,000+" beyond.
 */
export function cappedCountLabel(count: number, cap: number, locale: string): string {
  return count > cap ? `${cap.toLocaleString(locale)}+` : count.toLocaleString(locale);
}
