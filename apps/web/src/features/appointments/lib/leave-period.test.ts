import { describe, expect, it } from 'vitest';
import { leaveEffect, leavePeriod } from './leave-period';

describe("a counsellor's leave period", () => {
  it("reads the typed days and times in the school's zone, not the device's [spec:S1.4.1]", () => {
    const v = { startDate: '2026-03-16', startTime: '08:00', endDate: '2026-03-17', endTime: '18:00' };
    expect(leavePeriod(v, 'Asia/Shanghai')).toEqual({
      startTime: '2026-03-16T00:00:00.000Z',
      endTime: '2026-03-17T10:00:00.000Z',
    });
    // Berlin changes to summer time on 29 March 2026: 08:00 is UTC+1 before and UTC+2 after.
    expect(
      leavePeriod(
        { startDate: '2026-03-28', startTime: '08:00', endDate: '2026-03-30', endTime: '08:00' },
        'Europe/Berlin',
      ),
    ).toEqual({ startTime: '2026-03-28T07:00:00.000Z', endTime: '2026-03-30T06:00:00.000Z' });
  });

  it('refuses an end that is not after the start', () => {
    const day = { startDate: '2026-03-16', endDate: '2026-03-16' };
    expect(leavePeriod({ ...day, startTime: '10:00', endTime: '10:00' }, 'Asia/Shanghai')).toBeNull();
    expect(leavePeriod({ ...day, startTime: '10:00', endTime: '09:00' }, 'Asia/Shanghai')).toBeNull();
  });

  it('says what a pending leave would do and what an approved one did; nothing for the others', () => {
    const figures = {
      affectedSlots: 4,
      affectedAppointments: 1,
      withdrawnSlots: 3,
      cancelledAppointments: 2,
    };
    expect(leaveEffect({ status: 'pending', ...figures })).toEqual({
      kind: 'would',
      slots: 4,
      appointments: 1,
    });
    expect(leaveEffect({ status: 'approved', ...figures })).toEqual({
      kind: 'did',
      slots: 3,
      appointments: 2,
    });
    expect(leaveEffect({ status: 'rejected', ...figures })).toBeNull();
    expect(leaveEffect({ status: 'withdrawn', ...figures })).toBeNull();
  });
});
