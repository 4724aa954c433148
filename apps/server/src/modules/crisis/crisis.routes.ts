import {
  collegeReportStatusEndpoint,
  crisisAcknowledgeEndpoint,
  crisisApprovalDecideEndpoint,
  crisisApprovalDetailEndpoint,
  crisisApprovalPageEndpoint,
  crisisAssessmentDefinitionEndpoint,
  crisisAssessmentDetailEndpoint,
  crisisAssessmentEditionsEndpoint,
  crisisAssessmentPageEndpoint,
  crisisAssessmentSaveEndpoint,
  crisisBoardPageEndpoint,
  crisisDeliveriesEndpoint,
  crisisDormitoryDeleteEndpoint,
  crisisDormitoryMineEndpoint,
  crisisDormitoryPageEndpoint,
  crisisDormitorySaveEndpoint,
  crisisFollowUpPageEndpoint,
  crisisFollowUpSaveEndpoint,
  crisisGreenwayDetailEndpoint,
  crisisGreenwayPageEndpoint,
  crisisGreenwaySaveEndpoint,
  crisisGreenwayTransitionEndpoint,
  crisisHotlinesEndpoint,
  crisisInterventionDetailEndpoint,
  crisisInterventionPageEndpoint,
  crisisInterventionReceiptEndpoint,
  crisisInterventionSaveEndpoint,
  crisisIntervenePendingEndpoint,
  crisisLadderEndpoint,
  crisisMonthlyDetailEndpoint,
  crisisMonthlyExportEndpoint,
  crisisMonthlyPageEndpoint,
  crisisMonthlySaveEndpoint,
  crisisMonthlySubmitEndpoint,
  crisisNetworkCoverageEndpoint,
  crisisNetworkPageEndpoint,
  crisisNetworkStudentsEndpoint,
  crisisNoticeSettingListEndpoint,
  crisisNoticeSettingSaveEndpoint,
  crisisRecordDetailEndpoint,
  crisisRecordPageEndpoint,
  crisisReportMineEndpoint,
  crisisReportSaveEndpoint,
  crisisSelfHelpEndpoint,
  crisisSettingGetEndpoint,
  crisisSettingSaveEndpoint,
  crisisSuspensionDetailEndpoint,
  crisisSuspensionPageEndpoint,
  crisisSuspensionSaveEndpoint,
  crisisSuspensionTransitionEndpoint,
  crisisTransitionEndpoint,
  crisisWarningDetailEndpoint,
  crisisWarningFlagEndpoint,
  crisisWarningPageEndpoint,
  crisisWorkbenchEndpoint,
  emphasisReportPendingEndpoint,
  type CrisisSettingSection,
} from '@psy/contracts';
import { ASSESSMENT_DEFINITIONS } from '@psy/crisis-rules';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { approvalDetail, decideApproval, pageApprovals } from './approval.service';
import {
  addReceipt,
  assessmentDetail,
  assessmentEditions,
  greenwayDetail,
  interventionDetail,
  pageAssessments,
  pageFollowUps,
  pageGreenways,
  pageInterventions,
  pageSuspensions,
  saveAssessment,
  saveFollowUp,
  saveGreenway,
  saveIntervention,
  saveSuspension,
  suspensionDetail,
  transitionGreenway,
  transitionSuspension,
} from './care.service';
import { loadViewer } from './crisis.context';
import { CRISIS_ACCESS as A } from './crisis.policy';
import { hotlines, myReports, reportableStudents, selfHelp, submitReport } from './intake.service';
import {
  monthlyDetail,
  pageMonthly,
  reportStatus,
  startMonthlyExport,
  writeMonthly,
} from './monthly.service';
import {
  deleteDormitory,
  listNoticeSettings,
  myDormitories,
  pageDormitories,
  pageNetwork,
  readSetting,
  saveDormitoryEntry,
  saveNoticeSetting,
  saveSetting,
  setCoverage,
  studentLadder,
} from './network.service';
import { crisisIntervenePending, emphasisReportPending, workbench } from './pending.service';
import {
  acknowledge,
  boardPage,
  pageRecords,
  recordDeliveries,
  recordDetail,
  transition,
} from './records.service';
import { pageWarnings, setWarningFlag, warningDetail } from './warning.service';

