export { assessmentTakeFeature } from './manifest';
export { loadPendingTestsCard, loadReportView } from './loaders';
export { profileOption, groupedBarOption } from './lib/chart-options';
export { formatScore, pairText, RISK_GRADE_TAGS, type TextPair } from './lib/report-text';
export type { IndividualReport } from './components/report-view';
