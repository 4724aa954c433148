import { defineFeature, page } from '../../shared/feature/manifest';

/**
 * The student's side of psychological assessment (docs/assessment.md "Answering"): pending tests and the
 * test on a phone, the success page, own answers and reports. Texts in the `assessment` catalogue part
 * (`assessmentTake`, `assessmentReport`), which the staff report pages load too; the workbench card's few
 * texts are in the main catalogue (`assessmentHome`).
 */
export const assessmentTakeFeature = defineFeature({
  name: 'assessment-take',
  pages: [
    page('/evaluation_user_test/index', () => import('./components/pending-tests-page'), 'PendingTestsPage'),
    page('/testSuccess', () => import('./components/test-success-page'), 'TestSuccessPage'),
    page('/evaluation_user_answerlist/index', () => import('./components/my-answers-page'), 'MyAnswersPage'),
  ],
  cataloguePart: 'assessment',
  buttons: [],
});
