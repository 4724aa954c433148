import {
  appointmentPageEndpoint,
  approverCandidatesEndpoint,
  cancelAuditEndpoint,
  counsellorListScopeEndpoint,
  dayListEndpoint,
  forAssessmentEndpoint,
  decideCounsellorLeaveEndpoint,
  decideApprovalEndpoint,
  decideLeaveEndpoint,
  deleteAppointmentsEndpoint,
  deleteHolidayEndpoint,
  deleteScheduleEndpoint,
  deleteTermEndpoint,
  deleteVideoRecordEndpoint,
  generateScheduleEndpoint,
  holidayListEndpoint,
  leaveWaitlistEndpoint,
  monthExportEndpoint,
  monthViewEndpoint,
  myApprovalsEndpoint,
  myDecisionsEndpoint,
  overrideBlockEndpoint,
  quashApprovalEndpoint,
  raiseApprovalEndpoint,
  mineProfilesEndpoint,
  restoreAppointmentEndpoint,
  searchDeletedEndpoint,
  saveHolidayEndpoint,
  savePolicyEndpoint,
  saveScheduleEndpoint,
  saveSiteProfileEndpoint,
  saveTemplateEndpoint,
  saveTermEndpoint,
  schedulePageEndpoint,
  commonSiteListEndpoint,
  completeDutyEndpoint,
  templateListEndpoint,
  termListEndpoint,
  todayStatEndpoint,
  updateScheduleRoomEndpoint,
  userForAppointEndpoint,
  videoPageEndpoint,
  waitlistPageEndpoint,
  weekViewEndpoint,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { appointmentKeys } from '../../appointments';

export const schedulingKeys = tenantQueryKeys('scheduling');
/** A change here touches the appointment screens' caches too (the rules, free times, my lists). */
const TOUCHED = [schedulingKeys.all, appointmentKeys.all];

export type AppointmentPageQuery = BodyOf<typeof appointmentPageEndpoint>;
export type Approval = ResponseOf<typeof myApprovalsEndpoint>['records'][number];
export type DecidedApproval = ResponseOf<typeof myDecisionsEndpoint>['records'][number];
export type WaitlistEntry = ResponseOf<typeof waitlistPageEndpoint>['records'][number];
export type Term = ResponseOf<typeof termListEndpoint>[number];
export type Holiday = ResponseOf<typeof holidayListEndpoint>[number];
export type TemplateItem = BodyOf<typeof saveTemplateEndpoint>['items'][number];
export type VisitorChoice = ResponseOf<typeof userForAppointEndpoint>['records'][number];
export type QueuedRegistration = ResponseOf<typeof forAssessmentEndpoint>['records'][number];

// --- Front desk, records

export function useDayList(date: string, siteId?: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'day', date, siteId ?? 0),
    queryFn: ({ signal }) =>
      request(dayListEndpoint, { body: { date, ...(siteId ? { siteId } : {}) }, signal }),
    refetchInterval: 60_000,
  });
}
export function useTodayStats() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'today'),
    queryFn: ({ signal }) => request(todayStatEndpoint, { body: {}, signal }),
    refetchInterval: 60_000,
  });
}
export const useAppointmentPage = (query: AppointmentPageQuery) =>
  useTenantList(schedulingKeys, { what: 'appointments', ...query }, ({ what: _, ...body }, signal) =>
    request(appointmentPageEndpoint, { body, signal }),
  );
export const useDeleteAppointments = () =>
  useTenantMutation((ids: number[]) => request(deleteAppointmentsEndpoint, { body: { ids } }), TOUCHED);
export type DeletedAppointment = ResponseOf<typeof searchDeletedEndpoint>['records'][number];
export const useDeletedAppointments = (query: BodyOf<typeof searchDeletedEndpoint>) =>
  useTenantList(schedulingKeys, { what: 'deleted', ...query }, ({ what: _, ...body }, signal) =>
    request(searchDeletedEndpoint, { body, signal }),
  );
/** Restores a deleted appointment; a 409 (its time taken since) is shown by the request layer. */
export const useRestoreAppointment = () =>
  useTenantMutation((id: number) => request(restoreAppointmentEndpoint, { query: { id } }), TOUCHED);
