import {
  allConsultsOfVisitorEndpoint,
  appointmentActionEndpoint,
  appointmentDetailEndpoint,
  appointmentPageEndpoint,
  appointmentTelephoneListEndpoint,
  appointPreCheckEndpoint,
  assessmentActionEndpoint,
  bookEndpoint,
  calendarIcsEndpoint,
  canInterviewCountEndpoint,
  cancelAssessmentEndpoint,
  cancelAuditEndpoint,
  cancelConsultationEndpoint,
  cancelFirstInterviewEndpoint,
  cancelInterviewEndpoint,
  cancelPrimaryEndpoint,
  cancelTelephoneEndpoint,
  checkDualIdentityEndpoint,
  checkGroupEndpoint,
  claimOfferEndpoint,
  consultPendingEndpoint,
  createCalendarFeedEndpoint,
  dayListEndpoint,
  decideApprovalEndpoint,
  decideLeaveEndpoint,
  declineOfferEndpoint,
  deleteAppointmentsEndpoint,
  deletePreCheckEndpoint,
  deleteRegistrationEndpoint,
  deleteRegistrationsEndpoint,
  decideCounsellorLeaveEndpoint,
  deleteVideoRecordEndpoint,
  firstInterviewForRegistrationEndpoint,
  forAssessmentEndpoint,
  getAuditEndpoint,
  getCalendarFeedEndpoint,
  isExamineEndpoint,
  joinWaitlistEndpoint,
  latestRegistrationEndpoint,
  latestTeamRegistrationEndpoint,
  leaveWaitlistEndpoint,
  listCounsellorLeaveEndpoint,
  mannedActionEndpoint,
  mineAssessmentsEndpoint,
  mineConsultantsEndpoint,
  mineDetailEndpoint,
  mineFirstInterviewsEndpoint,
  mineInterviewsEndpoint,
  mineMannedEndpoint,
  minePrimaryUnitEndpoint,
  mineProfilesEndpoint,
  mineTelephoneEndpoint,
  monthExportEndpoint,
  myApprovalsEndpoint,
  myDecisionsEndpoint,
  myVideoSessionsEndpoint,
  overrideBlockEndpoint,
  quashApprovalEndpoint,
  raiseApprovalEndpoint,
  registrationInfoEndpoint,
  reserveVideoPageEndpoint,
  rescheduleEndpoint,
  restoreAppointmentEndpoint,
  revokeCalendarFeedEndpoint,
  saveCounsellorLeaveEndpoint,
  saveHolidayEndpoint,
  searchDeletedEndpoint,
  subscribeAssessmentEndpoint,
  syncRegistrationEndpoint,
  teamRegisterEndpoint,
  telephoneActionEndpoint,
  telephoneBookEndpoint,
  telephonePreCheckEndpoint,
  telephoneRecordListEndpoint,
  todayStatEndpoint,
  toConsultEndpoint,
  userForAppointEndpoint,
  userLeaveEndpoint,
  videoPageEndpoint,
  visitorRegisterEndpoint,
  waitlistPageEndpoint,
  waitReserveListEndpoint,
  withdrawCounsellorLeaveEndpoint,
  type Endpoint,
} from '@psy/contracts';
import { TYPE_GROUPS, type TypeGroup } from '@psy/scheduling';
import type { Database } from '../../core/db/database';
import { AUTHENTICATED, PUBLIC, permission, type SignedInRouteContext } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { P, dualIdentity } from '../scheduling';
import {
  CANCEL_GROUPS,
  act,
  bookSlot,
  bookTelephone,
  cancel,
  detail,
  listAppointments,
  reschedule,
  ruleState,
  takeLeave,
  type ListQuery,
} from './appointments.service';
import type { Ctx } from './appointments.context';
import {
  decide,
  getApproval,
  myApprovals,
  myDecisions,
  pendingOfAppointment,
  raiseConsultation,
  withdraw,
} from './approvals.service';
import {
  assessmentToConsult,
  bookFirstInterview,
  checkGroup,
  deleteRegistrations,
  latestRegistration,
  register,
  registrationQueue,
  registrationsOf,
  sessionsLeft,
  syncRegistration,
  visitorsForBooking,
} from './registrations.service';
import { claimOffer, declineOffer, joinWaitlist, leaveWaitlist, listEntries } from './waitlist.service';
import {
  allOfVisitor,
  consultPending,
  dayList,
  deleteAppointments,
  deletePreCheck,
  deleteVideo,
  myConsultants,
  myVideoSessions,
  overrideBlock,
  restoreAppointment,
  searchDeleted,
  todayStats,
  videoPage,
  workPlan,
} from './records.service';
import {
  decideCounsellorLeave,
  listCounsellorLeaves,
  saveCounsellorLeave,
  saveHoliday,
  withdrawCounsellorLeave,
} from './time-off.service';
import { calendarText, createFeed, feedState, revokeFeed } from './calendar.service';
import { startMonthExport } from './appointments.export';
import { workPlanEndpoint } from '@psy/contracts';

