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
  crisisInterventionPageEndpoint,
  crisisInterventionReceiptEndpoint,
  crisisInterventionSaveEndpoint,
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
  deptTreeEndpoint,
  type BodyOf,
  type CrisisSettingSection,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { crisisKeys, hotlinesQueryOptions } from './keys';

/** The crisis calls (docs/api.md "Crisis and key persons") and their hooks, under one query scope (keys.ts). */
export { crisisKeys };
const ALL = [crisisKeys.all] as const;

type Page<E> = BodyOf<E> & { current: number; size: number };
export type RecordRow = ResponseOf<typeof crisisRecordPageEndpoint>['records'][number];
export type RecordDetail = ResponseOf<typeof crisisRecordDetailEndpoint>;
export type BoardRow = ResponseOf<typeof crisisBoardPageEndpoint>['records'][number];
export type MyReport = ResponseOf<typeof crisisReportMineEndpoint>['records'][number];
export type Assessment = ResponseOf<typeof crisisAssessmentDetailEndpoint>;
export type Intervention = ResponseOf<typeof crisisInterventionPageEndpoint>['records'][number];
export type FollowUp = ResponseOf<typeof crisisFollowUpPageEndpoint>['records'][number];
export type Suspension = ResponseOf<typeof crisisSuspensionPageEndpoint>['records'][number];
export type Greenway = ResponseOf<typeof crisisGreenwayPageEndpoint>['records'][number];
export type Approval = ResponseOf<typeof crisisApprovalDetailEndpoint>;
export type WarningRow = ResponseOf<typeof crisisWarningPageEndpoint>['records'][number];
export type NetworkMember = ResponseOf<typeof crisisNetworkPageEndpoint>['records'][number];
export type Dormitory = ResponseOf<typeof crisisDormitoryMineEndpoint>[number];
export type MonthlyReport = ResponseOf<typeof crisisMonthlyDetailEndpoint>;
export type NoticeSetting = ResponseOf<typeof crisisNoticeSettingListEndpoint>[number];
export type DeptNode = ResponseOf<typeof deptTreeEndpoint>[number];

/** A record, an assessment, ... by id: one query per id, off while there is none. */
export function useDetail<R>(
  name: string,
  id: number | null | undefined,
  fetch: (id: number, signal: AbortSignal) => Promise<R>,
) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, name, id ?? 0),
    queryFn: ({ signal }) => fetch(id ?? 0, signal),
    enabled: typeof id === 'number' && id > 0,
  });
}

// ---------------------------------------------------------------- intake

export const useReportableStudents = (keyword: string) =>
  useTenantList(crisisKeys, { reportable: true, keyword }, (q, signal) =>
    request(crisisNetworkStudentsEndpoint, {
      body: { current: 1, size: 20, ...(q.keyword ? { keyword: q.keyword } : {}) },
      signal,
    }),
  );

/** Silent: the form puts a 400 on the field it names. */
export const useSaveReport = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisReportSaveEndpoint>) =>
      request(crisisReportSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useMyReports = (query: Page<typeof crisisReportMineEndpoint>) =>
  useTenantList(crisisKeys, { mine: true, ...query }, (body, signal) => {
    const { mine: _mine, ...rest } = body;
    return request(crisisReportMineEndpoint, { body: rest, signal });
  });

export const useHotlines = () => useQuery(hotlinesQueryOptions(useTenantId()));

export const useSelfHelp = () =>
  useTenantMutation(
    (note: string | undefined) =>
      request(crisisSelfHelpEndpoint, { body: note ? { note } : {}, hidePopup: true }),
    ALL,
  );

// ---------------------------------------------------------------- records and the board

export const useRecords = (query: Page<typeof crisisRecordPageEndpoint>) =>
  useTenantList(crisisKeys, { records: true, ...query }, ({ records: _r, ...body }, signal) =>
    request(crisisRecordPageEndpoint, { body, signal }),
  );

export const useRecordDetail = (id: number | null) =>
  useDetail('record', id, (recordId, signal) =>
    request(crisisRecordDetailEndpoint, { query: { id: recordId }, signal }),
  );

export const useDeliveries = (id: number | null) =>
  useDetail('deliveries', id, (recordId, signal) =>
    request(crisisDeliveriesEndpoint, { query: { id: recordId }, signal }),
  );

/** Refreshed every 15 s as well: ages and deadlines move on their own, escalations come from jobs. */
export const BOARD_REFRESH_MS = 15_000;

export const useBoard = (query: Page<typeof crisisBoardPageEndpoint>) =>
  useTenantList(crisisKeys, { board: true, ...query }, ({ board: _b, ...body }, signal) =>
    request(crisisBoardPageEndpoint, { body, signal }),
  );

export const useAcknowledge = () =>
  useTenantMutation((id: number) => request(crisisAcknowledgeEndpoint, { body: { id } }), ALL);

export const useTransition = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisTransitionEndpoint>) =>
      request(crisisTransitionEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useLadder = (studentId: number | null) =>
  useDetail('ladder', studentId, (id, signal) =>
    request(crisisLadderEndpoint, { query: { studentId: id }, signal }),
  );

// ---------------------------------------------------------------- assessment

export const useAssessmentDefinition = (kind: 'crisis' | 'return') => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'definition', kind),
    queryFn: ({ signal }) => request(crisisAssessmentDefinitionEndpoint, { query: { kind }, signal }),
    staleTime: Infinity,
  });
};

