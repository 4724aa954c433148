export * from './appointments.table';
export { appointmentRoutes } from './appointments.routes';
export { APPOINTMENT_NOTICE_QUEUE, createAppointmentNoticeJob } from './appointment-notices';
export { WAITLIST_QUEUE, createWaitlistJob } from './waitlist.service';
export { APPOINTMENT_EXPORT_QUEUE, createMonthExportJob } from './appointments.export';
// The case-record module (next issue) reads what approvals of options 7 and 8 granted.
export { approvedRecordGrants } from './approvals.service';
// Transfers from assessment interviews open a registration (wired in app.ts).
export { openTransferRegistration } from './registrations.service';
