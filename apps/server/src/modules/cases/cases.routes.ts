import {
  CONSULT_AGREEMENT_ENDPOINTS,
  agreementPendingEndpoint,
  assessmentLevelStaEndpoint,
  caseDetailEndpoint,
  casePageEndpoint,
  caseToCrisisEndpoint,
  caseTransferEndpoint,
  caseTransitionEndpoint,
  consultAgreementDetailEndpoint,
  consultAgreementTextEndpoint,
  editSupervisorEndpoint,
  feedbackEndpoint,
  getRecordEndpoint,
  groupReferralPageEndpoint,
  isFirstRecordEndpoint,
  lockRecordPendingEndpoint,
  mineEngagementEndpoint,
  newRecordFormEndpoint,
  personalReportEndpoint,
  questionStatisticEndpoint,
  teamConsultPageEndpoint,
  primaryFeedbackEndpoint,
  primaryToCrisisEndpoint,
  recordEditionEndpoint,
  recordEditionsEndpoint,
  riskAssessmentPageEndpoint,
  saveRecordEndpoint,
  signRecordEndpoint,
  teamDetailEndpoint,
  visitorFileEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission, type SignedInRouteContext } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { FileStorage } from '../../core/storage/file-storage';
import {
  agreeToAppointment,
  agreementDetail,
  agreementPending,
  agreementTextFor,
  editSupervisor,
  giveFeedback,
  teamDetail,
} from './cases.engagement.service';
import { mineEngagement, personalReport, questionStatistic, teamPage } from './cases.insights.service';
import {
  appointmentToCrisis,
  assessmentLevelStats,
  caseDetail,
  caseToCrisis,
  getRecord,
  groupReferralPage,
  isFirstRecord,
  listCases,
  newRecordDefinition,
  lockRecordPending,
  recordEdition,
  recordEditions,
  saveRecord,
  signRecord,
  transferCase,
  transitionCase,
  visitorFile,
  type CaseCtx,
} from './cases.service';

/**
 * The case calls (docs/cases.md, docs/api.md "Cases and records"). Most are open to every signed-in
 * person because access is by relationship (the case's counsellor, their supervisor, the visitor), decided
 * in the service; what is for administrators only says so.
 */
export function caseRoutes(files: FileStorage): RouteDef[] {
  const ctxOf = (c: SignedInRouteContext<unknown, unknown, unknown>): CaseCtx => ({
    scope: c.scope,
    p: c.principal,
    lang: c.lang,
    jobs: c.req.server.jobs,
    files,
  });
  const ADMIN = permission('consult_case_all');
  const agreementRoutes = Object.entries(CONSULT_AGREEMENT_ENDPOINTS).map(([kind, endpoint]) =>
    defineRoute({
      endpoint,
      access: AUTHENTICATED,
      handler: (c) => agreeToAppointment(ctxOf(c), kind, c.params.id, c.body),
    }),
  );
  return [
    defineRoute({
      endpoint: casePageEndpoint,
      access: AUTHENTICATED,
      handler: (c) => listCases(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: caseDetailEndpoint,
      access: AUTHENTICATED,
      handler: (c) => caseDetail(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: caseTransitionEndpoint,
      access: AUTHENTICATED,
      handler: (c) => transitionCase(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: caseTransferEndpoint,
      access: AUTHENTICATED,
      handler: (c) => transferCase(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: saveRecordEndpoint,
      access: AUTHENTICATED,
      handler: (c) => saveRecord(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: isFirstRecordEndpoint,
      access: AUTHENTICATED,
      handler: (c) => isFirstRecord(ctxOf(c), c.query.appointmentId),
    }),
    defineRoute({
      endpoint: newRecordFormEndpoint,
      access: AUTHENTICATED,
      handler: (c) => newRecordDefinition(ctxOf(c), c.query.kind),
    }),
    defineRoute({
      endpoint: getRecordEndpoint,
      access: AUTHENTICATED,
      handler: (c) => getRecord(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: signRecordEndpoint,
      access: AUTHENTICATED,
      bodyLimit: 6 * 1024 * 1024,
      handler: (c) => signRecord(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: recordEditionsEndpoint,
      access: AUTHENTICATED,
      handler: (c) => recordEditions(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: recordEditionEndpoint,
      access: AUTHENTICATED,
      handler: (c) => recordEdition(ctxOf(c), c.query),
    }),
    defineRoute({
      endpoint: caseToCrisisEndpoint,
      access: AUTHENTICATED,
      handler: (c) => caseToCrisis(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: primaryToCrisisEndpoint,
      access: AUTHENTICATED,
      handler: (c) => appointmentToCrisis(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: visitorFileEndpoint,
      access: AUTHENTICATED,
      handler: (c) => visitorFile(ctxOf(c), c.query.visitorId),
    }),
    defineRoute({
      endpoint: assessmentLevelStaEndpoint,
      access: AUTHENTICATED,
      handler: (c) => assessmentLevelStats(ctxOf(c)),
    }),
    defineRoute({
      endpoint: riskAssessmentPageEndpoint,
      access: ADMIN,
      handler: (c) =>
        listCases(ctxOf(c), c.body, { risk: true, route: 'POST /biz/consult/riskAssessment/page' }),
    }),
    defineRoute({
      endpoint: groupReferralPageEndpoint,
      access: ADMIN,
      handler: (c) => groupReferralPage(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: lockRecordPendingEndpoint,
      access: AUTHENTICATED,
      handler: (c) => lockRecordPending(ctxOf(c)),
    }),
    defineRoute({
      endpoint: agreementPendingEndpoint,
      access: AUTHENTICATED,
      handler: (c) => agreementPending(ctxOf(c)),
    }),
    ...agreementRoutes,
    defineRoute({
      endpoint: consultAgreementTextEndpoint,
      access: AUTHENTICATED,
      handler: (c) => agreementTextFor(ctxOf(c), c.query.appointmentId),
    }),
    defineRoute({
      endpoint: consultAgreementDetailEndpoint,
      access: AUTHENTICATED,
      handler: (c) => agreementDetail(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: feedbackEndpoint,
      access: AUTHENTICATED,
      handler: (c) => giveFeedback(ctxOf(c), c.params.id, false, c.body),
    }),
    defineRoute({
      endpoint: primaryFeedbackEndpoint,
      access: AUTHENTICATED,
      handler: (c) => giveFeedback(ctxOf(c), c.params.id, true, c.body),
    }),
    defineRoute({
      endpoint: editSupervisorEndpoint,
      access: ADMIN,
      handler: (c) => editSupervisor(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: personalReportEndpoint,
      access: AUTHENTICATED,
      handler: (c) => personalReport(ctxOf(c), c.query.visitorId),
    }),
    defineRoute({
      endpoint: questionStatisticEndpoint,
      access: AUTHENTICATED,
      handler: (c) => questionStatistic(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: teamConsultPageEndpoint,
      access: ADMIN,
      handler: (c) => teamPage(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: mineEngagementEndpoint,
      access: AUTHENTICATED,
      handler: (c) => mineEngagement(ctxOf(c), c.body.appointmentIds),
    }),
    defineRoute({
      endpoint: teamDetailEndpoint,
      access: AUTHENTICATED,
      handler: (c) => teamDetail(ctxOf(c), c.query.id),
    }),
  ] as RouteDef[];
}
