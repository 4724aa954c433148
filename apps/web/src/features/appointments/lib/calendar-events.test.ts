import type { Slot } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { calendarEventsOf, calendarRange, slotColour, visibleHours, wallClock } from './calendar-events';
import { addSeededEnglish } from '@psy/contracts';
import { SEEDED_ENGLISH } from '@psy/contracts/seeded-texts';

// What the app does when it loads English.
addSeededEnglish(SEEDED_ENGLISH);

const slot = (over: Partial<Slot>): Slot => ({
  id: 1,
  counsellorId: 2,
  counsellorName: '王心怡',
  siteId: 1,
  siteName: 'Centre',
  roomId: null,
  roomName: null,
  kind: 'consult',
  category: 2,
  startTime: '2026-03-16T01:00:00.000Z',
  endTime: '2026-03-16T02:00:00.000Z',
  status: 1,
  dutyStatus: null,
  offered: false,
  appointments: [],
  ...over,
});

describe('calendar events', () => {
  it('place a slot at its wall-clock time in the school zone', () => {
    expect(wallClock('2026-03-16T01:00:00.000Z', 'Asia/Shanghai')).toBe('2026-03-16T09:00:00');
    const [event] = calendarEventsOf([slot({})], 'Asia/Shanghai', 'en-US', { free: 'Free', duty: 'Duty' });
    expect(event).toMatchObject({
      start: '2026-03-16T09:00:00',
      end: '2026-03-16T10:00:00',
      title: 'Free · Bookable',
    });
  });

  it('name the visitor of a booked slot and colour slots by status [spec:S1.4.4]', () => {
    const booked = slot({
      status: 2,
      roomName: 'Room 1',
      appointments: [
        { id: 9, type: 2, status: 'appointment', interviewStatus: 1, visitorId: 5, visitorName: '张同学' },
      ],
    });
    const [event] = calendarEventsOf([booked], 'Asia/Shanghai', 'zh-CN', { free: '空闲', duty: '值班' });
    expect(event!.title).toBe('张同学 · 已预约 · Room 1');
    expect(slotColour(booked)).not.toBe(slotColour(slot({})));
    expect(slotColour(slot({ kind: 'telephone', status: null }))).toBe('#722ed1');
  });

  it("name a seeded room in the reader's language and a room the school typed as typed", () => {
    const events = (lang: 'zh-CN' | 'en-US', roomName: string) =>
      calendarEventsOf([slot({ roomName })], 'Asia/Shanghai', lang, { free: 'Free', duty: 'Duty' })[0]!.title;
    expect(events('en-US', '咨询室 1')).toBe('Free · Bookable · Counselling room 1');
    expect(events('zh-CN', '咨询室 1')).toMatch(/ · 咨询室 1$/);
    expect(events('en-US', '东楼 101')).toBe('Free · Bookable · 东楼 101');
  });

  it('turn the view’s exclusive end into the last day shown', () => {
    expect(calendarRange('2026-03-16T00:00:00Z', '2026-03-23T00:00:00Z')).toEqual({
      startDate: '2026-03-16',
      endDate: '2026-03-22',
    });
  });
});

describe('the hours of the week grid', () => {
  it('shows the working day, widened to whole hours around an evening or early session', () => {
    expect(visibleHours([])).toEqual({ slotMinTime: '07:00:00', slotMaxTime: '22:00:00' });
    expect(visibleHours([{ start: '2026-03-16T09:00:00', end: '2026-03-16T10:00:00' }])).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '22:00:00',
    });
    expect(
      visibleHours([
        { start: '2026-03-16T22:40:00', end: '2026-03-16T23:10:00' },
        { start: '2026-03-17T06:30:00', end: '2026-03-17T07:00:00' },
      ]),
    ).toEqual({ slotMinTime: '06:00:00', slotMaxTime: '24:00:00' });
    expect(visibleHours([{ start: '2026-03-16T21:00:00', end: '2026-03-16T23:00:00' }]).slotMaxTime).toBe(
      '23:00:00',
    );
    expect(visibleHours([{ start: '2026-03-16T23:30:00', end: '2026-03-17T00:00:00' }]).slotMaxTime).toBe(
      '24:00:00',
    );
    // The month's all-day counts do not stretch the grid.
    expect(visibleHours([{ start: '2026-03-16', end: '2026-03-17' }])).toEqual({
      slotMinTime: '07:00:00',
      slotMaxTime: '22:00:00',
    });
  });
});
