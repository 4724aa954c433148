// The counsellor's and supervisor's case pages, one chunk (features/cases/manifest.ts `loadWorkPages`).
export { CaseListPage } from './case-list-page';
export { CaseDetailPage } from './case-detail-page';
export { RecordHistoryPage, RecordsToFillPage } from './record-pages';
export { PersonalReportPage, VisitorFilePage } from './file-pages';
