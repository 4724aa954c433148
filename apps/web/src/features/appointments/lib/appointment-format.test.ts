import { describe, expect, it } from 'vitest';
import {
  cancelGroupOf,
  categoryOfType,
  dayLabel,
  instantLabel,
  isUpcoming,
  orderMine,
  sessionTime,
  statusLabel,
  typeLabel,
} from './appointment-format';

describe('appointment labels and times', () => {
  it('show a session in the school zone, not the device zone [spec:S1.4.15]', () => {
    // 01:00 UTC is 09:00 in Shanghai and 02:00 in Berlin (winter).
    expect(sessionTime('2026-03-16T01:00:00Z', '2026-03-16T02:00:00Z', 'Asia/Shanghai', 'en-US')).toBe(
      'Mon 2026-03-16 09:00-10:00',
    );
    expect(sessionTime('2026-03-16T01:00:00Z', '2026-03-16T02:00:00Z', 'Asia/Shanghai', 'zh-CN')).toBe(
      '2026-03-16 周一 09:00-10:00',
    );
    expect(instantLabel('2026-03-15T09:00:00Z', 'Asia/Shanghai')).toBe('2026-03-15 17:00');
    expect(instantLabel('2026-03-15T09:00:00Z', 'Europe/Berlin')).toBe('2026-03-15 10:00');
    expect(dayLabel('2026-03-22', 'en-US')).toBe('Sun 2026-03-22');
  });

  it('name types and statuses in both languages [spec:S1.4.1] [spec:S1.9.2]', () => {
    expect(typeLabel(2, 'en-US')).toBe('Individual counselling');
    expect(typeLabel(15, 'zh-CN')).toBe('初访');
    expect(typeLabel(99, 'en-US')).toBe('99');
    expect(statusLabel('userBreakAppointment', 'en-US')).toBe('Visitor no-show');
  });

  it('cancel each type through its group, and wait for the category that serves it [spec:S1.7.21]', () => {
    expect([2, 18, 19, 20].map(cancelGroupOf)).toEqual(Array(4).fill('consultations'));
    expect(cancelGroupOf(10)).toBe('primary');
    expect(cancelGroupOf(17)).toBe('assessments');
    expect(cancelGroupOf(14)).toBe('interview');
    expect(cancelGroupOf(15)).toBe('first');
    expect([2, 10, 18, 17, 15].map(categoryOfType)).toEqual([2, 10, 18, 17, 15]);
  });

  it('offer leave and cancel only for a booked session still ahead', () => {
    const now = Date.parse('2026-03-16T00:00:00Z');
    expect(isUpcoming({ status: 'appointment', startTime: '2026-03-16T01:00:00Z' }, now)).toBe(true);
    expect(isUpcoming({ status: 'appointment', startTime: '2026-03-15T01:00:00Z' }, now)).toBe(false);
    expect(isUpcoming({ status: 'cancel', startTime: '2026-03-16T01:00:00Z' }, now)).toBe(false);
  });

  it('list what is ahead first, soonest on top, then the past, latest first', () => {
    const now = Date.parse('2026-03-16T00:00:00Z');
    const a = (id: number, status: string, startTime: string) => ({ id, status, startTime });
    const list = [
      a(1, 'userTakeLeave', '2026-03-20T01:00:00Z'),
      a(2, 'appointment', '2026-03-19T01:00:00Z'),
      a(3, 'appointment', '2026-03-17T01:00:00Z'),
      a(4, 'success', '2026-03-10T01:00:00Z'),
    ];
    expect(orderMine(list, now).map((x) => x.id)).toEqual([3, 2, 1, 4]);
  });
});
