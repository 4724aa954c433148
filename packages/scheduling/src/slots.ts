import { dayMapper, eachDay, toMinutes, weekdayOf } from './zoned-time';

/**
 * Slots from week templates in the school's time zone (issue 13 "generated in bulk for a term"). A
 * template row says "every <weekday>, <start>-<end> wall-clock time"; each matching day of the range gives
 * one slot whose instants are computed in the zone, so a slot at 09:00 stays at 09:00 across a
 * daylight-saving change and a day is the school's day, not UTC's. Design: docs/appointments.md.
 */

export interface TemplateItem {
  /** 1 Monday .. 7 Sunday. */
  week: number;
  startTime: string;
  endTime: string;
}

export interface GeneratedSlot<T extends TemplateItem> {
  item: T;
  date: string;
  startsAt: Date;
  endsAt: Date;
}

export interface GenerateResult<T extends TemplateItem> {
  slots: GeneratedSlot<T>[];
  skipped: { holiday: number; dst: number; past: number };
}

/**
 * The slots of `items` on every day from `startDate` to `endDate` (both included). Days in `closedDates`
 * (holidays) are skipped; so are slots starting before `notBefore`, and slots whose start or end does not
 * exist or exists twice on a daylight-saving day (their length would not be what the template says;
 * counselling centres do not work at 02:00, and a slot never silently becomes 30 or 90 minutes long).
 */
export function generateSlots<T extends TemplateItem>(input: {
  items: readonly T[];
  startDate: string;
  endDate: string;
  zone: string;
  closedDates?: ReadonlySet<string>;
  notBefore?: Date;
}): GenerateResult<T> {
  const byWeek = new Map<number, T[]>();
  for (const it of input.items) byWeek.set(it.week, [...(byWeek.get(it.week) ?? []), it]);
  const out: GenerateResult<T> = { slots: [], skipped: { holiday: 0, dst: 0, past: 0 } };
  for (const date of eachDay(input.startDate, input.endDate)) {
    const items = byWeek.get(weekdayOf(date));
    if (!items) continue;
    if (input.closedDates?.has(date)) {
      out.skipped.holiday += items.length;
      continue;
    }
    const at = dayMapper(date, input.zone);
    for (const item of items) {
      const start = at(item.startTime);
      const end = at(item.endTime);
      const wallMinutes = toMinutes(item.endTime) - toMinutes(item.startTime);
      if (
        start.kind !== 'unique' ||
        end.kind !== 'unique' ||
        end.instant.getTime() - start.instant.getTime() !== wallMinutes * 60_000
      ) {
        out.skipped.dst += 1;
        continue;
      }
      if (input.notBefore && start.instant.getTime() < input.notBefore.getTime()) {
        out.skipped.past += 1;
        continue;
      }
      out.slots.push({ item, date, startsAt: start.instant, endsAt: end.instant });
    }
  }
  return out;
}

/** Template rows of one counsellor that overlap on the same weekday (refused when saving a template). */
export function overlappingTemplateItems<T extends TemplateItem>(items: readonly T[]): [number, number][] {
  const clashes: [number, number][] = [];
  for (let i = 0; i < items.length; i += 1) {
    for (let j = i + 1; j < items.length; j += 1) {
      const a = items[i]!;
      const b = items[j]!;
      if (a.week === b.week && a.startTime < b.endTime && b.startTime < a.endTime) clashes.push([i, j]);
    }
  }
  return clashes;
}
