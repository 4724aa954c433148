/** The school-level crisis pages in one chunk (network, settings, monthly reports): see work-pages.ts. */
export { NetworkPage } from './network-page';
export { CrisisSettingsPage, NoticeSettingsPage } from './settings-pages';
export { MonthlyReportDetailPage, MonthlyReportsPage } from './monthly-pages';