const ctxOf = (c: SignedInRouteContext<unknown, unknown, unknown>): Ctx => ({
  scope: c.scope,
  p: c.principal,
  lang: c.lang,
  jobs: c.req.server.jobs,
});

const MANAGE = permission(P.appointmentManage);
const VIEW = permission(P.appointmentView);

/** A "my" list of a type group (S1.7.20). */
const mine = (endpoint: Endpoint, group: TypeGroup, route: string) =>
  defineRoute({
    endpoint,
    access: AUTHENTICATED,
    handler: (c) => listAppointments(ctxOf(c), c.body as ListQuery, { types: TYPE_GROUPS[group], route }),
  });

/** A cancel call of a type group (S1.7.21). */
const cancelRoute = (endpoint: Endpoint, groups: readonly TypeGroup[]) =>
  defineRoute({
    endpoint,
    // The visitor, the counsellor or a clerk (checked in the service).
    access: AUTHENTICATED,
    handler: (c) => cancel(ctxOf(c), groups, c.body as { id: number; reason?: string }),
  });

/** Registration, booking, approvals, waiting list, lists and counts (docs/appointments.md section 5). */
export const appointmentRoutes = (deps: { database: Database }): RouteDef[] =>
  [
    // Registration.
    defineRoute({
      endpoint: visitorRegisterEndpoint,
      access: AUTHENTICATED,
      handler: (c) => register(ctxOf(c), 'individual', c.body),
    }),
    defineRoute({
      endpoint: teamRegisterEndpoint,
      access: AUTHENTICATED,
      handler: (c) => register(ctxOf(c), 'team', c.body),
    }),
    defineRoute({
      endpoint: latestRegistrationEndpoint,
      access: AUTHENTICATED,
      handler: (c) => latestRegistration(ctxOf(c), 'individual', c.query.userId),
    }),
    defineRoute({
      endpoint: latestTeamRegistrationEndpoint,
      access: AUTHENTICATED,
      handler: (c) => latestRegistration(ctxOf(c), 'team', c.query.userId),
    }),
    defineRoute({
      endpoint: registrationInfoEndpoint,
      access: AUTHENTICATED,
      handler: (c) => registrationsOf(ctxOf(c), c.query.userId),
    }),
    defineRoute({
      endpoint: syncRegistrationEndpoint,
      access: AUTHENTICATED,
      handler: (c) => syncRegistration(ctxOf(c)),
    }),
    defineRoute({
      endpoint: canInterviewCountEndpoint,
      access: AUTHENTICATED,
      handler: (c) => sessionsLeft(ctxOf(c), c.query.userId),
    }),
    defineRoute({
      endpoint: checkGroupEndpoint,
      access: AUTHENTICATED,
      handler: (c) => checkGroup(ctxOf(c)),
    }),
    defineRoute({
      endpoint: userForAppointEndpoint,
      access: permission(P.appointmentBook),
      handler: (c) => visitorsForBooking(ctxOf(c), c.query),
    }),
    defineRoute({
      endpoint: forAssessmentEndpoint,
      access: permission(P.appointmentBook, P.appointmentView),
      handler: (c) => registrationQueue(ctxOf(c), c.query),
    }),
    defineRoute({
      endpoint: firstInterviewForRegistrationEndpoint,
      access: permission(P.appointmentBook),
      handler: (c) => bookFirstInterview(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: deleteRegistrationEndpoint,
      access: MANAGE,
      handler: (c) => deleteRegistrations(ctxOf(c), [c.query.id]),
    }),
    defineRoute({
      endpoint: deleteRegistrationsEndpoint,
      access: MANAGE,
      handler: (c) => deleteRegistrations(ctxOf(c), c.body.ids),
    }),

    // Booking and the rules before it.
    defineRoute({
      endpoint: bookEndpoint,
      access: AUTHENTICATED,
      handler: (c) => bookSlot(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: subscribeAssessmentEndpoint,
      access: AUTHENTICATED,
      handler: (c) => bookSlot(ctxOf(c), { ...c.body, source: 1 }),
    }),
    defineRoute({
      endpoint: appointPreCheckEndpoint,
      access: AUTHENTICATED,
      handler: (c) => ruleState(ctxOf(c), c.query),
    }),
    defineRoute({
      endpoint: toConsultEndpoint,
      access: AUTHENTICATED,
      handler: (c) => assessmentToConsult(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: appointmentActionEndpoint,
      access: AUTHENTICATED,
      handler: (c) => act(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: assessmentActionEndpoint,
      access: AUTHENTICATED,
      handler: (c) => act(ctxOf(c), c.body, ['assessment']),
    }),
    defineRoute({
      endpoint: mannedActionEndpoint,
      access: AUTHENTICATED,
      handler: (c) => act(ctxOf(c), c.body, ['manned']),
    }),
    defineRoute({
      endpoint: rescheduleEndpoint,
      access: AUTHENTICATED,
      handler: (c) => reschedule(ctxOf(c), c.body),
    }),

    // Telephone assessment.
    defineRoute({
      endpoint: telephoneBookEndpoint,
      access: AUTHENTICATED,
      handler: (c) => bookTelephone(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: telephonePreCheckEndpoint,
      access: AUTHENTICATED,
      handler: (c) => ruleState(ctxOf(c), { type: 13, visitorId: c.body.visitorId }),
    }),
    defineRoute({
      endpoint: telephoneRecordListEndpoint,
      access: AUTHENTICATED,
      handler: (c) =>
        listAppointments(ctxOf(c), c.body, {
          types: TYPE_GROUPS.telephone,
          route: 'POST /consult/telephone/visitor/recordList',
        }),
    }),
    defineRoute({
      endpoint: telephoneActionEndpoint,
      access: AUTHENTICATED,
      handler: (c) => act(ctxOf(c), c.body, ['telephone']),
    }),

    // Cancels and leave.
    cancelRoute(cancelConsultationEndpoint, CANCEL_GROUPS.consultations),
    cancelRoute(cancelPrimaryEndpoint, CANCEL_GROUPS.primary),
    cancelRoute(cancelAssessmentEndpoint, CANCEL_GROUPS.assessments),
    cancelRoute(cancelInterviewEndpoint, CANCEL_GROUPS.interview),
    cancelRoute(cancelFirstInterviewEndpoint, CANCEL_GROUPS.first),
    cancelRoute(cancelTelephoneEndpoint, CANCEL_GROUPS.telephone),
    defineRoute({
      endpoint: userLeaveEndpoint,
      access: AUTHENTICATED,
      handler: (c) => takeLeave(ctxOf(c), c.body),
    }),

    // Approvals.
    defineRoute({
      endpoint: raiseApprovalEndpoint,
      access: AUTHENTICATED,
      handler: (c) => raiseConsultation(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: myApprovalsEndpoint,
      access: AUTHENTICATED,
      handler: (c) => myApprovals(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: myDecisionsEndpoint,
      access: AUTHENTICATED,
      handler: (c) => myDecisions(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: isExamineEndpoint,
      access: AUTHENTICATED,
      handler: (c) => pendingOfAppointment(ctxOf(c), c.params.id),
    }),
    defineRoute({
      endpoint: getAuditEndpoint,
      access: AUTHENTICATED,
      handler: (c) => getApproval(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: cancelAuditEndpoint,
      access: AUTHENTICATED,
      handler: (c) => withdraw(ctxOf(c), c.query.id, true),
    }),
    defineRoute({
      endpoint: quashApprovalEndpoint,
      access: AUTHENTICATED,
      handler: (c) => withdraw(ctxOf(c), c.body.id, false),
    }),
    defineRoute({
      endpoint: decideLeaveEndpoint,
      access: AUTHENTICATED,
      handler: (c) => decide(ctxOf(c), c.body, 'leave'),
    }),
    defineRoute({
      endpoint: decideApprovalEndpoint,
      access: AUTHENTICATED,
      handler: (c) => decide(ctxOf(c), c.body, 'other'),
    }),
    defineRoute({
      endpoint: checkDualIdentityEndpoint,
      access: AUTHENTICATED,
      handler: async (c) => {
        const d = await dualIdentity(c.scope, c.principal);
        return { counsellor: d.counsellor, visitor: d.visitor, dual: d.dual };
      },
    }),

    // My lists.
    mine(mineProfilesEndpoint, 'counselling', 'POST /consult/mine/profilesList'),
    mine(mineAssessmentsEndpoint, 'assessment', 'POST /consult/mine/assessmentList'),
    mine(mineFirstInterviewsEndpoint, 'firstInterview', 'POST /consult/mine/firstInterviewList'),
    mine(mineMannedEndpoint, 'manned', 'POST /consult/mine/mannedList'),
    mine(minePrimaryUnitEndpoint, 'primaryUnit', 'POST /consult/mine/primaryUnitList'),
    mine(mineTelephoneEndpoint, 'telephone', 'POST /consult/mine/telephoneList'),
    mine(mineInterviewsEndpoint, 'interview', 'POST /consult/mine/interviewList'),
    defineRoute({
      endpoint: mineConsultantsEndpoint,
      access: AUTHENTICATED,
      handler: (c) => myConsultants(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: mineDetailEndpoint,
      access: AUTHENTICATED,
      handler: (c) => detail(ctxOf(c), c.query.id),
    }),
    defineRoute({
      endpoint: appointmentDetailEndpoint,
      access: AUTHENTICATED,
      handler: (c) => detail(ctxOf(c), c.query.id),
    }),

    // Waiting list.
    defineRoute({
      endpoint: waitReserveListEndpoint,
      access: AUTHENTICATED,
      handler: (c) => listEntries(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: joinWaitlistEndpoint,
      access: AUTHENTICATED,
      handler: (c) => joinWaitlist(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: leaveWaitlistEndpoint,
      access: AUTHENTICATED,
      handler: (c) => leaveWaitlist(ctxOf(c), c.body.id),
    }),
    defineRoute({
      endpoint: claimOfferEndpoint,
      access: AUTHENTICATED,
      handler: (c) => claimOffer(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: declineOfferEndpoint,
      access: AUTHENTICATED,
      handler: (c) => declineOffer(ctxOf(c), c.body.offerId),
    }),
    defineRoute({
      endpoint: waitlistPageEndpoint,
      access: permission(P.waitlistManage),
      handler: (c) => listEntries(ctxOf(c), { ...c.body, all: true }),
    }),

    // Records, front desk, counts, exports.
    defineRoute({
      endpoint: appointmentPageEndpoint,
      access: VIEW,
      handler: (c) =>
        listAppointments(ctxOf(c), c.body, { route: 'POST /consult/appointment/page', forceAll: true }),
    }),
    defineRoute({
      endpoint: dayListEndpoint,
      access: permission(P.appointmentDesk, P.appointmentView),
      handler: (c) => dayList(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: overrideBlockEndpoint,
      access: permission(P.bookingOverride),
      handler: (c) => overrideBlock(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: monthExportEndpoint,
      access: VIEW,
      handler: (c) => startMonthExport(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: appointmentTelephoneListEndpoint,
      access: VIEW,
      handler: (c) =>
        listAppointments(ctxOf(c), c.body, {
          types: TYPE_GROUPS.telephone,
          route: 'POST /consult/appointment/telephoneList',
          forceAll: true,
        }),
    }),
    defineRoute({
      endpoint: workPlanEndpoint,
      access: AUTHENTICATED,
      handler: (c) => workPlan(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: consultPendingEndpoint,
      access: AUTHENTICATED,
      handler: (c) => consultPending(ctxOf(c)),
    }),
    // agreementPending and lockRecordPending are the case module's (docs/cases.md).
    defineRoute({
      endpoint: todayStatEndpoint,
      access: AUTHENTICATED,
      handler: (c) => todayStats(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: allConsultsOfVisitorEndpoint,
      access: AUTHENTICATED,
      handler: (c) => allOfVisitor(ctxOf(c), c.query.visitorId),
    }),

    // Video consultation records.
    defineRoute({
      endpoint: videoPageEndpoint,
      access: AUTHENTICATED,
      handler: (c) => videoPage(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: reserveVideoPageEndpoint,
      access: AUTHENTICATED,
      handler: (c) =>
        listAppointments(ctxOf(c), c.body, {
          mode: 2,
          upcoming: true,
          route: 'POST /consult/video/reserveVideoPage',
        }),
    }),
    defineRoute({
      endpoint: myVideoSessionsEndpoint,
      access: AUTHENTICATED,
      handler: (c) => myVideoSessions(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: deleteVideoRecordEndpoint,
      access: AUTHENTICATED,
      handler: (c) => deleteVideo(ctxOf(c), c.params.id),
    }),

    // Maintenance.
    defineRoute({
      endpoint: searchDeletedEndpoint,
      access: MANAGE,
      handler: (c) => searchDeleted(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: deleteAppointmentsEndpoint,
      access: MANAGE,
      handler: (c) => deleteAppointments(ctxOf(c), c.body.ids),
    }),
    defineRoute({
      endpoint: deletePreCheckEndpoint,
      access: MANAGE,
      handler: (c) => deletePreCheck(ctxOf(c), c.query.id, c.lang),
    }),
    defineRoute({
      endpoint: restoreAppointmentEndpoint,
      access: MANAGE,
      handler: (c) => restoreAppointment(ctxOf(c), c.query.id),
    }),

    // Time off.
    defineRoute({
      endpoint: saveHolidayEndpoint,
      access: permission(P.scheduleEdit),
      handler: (c) => saveHoliday(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: saveCounsellorLeaveEndpoint,
      // The counsellor for themselves; anyone with consult_schedule_edit (checked in the service).
      access: AUTHENTICATED,
      handler: (c) => saveCounsellorLeave(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: listCounsellorLeaveEndpoint,
      access: AUTHENTICATED,
      handler: (c) => listCounsellorLeaves(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: decideCounsellorLeaveEndpoint,
      access: permission(P.scheduleEdit),
      handler: (c) => decideCounsellorLeave(ctxOf(c), c.body),
    }),
    defineRoute({
      endpoint: withdrawCounsellorLeaveEndpoint,
      // The counsellor themselves (checked in the service).
      access: AUTHENTICATED,
      handler: (c) => withdrawCounsellorLeave(ctxOf(c), c.body.id),
    }),

    // Calendar feed.
    defineRoute({
      endpoint: getCalendarFeedEndpoint,
      access: AUTHENTICATED,
      handler: (c) => feedState(ctxOf(c)),
    }),
    defineRoute({
      endpoint: createCalendarFeedEndpoint,
      access: AUTHENTICATED,
      handler: (c) => createFeed(ctxOf(c), `${c.req.protocol}://${c.req.headers.host ?? 'localhost'}`),
    }),
    defineRoute({
      endpoint: revokeCalendarFeedEndpoint,
      access: AUTHENTICATED,
      handler: (c) => revokeFeed(ctxOf(c)),
    }),
    defineRoute({
      endpoint: calendarIcsEndpoint,
      // The secret link is the credential: calendar apps can neither sign nor send a token.
      access: PUBLIC,
      signed: false,
      handler: async ({ reply, params }) => {
        const text = await calendarText(deps.database, params.token);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('cache-control', 'private, max-age=300')
          .send(text);
      },
    }),
  ] as RouteDef[];
