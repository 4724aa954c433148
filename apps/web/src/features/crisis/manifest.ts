import { adminPage, defineFeature } from '../../shared/feature/manifest';

/**
 * Crisis intervention and key persons on the web (docs/crisis.md 12): every menu entry and detail page of
 * the CRISIS and IMPORTANT_FOCUS_ON products of the seed catalogue, and the follow-up journal pages. Staff
 * pages are administration pages (their size budget); the texts are the `crisis` catalogue part (loaded with them
 * and with the workbench's cards, not with every administration page).
 */
export const crisisFeature = defineFeature({
  name: 'crisis',
  pages: [
    adminPage('/crisisInfoUpdate_info/index', () => import('./components/records-page'), 'CrisisRecordsPage'),
    adminPage('/crisis/board/index', () => import('./components/board-page'), 'CrisisBoardPage'),
    adminPage(
      '/assessment_crisis_info/index',
      () => import('./components/assessments-page'),
      'CrisisAssessmentsPage',
    ),
    adminPage(
      '/interventionOrderinfo/index',
      () => import('./components/interventions-page'),
      'CrisisInterventionsPage',
    ),
    adminPage(
      '/focusonInterventionInfo/intervenInfo',
      () => import('./components/interventions-page'),
      'FocusInterventionsPage',
    ),
    adminPage(
      '/focusonInterReceiptInfo/intervenInfo',
      () => import('./components/interventions-page'),
      'InterventionReceiptsPage',
    ),
    adminPage('/crisis/suspension/index', () => import('./components/suspension-pages'), 'SuspensionsPage'),
    adminPage('/xiufuxueinfo/index', () => import('./components/suspension-pages'), 'SuspensionDetailPage'),
    adminPage(
      '/fuxueAssessinfo/index',
      () => import('./components/suspension-pages'),
      'ReturnAssessmentPage',
    ),
    adminPage('/greenway_info', () => import('./components/approvals-pages'), 'GreenwayPage'),
    adminPage('/approval_info', () => import('./components/approvals-pages'), 'MyApprovalsPage'),
    adminPage('/approval_detail', () => import('./components/approvals-pages'), 'ApprovalDetailPage'),
    adminPage('/examine_info', () => import('./components/approvals-pages'), 'ExamineApprovalsPage'),
    adminPage('/crisisWarningDetails/index', () => import('./components/warnings-pages'), 'WarningsPage'),
    adminPage('/warningPersonnel/detail', () => import('./components/warnings-pages'), 'WarningDetailPage'),
    adminPage('/crisis/network/index', () => import('./components/network-page'), 'NetworkPage'),
    adminPage('/crisis/setting/index', () => import('./components/settings-pages'), 'CrisisSettingsPage'),
    adminPage(
      '/crisis/monthlyReport/index',
      () => import('./components/monthly-pages'),
      'MonthlyReportsPage',
    ),
    adminPage(
      '/crisisMonthlyReportDetails',
      () => import('./components/monthly-pages'),
      'MonthlyReportDetailPage',
    ),
    adminPage(
      '/consultationMonthlyReportDetails',
      () => import('./components/monthly-pages'),
      'MonthlyReportDetailPage',
    ),
    adminPage('/focusperson/index', () => import('./components/key-person-pages'), 'KeyPersonsPage'),
    adminPage('/focusCase_info', () => import('./components/key-person-pages'), 'FocusCasePage'),
    adminPage(
      '/focusonFollowUpVisit/followInfo',
      () => import('./components/key-person-pages'),
      'FollowUpsPage',
    ),
    adminPage(
      '/focusonInfoUpdateDetails/index',
      () => import('./components/focus-report-pages'),
      'FocusReportsPage',
    ),
    adminPage(
      '/infoUpdateDetails/index',
      () => import('./components/focus-report-pages'),
      'FocusReportDetailPage',
    ),
    adminPage('/auditCaseInfo', () => import('./components/focus-report-pages'), 'CaseAuditPage'),
    adminPage('/heartTalkReportManageInfo', () => import('./components/talk-dorm-pages'), 'TalksPage'),
    adminPage('/heartTalkReportInfo', () => import('./components/talk-dorm-pages'), 'TalkReportPage'),
    adminPage('/dormitoryLeaderReportInfo', () => import('./components/talk-dorm-pages'), 'DormReportsPage'),
    adminPage('/focusperson/journal/index', () => import('./components/journal-pages'), 'JournalsPage'),
    adminPage('/openFollowDetail', () => import('./components/journal-pages'), 'JournalDetailPage'),
    adminPage('/writeJournal', () => import('./components/journal-pages'), 'WriteJournalPage'),
    adminPage('/answerQuestions', () => import('./components/journal-pages'), 'AnswerQuestionsPage'),
    adminPage('/feedbackDetail', () => import('./components/journal-pages'), 'FeedbackDetailPage'),
    adminPage('/feedbackStatistics', () => import('./components/journal-pages'), 'FeedbackStatisticsPage'),
    adminPage(
      '/focusperson/setting/caseMsgSetDetail',
      () => import('./components/settings-pages'),
      'NoticeSettingsPage',
    ),
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
