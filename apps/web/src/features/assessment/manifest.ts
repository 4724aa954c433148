import { adminPage, defineFeature } from '../../shared/feature/manifest';
import type { ASSESSMENT_BUTTONS } from './lib/buttons';

/**
 * The staff side of psychological assessment (docs/assessment.md): the scale library, plans with their
 * progress, responses and signatures, results and reports with the comprehensive analysis, warnings,
 * interviews and transfers, follow-up records, the rainbow code and House-Tree-Person records.
 */
// One loader per page module: the layout carries each loader with its preload list once, however many
// pages use it (docs/modules.md).
const loadScaleLibraryPage = () => import('./components/scale-library-page');
const loadPlansPage = () => import('./components/plans-page');
const loadPlanFormPage = () => import('./components/plan-form-page');
const loadPlanResponsesPage = () => import('./components/plan-responses-page');
const loadPlanSignaturesPage = () => import('./components/plan-signatures-page');
const loadReportPage = () => import('./components/report-page');
const loadAnswersPage = () => import('./components/answers-page');
const loadAnalysisPage = () => import('./components/analysis-page');
const loadDrillPages = () => import('./components/drill-pages');
const loadDailyUsersPage = () => import('./components/daily-users-page');
const loadWarningsPage = () => import('./components/warnings-page');
const loadInterviewsPage = () => import('./components/interviews-page');
const loadInterviewersPage = () => import('./components/interviewers-page');
const loadRainbowPage = () => import('./components/rainbow-page');
const loadFollowUpPage = () => import('./components/follow-up-page');
const loadHtpPage = () => import('./components/htp-page');

export const assessmentFeature = defineFeature({
  name: 'assessment',
  pages: [
    adminPage('/scaleLibrary/index', loadScaleLibraryPage, 'ScaleLibraryPage'),
    adminPage('/evaluationDetails/index', loadPlansPage, 'PlansPage'),
    adminPage('/addPlanInfo/index', loadPlanFormPage, 'PlanFormPage'),
    adminPage('/editPlanInfo/index', loadPlanFormPage, 'PlanFormPage'),
    adminPage('/assessmentPlanResponseList', loadPlanResponsesPage, 'PlanResponsesPage'),
    adminPage('/signatureList', loadPlanSignaturesPage, 'PlanSignaturesPage'),
    adminPage('/evaluationReport', loadReportPage, 'ReportPage'),
    adminPage('/evaluationAnswerlist/answerlist', loadAnswersPage, 'AnswersPage'),
    adminPage('/evaluationRecord', loadAnswersPage, 'PersonRecordPage'),
    adminPage('/comprehensiveAnalysis', loadAnalysisPage, 'AnalysisPage'),
    adminPage('/tzbEvaluationAnswerlist', loadDrillPages, 'DrillAnswersPage'),
    adminPage('/tzbDataDeepList', loadDrillPages, 'DrillDataPage'),
    adminPage('/dailyTestUser', loadDailyUsersPage, 'DailyUsersPage'),
    adminPage('/assessmentWarning/index', loadWarningsPage, 'WarningsPage'),
    adminPage('/assessmentInterviewInterviewlist/index', loadInterviewsPage, 'InterviewsPage'),
    adminPage('/assessmentInterviewInterviewers/index', loadInterviewersPage, 'InterviewersPage'),
    adminPage('/mindtherainbowInfo/info', loadRainbowPage, 'RainbowPage'),
    adminPage('/anFollowUpVisit/followInfo', loadFollowUpPage, 'FollowUpPage'),
    adminPage('/anAssIntervention/intervenInfo', loadFollowUpPage, 'FollowUpPage'),
    adminPage('/anAssInterReceipt/intervenInfo', loadFollowUpPage, 'FollowUpPage'),
    adminPage('/anFollowUpAssTable/index', loadFollowUpPage, 'FollowUpPage'),
    adminPage('/assessmentTable/index', loadFollowUpPage, 'FollowUpPage'),
    adminPage('/houseTreeManInfoWrite', loadHtpPage, 'HtpPage'),
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
