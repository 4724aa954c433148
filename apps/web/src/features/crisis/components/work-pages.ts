/**
 * The crisis work pages in one chunk (records, board, assessments, orders, suspension, green channel,
 * approvals, warnings). The layout carries each page loader of the manifests with its preload list; one
 * module and one loader for these pages keep that once (docs/modules.md "The manifest").
 */
export { CrisisRecordsPage } from './records-page';
export { CrisisBoardPage } from './board-page';
export { CrisisAssessmentsPage } from './assessments-page';
export {
  CrisisInterventionsPage,
  FocusInterventionsPage,
  InterventionReceiptsPage,
} from './interventions-page';
export { ReturnAssessmentPage, SuspensionDetailPage, SuspensionsPage } from './suspension-pages';
export { ApprovalDetailPage, ExamineApprovalsPage, GreenwayPage, MyApprovalsPage } from './approvals-pages';
export { WarningDetailPage, WarningsPage } from './warnings-pages';
