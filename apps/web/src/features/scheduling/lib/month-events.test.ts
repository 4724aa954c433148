import { describe, expect, it } from 'vitest';
import { monthEventsOf } from './month-events';

describe('month view events', () => {
  it('count free (bookable and released), taken and duty per day [spec:S1.4.4]', () => {
    const words = {
      bookable: (n: number) => `${n} free`,
      booked: (n: number) => `${n} booked`,
      duty: (n: number) => `${n} duty`,
    };
    const events = monthEventsOf(
      [
        { date: '2026-03-16', bookable: 3, released: 1, booked: 2, completed: 1, duty: 0 },
        { date: '2026-03-17', bookable: 0, released: 0, booked: 0, completed: 0, duty: 1 },
      ],
      words,
    );
    expect(events.map((e) => `${e.start} ${e.title}`)).toEqual([
      '2026-03-16 4 free',
      '2026-03-16 3 booked',
      '2026-03-17 1 duty',
    ]);
  });
});
