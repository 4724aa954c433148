import {
  crisisIntervenePendingEndpoint,
  emphasisReportPendingEndpoint,
  focusDormReportPageEndpoint,
  focusDormReportSaveEndpoint,
  focusFollowUpDueEndpoint,
  focusJournalDetailEndpoint,
  focusJournalEntryEndpoint,
  focusJournalFeedbackEndpoint,
  focusJournalMineEndpoint,
  focusJournalOpenEndpoint,
  focusJournalPageEndpoint,
  focusJournalStatisticsEndpoint,
  focusJournalTransitionEndpoint,
  focusPersonDetailEndpoint,
  focusPersonPageEndpoint,
  focusPersonReleaseEndpoint,
  focusPersonSaveEndpoint,
  focusReportAuditEndpoint,
  focusReportDetailEndpoint,
  focusReportPageEndpoint,
  focusReportSaveEndpoint,
  focusTalkDetailEndpoint,
  focusTalkPageEndpoint,
  focusTalkSaveEndpoint,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { crisisKeys, useDetail } from './crisis';

/** The key-person calls (docs/api.md "Key persons, updates, talks, dormitory reports, journals"). */
const ALL = [crisisKeys.all] as const;
type Page<E> = BodyOf<E> & { current: number; size: number };

export type FocusPerson = ResponseOf<typeof focusPersonPageEndpoint>['records'][number];
export type FocusPersonDetail = ResponseOf<typeof focusPersonDetailEndpoint>;
export type FocusReport = ResponseOf<typeof focusReportDetailEndpoint>;
export type Talk = ResponseOf<typeof focusTalkDetailEndpoint>;
export type DormReport = ResponseOf<typeof focusDormReportPageEndpoint>['records'][number];
export type Journal = ResponseOf<typeof focusJournalPageEndpoint>['records'][number];
export type JournalDetail = ResponseOf<typeof focusJournalDetailEndpoint>;
export type MyJournal = ResponseOf<typeof focusJournalMineEndpoint>['records'][number];

export const useFocusPersons = (query: Page<typeof focusPersonPageEndpoint>) =>
  useTenantList(crisisKeys, { persons: true, ...query }, ({ persons: _p, ...body }, signal) =>
    request(focusPersonPageEndpoint, { body, signal }),
  );

export const useFocusPersonDetail = (id: number | null) =>
  useDetail('focus-person', id, (p, signal) =>
    request(focusPersonDetailEndpoint, { query: { id: p }, signal }),
  );

export const useSaveFocusPerson = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusPersonSaveEndpoint>) =>
      request(focusPersonSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useReleaseFocusPerson = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusPersonReleaseEndpoint>) =>
      request(focusPersonReleaseEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useDueFollowUps = (query: Page<typeof focusFollowUpDueEndpoint>) =>
  useTenantList(crisisKeys, { due: true, ...query }, ({ due: _d, ...body }, signal) =>
    request(focusFollowUpDueEndpoint, { body, signal }),
  );

export const useFocusReports = (query: Page<typeof focusReportPageEndpoint>) =>
  useTenantList(crisisKeys, { focusReports: true, ...query }, ({ focusReports: _f, ...body }, signal) =>
    request(focusReportPageEndpoint, { body, signal }),
  );

export const useFocusReportDetail = (id: number | null) =>
  useDetail('focus-report', id, (r, signal) =>
    request(focusReportDetailEndpoint, { query: { id: r }, signal }),
  );

export const useSaveFocusReport = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusReportSaveEndpoint>) =>
      request(focusReportSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useAuditFocusReport = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusReportAuditEndpoint>) =>
      request(focusReportAuditEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useTalks = (query: Page<typeof focusTalkPageEndpoint>) =>
  useTenantList(crisisKeys, { talks: true, ...query }, ({ talks: _t, ...body }, signal) =>
    request(focusTalkPageEndpoint, { body, signal }),
  );

export const useTalkDetail = (id: number | null) =>
  useDetail('talk', id, (tk, signal) => request(focusTalkDetailEndpoint, { query: { id: tk }, signal }));

export const useSaveTalk = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusTalkSaveEndpoint>) => request(focusTalkSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useDormReports = (query: Page<typeof focusDormReportPageEndpoint>) =>
  useTenantList(crisisKeys, { dormReports: true, ...query }, ({ dormReports: _d, ...body }, signal) =>
    request(focusDormReportPageEndpoint, { body, signal }),
  );

export const useSaveDormReport = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusDormReportSaveEndpoint>) =>
      request(focusDormReportSaveEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useJournals = (query: Page<typeof focusJournalPageEndpoint>) =>
  useTenantList(crisisKeys, { journals: true, ...query }, ({ journals: _j, ...body }, signal) =>
    request(focusJournalPageEndpoint, { body, signal }),
  );

export const useJournalDetail = (id: number | null) =>
  useDetail('journal', id, (j, signal) => request(focusJournalDetailEndpoint, { query: { id: j }, signal }));

/**
 * Opens a journal. Silent by default: the open dialog puts the server's refusal on its fields. A button
 * without a form (the key case's) passes `silent: false`, and the request layer shows the refusal.
 */
export const useOpenJournal = ({ silent = true }: { silent?: boolean } = {}) =>
  useTenantMutation(
    (body: BodyOf<typeof focusJournalOpenEndpoint>) =>
      request(focusJournalOpenEndpoint, { body, hidePopup: silent }),
    ALL,
  );

export const useJournalEntry = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusJournalEntryEndpoint>) =>
      request(focusJournalEntryEndpoint, { body, hidePopup: true }),
    ALL,
  );

/** Closes or reopens a journal; a refusal is shown by the request layer. */
export const useJournalTransition = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusJournalTransitionEndpoint>) =>
      request(focusJournalTransitionEndpoint, { body }),
    ALL,
  );

export const useMyJournals = (enabled = true) =>
  useTenantList(
    crisisKeys,
    { myJournals: true },
    (_q, signal) =>
      request(focusJournalMineEndpoint, { body: { current: 1, size: 20 }, signal, hidePopup: true }),
    { enabled },
  );

export const useJournalFeedback = () =>
  useTenantMutation(
    (body: BodyOf<typeof focusJournalFeedbackEndpoint>) =>
      request(focusJournalFeedbackEndpoint, { body, hidePopup: true }),
    ALL,
  );

export const useJournalStatistics = (from?: string, to?: string) => {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: crisisKeys.of(tenantId, 'journal-statistics', from ?? '', to ?? ''),
    queryFn: ({ signal }) =>
      request(focusJournalStatisticsEndpoint, {
        query: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
        signal,
      }),
  });
};

/** The two pending counts of S1.7.26, for the workbench. */
export const usePendingCounts = (enabled: boolean) => {
  const tenantId = useTenantId();
  const crisis = useQuery({
    queryKey: crisisKeys.of(tenantId, 'pending', 'crisis'),
    queryFn: ({ signal }) => request(crisisIntervenePendingEndpoint, { signal, hidePopup: true }),
    enabled,
  });
  const emphasis = useQuery({
    queryKey: crisisKeys.of(tenantId, 'pending', 'emphasis'),
    queryFn: ({ signal }) => request(emphasisReportPendingEndpoint, { signal, hidePopup: true }),
    enabled,
  });
  return { crisis, emphasis };
};
