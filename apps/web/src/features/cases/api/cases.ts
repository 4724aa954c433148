import {
  assessmentLevelStaEndpoint,
  caseDetailEndpoint,
  casePageEndpoint,
  caseToCrisisEndpoint,
  caseTransferEndpoint,
  caseTransitionEndpoint,
  consultAgreementDetailEndpoint,
  editSupervisorEndpoint,
  freeCounsellorsEndpoint,
  getRecordEndpoint,
  getPolicyEndpoint,
  getTeamSignEndpoint,
  groupReferralPageEndpoint,
  isFirstRecordEndpoint,
  lockRecordPendingEndpoint,
  newRecordFormEndpoint,
  myApprovalsEndpoint,
  personalReportEndpoint,
  questionStatisticEndpoint,
  raiseApprovalEndpoint,
  recordEditionEndpoint,
  recordEditionsEndpoint,
  riskAssessmentExportEndpoint,
  riskAssessmentPageEndpoint,
  saveRecordEndpoint,
  signRecordEndpoint,
  teamConsultPageEndpoint,
  teamDetailEndpoint,
  visitorFileEndpoint,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { caseKeys, TOUCHED } from './case-keys';

export { caseKeys } from './case-keys';
export * from './mine';

export type CasePageQuery = BodyOf<typeof casePageEndpoint>;
export type CaseSummary = ResponseOf<typeof casePageEndpoint>['records'][number];
export type CaseDetail = ResponseOf<typeof caseDetailEndpoint>;
export type CaseRecord = ResponseOf<typeof getRecordEndpoint>;
export type SaveRecordBody = BodyOf<typeof saveRecordEndpoint>;
export type SaveRecordAnswer = ResponseOf<typeof saveRecordEndpoint>;
export type SignRecordBody = BodyOf<typeof signRecordEndpoint>;
export type RecordEdition = ResponseOf<typeof recordEditionEndpoint>;
export type RecordEditionSummary = ResponseOf<typeof recordEditionsEndpoint>[number];
export type VisitorFile = ResponseOf<typeof visitorFileEndpoint>;
export type PersonalReport = ResponseOf<typeof personalReportEndpoint>;
export type TeamMember = ResponseOf<typeof teamConsultPageEndpoint>['records'][number];
export type TransferBody = BodyOf<typeof caseTransferEndpoint>;
export type Approval = ResponseOf<typeof myApprovalsEndpoint>['records'][number];
export type AgreementDetail = ResponseOf<typeof consultAgreementDetailEndpoint>;
export type AgreementSummary = VisitorFile['agreements'][number];

// --- cases

export const useCasePage = (query: CasePageQuery) =>
  useTenantList(caseKeys, query, (body, signal) => request(casePageEndpoint, { body, signal }));

export function useCaseDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'case', id),
    queryFn: ({ signal }) => request(caseDetailEndpoint, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export const useCaseTransition = () =>
  useTenantMutation(
    (body: BodyOf<typeof caseTransitionEndpoint>) =>
      request(caseTransitionEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );

export const useTransferCase = () =>
  useTenantMutation(
    (body: TransferBody) => request(caseTransferEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );

export const useCaseToCrisis = () =>
  useTenantMutation((id: number) => request(caseToCrisisEndpoint, { query: { id } }), TOUCHED);

/** Counsellors free for a referral type (2 individual, 10 single session). */
export function useFreeCounsellors(categoryId: number | undefined) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'free', categoryId),
    queryFn: ({ signal }) => request(freeCounsellorsEndpoint, { body: { categoryId: categoryId! }, signal }),
    enabled: categoryId !== undefined,
  });
}

// --- records

export function useCaseRecord(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'record', id),
    queryFn: ({ signal }) => request(getRecordEndpoint, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** Which record a new one of an appointment would be (the first of a case is a first interview). */
export function useIsFirstRecord(appointmentId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'isFirst', appointmentId),
    queryFn: ({ signal }) =>
      request(isFirstRecordEndpoint, { query: { appointmentId: appointmentId! }, signal }),
    enabled: appointmentId !== null,
  });
}

// Silent: the record page shows the refusal on the field it names (or its own message).
export const useSaveRecord = () =>
  useTenantMutation(
    (body: SaveRecordBody) => request(saveRecordEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );

export const useSignRecord = () =>
  useTenantMutation(
    (body: SignRecordBody) => request(signRecordEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );

export function useRecordEditions(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'editions', id),
    queryFn: ({ signal }) => request(recordEditionsEndpoint, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

export function useRecordEdition(id: number | null, edition: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'edition', id, edition),
    queryFn: ({ signal }) =>
      request(recordEditionEndpoint, { query: { id: id!, edition: edition! }, signal }),
    enabled: id !== null && edition !== null,
  });
}