export const useAssessments = (query: Page<typeof crisisAssessmentPageEndpoint>) =>
  useTenantList(crisisKeys, { assessments: true, ...query }, ({ assessments: _a, ...body }, signal) =>
    request(crisisAssessmentPageEndpoint, { body, signal }),
  );

export const useAssessmentDetail = (id: number | null) =>
  useDetail('assessment', id, (a, signal) =>
    request(crisisAssessmentDetailEndpoint, { query: { id: a }, signal }),
  );

export const useAssessmentEditions = (id: number | null) =>
  useDetail('editions', id, (a, signal) =>
    request(crisisAssessmentEditionsEndpoint, { query: { id: a }, signal }),
  );

export const useSaveAssessment = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisAssessmentSaveEndpoint>) =>
      request(crisisAssessmentSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

// ---------------------------------------------------------------- orders and follow-ups

export const useInterventions = (query: Page<typeof crisisInterventionPageEndpoint>) =>
  useTenantList(crisisKeys, { interventions: true, ...query }, ({ interventions: _i, ...body }, signal) =>
    request(crisisInterventionPageEndpoint, { body, signal }),
  );

export const useSaveIntervention = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisInterventionSaveEndpoint>) =>
      request(crisisInterventionSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useSaveReceipt = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisInterventionReceiptEndpoint>) =>
      request(crisisInterventionReceiptEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useFollowUps = (query: Page<typeof crisisFollowUpPageEndpoint>) =>
  useTenantList(crisisKeys, { followUps: true, ...query }, ({ followUps: _f, ...body }, signal) =>
    request(crisisFollowUpPageEndpoint, { body, signal }),
  );

export const useSaveFollowUp = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisFollowUpSaveEndpoint>) =>
      request(crisisFollowUpSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

// ---------------------------------------------------------------- suspension, green channel, approvals

export const useSuspensions = (query: Page<typeof crisisSuspensionPageEndpoint>) =>
  useTenantList(crisisKeys, { suspensions: true, ...query }, ({ suspensions: _s, ...body }, signal) =>
    request(crisisSuspensionPageEndpoint, { body, signal }),
  );

export const useSuspensionDetail = (id: number | null) =>
  useDetail('suspension', id, (s, signal) =>
    request(crisisSuspensionDetailEndpoint, { query: { id: s }, signal }),
  );

export const useSaveSuspension = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisSuspensionSaveEndpoint>) =>
      request(crisisSuspensionSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useSuspensionTransition = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisSuspensionTransitionEndpoint>) =>
      request(crisisSuspensionTransitionEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useGreenways = (query: Page<typeof crisisGreenwayPageEndpoint>) =>
  useTenantList(crisisKeys, { greenways: true, ...query }, ({ greenways: _g, ...body }, signal) =>
    request(crisisGreenwayPageEndpoint, { body, signal }),
  );

export const useGreenwayDetail = (id: number | null) =>
  useDetail('greenway', id, (g, signal) =>
    request(crisisGreenwayDetailEndpoint, { query: { id: g }, signal }),
  );

export const useSaveGreenway = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisGreenwaySaveEndpoint>) =>
      request(crisisGreenwaySaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useGreenwayTransition = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisGreenwayTransitionEndpoint>) =>
      request(crisisGreenwayTransitionEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useApprovals = (query: Page<typeof crisisApprovalPageEndpoint>) =>
  useTenantList(crisisKeys, { approvals: true, ...query }, ({ approvals: _a, ...body }, signal) =>
    request(crisisApprovalPageEndpoint, { body, signal }),
  );

export const useApprovalDetail = (id: number | null) =>
  useDetail('approval', id, (a, signal) =>
    request(crisisApprovalDetailEndpoint, { query: { id: a }, signal }),
  );

export const useDecideApproval = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisApprovalDecideEndpoint>) =>
      request(crisisApprovalDecideEndpoint, { body, hidePopup: true }),
    ALL,
  );

// ---------------------------------------------------------------- warnings

