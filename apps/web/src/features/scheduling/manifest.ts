import { adminPage, defineFeature } from '../../shared/feature/manifest';

/**
 * The staff screens of counselling appointments and scheduling (docs/appointments.md "Screens"); the
 * student's and counsellor's "my appointments" is features/appointments.
 */
export const schedulingFeature = defineFeature({
  name: 'scheduling',
  pages: [
    adminPage('/appointment/schedule/index', () => import('./components/schedule-page'), 'SchedulePage'),
    adminPage('/appointment/queue/index', () => import('./components/queue-page'), 'QueuePage'),
    adminPage('/appointment/book/index', () => import('./components/book-page'), 'BookPage'),
    adminPage('/appointment/records/index', () => import('./components/records-page'), 'RecordsPage'),
    adminPage('/appointment/approval/index', () => import('./components/approvals-page'), 'ApprovalsPage'),
    adminPage('/appointment/waitlist/index', () => import('./components/waitlist-page'), 'WaitlistPage'),
    adminPage(
      '/appointment/settings/index',
      () => import('./components/settings-page'),
      'AppointmentSettingsPage',
    ),
  ],
  // Their own parts rather than `admin`, which every administration page loads.
  cataloguePart: ['scheduling', 'appointments'],
  buttons: [
    'consult_schedule_view',
    'consult_schedule_edit',
    'consult_appointment_desk',
    'consult_appointment_book',
    'consult_appointment_view',
    'consult_appointment_manage',
    'consult_approve',
    'consult_waitlist_manage',
    'consult_policy_edit',
    'consult_booking_override',
  ],
});