export type VideoRecord = ResponseOf<typeof videoPageEndpoint>['records'][number];
export const useVideoRecords = (query: BodyOf<typeof videoPageEndpoint>) =>
  useTenantList(schedulingKeys, { what: 'video', ...query }, ({ what: _, ...body }, signal) =>
    request(videoPageEndpoint, { body, signal }),
  );
export const useDeleteVideoRecord = () =>
  useTenantMutation((id: number) => request(deleteVideoRecordEndpoint, { params: { id } }), TOUCHED);
export const useMonthExport = () =>
  useTenantMutation((body: BodyOf<typeof monthExportEndpoint>) => request(monthExportEndpoint, { body }), []);
export const useOverrideBlock = () =>
  useTenantMutation(
    (body: BodyOf<typeof overrideBlockEndpoint>) => request(overrideBlockEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );

// --- Approvals

export const useApprovals = (query: BodyOf<typeof myApprovalsEndpoint>) =>
  useTenantList(schedulingKeys, { what: 'approvals', ...query }, ({ what: _, ...body }, signal) =>
    request(myApprovalsEndpoint, { body, signal }),
  );
/** The approver's history: the requests I decided a step of, with my decision and comment. */
export const useMyDecisions = (query: BodyOf<typeof myDecisionsEndpoint>) =>
  useTenantList(schedulingKeys, { what: 'decided', ...query }, ({ what: _, ...body }, signal) =>
    request(myDecisionsEndpoint, { body, signal }),
  );
/** Decides a request: leave requests (option 2) through their own call, the rest through the other. */
export const useDecide = () =>
  useTenantMutation(
    (v: { approval: Approval; status: 2 | 3; comment?: string }) =>
      request(v.approval.option === 2 ? decideLeaveEndpoint : decideApprovalEndpoint, {
        body: { id: v.approval.id, status: v.status, ...(v.comment ? { comment: v.comment } : {}) },
      }),
    TOUCHED,
  );
/** Raises an extension (3), extension lock (7) or unlock (8) request; silent, the dialog places errors. */
export const useRaiseApproval = () =>
  useTenantMutation(
    (body: BodyOf<typeof raiseApprovalEndpoint>) => request(raiseApprovalEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );
/** Counselling sessions a request may be about: mine, or with `all` every one of the caller's scope. */
export function useSessionChoices(keyword: string, all: boolean) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'session-choices', keyword, all),
    queryFn: ({ signal }) =>
      request(mineProfilesEndpoint, {
        body: { current: 1, size: 20, all, ...(keyword ? { keyword } : {}) },
        signal,
      }),
  });
}
export const useWithdraw = () =>
  useTenantMutation((id: number) => request(quashApprovalEndpoint, { body: { id } }), TOUCHED);
export const useCancelAudit = () =>
  useTenantMutation((id: number) => request(cancelAuditEndpoint, { query: { id } }), TOUCHED);

// --- Waiting list

export const useWaitlistPage = (query: BodyOf<typeof waitlistPageEndpoint>) =>
  useTenantList(schedulingKeys, { what: 'waitlist', ...query }, ({ what: _, ...body }, signal) =>
    request(waitlistPageEndpoint, { body, signal }),
  );
export const useRemoveFromWaitlist = () =>
  useTenantMutation((id: number) => request(leaveWaitlistEndpoint, { body: { id } }), TOUCHED);

// --- Booking for a visitor

export function useVisitorChoices(keyword: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'visitors', keyword),
    queryFn: ({ signal }) =>
      request(userForAppointEndpoint, {
        query: { current: 1, size: 20, ...(keyword ? { keyword } : {}) },
        signal,
      }),
  });
}

/** Registrations waiting for their first interview (`forAssessment`), e.g. opened by an assessment transfer. */
export const useRegistrationQueue = (query: { current: number; size: number; keyword?: string }) =>
  useTenantList(schedulingKeys, { what: 'registrations', ...query }, ({ what: _, ...q }, signal) =>
    request(forAssessmentEndpoint, { query: q, signal }),
  );

// --- Schedules

export function useCounsellors() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'counsellors'),
    queryFn: ({ signal }) => request(counsellorListScopeEndpoint, { query: {}, signal }),
    staleTime: 60_000,
  });
}
/**
 * Whom the rules may name as approvers: every holder of `consult_approve` (administrators, the centre
 * director, clerks: not only counsellors), and anyone already named, flagged when they no longer hold it.
 */
