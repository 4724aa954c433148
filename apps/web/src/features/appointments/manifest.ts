import { defineFeature, page } from '../../shared/feature/manifest';

/**
 * "My appointments" (docs/appointments.md "Screens"): the student's booking on a phone, the counsellor's
 * calendar and sessions. The staff screens of the area are in features/scheduling.
 */
export const appointmentsFeature = defineFeature({
  name: 'appointments',
  pages: [page('/appointment/mine/index', () => import('./components/mine-page'), 'MinePage')],
  cataloguePart: 'appointments',
  buttons: [],
});