export const useWarnings = (query: Page<typeof crisisWarningPageEndpoint>) =>
  useTenantList(crisisKeys, { warnings: true, ...query }, ({ warnings: _w, ...body }, signal) =>
    request(crisisWarningPageEndpoint, { body, signal }),
  );

export const useWarningDetail = (studentId: number | null) =>
  useDetail('warning', studentId, (s, signal) =>
    request(crisisWarningDetailEndpoint, { query: { studentId: s }, signal }),
  );

export const useSetWarningFlag = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisWarningFlagEndpoint>) =>
      request(crisisWarningFlagEndpoint, { body, hidePopup: true }),
    ALL,
  );

// ---------------------------------------------------------------- network, dormitories, settings

export const useNetwork = (query: Page<typeof crisisNetworkPageEndpoint>) =>
  useTenantList(crisisKeys, { network: true, ...query }, ({ network: _n, ...body }, signal) =>
    request(crisisNetworkPageEndpoint, { body, signal }),
  );

export const useSetCoverage = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisNetworkCoverageEndpoint>) =>
      request(crisisNetworkCoverageEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useDormitories = (query: Page<typeof crisisDormitoryPageEndpoint>) =>
  useTenantList(crisisKeys, { dormitories: true, ...query }, ({ dormitories: _d, ...body }, signal) =>
    request(crisisDormitoryPageEndpoint, { body, signal }),
  );

/** The dormitories the signed-in person leads (a dormitory leader's report starts here). */
export const useMyDormitories = (enabled = true) => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'my-dormitories'),
    queryFn: ({ signal }) => request(crisisDormitoryMineEndpoint, { signal, hidePopup: true }),
    enabled,
  });
};

export const useSaveDormitory = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisDormitorySaveEndpoint>) =>
      request(crisisDormitorySaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useDeleteDormitory = () =>
  useTenantMutation((id: number) => request(crisisDormitoryDeleteEndpoint, { body: { id } }), ALL);

export const useCrisisSetting = (section: CrisisSettingSection) => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'setting', section),
    queryFn: ({ signal }) => request(crisisSettingGetEndpoint, { params: { section }, signal }),
  });
};

/** Saves a section whole with the `version` it was read at (refused 409 when saved elsewhere since). */
export const useSaveCrisisSetting = () =>
  useTenantMutation(
    ({
      section,
      value,
      version,
    }: {
      section: CrisisSettingSection;
      value: Record<string, unknown>;
      version: number;
    }) =>
      request(crisisSettingSaveEndpoint, {
        params: { section },
        body: { ...value, version },
        hidePopup: true,
      }),
    ALL,
  );

export const useNoticeSettings = () => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'notice-settings'),
    queryFn: ({ signal }) => request(crisisNoticeSettingListEndpoint, { signal }),
  });
};

export const useSaveNoticeSetting = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisNoticeSettingSaveEndpoint>) =>
      request(crisisNoticeSettingSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

/** The school's department tree (every signed-in person may read it: `GET /admin/dept/tree`). */
export const useDeptTree = () => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'dept-tree'),
    queryFn: ({ signal }) => request(deptTreeEndpoint, { query: {}, signal }),
    staleTime: 5 * 60_000,
  });
};

// ---------------------------------------------------------------- monthly reports

export const useMonthlyReports = (query: Page<typeof crisisMonthlyPageEndpoint>) =>
  useTenantList(crisisKeys, { monthly: true, ...query }, ({ monthly: _m, ...body }, signal) =>
    request(crisisMonthlyPageEndpoint, { body, signal }),
  );

export const useMonthlyDetail = (id: number | null) =>
  useDetail('monthly', id, (m, signal) => request(crisisMonthlyDetailEndpoint, { query: { id: m }, signal }));

export const useCollegeReportStatus = (month: string, kind: 'crisis' | 'consultation') => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'college-status', month, kind),
    queryFn: ({ signal }) => request(collegeReportStatusEndpoint, { query: { month, kind }, signal }),
  });
};

export const useSaveMonthly = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisMonthlySaveEndpoint>) =>
      request(crisisMonthlySaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useSubmitMonthly = () =>
  useTenantMutation(
    (body: BodyOf<typeof crisisMonthlySubmitEndpoint>) =>
      request(crisisMonthlySubmitEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const exportMonthly = (body: BodyOf<typeof crisisMonthlyExportEndpoint>) =>
  request(crisisMonthlyExportEndpoint, { body });

// ---------------------------------------------------------------- workbench

export const useCrisisWorkbench = (enabled: boolean) => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'workbench'),
    queryFn: ({ signal }) => request(crisisWorkbenchEndpoint, { signal, hidePopup: true }),
    enabled,
  });
};
