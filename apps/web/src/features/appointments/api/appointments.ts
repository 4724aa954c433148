import {
  appointPreCheckEndpoint,
  appointmentActionEndpoint,
  bookEndpoint,
  cancelAssessmentEndpoint,
  cancelConsultationEndpoint,
  cancelFirstInterviewEndpoint,
  cancelInterviewEndpoint,
  cancelPrimaryEndpoint,
  checkDualIdentityEndpoint,
  claimOfferEndpoint,
  consultDateListEndpoint,
  createCalendarFeedEndpoint,
  declineOfferEndpoint,
  freeSlotsEndpoint,
  getCalendarFeedEndpoint,
  getPolicyEndpoint,
  joinWaitlistEndpoint,
  listCounsellorLeaveEndpoint,
  leaveWaitlistEndpoint,
  mineAssessmentsEndpoint,
  mineDetailEndpoint,
  mineFirstInterviewsEndpoint,
  mineInterviewsEndpoint,
  minePrimaryUnitEndpoint,
  mineProfilesEndpoint,
  myApprovalsEndpoint,
  quashApprovalEndpoint,
  rescheduleEndpoint,
  revokeCalendarFeedEndpoint,
  saveCounsellorLeaveEndpoint,
  syncRegistrationEndpoint,
  userLeaveEndpoint,
  visitorRegisterEndpoint,
  waitReserveListEndpoint,
  withdrawCounsellorLeaveEndpoint,
  workScheduleListEndpoint,
  type Appointment,
  type BodyOf,
  type CounsellorLeave,
  type ResponseOf,
  type Slot,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys, type InvalidateTarget } from '../../../shared/admin/query-keys';
import { useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { cancelGroupOf, orderMine } from '../lib/appointment-format';

export type { Appointment, CounsellorLeave, Slot };
export type RuleState = ResponseOf<typeof appointPreCheckEndpoint>;
export type AppointmentDetail = ResponseOf<typeof mineDetailEndpoint>;
export type WaitlistEntry = ResponseOf<typeof waitReserveListEndpoint>['records'][number];
export type Registration = NonNullable<ResponseOf<typeof syncRegistrationEndpoint>>;

/** Every query of the area, for the visitor's and the counsellor's pages and the staff pages. */
export const appointmentKeys = tenantQueryKeys('appointments');

/** The school's booking rules (time zone, deadline hour...): read by every screen of the area. */
export function usePolicy() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'policy'),
    queryFn: ({ signal }) => request(getPolicyEndpoint, { signal }),
    staleTime: 60_000,
  });
}

/** The school's time zone (Asia/Shanghai until the rules have loaded). */
export function useSchoolZone(): string {
  return usePolicy().data?.policy.timeZone ?? 'Asia/Shanghai';
}

export function useDualIdentity() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'identity'),
    queryFn: ({ signal }) => request(checkDualIdentityEndpoint, { signal }),
    staleTime: 300_000,
  });
}

/** The rules as they stand for a visitor (the caller, or the visitor a clerk books for). */
export function useRuleState(type: number | undefined, visitorId?: number, enabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'rules', type ?? 0, visitorId ?? 0),
    queryFn: ({ signal }) =>
      request(appointPreCheckEndpoint, {
        query: { ...(type ? { type } : {}), ...(visitorId ? { visitorId } : {}) },
        signal,
      }),
    enabled,
  });
}

export function useCurrentRegistration(enabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'registration'),
    queryFn: ({ signal }) => request(syncRegistrationEndpoint, { signal }),
    enabled,
  });
}

export const useRegister = () =>
  useTenantMutation(
    (body: BodyOf<typeof visitorRegisterEndpoint>) =>
      request(visitorRegisterEndpoint, { body, hidePopup: true }),
    [appointmentKeys.all],
  );

/** Days with bookable slots of a type within the booking window. */
export function useBookableDays(type: number | undefined) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'days', type ?? 0),
    queryFn: ({ signal }) => request(consultDateListEndpoint, { query: { type: type! }, signal }),
    enabled: type !== undefined,
  });
}

export function useFreeSlots(q: { date?: string; type?: number; visitorId?: number }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'free', q.date ?? '', q.type ?? 0, q.visitorId ?? 0),
    queryFn: ({ signal }) =>
      request(freeSlotsEndpoint, {
        body: {
          date: q.date!,
          type: q.type!,
          ...(q.visitorId ? { visitorId: q.visitorId } : {}),
        },
        signal,
      }),
    enabled: q.date !== undefined && q.type !== undefined,
  });
}

/** Books a slot. Silent: the booking panel shows a refusal (blocked, taken...) where the person looks. */
export const useBook = () =>
  useTenantMutation(
    (body: BodyOf<typeof bookEndpoint>) => request(bookEndpoint, { body, hidePopup: true }),
    [appointmentKeys.all],
  );

const MINE_LISTS = [
  mineProfilesEndpoint,
  mineAssessmentsEndpoint,
  mineFirstInterviewsEndpoint,
  minePrimaryUnitEndpoint,
  mineInterviewsEndpoint,
] as const;

/**
 * My appointments of every group (as visitor, or as counsellor), those ahead first: the lists of
 * S1.7.20 read together, since a visitor thinks of "my appointments", not of type groups.
 */
export function useMyAppointments(q: { startDate?: string; endDate?: string } = {}) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'mine', q),
    queryFn: async ({ signal }) => {
      const pages = await Promise.all(
        MINE_LISTS.map((endpoint) =>
          request(endpoint, { body: { current: 1, size: 100, all: false, ...q }, signal }),
        ),
      );
      return orderMine(
        pages.flatMap((p) => p.records),
        Date.now(),
      );
    },
  });
}

