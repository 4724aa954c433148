/** Durations as the board shows them (pure). */

export interface Duration {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes of a number of seconds (negative counts as 0). */
export function splitSeconds(seconds: number): Duration {
  const total = Math.max(0, Math.floor(seconds / 60));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/** The two largest units that say something: '2d 3h', '3h 5m', '12m' (translated by the caller). */
export function durationParts(seconds: number): { unit: 'd' | 'h' | 'm'; value: number }[] {
  const { days, hours, minutes } = splitSeconds(seconds);
  if (days > 0)
    return [{ unit: 'd', value: days }, ...(hours > 0 ? [{ unit: 'h' as const, value: hours }] : [])];
  if (hours > 0)
    return [{ unit: 'h', value: hours }, ...(minutes > 0 ? [{ unit: 'm' as const, value: minutes }] : [])];
  return [{ unit: 'm', value: minutes }];
}

/** Seconds until a deadline (negative once it passed), or null without one. */
export function secondsUntil(deadline: string | null, now: number): number | null {
  if (!deadline) return null;
  return Math.round((Date.parse(deadline) - now) / 1000);
}
