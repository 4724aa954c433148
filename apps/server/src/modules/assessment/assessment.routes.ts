import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  HTP_DRAWING_MAX_BYTES,
  SCALE_XLSX_MAX_BYTES,
  answerDetailEndpoint,
  answerExportEndpoint,
  answerPageEndpoint,
  comprehensiveEndpoint,
  comprehensiveExportEndpoint,
  dailyUserPageEndpoint,
  drillAnswerPageEndpoint,
  drillDataPageEndpoint,
  flaggedPageEndpoint,
  followUpDetailEndpoint,
  followUpPageEndpoint,
  followUpSaveEndpoint,
  transferPageEndpoint,
  transferFirstInterviewEndpoint,
  htpDetailEndpoint,
  htpDrawingEndpoint,
  htpPageEndpoint,
  htpSaveEndpoint,
  htpUploadEndpoint,
  individualReportEndpoint,
  individualReportPdfEndpoint,
  interviewAssignEndpoint,
  interviewDetailEndpoint,
  interviewPageEndpoint,
  interviewRecordEndpoint,
  interviewStatusEndpoint,
  interviewerPageEndpoint,
  myAnswerPageEndpoint,
  myPendingScalesEndpoint,
  myReportEndpoint,
  planCloseEndpoint,
  planDeleteEndpoint,
  planDetailEndpoint,
  planNoAnswerPageEndpoint,
  planPageEndpoint,
  planProgressEndpoint,
  planPublishEndpoint,
  planRemindEndpoint,
  planResponsePageEndpoint,
  planSaveEndpoint,
  planSignaturePageEndpoint,
  planUpdateEndpoint,
  questionnaireInfoEndpoint,
  questionnaireTypesEndpoint,
  rainbowInfoEndpoint,
  rainbowPageEndpoint,
  recordPageEndpoint,
  reportTypesEndpoint,
  saveProgressEndpoint,
  scaleCategoryListEndpoint,
  scaleDeleteEndpoint,
  scaleDetailEndpoint,
  scaleExportEndpoint,
  scaleImportEndpoint,
  scaleImportXlsxEndpoint,
  scalePageEndpoint,
  scaleStatusEndpoint,
  scaleTreeEndpoint,
  signAgreementEndpoint,
  startTestEndpoint,
  submitTestEndpoint,
  interviewToConsultEndpoint,
  userQuestionnairePendingEndpoint,
  warningDetailEndpoint,
  warningHandleEndpoint,
  warningPageEndpoint,
  warningPendingCountEndpoint,
} from '@psy/contracts';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { MultipartFile } from '../../core/http/raw-body';
import type { FileStorage } from '../../core/storage/file-storage';
import { findSubtrees } from './assessment.repository';
import { ASSESSMENT_ACCESS as A, staffDeptScope } from './assessment.policy';
import {
  assignInterviews,
  flaggedPage,
  followUpDetail,
  htpDetail,
  htpDrawing,
  htpPage,
  interviewDetail,
  interviewers,
  moveInterview,
  pageFollowUps,
  pageInterviews,
  pageTransfers,
  rainbowInfo,
  rainbowPage,
  recordInterview,
  saveFollowUp,
  saveHtp,
  transferToConsult,
  transferToFirstInterview,
  uploadDrawing,
} from './assessment-after.service';
import {
  audiencePage,
  closePlan,
  createPlan,
  deletePlan,
  editPlan,
  myPendingTests,
  pagePlans,
  planDetail,
  progressOf,
  publishPlan,
  remindUnfinished,
  responsePage,
  saveProgress,
  signAgreement,
  signaturePage,
  startTest,
  submitTest,
} from './assessment-plans.service';
import { individualReportPdf } from './assessment-report-pdf';
import {
  answerDetail,
  comprehensive,
  dailyUsers,
  drillAnswers,
  individualReport,
  myAnswers,
  myReport,
  pageAnswers,
  startAnalysisExport,
  startAnswerExport,
} from './assessment-results.service';
import {
  categoryList,
  deleteScale,
  exportScale,
  importScale,
  importScaleXlsx,
  pageScales,
  questionnaireInfo,
  reportTypes,
  scaleDetail,
  scaleTree,
  setScaleStatus,
} from './assessment-scales.service';
import {
  handleWarning,
  pageWarnings,
  pendingWarningCount,
  warningDetail,
} from './assessment-warnings.service';

