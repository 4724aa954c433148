import { CALENDAR_UTC_OFFSET } from '@psy/contracts';

const OFFSET_MS = (() => {
  const [, sign, h, m] = /^([+-])(\d{2}):(\d{2})$/.exec(CALENDAR_UTC_OFFSET)!;
  return (sign === '-' ? -1 : 1) * (Number(h) * 60 + Number(m)) * 60_000;
})();

/** A time as `yyyy-MM-dd HH:mm:ss` in China time (the calendar of the spec's schools), for export files. */
export function formatChinaTime(t: Date): string {
  return new Date(t.getTime() + OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