export function useApproverCandidates(enabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'approver-candidates'),
    queryFn: ({ signal }) => request(approverCandidatesEndpoint, { signal }),
    staleTime: 60_000,
    enabled,
  });
}
export function useSites() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'sites'),
    queryFn: ({ signal }) => request(commonSiteListEndpoint, { signal }),
    staleTime: 60_000,
  });
}
/** Saves a site's notice, departments and categories (the notice shows again when its text changes). */
export const useSaveSiteProfile = () =>
  useTenantMutation(
    (body: BodyOf<typeof saveSiteProfileEndpoint>) =>
      request(saveSiteProfileEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );
export function useWeekView(date: string, counsellorId?: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'week', date, counsellorId ?? 0),
    queryFn: ({ signal }) =>
      request(weekViewEndpoint, { body: { date, ...(counsellorId ? { counsellorId } : {}) }, signal }),
    enabled: date !== '',
    placeholderData: (previous) => previous,
  });
}
export function useMonthView(month: string, counsellorId?: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'month', month, counsellorId ?? 0),
    queryFn: ({ signal }) =>
      request(monthViewEndpoint, { body: { month, ...(counsellorId ? { counsellorId } : {}) }, signal }),
    enabled: month !== '',
    placeholderData: (previous) => previous,
  });
}
export const useSlotPage = (query: BodyOf<typeof schedulePageEndpoint>) =>
  useTenantList(schedulingKeys, { what: 'slots', ...query }, ({ what: _, ...body }, signal) =>
    request(schedulePageEndpoint, { body, signal }),
  );
export const useSaveSlots = () =>
  useTenantMutation(
    (body: BodyOf<typeof saveScheduleEndpoint>) => request(saveScheduleEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );
export const useDeleteSlots = () =>
  useTenantMutation((ids: number[]) => request(deleteScheduleEndpoint, { body: { ids } }), TOUCHED);
export const useCompleteDuty = () =>
  useTenantMutation((id: number) => request(completeDutyEndpoint, { body: { id } }), TOUCHED);
export const useAssignRoom = () =>
  useTenantMutation(
    (body: BodyOf<typeof updateScheduleRoomEndpoint>) => request(updateScheduleRoomEndpoint, { body }),
    TOUCHED,
  );
export function useTemplate(counsellorId: number | undefined) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'template', counsellorId ?? 0),
    queryFn: ({ signal }) =>
      request(templateListEndpoint, { query: { counsellorId: counsellorId! }, signal }),
    enabled: counsellorId !== undefined,
  });
}
export const useSaveTemplate = () =>
  useTenantMutation(
    (body: BodyOf<typeof saveTemplateEndpoint>) => request(saveTemplateEndpoint, { body }),
    TOUCHED,
  );
export const useGenerate = () =>
  useTenantMutation(
    (body: BodyOf<typeof generateScheduleEndpoint>) => request(generateScheduleEndpoint, { body }),
    TOUCHED,
  );

// --- Counsellors' leave

export const useDecideCounsellorLeave = () =>
  useTenantMutation(
    (body: BodyOf<typeof decideCounsellorLeaveEndpoint>) => request(decideCounsellorLeaveEndpoint, { body }),
    TOUCHED,
  );

// --- Terms, holidays, rules

export function useTerms() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'terms'),
    queryFn: ({ signal }) => request(termListEndpoint, { signal }),
  });
}
export const useSaveTerm = () =>
  useTenantMutation(
    (body: BodyOf<typeof saveTermEndpoint>) => request(saveTermEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );
export const useDeleteTerm = () =>
  useTenantMutation((id: number) => request(deleteTermEndpoint, { body: { id } }), TOUCHED);
export function useHolidays() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: schedulingKeys.of(tenantId, 'holidays'),
    queryFn: ({ signal }) => request(holidayListEndpoint, { query: {}, signal }),
  });
}
export const useSaveHoliday = () =>
  useTenantMutation(
    (body: BodyOf<typeof saveHolidayEndpoint>) => request(saveHolidayEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );
export const useDeleteHoliday = () =>
  useTenantMutation((id: number) => request(deleteHolidayEndpoint, { body: { id } }), TOUCHED);
export const useSavePolicy = () =>
  useTenantMutation(
    (body: BodyOf<typeof savePolicyEndpoint>) => request(savePolicyEndpoint, { body, hidePopup: true }),
    TOUCHED,
  );
