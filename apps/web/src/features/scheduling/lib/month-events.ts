/** A day of the month view (`/consult/schedule/month`). */
export interface MonthDay {
  date: string;
  bookable: number;
  released: number;
  booked: number;
  completed: number;
  duty: number;
}

/**
 * All-day calendar events of a month view: per day, the free slots (bookable and released), the booked
 * and completed ones, and duty shifts; a day with none of a kind gets no event for it.
 */
export function monthEventsOf(
  days: readonly MonthDay[],
  words: { bookable: (n: number) => string; booked: (n: number) => string; duty: (n: number) => string },
) {
  return days.flatMap((d) => {
    const free = d.bookable + d.released;
    const taken = d.booked + d.completed;
    const parts: { id: string; title: string; start: string; allDay: true; backgroundColor: string }[] = [];
    if (free)
      parts.push({
        id: `${d.date}-free`,
        title: words.bookable(free),
        start: d.date,
        allDay: true,
        backgroundColor: '#52c41a',
      });
    if (taken)
      parts.push({
        id: `${d.date}-booked`,
        title: words.booked(taken),
        start: d.date,
        allDay: true,
        backgroundColor: '#1677ff',
      });
    if (d.duty)
      parts.push({
        id: `${d.date}-duty`,
        title: words.duty(d.duty),
        start: d.date,
        allDay: true,
        backgroundColor: '#722ed1',
      });
    return parts;
  });
}
