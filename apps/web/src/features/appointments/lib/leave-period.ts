import { localToInstant } from '@psy/scheduling';

export interface LeavePeriodValues {
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

/**
 * A leave typed as days and wall-clock times of the school (whatever the device's zone) as the instants
 * the server stores; null while the end is not after the start, so the form says so before sending.
 */
export function leavePeriod(
  v: LeavePeriodValues,
  zone: string,
): { startTime: string; endTime: string } | null {
  const start = localToInstant(v.startDate, v.startTime, zone).instant;
  const end = localToInstant(v.endDate, v.endTime, zone).instant;
  if (end.getTime() <= start.getTime()) return null;
  return { startTime: start.toISOString(), endTime: end.toISOString() };
}

/** What a leave did or would do to the schedule, as figures for the text beside it. */
export function leaveEffect(l: {
  status: string;
  affectedSlots: number;
  affectedAppointments: number;
  withdrawnSlots: number;
  cancelledAppointments: number;
}): { kind: 'would' | 'did'; slots: number; appointments: number } | null {
  if (l.status === 'pending')
    return { kind: 'would', slots: l.affectedSlots, appointments: l.affectedAppointments };
  if (l.status === 'approved')
    return { kind: 'did', slots: l.withdrawnSlots, appointments: l.cancelledAppointments };
  return null;
}