export function useLockPending() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'lockPending'),
    queryFn: ({ signal }) => request(lockRecordPendingEndpoint, { signal }),
  });
}

// --- the visitor's file, statistics, team

export function useVisitorFile(visitorId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'file', visitorId),
    queryFn: ({ signal }) => request(visitorFileEndpoint, { query: { visitorId: visitorId! }, signal }),
    enabled: visitorId !== null,
  });
}

export function usePersonalReport(visitorId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'report', visitorId),
    queryFn: ({ signal }) => request(personalReportEndpoint, { query: { visitorId: visitorId! }, signal }),
    enabled: visitorId !== null,
  });
}

export const useRiskPage = (query: { current: number; size: number }) =>
  useTenantList(caseKeys, { risk: true, ...query }, ({ risk: _risk, ...body }, signal) =>
    request(riskAssessmentPageEndpoint, { body, signal }),
  );

export const exportRiskList = () => request(riskAssessmentExportEndpoint, { body: {} });

export function useLevelStats() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'levels'),
    queryFn: ({ signal }) => request(assessmentLevelStaEndpoint, { signal }),
  });
}

export function useQuestionStats(body: BodyOf<typeof questionStatisticEndpoint>) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'questions', body),
    queryFn: ({ signal }) => request(questionStatisticEndpoint, { body, signal }),
  });
}

export const useTeamPage = (query: BodyOf<typeof teamConsultPageEndpoint>, enabled = true) =>
  useTenantList(
    caseKeys,
    { team: true, ...query },
    ({ team: _team, ...body }, signal) => request(teamConsultPageEndpoint, { body, signal }),
    { enabled },
  );

/** Transfers to group counselling waiting for the group module (administrators). */
export const useGroupReferrals = (query: BodyOf<typeof groupReferralPageEndpoint>, enabled: boolean) =>
  useTenantList(
    caseKeys,
    { groupReferrals: true, ...query },
    ({ groupReferrals: _g, ...body }, signal) => request(groupReferralPageEndpoint, { body, signal }),
    { enabled },
  );

export function useTeamDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'team', id),
    queryFn: ({ signal }) => request(teamDetailEndpoint, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * A stored signature through S1.7.27 getSign (what a record's quote takes): the caller's own for `{}`, a
 * named counsellor's for `{ userId }` (the team's administrators); nothing asked for null.
 */
export function useTeamSign(query: { userId?: number } | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'sign', query?.userId ?? 'mine'),
    queryFn: ({ signal }) => request(getTeamSignEndpoint, { query: query ?? {}, signal }),
    enabled: query !== null,
  });
}

export const useEditSupervisor = () =>
  useTenantMutation(
    (body: BodyOf<typeof editSupervisorEndpoint>) => request(editSupervisorEndpoint, { body }),
    TOUCHED,
  );

// --- approvals 7 (more days) and 8 (unlock), raised by the counsellor

export const useRaiseRecordApproval = () =>
  useTenantMutation(
    (body: BodyOf<typeof raiseApprovalEndpoint>) => request(raiseApprovalEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );

export const useMyRecordApprovals = (query: { current: number; size: number; option: 7 | 8 }) =>
  useTenantList(caseKeys, { approvals: true, ...query }, ({ approvals: _a, ...q }, signal) =>
    request(myApprovalsEndpoint, { body: { ...q, mine: true }, signal }),
  );

// --- the visitor: agreement, feedback, signature

/** A given agreement as it was agreed to (text, version, signature); staff reads are access-logged. */
export function useAgreementDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'agreement', id),
    queryFn: ({ signal }) => request(consultAgreementDetailEndpoint, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/** The form a new closing summary is written on (a new session's comes with isFirst). */
export function useNewRecordForm(kind: 'closing' | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'newForm', kind),
    queryFn: ({ signal }) => request(newRecordFormEndpoint, { query: { kind: kind! }, signal }),
    enabled: kind !== null,
  });
}

/** The school's rules (the days before an unsigned record locks). */
export function useSchedulingPolicy() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'policy'),
    queryFn: ({ signal }) => request(getPolicyEndpoint, { signal }),
    staleTime: 60_000,
  });
}
