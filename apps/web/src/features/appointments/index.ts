export { appointmentsFeature } from './manifest';
export { BookingPanel } from './components/booking-panel';
export {
  appointmentKeys,
  useAppointmentAction,
  usePolicy,
  useRuleState,
  useSchoolZone,
  cancelAppointment,
  useCounsellorLeaves,
  useSaveCounsellorLeave,
  type Appointment,
  type CounsellorLeave,
  type RuleState,
  type Slot,
} from './api/appointments';
export {
  approvalOptionLabel,
  dayLabel,
  instantLabel,
  interviewLabel,
  schoolToday,
  sessionTime,
  shiftDay,
  slotStatusLabel,
  statusColor,
  statusLabel,
  typeLabel,
} from './lib/appointment-format';
export { calendarEventsOf, calendarRange, visibleHours, wallClock } from './lib/calendar-events';
export { leavePeriod, type LeavePeriodValues } from './lib/leave-period';
export { videoMinutes } from './lib/video-minutes';
export { LeaveEffectText, LEAVE_STATUS_COLOURS } from './components/leave-effect';
export { RescheduleDialog } from './components/reschedule-dialog';