function fileOf(req: FastifyRequest): { data: Buffer } | null {
  const part = ((req.body ?? {}) as Record<string, unknown>).file;
  return part && typeof part === 'object' && Buffer.isBuffer((part as MultipartFile).data)
    ? { data: (part as MultipartFile).data }
    : null;
}

async function sendFile(reply: FastifyReply, f: { fileName: string; type: string; bytes: Uint8Array }) {
  await reply
    .header('cache-control', 'no-store')
    .header(
      'content-disposition',
      `attachment; filename="${f.fileName.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(f.fileName)}`,
    )
    .type(f.type)
    .send(Buffer.from(f.bytes));
  return undefined;
}

/** The assessment area's calls (docs/assessment.md "Calls"). */
export const assessmentRoutes = (files: FileStorage): RouteDef[] =>
  [
    // --- scale library ---
    defineRoute({
      endpoint: scaleTreeEndpoint,
      access: A.signedIn,
      handler: async ({ scope, lang, query }) => scaleTree(scope, lang, query.kind),
    }),
    defineRoute({
      endpoint: scalePageEndpoint,
      access: A.scaleRead,
      handler: async ({ scope, lang, body }) => pageScales(scope, lang, body),
    }),
    defineRoute({
      endpoint: scaleDetailEndpoint,
      access: A.scaleRead,
      handler: async ({ scope, lang, query }) => scaleDetail(scope, lang, query.id),
    }),
    defineRoute({
      endpoint: scaleImportEndpoint,
      access: A.scaleEdit,
      bodyLimit: 4 * 1024 * 1024,
      handler: async ({ scope, principal, lang, body }) => importScale(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: scaleImportXlsxEndpoint,
      access: A.scaleEdit,
      bodyLimit: SCALE_XLSX_MAX_BYTES + 64 * 1024,
      handler: async ({ scope, principal, lang, body, req }) =>
        importScaleXlsx(scope, principal, lang, fileOf(req), body.categoryId),
    }),
    defineRoute({
      endpoint: scaleExportEndpoint,
      access: A.scaleRead,
      handler: async ({ scope, query, reply }) =>
        sendFile(reply, await exportScale(scope, query.id, query.format)),
    }),
    defineRoute({
      endpoint: scaleStatusEndpoint,
      access: A.scaleEdit,
      handler: async ({ scope, lang, body }) => setScaleStatus(scope, lang, body.id, body.status),
    }),
    defineRoute({
      endpoint: scaleDeleteEndpoint,
      access: A.scaleEdit,
      handler: async ({ scope, lang, body }) => deleteScale(scope, lang, body.id),
    }),
    defineRoute({
      endpoint: reportTypesEndpoint,
      access: A.signedIn,
      handler: async ({ lang }) => reportTypes(lang),
    }),
    defineRoute({
      endpoint: scaleCategoryListEndpoint,
      access: A.signedIn,
      handler: async ({ scope, lang, query }) => categoryList(scope, lang, query.kind),
    }),
    defineRoute({
      endpoint: questionnaireTypesEndpoint,
      access: A.signedIn,
      handler: async ({ scope, lang }) => categoryList(scope, lang, 'questionnaire'),
    }),
    defineRoute({
      endpoint: questionnaireInfoEndpoint,
      access: A.signedIn,
      handler: async ({ scope, lang, query }) => questionnaireInfo(scope, lang, query.typeId),
    }),
    defineRoute({
      endpoint: userQuestionnairePendingEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, lang }) => ({
        total: (await myPendingTests(scope, principal, lang, { current: 1, size: 1 }, true)).total,
      }),
    }),
    // --- plans ---
    defineRoute({
      endpoint: planPageEndpoint,
      access: A.plan,
      handler: async ({ scope, lang, body }) => pagePlans(scope, lang, body),
    }),
    defineRoute({
      endpoint: planDetailEndpoint,
      access: A.plan,
      handler: async ({ scope, lang, query }) => planDetail(scope, lang, query.id),
    }),
    defineRoute({
      endpoint: planSaveEndpoint,
      access: A.planEdit,
      handler: async ({ scope, principal, lang, body }) => createPlan(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: planUpdateEndpoint,
      access: A.planEdit,
      handler: async ({ scope, lang, body }) => editPlan(scope, lang, body),
    }),
    defineRoute({
      endpoint: planPublishEndpoint,
      access: A.planEdit,
      handler: async ({ scope, lang, body, req }) => publishPlan(scope, req.server.jobs, lang, body.id),
    }),
    defineRoute({
      endpoint: planCloseEndpoint,
      access: A.planEdit,
      handler: async ({ scope, lang, body }) => closePlan(scope, lang, body.id),
    }),
    defineRoute({
      endpoint: planDeleteEndpoint,
      access: A.planEdit,
      handler: async ({ scope, body }) => deletePlan(scope, body.id),
    }),
    defineRoute({
      endpoint: planProgressEndpoint,
      access: A.plan,
      handler: async ({ scope, principal, lang, query }) =>
        progressOf(scope, lang, query.id, await staffDeptScope(scope, principal)),
    }),
    defineRoute({
      endpoint: planNoAnswerPageEndpoint,
      access: A.plan,
      handler: async ({ scope, principal, body }) => {
        const { rows, total } = await audiencePage(scope, body, {
          unfinished: true,
          deptScope: await staffDeptScope(scope, principal),
        });
        return { records: rows, total, current: body.current, size: body.size };
      },
    }),
    defineRoute({
      endpoint: planRemindEndpoint,
      access: A.planEdit,
      handler: async ({ scope, body }) =>
        remindUnfinished(scope, body.planId, 'ASSESSMENT_REMINDER', body.userIds),
    }),
    defineRoute({
      endpoint: planResponsePageEndpoint,
      access: A.plan,
      handler: async ({ scope, principal, body }) =>
        responsePage(scope, body, await staffDeptScope(scope, principal)),
    }),
    defineRoute({
      endpoint: planSignaturePageEndpoint,
      access: A.plan,
      handler: async ({ scope, body }) => signaturePage(scope, body),
    }),
    // --- the student's side ---
    defineRoute({
      endpoint: myPendingScalesEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, lang, query }) => myPendingTests(scope, principal, lang, query),
    }),
    defineRoute({
      endpoint: startTestEndpoint,
      access: A.take,
      handler: async ({ scope, principal, body }) => startTest(scope, principal, body),
    }),
    defineRoute({
      endpoint: saveProgressEndpoint,
      access: A.take,
      handler: async ({ scope, principal, body }) => saveProgress(scope, principal, body),
    }),
    defineRoute({
      endpoint: submitTestEndpoint,
      access: A.take,
      handler: async ({ scope, principal, body, req }) => submitTest(scope, principal, req.server.jobs, body),
    }),
    defineRoute({
      endpoint: signAgreementEndpoint,
      access: A.take,
      bodyLimit: 512 * 1024,
      handler: async ({ scope, principal, body }) => signAgreement(scope, principal, body),
    }),
    defineRoute({
      endpoint: myAnswerPageEndpoint,
      access: A.mine,
      handler: async ({ scope, principal, lang, body }) => myAnswers(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: myReportEndpoint,
      access: A.mine,
      handler: async ({ scope, principal, lang, query }) => myReport(scope, principal, lang, query.answerId),
    }),
    // --- results ---
    defineRoute({
      endpoint: answerPageEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, body }) =>
        pageAnswers(
          scope,
          principal,
          lang,
          await staffDeptScope(scope, principal),
          body,
          'POST /biz/plantest/answer/page',
        ),
    }),
    defineRoute({
      endpoint: answerDetailEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, query }) =>
        answerDetail(scope, principal, lang, await staffDeptScope(scope, principal), query.id),
    }),
    defineRoute({
      endpoint: answerExportEndpoint,
      access: A.export,
      handler: async ({ scope, principal, lang, body, req }) =>
        startAnswerExport(
          scope,
          principal,
          req.server.jobs,
          lang,
          await staffDeptScope(scope, principal),
          body,
        ),
    }),
    defineRoute({
      endpoint: dailyUserPageEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, body }) =>
        dailyUsers(scope, principal, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: recordPageEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, body }) =>
        pageAnswers(
          scope,
          principal,
          lang,
          await staffDeptScope(scope, principal),
          body,
          'POST /biz/plantest/answer/recordPage',
        ),
    }),
    defineRoute({
      endpoint: individualReportEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, query }) =>
        individualReport(scope, principal, lang, await staffDeptScope(scope, principal), query.answerId),
    }),
    defineRoute({
      endpoint: individualReportPdfEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, query, reply }) =>
        sendFile(
          reply,
          await individualReportPdf(
            await individualReport(
              scope,
              principal,
              lang,
              await staffDeptScope(scope, principal),
              query.answerId,
            ),
            lang,
          ),
        ),
    }),
    defineRoute({
      endpoint: comprehensiveEndpoint,
      access: A.report,
      handler: async ({ scope, principal, lang, body }) =>
        comprehensive(scope, lang, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: comprehensiveExportEndpoint,
      access: A.export,
      handler: async ({ scope, principal, lang, body, req }) =>
        startAnalysisExport(
          scope,
          principal,
          req.server.jobs,
          lang,
          await staffDeptScope(scope, principal),
          body,
        ),
    }),
    defineRoute({
      endpoint: drillAnswerPageEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, body }) =>
        drillAnswers(
          scope,
          principal,
          lang,
          await staffDeptScope(scope, principal),
          body,
          'POST /biz/plantest/report/drillAnswerPage',
        ),
    }),
    defineRoute({
      endpoint: drillDataPageEndpoint,
      access: A.resultView,
      handler: async ({ scope, principal, lang, body }) =>
        drillAnswers(
          scope,
          principal,
          lang,
          await staffDeptScope(scope, principal),
          body,
          'POST /biz/plantest/report/drillDataPage',
        ),
    }),
    // --- warnings ---
    defineRoute({
      endpoint: warningPageEndpoint,
      access: A.warning,
      handler: async ({ scope, principal, lang, body }) => pageWarnings(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: warningDetailEndpoint,
      access: A.warning,
      handler: async ({ scope, principal, lang, query }) => warningDetail(scope, principal, lang, query.id),
    }),
    defineRoute({
      endpoint: warningHandleEndpoint,
      access: A.warningHandle,
      handler: async ({ scope, principal, lang, body }) => handleWarning(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: warningPendingCountEndpoint,
      access: A.warning,
      handler: async ({ scope, principal }) => pendingWarningCount(scope, principal),
    }),
    // --- interviews and transfers ---
    defineRoute({
      endpoint: interviewerPageEndpoint,
      access: A.interviewAssign,
      handler: async ({ scope, body }) => interviewers(scope, body),
    }),
    defineRoute({
      endpoint: flaggedPageEndpoint,
      access: A.interviewAssign,
      handler: async ({ scope, principal, lang, body }) =>
        flaggedPage(scope, principal, lang, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: interviewAssignEndpoint,
      access: A.interviewAssign,
      handler: async ({ scope, principal, body }) => assignInterviews(scope, principal, body),
    }),
    defineRoute({
      endpoint: interviewPageEndpoint,
      access: A.interview,
      handler: async ({ scope, principal, lang, body }) =>
        pageInterviews(scope, principal, lang, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: interviewDetailEndpoint,
      access: A.interview,
      handler: async ({ scope, principal, lang, query }) =>
        interviewDetail(scope, principal, lang, await staffDeptScope(scope, principal), query.id),
    }),
    defineRoute({
      endpoint: interviewStatusEndpoint,
      access: A.interview,
      handler: async ({ scope, principal, lang, body }) =>
        moveInterview(scope, principal, lang, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: interviewRecordEndpoint,
      access: A.interview,
      handler: async ({ scope, principal, lang, body }) =>
        recordInterview(scope, principal, lang, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: interviewToConsultEndpoint,
      access: A.transfer,
      handler: async ({ scope, principal, body }) =>
        transferToConsult(scope, principal, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: transferPageEndpoint,
      access: A.forAssessment,
      handler: async ({ scope, principal, query }) => pageTransfers(scope, principal, query),
    }),
    defineRoute({
      endpoint: transferFirstInterviewEndpoint,
      access: A.forAssessment,
      handler: async ({ scope, principal, body }) => transferToFirstInterview(scope, principal, body),
    }),
    // --- follow-up records, rainbow code, HTP ---
    defineRoute({
      endpoint: followUpPageEndpoint,
      access: A.followUp,
      handler: async ({ scope, principal, body }) =>
        pageFollowUps(scope, principal, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: followUpDetailEndpoint,
      access: A.followUp,
      handler: async ({ scope, principal, query }) =>
        followUpDetail(scope, principal, await staffDeptScope(scope, principal), query.id),
    }),
    defineRoute({
      endpoint: followUpSaveEndpoint,
      access: A.followUp,
      handler: async ({ scope, principal, lang, body }) =>
        saveFollowUp(scope, principal, lang, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: rainbowInfoEndpoint,
      access: A.rainbow,
      handler: async ({ scope, principal, lang, query }) =>
        rainbowInfo(scope, principal, lang, await staffDeptScope(scope, principal), query.userId),
    }),
    defineRoute({
      endpoint: rainbowPageEndpoint,
      access: A.rainbow,
      handler: async ({ scope, principal, body }) =>
        rainbowPage(scope, principal, await staffDeptScope(scope, principal), body, (d) =>
          findSubtrees(scope, [d]),
        ),
    }),
    defineRoute({
      endpoint: htpUploadEndpoint,
      access: A.htp,
      bodyLimit: HTP_DRAWING_MAX_BYTES + 64 * 1024,
      handler: async ({ scope, req }) => uploadDrawing(scope, files, fileOf(req)),
    }),
    defineRoute({
      endpoint: htpSaveEndpoint,
      access: A.htp,
      handler: async ({ scope, principal, body }) =>
        saveHtp(scope, principal, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: htpPageEndpoint,
      access: A.htp,
      handler: async ({ scope, principal, body }) =>
        htpPage(scope, principal, await staffDeptScope(scope, principal), body),
    }),
    defineRoute({
      endpoint: htpDetailEndpoint,
      access: A.htp,
      handler: async ({ scope, principal, query }) =>
        htpDetail(scope, principal, await staffDeptScope(scope, principal), query.id),
    }),
    defineRoute({
      endpoint: htpDrawingEndpoint,
      access: A.htp,
      handler: async ({ scope, principal, query, reply }) => {
        const d = await htpDrawing(scope, principal, files, await staffDeptScope(scope, principal), query.id);
        await reply.header('cache-control', 'no-store').type(d.type).send(Buffer.from(d.bytes));
        return undefined;
      },
    }),
  ] as RouteDef[];
