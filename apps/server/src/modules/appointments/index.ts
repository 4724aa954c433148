import { provide, type ModuleManifest } from '../../core/module';
import { consultTransferPort } from '../assessment';
import { slotBookings } from '../scheduling';
import { failExportTask } from '../downloads';
import { APPOINTMENT_NOTICE_QUEUE, createAppointmentNoticeJob } from './appointment-notices';
import { APPOINTMENT_EXPORT_QUEUE, createMonthExportJob } from './appointments.export';
import { appointmentRoutes } from './appointments.routes';
import { openTransferRegistration } from './registrations.service';
import { slotBookingsOfAppointments } from './bookings-on-slots.repository';
import { createWaitlistJob } from './waitlist.service';
import { WAITLIST_QUEUE } from './waitlist-offers';

export { appointmentRoutes } from './appointments.routes';
export { APPOINTMENT_NOTICE_QUEUE, createAppointmentNoticeJob } from './appointment-notices';
export { createWaitlistJob } from './waitlist.service';
export { WAITLIST_QUEUE } from './waitlist-offers';
export { APPOINTMENT_EXPORT_QUEUE, createMonthExportJob } from './appointments.export';
// The case module reads what approvals of options 7 and 8 granted, the appointment of a record, and moves
// the appointment to complete when its record is signed (docs/cases.md).
export { approvedRecordGrants } from './approvals.service';
export {
  appointmentBrief,
  appointmentStartTimes,
  completeAppointmentForRecord,
  liveAppointmentIdsOf,
} from './appointments.service';
export type { Ctx as AppointmentCtx } from './appointments.context';
// Transfers from assessment interviews open a registration (provided to assessment's port below).
export { openTransferRegistration } from './registrations.service';

/**
 * Counselling registrations, bookings, approvals, the waiting list and reminders (docs/appointments.md).
 * Its menus and grants are still in seed/catalog.ts (the APPOINTMENT product).
 */
export const appointmentsModule: ModuleManifest = {
  name: 'appointments',
  layer: 'business',
  routes: ({ database }) => appointmentRoutes({ database }),
  jobs: (deps) => [
    {
      queue: APPOINTMENT_EXPORT_QUEUE,
      handler: createMonthExportJob(deps),
      // The export's last failure ends its task; the user exports again.
      options: { onFinalFailure: failExportTask(deps), retryable: false },
    },
    { queue: APPOINTMENT_NOTICE_QUEUE, handler: createAppointmentNoticeJob(deps) },
    { queue: WAITLIST_QUEUE, handler: createWaitlistJob(deps) },
  ],
  messageEvents: [
    'APPOINTMENT_BOOKED',
    'APPOINTMENT_CHANGED',
    'APPOINTMENT_CANCELLED',
    'APPOINTMENT_REMINDER',
    'APPOINTMENT_NO_SHOW',
    'WAITLIST_OFFER',
    'APPROVAL_REQUESTED',
    'APPROVAL_DECIDED',
  ],
  provides: [
    // Scheduling's slot views show the bookings and open offers on each slot.
    provide(slotBookings, slotBookingsOfAppointments),
    // A transfer from an assessment interview opens the visitor's counselling registration (source 1).
    provide(consultTransferPort, async (scope, t) => ({
      ref: String(await openTransferRegistration(scope, t)),
    })),
  ],
};
