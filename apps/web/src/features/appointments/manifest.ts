import { defineFeature, page } from '../../shared/feature/manifest';

/**
 * "My appointments" (docs/appointments.md "Screens"): the student's booking on a phone, the counsellor's
 * calendar and sessions. The staff screens of the area are in features/scheduling.
 */
export const appointmentsFeature = defineFeature({
  name: 'appointments',
  pages: [page('/appointment/mine/index', () => import('./components/mine-page'), 'MinePage')],
  buttons: [],
});

/** The booking panel, loaded by the clerk's booking page (features/scheduling) when it opens. */
export const loadBookingPanel = () => import('./components/booking-panel').then((m) => m.BookingPanel);