export function useMyAppointmentDetail(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'detail', id ?? 0),
    queryFn: ({ signal }) => request(mineDetailEndpoint, { query: { id: id! }, signal }),
    enabled: id !== null,
  });
}

/**
 * My requests still waiting for a decision (a leave asked while the school requires approval), by
 * appointment: "my appointments" shows them and lets me withdraw them.
 */
export function useMyPendingRequests(enabled = true) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'requests-pending'),
    queryFn: ({ signal }) =>
      request(myApprovalsEndpoint, { body: { current: 1, size: 100, mine: true, status: 1 }, signal }),
    enabled,
    select: (page) => new Map(page.records.flatMap((r) => (r.appointmentId ? [[r.appointmentId, r]] : []))),
  });
}
export const useWithdrawRequest = () =>
  useTenantMutation((id: number) => request(quashApprovalEndpoint, { body: { id } }), [appointmentKeys.all]);

/** Moves an appointment to another slot; silent, so the dialog shows a refusal where the person looks. */
export const useReschedule = () =>
  useTenantMutation(
    (body: BodyOf<typeof rescheduleEndpoint>) => request(rescheduleEndpoint, { body, hidePopup: true }),
    [appointmentKeys.all],
  );

export const useTakeLeave = () =>
  useTenantMutation(
    (body: { id: number; reason?: string }) => request(userLeaveEndpoint, { body }),
    [appointmentKeys.all],
  );

const CANCEL_ENDPOINTS = {
  consultations: cancelConsultationEndpoint,
  primary: cancelPrimaryEndpoint,
  assessments: cancelAssessmentEndpoint,
  interview: cancelInterviewEndpoint,
  first: cancelFirstInterviewEndpoint,
} as const;

/** Cancels through the call of the appointment's type group (S1.7.21). */
export function cancelAppointment(a: Pick<Appointment, 'id' | 'type'>, reason?: string) {
  return request(CANCEL_ENDPOINTS[cancelGroupOf(a.type)], {
    body: { id: a.id, ...(reason ? { reason } : {}) },
  });
}
export const useCancelAppointment = () =>
  useTenantMutation(
    (v: { appointment: Pick<Appointment, 'id' | 'type'>; reason?: string }) =>
      cancelAppointment(v.appointment, v.reason),
    [appointmentKeys.all],
  );

export function useMyWaitlist() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'waitlist-mine'),
    queryFn: ({ signal }) =>
      request(waitReserveListEndpoint, { body: { current: 1, size: 20, all: false }, signal }),
  });
}
export const useJoinWaitlist = () =>
  useTenantMutation(
    (body: BodyOf<typeof joinWaitlistEndpoint>) => request(joinWaitlistEndpoint, { body }),
    [appointmentKeys.all],
  );
export const useLeaveWaitlist = () =>
  useTenantMutation((id: number) => request(leaveWaitlistEndpoint, { body: { id } }), [appointmentKeys.all]);
export const useClaimOffer = () =>
  useTenantMutation(
    (offerId: number) => request(claimOfferEndpoint, { body: { offerId, mode: 1 } }),
    [appointmentKeys.all],
  );
export const useDeclineOffer = () =>
  useTenantMutation(
    (offerId: number) => request(declineOfferEndpoint, { body: { offerId } }),
    [appointmentKeys.all],
  );

export function useCalendarFeed() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'feed'),
    queryFn: ({ signal }) => request(getCalendarFeedEndpoint, { signal }),
  });
}
export const useCreateCalendarFeed = () =>
  useTenantMutation(() => request(createCalendarFeedEndpoint, {}), []);
export const useRevokeCalendarFeed = () =>
  useTenantMutation(() => request(revokeCalendarFeedEndpoint, {}), [appointmentKeys.all]);

/** A counsellor's own slots with the sessions in them, in a range of at most 62 days (the calendar). */
export function useMyCalendar(range: { startDate: string; endDate: string } | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'calendar', range),
    queryFn: ({ signal }) => request(workScheduleListEndpoint, { query: range!, signal }),
    enabled: range !== null,
    placeholderData: (previous) => previous,
  });
}

/**
 * Front desk and counsellor actions: arrive, start, end, visitorNoShow, hostNoShow; `also`: the caller's
 * own lists that show the appointment (the front desk's day).
 */
export const useAppointmentAction = (also: readonly InvalidateTarget[] = []) =>
  useTenantMutation(
    (body: BodyOf<typeof appointmentActionEndpoint>) => request(appointmentActionEndpoint, { body }),
    [appointmentKeys.all, ...also],
  );

/** Counsellors' leaves (a counsellor: their own), newest first, with their effect on the schedule. */
export function useCounsellorLeaves(q: BodyOf<typeof listCounsellorLeaveEndpoint>) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'leaves', q),
    queryFn: ({ signal }) => request(listCounsellorLeaveEndpoint, { body: q, signal }),
  });
}
export const useSaveCounsellorLeave = () =>
  useTenantMutation(
    (body: BodyOf<typeof saveCounsellorLeaveEndpoint>) =>
      request(saveCounsellorLeaveEndpoint, { body, hidePopup: true }),
    [appointmentKeys.all],
  );
export const useWithdrawCounsellorLeave = () =>
  useTenantMutation(
    (id: number) => request(withdrawCounsellorLeaveEndpoint, { body: { id } }),
    [appointmentKeys.all],
  );
