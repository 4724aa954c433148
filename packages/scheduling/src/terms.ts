/**
 * Terms from the school's calendar (S1.4.15 counts leaves and no-shows "in a term"). A day outside every
 * term falls in a fallback half-year (1 Feb-31 Jul, 1 Aug-31 Jan) so the per-term rules never switch off
 * because a school has not entered its terms (docs/appointments.md section 1).
 */

export interface Term {
  id: number;
  name: string;
  /** First day, `yyyy-MM-dd`. */
  startDate: string;
  /** Last day, included. */
  endDate: string;
}

export interface TermRef {
  /** Stored on appointments and registrations to count per term: `t<id>`, or `h<year>-1` / `h<year>-2`. */
  key: string;
  id: number | null;
  name: string;
  startDate: string;
  endDate: string;
  fallback: boolean;
}

/** The fallback half-year containing a day: spring (Feb-Jul) or autumn (Aug-Jan, named by its August year). */
export function fallbackTermOf(date: string): TermRef {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (month >= 2 && month <= 7) {
    return {
      key: `h${year}-1`,
      id: null,
      name: `${year}-1`,
      startDate: `${year}-02-01`,
      endDate: `${year}-07-31`,
      fallback: true,
    };
  }
  const start = month === 1 ? year - 1 : year;
  return {
    key: `h${start}-2`,
    id: null,
    name: `${start}-2`,
    startDate: `${start}-08-01`,
    endDate: `${start + 1}-01-31`,
    fallback: true,
  };
}

/** The school's term containing the day (terms do not overlap: the database refuses it), else the fallback. */
export function termOf(date: string, terms: readonly Term[]): TermRef {
  const t = terms.find((x) => x.startDate <= date && date <= x.endDate);
  if (!t) return fallbackTermOf(date);
  return {
    key: `t${t.id}`,
    id: t.id,
    name: t.name,
    startDate: t.startDate,
    endDate: t.endDate,
    fallback: false,
  };
}

/** Whether two day ranges (both ends included) share a day. */
export const rangesOverlap = (
  a: { startDate: string; endDate: string },
  b: { startDate: string; endDate: string },
) => a.startDate <= b.endDate && b.startDate <= a.endDate;
