import {
  flaggedPageEndpoint,
  followUpPageEndpoint,
  followUpSaveEndpoint,
  htpDrawingEndpoint,
  htpPageEndpoint,
  htpSaveEndpoint,
  htpUploadEndpoint,
  interviewAssignEndpoint,
  interviewerPageEndpoint,
  interviewPageEndpoint,
  interviewRecordEndpoint,
  interviewResultsEndpoint,
  interviewStatusEndpoint,
  interviewToConsultEndpoint,
  rainbowInfoEndpoint,
  rainbowPageEndpoint,
  transferFirstInterviewEndpoint,
  transferPageEndpoint,
  type BodyOf,
  type FollowUp,
  type Interview,
  type QueryOf,
  type ResponseOf,
  type Transfer,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { warningQueryKeys } from './results';

export type { FollowUp, Interview, Transfer };
export type InterviewerRow = ResponseOf<typeof interviewerPageEndpoint>['records'][number];
export type FlaggedRow = ResponseOf<typeof flaggedPageEndpoint>['records'][number];
export type InterviewPageQuery = BodyOf<typeof interviewPageEndpoint>;
export type RainbowInfo = ResponseOf<typeof rainbowInfoEndpoint>;
export type RainbowRow = ResponseOf<typeof rainbowPageEndpoint>['records'][number];
export type HtpRecord = ResponseOf<typeof htpPageEndpoint>['records'][number];
export type HtpInput = BodyOf<typeof htpSaveEndpoint>;
export type FollowUpInput = BodyOf<typeof followUpSaveEndpoint>;

const interviewKeys = tenantQueryKeys('assessment-interviews');
const followKeys = tenantQueryKeys('assessment-followup');
export const interviewQueryKeys = interviewKeys;
export const followUpQueryKeys = followKeys;

export const useInterviewerPage = (query: BodyOf<typeof interviewerPageEndpoint>) =>
  useTenantList(interviewKeys, { list: 'interviewers', ...query }, ({ list: _l, ...body }, signal) =>
    request(interviewerPageEndpoint, { body, signal }),
  );

export const useFlaggedPage = (query: BodyOf<typeof flaggedPageEndpoint>, enabled: boolean) =>
  useTenantList(
    interviewKeys,
    { list: 'flagged', ...query },
    ({ list: _l, ...body }, signal) => request(flaggedPageEndpoint, { body, signal }),
    { enabled },
  );

export const useAssignInterviews = () =>
  useTenantMutation(
    (body: BodyOf<typeof interviewAssignEndpoint>) =>
      request(interviewAssignEndpoint, { body, hidePopup: true }),
    [interviewKeys.all],
  );

export const useInterviewPage = (query: InterviewPageQuery) =>
  useTenantList(interviewKeys, { list: 'interviews', ...query }, ({ list: _l, ...body }, signal) =>
    request(interviewPageEndpoint, { body, signal }),
  );

/** Moves an interview by the S1.4.2 table; back to pending needs a new time (silent: the dialog shows it). */
export const useMoveInterview = () =>
  useTenantMutation(
    (body: BodyOf<typeof interviewStatusEndpoint>) =>
      request(interviewStatusEndpoint, { body, hidePopup: true }),
    [interviewKeys.all],
  );

export const useRecordInterview = () =>
  useTenantMutation(
    (body: BodyOf<typeof interviewRecordEndpoint>) =>
      request(interviewRecordEndpoint, { body, hidePopup: true }),
    [interviewKeys.all, followKeys.all],
  );

/** The interview results a record chooses from (`GET /plantest/interview/results/list`, S0.5.13). */
export function useInterviewResults(lang: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: interviewKeys.of(tenantId, 'results', lang),
    queryFn: ({ signal }) => request(interviewResultsEndpoint, { signal }),
    staleTime: 300_000,
  });
}

export const useTransferToConsult = () =>
  useTenantMutation(
    (body: BodyOf<typeof interviewToConsultEndpoint>) =>
      request(interviewToConsultEndpoint, { body, hidePopup: true }),
    [interviewKeys.all],
  );

export const useTransferPage = (query: QueryOf<typeof transferPageEndpoint>) =>
  useTenantList(interviewKeys, { list: 'transfers', ...query }, ({ list: _l, ...q }, signal) =>
    request(transferPageEndpoint, { query: q, signal }),
  );

export const useTransferFirstInterview = () =>
  useTenantMutation(
    (body: BodyOf<typeof transferFirstInterviewEndpoint>) =>
      request(transferFirstInterviewEndpoint, { body }),
    [interviewKeys.all],
  );

// --- follow-up records ---

export const useFollowUpPage = (query: BodyOf<typeof followUpPageEndpoint>) =>
  useTenantList(followKeys, { list: 'followUps', ...query }, ({ list: _l, ...body }, signal) =>
    request(followUpPageEndpoint, { body, signal }),
  );

export const useSaveFollowUp = () =>
  useTenantMutation(
    (body: FollowUpInput) => request(followUpSaveEndpoint, { body, hidePopup: true }),
    [followKeys.all, warningQueryKeys.all],
  );

// --- rainbow code ---

export const useRainbowPage = (query: BodyOf<typeof rainbowPageEndpoint>) =>
  useTenantList(followKeys, { list: 'rainbow', ...query }, ({ list: _l, ...body }, signal) =>
    request(rainbowPageEndpoint, { body, signal }),
  );

export function useRainbowInfo(userId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: followKeys.of(tenantId, 'rainbow', userId),
    queryFn: ({ signal }) => request(rainbowInfoEndpoint, { query: { userId: userId ?? 0 }, signal }),
    enabled: userId !== null,
  });
}

// --- House-Tree-Person ---

export const useHtpPage = (query: BodyOf<typeof htpPageEndpoint>) =>
  useTenantList(followKeys, { list: 'htp', ...query }, ({ list: _l, ...body }, signal) =>
    request(htpPageEndpoint, { body, signal }),
  );

export const uploadHtpDrawing = (file: File) => {
  const form = new FormData();
  form.append('file', file, file.name);
  return request(htpUploadEndpoint, {
    body: form as unknown as BodyOf<typeof htpUploadEndpoint>,
    hidePopup: true,
  });
};

export const useSaveHtp = () =>
  useTenantMutation(
    (body: HtpInput) => request(htpSaveEndpoint, { body, hidePopup: true }),
    [followKeys.all],
  );

/** A record's drawing, fetched with the user's credentials (an <img> could not send them). */
export function useHtpDrawing(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: followKeys.of(tenantId, 'drawing', id),
    queryFn: async ({ signal }) =>
      URL.createObjectURL((await request(htpDrawingEndpoint, { query: { id: id ?? 0 }, signal })) as Blob),
    enabled: id !== null,
    staleTime: Infinity,
  });
}
