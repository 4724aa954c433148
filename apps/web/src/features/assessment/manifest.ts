import { adminPage, defineFeature } from '../../shared/feature/manifest';
import type { ASSESSMENT_BUTTONS } from './lib/buttons';

/**
 * The staff side of psychological assessment (docs/assessment.md): the scale library, plans with their
 * progress, responses and signatures, results and reports with the comprehensive analysis, warnings,
 * interviews and transfers, follow-up records, the rainbow code and House-Tree-Person records.
 */
export const assessmentFeature = defineFeature({
  name: 'assessment',
  pages: [
    adminPage('/scaleLibrary/index', () => import('./components/scale-library-page'), 'ScaleLibraryPage'),
    adminPage('/evaluationDetails/index', () => import('./components/plans-page'), 'PlansPage'),
    adminPage('/addPlanInfo/index', () => import('./components/plan-form-page'), 'PlanFormPage'),
    adminPage('/editPlanInfo/index', () => import('./components/plan-form-page'), 'PlanFormPage'),
    adminPage(
      '/assessmentPlanResponseList',
      () => import('./components/plan-responses-page'),
      'PlanResponsesPage',
    ),
    adminPage('/signatureList', () => import('./components/plan-signatures-page'), 'PlanSignaturesPage'),
    adminPage('/evaluationReport', () => import('./components/report-page'), 'ReportPage'),
    adminPage('/evaluationAnswerlist/answerlist', () => import('./components/answers-page'), 'AnswersPage'),
    adminPage('/evaluationRecord', () => import('./components/answers-page'), 'PersonRecordPage'),
    adminPage('/comprehensiveAnalysis', () => import('./components/analysis-page'), 'AnalysisPage'),
    adminPage('/tzbEvaluationAnswerlist', () => import('./components/drill-pages'), 'DrillAnswersPage'),
    adminPage('/tzbDataDeepList', () => import('./components/drill-pages'), 'DrillDataPage'),
    adminPage('/dailyTestUser', () => import('./components/daily-users-page'), 'DailyUsersPage'),
    adminPage('/assessmentWarning/index', () => import('./components/warnings-page'), 'WarningsPage'),
    adminPage(
      '/assessmentInterviewInterviewlist/index',
      () => import('./components/interviews-page'),
      'InterviewsPage',
    ),
    adminPage(
      '/assessmentInterviewInterviewers/index',
      () => import('./components/interviewers-page'),
      'InterviewersPage',
    ),
    adminPage('/mindtherainbowInfo/info', () => import('./components/rainbow-page'), 'RainbowPage'),
    adminPage('/anFollowUpVisit/followInfo', () => import('./components/follow-up-page'), 'FollowUpPage'),
    adminPage('/anAssIntervention/intervenInfo', () => import('./components/follow-up-page'), 'FollowUpPage'),
    adminPage('/anAssInterReceipt/intervenInfo', () => import('./components/follow-up-page'), 'FollowUpPage'),
    adminPage('/anFollowUpAssTable/index', () => import('./components/follow-up-page'), 'FollowUpPage'),
    adminPage('/assessmentTable/index', () => import('./components/follow-up-page'), 'FollowUpPage'),
    adminPage('/houseTreeManInfoWrite', () => import('./components/htp-page'), 'HtpPage'),
  ],
  // Its own texts, and the report's and risk grades' texts it shares with the student's pages.
  cataloguePart: ['admin', 'assessmentStaff', 'assessment'],
  // Written out (typed by the button map) so that the layout, which loads the manifest, loads nothing more.
  buttons: [
    'plantest_plan_edit',
    'plantest_result_view',
    'plantest_report_export',
    'plantest_htp',
    'plantest_scale_edit',
    'plantest_warning_handle',
    'plantest_followup',
    'plantest_rainbow',
    'plantest_interview_assign',
    'plantest_transfer',
  ] satisfies (typeof ASSESSMENT_BUTTONS)[keyof typeof ASSESSMENT_BUTTONS][],
});
