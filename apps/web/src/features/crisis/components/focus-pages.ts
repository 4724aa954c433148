/** The key-person pages in one chunk (key persons, updates and audit, talks, dormitory reports, journals): see work-pages.ts. */
export { FocusCasePage, FollowUpsPage, KeyPersonsPage } from './key-person-pages';
export { CaseAuditPage, FocusReportDetailPage, FocusReportsPage } from './focus-report-pages';
export { DormReportsPage, TalkReportPage, TalksPage } from './talk-dorm-pages';
export {
  AnswerQuestionsPage,
  FeedbackDetailPage,
  FeedbackStatisticsPage,
  JournalDetailPage,
  JournalsPage,
  WriteJournalPage,
} from './journal-pages';
