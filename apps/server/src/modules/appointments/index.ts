export * from './appointments.table';
export { appointmentRoutes } from './appointments.routes';
export { APPOINTMENT_NOTICE_QUEUE, createAppointmentNoticeJob } from './appointment-notices';
export { WAITLIST_QUEUE, createWaitlistJob } from './waitlist.service';
export { APPOINTMENT_EXPORT_QUEUE, createMonthExportJob } from './appointments.export';
// The case module reads what approvals of options 7 and 8 granted, the appointment of a record, and moves
// the appointment to complete when its record is signed (docs/cases.md).
export { approvedRecordGrants } from './approvals.service';
export {
  appointmentBrief,
  appointmentStartTimes,
  completeAppointmentForRecord,
  liveAppointmentIdsOf,
  type Ctx as AppointmentCtx,
} from './appointments.service';
// Transfers from assessment interviews open a registration (wired in app.ts).
export { openTransferRegistration } from './registrations.service';
