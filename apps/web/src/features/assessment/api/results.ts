import {
  answerDetailEndpoint,
  answerExportEndpoint,
  answerPageEndpoint,
  comprehensiveEndpoint,
  comprehensiveExportEndpoint,
  dailyUserPageEndpoint,
  drillAnswerPageEndpoint,
  drillDataPageEndpoint,
  individualReportEndpoint,
  individualReportPdfEndpoint,
  recordPageEndpoint,
  warningDetailEndpoint,
  warningHandleEndpoint,
  warningPageEndpoint,
  warningPendingCountEndpoint,
  type AnswerRow,
  type AssessmentWarning,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { AnswerRow, AssessmentWarning };
export type AnswerPageQuery = BodyOf<typeof answerPageEndpoint>;
export type AnswerDetail = ResponseOf<typeof answerDetailEndpoint>;
export type Comprehensive = ResponseOf<typeof comprehensiveEndpoint>;
export type ComprehensiveQuery = BodyOf<typeof comprehensiveEndpoint>;
export type DrillAnswerQuery = BodyOf<typeof drillAnswerPageEndpoint>;
export type DrillDataQuery = BodyOf<typeof drillDataPageEndpoint>;
export type DailyUserRow = ResponseOf<typeof dailyUserPageEndpoint>['records'][number];
export type WarningPageQuery = BodyOf<typeof warningPageEndpoint>;

const keys = tenantQueryKeys('assessment-results');
export const resultQueryKeys = keys;
const warningKeys = tenantQueryKeys('assessment-warnings');
/** How often an open warning list asks again: a new warning is on it within seconds. */
const WARNING_REFRESH_MS = 5_000;
export const warningQueryKeys = warningKeys;

export const useAnswerPage = (query: AnswerPageQuery) =>
  useTenantList(keys, { list: 'answers', ...query }, ({ list: _l, ...body }, signal) =>
    request(answerPageEndpoint, { body, signal }),
  );

export function useAnswerDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'answer', id),
    queryFn: ({ signal }) => request(answerDetailEndpoint, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export const exportAnswers = (planId: number, scaleId: number) =>
  request(answerExportEndpoint, { body: { planId, scaleId } });

export const useRecordPage = (query: BodyOf<typeof recordPageEndpoint>) =>
  useTenantList(keys, { list: 'record', ...query }, ({ list: _l, ...body }, signal) =>
    request(recordPageEndpoint, { body, signal }),
  );

export const useDailyUserPage = (query: BodyOf<typeof dailyUserPageEndpoint>) =>
  useTenantList(keys, { list: 'daily', ...query }, ({ list: _l, ...body }, signal) =>
    request(dailyUserPageEndpoint, { body, signal }),
  );

/** The individual report of an answer (`GET /plantest/report/individual`, access-logged on the server). */
export function useIndividualReport(answerId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'report', answerId),
    queryFn: ({ signal }) =>
      request(individualReportEndpoint, { query: { answerId: answerId ?? 0 }, signal }),
    enabled: answerId !== null,
  });
}

export const exportReportPdf = (answerId: number) =>
  request(individualReportPdfEndpoint, { query: { answerId } });

export function useComprehensive(query: ComprehensiveQuery | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'comprehensive', query),
    queryFn: ({ signal }) => request(comprehensiveEndpoint, { body: query!, signal }),
    enabled: query !== null,
  });
}

export const exportComprehensive = (query: ComprehensiveQuery) =>
  request(comprehensiveExportEndpoint, { body: query });

export const useDrillAnswerPage = (query: DrillAnswerQuery) =>
  useTenantList(keys, { list: 'drillAnswers', ...query }, ({ list: _l, ...body }, signal) =>
    request(drillAnswerPageEndpoint, { body, signal }),
  );

export const useDrillDataPage = (query: DrillDataQuery) =>
  useTenantList(keys, { list: 'drillData', ...query }, ({ list: _l, ...body }, signal) =>
    request(drillDataPageEndpoint, { body, signal }),
  );

// --- warnings ---

/** Warnings, open and critical first; refreshed every 5 s so a new one shows within seconds. */
export const useWarningPage = (query: WarningPageQuery) =>
  useTenantList(warningKeys, query, (body, signal) => request(warningPageEndpoint, { body, signal }), {
    refetchInterval: WARNING_REFRESH_MS,
  });

export function useWarningDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: warningKeys.of(tenantId, 'detail', id),
    queryFn: ({ signal }) => request(warningDetailEndpoint, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function useWarningCount() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: warningKeys.of(tenantId, 'count'),
    queryFn: ({ signal }) => request(warningPendingCountEndpoint, { signal }),
    refetchInterval: WARNING_REFRESH_MS,
  });
}

/** Takes a warning in hand or closes it (silent: the dialog shows the 400 on the note). */
export const useHandleWarning = () =>
  useTenantMutation(
    (body: BodyOf<typeof warningHandleEndpoint>) => request(warningHandleEndpoint, { body, hidePopup: true }),
    [warningKeys.all],
  );
