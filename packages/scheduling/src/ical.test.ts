import { describe, expect, it } from 'vitest';
import { buildCalendar, escapeText, foldLine, formatUtc } from './ical';

describe('iCalendar feed (RFC 5545)', () => {
  it('writes a calendar with UTC times, escaped texts and CRLF line ends', () => {
    const text = buildCalendar({
      name: 'My appointments',
      events: [
        {
          uid: 'appointment-12@alpha',
          start: new Date('2026-03-17T01:00:00Z'),
          end: new Date('2026-03-17T02:00:00Z'),
          summary: 'Counselling; room 1, east',
          location: 'Centre\nRoom 1',
          description: null,
          status: 'CONFIRMED',
          sequence: 2,
          stamp: new Date('2026-03-10T08:00:00.123Z'),
        },
      ],
    });
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//psy-platform//appointments//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:My appointments',
    ]);
    expect(lines).toContain('DTSTART:20260317T010000Z');
    expect(lines).toContain('DTSTAMP:20260310T080000Z');
    expect(lines).toContain('SUMMARY:Counselling\\; room 1\\, east');
    expect(lines).toContain('LOCATION:Centre\\nRoom 1');
    expect(lines).toContain('SEQUENCE:2');
    expect(text).not.toMatch(/[^\r]\n/);
  });

  it('folds long lines at 75 octets without splitting a Chinese character', () => {
    const long = `SUMMARY:${'心理咨询'.repeat(20)}`;
    const folded = foldLine(long);
    const enc = new TextEncoder();
    for (const part of folded.split('\r\n')) expect(enc.encode(part).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((p, i) => (i === 0 ? p : p.slice(1)))
        .join(''),
    ).toBe(long);
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((p) => p.startsWith(' ')),
    ).toBe(true);
  });

  it('escapes backslashes first and formats instants', () => {
    expect(escapeText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
    expect(formatUtc(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102T030405Z');
  });
});