const route = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** Crisis records, the warning network and its settings (docs/crisis.md; calls in docs/api.md). */
export const crisisRoutes = (): RouteDef[] =>
  [
    // intake
    defineRoute({
      endpoint: crisisReportSaveEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => submitReport(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisReportMineEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => myReports(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisNetworkStudentsEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => reportableStudents(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisSelfHelpEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => selfHelp(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisHotlinesEndpoint,
      access: A.signedIn,
      handler: async ({ scope }) => hotlines(scope),
    }),
    // records
    defineRoute({
      endpoint: crisisRecordPageEndpoint,
      access: A.records,
      handler: async ({ scope, principal, body }) =>
        pageRecords(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    defineRoute({
      endpoint: crisisRecordDetailEndpoint,
      access: A.records,
      handler: async ({ scope, principal, query }) =>
        recordDetail(
          scope,
          await loadViewer(scope, principal, 'crisis'),
          query.id,
          route(crisisRecordDetailEndpoint),
        ),
    }),
    defineRoute({
      endpoint: crisisAcknowledgeEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) =>
        acknowledge(scope, await loadViewer(scope, principal, 'crisis'), body.id),
    }),
    defineRoute({
      endpoint: crisisTransitionEndpoint,
      access: A.records,
      handler: async ({ scope, principal, body }) =>
        transition(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    defineRoute({
      endpoint: crisisDeliveriesEndpoint,
      access: A.records,
      handler: async ({ scope, principal, query }) =>
        recordDeliveries(scope, await loadViewer(scope, principal, 'crisis'), query.id),
    }),
    defineRoute({
      endpoint: crisisBoardPageEndpoint,
      access: A.board,
      handler: async ({ scope, principal, body }) =>
        boardPage(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    // assessment
    defineRoute({
      endpoint: crisisAssessmentDefinitionEndpoint,
      access: A.assessmentRead,
      handler: async ({ query }) => ASSESSMENT_DEFINITIONS[query.kind] as never,
    }),
    defineRoute({
      endpoint: crisisAssessmentSaveEndpoint,
      access: A.assessmentWrite,
      handler: async ({ scope, principal, body, lang }) => saveAssessment(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: crisisAssessmentPageEndpoint,
      access: A.assessmentRead,
      handler: async ({ scope, principal, body }) => pageAssessments(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisAssessmentDetailEndpoint,
      access: A.assessmentRead,
      handler: async ({ scope, principal, query }) =>
        assessmentDetail(scope, principal, query.id, route(crisisAssessmentDetailEndpoint)),
    }),
    defineRoute({
      endpoint: crisisAssessmentEditionsEndpoint,
      access: A.assessmentRead,
      handler: async ({ scope, principal, query }) =>
        assessmentEditions(scope, principal, query.id, route(crisisAssessmentEditionsEndpoint)),
    }),
    // intervention orders and follow-ups
    defineRoute({
      endpoint: crisisInterventionSaveEndpoint,
      access: A.interventionWrite,
      handler: async ({ scope, principal, body, lang }) => saveIntervention(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: crisisInterventionPageEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body, lang }) => pageInterventions(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: crisisInterventionDetailEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, query, lang }) =>
        interventionDetail(scope, principal, lang, query.id),
    }),
    defineRoute({
      endpoint: crisisInterventionReceiptEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body, lang }) => addReceipt(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: crisisFollowUpSaveEndpoint,
      access: A.followUpWrite,
      handler: async ({ scope, principal, body, lang }) => saveFollowUp(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: crisisFollowUpPageEndpoint,
      access: A.followUpRead,
      handler: async ({ scope, principal, body, lang }) => pageFollowUps(scope, principal, lang, body),
    }),
    // suspension and green channel
    defineRoute({
      endpoint: crisisSuspensionSaveEndpoint,
      access: A.suspension,
      handler: async ({ scope, principal, body }) => saveSuspension(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisSuspensionPageEndpoint,
      access: A.suspension,
      handler: async ({ scope, principal, body }) => pageSuspensions(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisSuspensionDetailEndpoint,
      access: A.suspension,
      handler: async ({ scope, principal, query }) =>
        suspensionDetail(scope, principal, query.id, route(crisisSuspensionDetailEndpoint)),
    }),
    defineRoute({
      endpoint: crisisSuspensionTransitionEndpoint,
      access: A.suspension,
      handler: async ({ scope, principal, body }) => transitionSuspension(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisGreenwaySaveEndpoint,
      access: A.greenway,
      handler: async ({ scope, principal, body }) => saveGreenway(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisGreenwayPageEndpoint,
      access: A.greenway,
      handler: async ({ scope, principal, body }) => pageGreenways(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisGreenwayDetailEndpoint,
      access: A.greenway,
      handler: async ({ scope, principal, query }) =>
        greenwayDetail(scope, principal, query.id, route(crisisGreenwayDetailEndpoint)),
    }),
    defineRoute({
      endpoint: crisisGreenwayTransitionEndpoint,
      access: A.greenway,
      handler: async ({ scope, principal, body }) => transitionGreenway(scope, principal, body),
    }),
    // approvals
    defineRoute({
      endpoint: crisisApprovalPageEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) =>
        pageApprovals(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    defineRoute({
      endpoint: crisisApprovalDetailEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, query }) =>
        approvalDetail(scope, await loadViewer(scope, principal, 'crisis'), query.id),
    }),
    defineRoute({
      endpoint: crisisApprovalDecideEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) =>
        decideApproval(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    // warnings
    defineRoute({
      endpoint: crisisWarningPageEndpoint,
      access: A.warning,
      handler: async ({ scope, principal, body }) =>
        pageWarnings(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    defineRoute({
      endpoint: crisisWarningDetailEndpoint,
      access: A.warning,
      handler: async ({ scope, principal, query }) =>
        warningDetail(scope, await loadViewer(scope, principal, 'crisis'), query.studentId),
    }),
    defineRoute({
      endpoint: crisisWarningFlagEndpoint,
      access: A.warningFlag,
      handler: async ({ scope, principal, body }) =>
        setWarningFlag(scope, await loadViewer(scope, principal, 'crisis'), body),
    }),
    // network, dormitories, settings
    defineRoute({
      endpoint: crisisNetworkPageEndpoint,
      access: A.network,
      handler: async ({ scope, body }) => pageNetwork(scope, body),
    }),
    defineRoute({
      endpoint: crisisNetworkCoverageEndpoint,
      access: A.networkEdit,
      handler: async ({ scope, body }) => setCoverage(scope, body),
    }),
    defineRoute({
      endpoint: crisisLadderEndpoint,
      access: A.records,
      handler: async ({ scope, principal, query }) => studentLadder(scope, principal, query.studentId),
    }),
    defineRoute({
      endpoint: crisisDormitoryPageEndpoint,
      access: A.dormitoryRead,
      handler: async ({ scope, body }) => pageDormitories(scope, body),
    }),
    defineRoute({
      endpoint: crisisDormitoryMineEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal }) => myDormitories(scope, principal.userId),
    }),
    defineRoute({
      endpoint: crisisDormitorySaveEndpoint,
      access: A.networkEdit,
      handler: async ({ scope, body }) => saveDormitoryEntry(scope, body),
    }),
    defineRoute({
      endpoint: crisisDormitoryDeleteEndpoint,
      access: A.networkEdit,
      handler: async ({ scope, body }) => deleteDormitory(scope, body.id),
    }),
    defineRoute({
      endpoint: crisisSettingGetEndpoint,
      access: A.setting,
      handler: async ({ scope, params }) => readSetting(scope, params.section as CrisisSettingSection),
    }),
    defineRoute({
      endpoint: crisisSettingSaveEndpoint,
      access: A.settingEdit,
      handler: async ({ scope, principal, params, body }) =>
        saveSetting(scope, principal, params.section as CrisisSettingSection, body),
    }),
    defineRoute({
      endpoint: crisisNoticeSettingListEndpoint,
      access: A.setting,
      handler: async ({ scope }) => listNoticeSettings(scope),
    }),
    defineRoute({
      endpoint: crisisNoticeSettingSaveEndpoint,
      access: A.settingEdit,
      handler: async ({ scope, body }) => saveNoticeSetting(scope, body),
    }),
    // monthly reports
    defineRoute({
      endpoint: crisisMonthlyPageEndpoint,
      access: A.monthly,
      handler: async ({ scope, principal, body }) => pageMonthly(scope, principal, body),
    }),
    defineRoute({
      endpoint: crisisMonthlyDetailEndpoint,
      access: A.monthly,
      handler: async ({ scope, principal, query }) => monthlyDetail(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: crisisMonthlySaveEndpoint,
      access: A.monthlySubmit,
      handler: async ({ scope, principal, body }) => writeMonthly(scope, principal, body, false),
    }),
    defineRoute({
      endpoint: crisisMonthlySubmitEndpoint,
      access: A.monthlySubmit,
      handler: async ({ scope, principal, body }) => writeMonthly(scope, principal, body, true),
    }),
    defineRoute({
      endpoint: collegeReportStatusEndpoint,
      access: A.monthly,
      handler: async ({ scope, principal, query }) => reportStatus(scope, principal, query),
    }),
    defineRoute({
      endpoint: crisisMonthlyExportEndpoint,
      access: A.monthly,
      handler: async ({ scope, principal, body, lang, req }) =>
        startMonthlyExport(scope, principal, req.server.jobs, lang, body),
    }),
    // pending counts and the workbench
    defineRoute({
      endpoint: crisisIntervenePendingEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal }) => crisisIntervenePending(scope, principal),
    }),
    defineRoute({
      endpoint: emphasisReportPendingEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal }) => emphasisReportPending(scope, principal),
    }),
    defineRoute({
      endpoint: crisisWorkbenchEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal }) => workbench(scope, principal),
    }),
  ] as RouteDef[];
