export { appointmentsFeature } from './manifest';
export { BookingPanel } from './components/booking-panel';
export {
  appointmentKeys,
  useAppointmentAction,
  usePolicy,
  useRuleState,
  useSchoolZone,
  cancelAppointment,
  type Appointment,
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
