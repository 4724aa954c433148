import { defineFeature, page } from '../../shared/feature/manifest';

/**
 * The student's side of psychological assessment (docs/assessment.md "Answering"): pending tests and the
 * test on a phone, the success page, own answers and reports. Texts in the main catalogue
 * (`assessmentTake`, `assessmentReport`), which the staff report pages share.
 */
export const assessmentTakeFeature = defineFeature({
  name: 'assessment-take',
  pages: [
    page('/evaluation_user_test/index', () => import('./components/pending-tests-page'), 'PendingTestsPage'),
    page('/testSuccess', () => import('./components/test-success-page'), 'TestSuccessPage'),
    page('/evaluation_user_answerlist/index', () => import('./components/my-answers-page'), 'MyAnswersPage'),
  ],
  buttons: [],
});

/** The individual report, for the staff pages that show one (loaded with them, not with the layout). */
export const loadReportView = () => import('./components/report-view');
