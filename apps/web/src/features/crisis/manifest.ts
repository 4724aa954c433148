import { adminPage, defineFeature } from '../../shared/feature/manifest';

/**
 * Crisis intervention and key persons on the web (docs/crisis.md 12): every menu entry and detail page of
 * the CRISIS and IMPORTANT_FOCUS_ON products of the seed catalogue, and the follow-up journal pages. Staff
 * pages are administration pages (their size budget); the texts are the `crisis` catalogue part (loaded with them
 * and with the workbench's cards, not with every administration page).
 */
// One loader per chunk of pages (components/work-pages.ts): the layout carries each loader with its
// preload list, once, however many pages use it.
const loadWorkPages = () => import('./components/work-pages');
const loadFocusPages = () => import('./components/focus-pages');
const loadSetupPages = () => import('./components/setup-pages');

export const crisisFeature = defineFeature({
  name: 'crisis',
  pages: [
    adminPage('/crisisInfoUpdate_info/index', loadWorkPages, 'CrisisRecordsPage'),
    adminPage('/crisis/board/index', loadWorkPages, 'CrisisBoardPage'),
    adminPage('/assessment_crisis_info/index', loadWorkPages, 'CrisisAssessmentsPage'),
    adminPage('/interventionOrderinfo/index', loadWorkPages, 'CrisisInterventionsPage'),
    adminPage('/focusonInterventionInfo/intervenInfo', loadWorkPages, 'FocusInterventionsPage'),
    adminPage('/focusonInterReceiptInfo/intervenInfo', loadWorkPages, 'InterventionReceiptsPage'),
    adminPage('/crisis/suspension/index', loadWorkPages, 'SuspensionsPage'),
    adminPage('/xiufuxueinfo/index', loadWorkPages, 'SuspensionDetailPage'),
    adminPage('/fuxueAssessinfo/index', loadWorkPages, 'ReturnAssessmentPage'),
    adminPage('/greenway_info', loadWorkPages, 'GreenwayPage'),
    adminPage('/approval_info', loadWorkPages, 'MyApprovalsPage'),
    adminPage('/approval_detail', loadWorkPages, 'ApprovalDetailPage'),
    adminPage('/examine_info', loadWorkPages, 'ExamineApprovalsPage'),
    adminPage('/crisisWarningDetails/index', loadWorkPages, 'WarningsPage'),
    adminPage('/warningPersonnel/detail', loadWorkPages, 'WarningDetailPage'),
    adminPage('/crisis/network/index', loadSetupPages, 'NetworkPage'),
    adminPage('/crisis/setting/index', loadSetupPages, 'CrisisSettingsPage'),
    adminPage('/crisis/monthlyReport/index', loadSetupPages, 'MonthlyReportsPage'),
    adminPage('/crisisMonthlyReportDetails', loadSetupPages, 'MonthlyReportDetailPage'),
    adminPage('/consultationMonthlyReportDetails', loadSetupPages, 'MonthlyReportDetailPage'),
    adminPage('/focusperson/index', loadFocusPages, 'KeyPersonsPage'),
    adminPage('/focusCase_info', loadFocusPages, 'FocusCasePage'),
    adminPage('/focusonFollowUpVisit/followInfo', loadFocusPages, 'FollowUpsPage'),
    adminPage('/focusonInfoUpdateDetails/index', loadFocusPages, 'FocusReportsPage'),
    adminPage('/infoUpdateDetails/index', loadFocusPages, 'FocusReportDetailPage'),
    adminPage('/auditCaseInfo', loadFocusPages, 'CaseAuditPage'),
    adminPage('/heartTalkReportManageInfo', loadFocusPages, 'TalksPage'),
    adminPage('/heartTalkReportInfo', loadFocusPages, 'TalkReportPage'),
    adminPage('/dormitoryLeaderReportInfo', loadFocusPages, 'DormReportsPage'),
    adminPage('/focusperson/journal/index', loadFocusPages, 'JournalsPage'),
    adminPage('/openFollowDetail', loadFocusPages, 'JournalDetailPage'),
    adminPage('/writeJournal', loadFocusPages, 'WriteJournalPage'),
    adminPage('/answerQuestions', loadFocusPages, 'AnswerQuestionsPage'),
    adminPage('/feedbackDetail', loadFocusPages, 'FeedbackDetailPage'),
    adminPage('/feedbackStatistics', loadFocusPages, 'FeedbackStatisticsPage'),
    adminPage('/focusperson/setting/caseMsgSetDetail', loadSetupPages, 'NoticeSettingsPage'),
  ],
  cataloguePart: 'crisis',
  buttons: [
    'crisis_close',
    'crisis_warning_flag',
    'crisis_network_edit',
    'crisis_setting_edit',
    'crisis_monthly_submit',
    'focus_person_edit',
  ],
});
