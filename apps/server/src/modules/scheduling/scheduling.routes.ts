import {
  approverCandidatesEndpoint,
  commonSiteListEndpoint,
  completeDutyEndpoint,
  consultDateListEndpoint,
  counsellorDetailEndpoint,
  counsellorListScopeEndpoint,
  deleteHolidayEndpoint,
  deleteScheduleEndpoint,
  deleteTermEndpoint,
  deptVerifyEndpoint,
  doubleIdentityEndpoint,
  existNoticeCacheEndpoint,
  findFreeRoomsEndpoint,
  findRoomsWithStatusEndpoint,
  freeSlotsEndpoint,
  generateScheduleEndpoint,
  getPolicyEndpoint,
  holidayListEndpoint,
  mannedFreeUserEndpoint,
  monthViewEndpoint,
  multiDeptSiteListEndpoint,
  roomListEndpoint,
  saveNoticeCacheEndpoint,
  savePolicyEndpoint,
  saveScheduleEndpoint,
  saveSiteProfileEndpoint,
  saveTemplateEndpoint,
  saveTermEndpoint,
  scheduleExportEndpoint,
  schedulePageEndpoint,
  searchFreeRoomWithStatusEndpoint,
  singleDeptSiteEndpoint,
  siteListByTypeEndpoint,
  siteProfileEndpoint,
  slotDetailEndpoint,
  telephoneFreeUserEndpoint,
  telephoneWorkListEndpoint,
  templateListEndpoint,
  termListEndpoint,
  updateScheduleRoomEndpoint,
  userViewEndpoint,
  weekViewEndpoint,
  workDateListEndpoint,
  workforceAllEndpoint,
  workScheduleListEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission, type Principal } from '../../core/http/context';
import { forbidden } from '../../core/http/app-error';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { ModuleDeps } from '../../core/module';
import { P, isStaff } from './scheduling.policy';
import {
  approverCandidates,
  getPolicyAnswer,
  getSiteProfile,
  listHolidays,
  loadTerms,
  noticeState,
  removeHoliday,
  removeTerm,
  roomsOfSite,
  saveSiteProfile,
  savePolicy,
  saveTerm,
  singleSiteOfDept,
  sitesByType,
  sitesForCaller,
  sitesOfDepts,
  verifyDept,
} from './scheduling.service';
import {
  assignRoom,
  completeDuty,
  consultDates,
  counsellorCard,
  counsellorsInScope,
  deleteSlots,
  dualIdentity,
  freeRooms,
  freeSlotsOfDay,
  generateSchedule,
  listTemplates,
  monthView,
  mySchedule,
  onDuty,
  pageSlots,
  roomsWithStatus,
  saveSlots,
  saveTemplates,
  searchRooms,
  slotDetail,
  telephoneDuty,
  userView,
  weekView,
  workDates,
  workforceAll,
} from './slots.service';
import { startScheduleExport } from './scheduling.export';

const VIEW = permission(P.scheduleView, P.scheduleEdit);
const EDIT = permission(P.scheduleEdit);
const POLICY = permission(P.policyEdit);

const staffOnly = (p: Principal) => {
  if (!isStaff(p)) throw forbidden('only staff');
  return p;
};

/** Scheduling calls (docs/appointments.md section 5, "Scheduling"). */
export const schedulingRoutes = (deps?: Pick<ModuleDeps, 'database'>): RouteDef[] =>
  [
    defineRoute({
      endpoint: getPolicyEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope }) => getPolicyAnswer(scope),
    }),
    defineRoute({
      endpoint: approverCandidatesEndpoint,
      access: permission(P.policyEdit, P.bookingOverride),
      handler: ({ scope }) => approverCandidates(scope),
    }),
    defineRoute({
      endpoint: savePolicyEndpoint,
      access: POLICY,
      handler: ({ scope, principal, body }) => savePolicy(scope, principal, body),
    }),
    defineRoute({
      endpoint: termListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope }) => loadTerms(scope),
    }),
    defineRoute({
      endpoint: saveTermEndpoint,
      access: POLICY,
      handler: ({ scope, lang, body }) => saveTerm(scope, lang, body),
    }),
    defineRoute({
      endpoint: deleteTermEndpoint,
      access: POLICY,
      handler: ({ scope, body }) => removeTerm(scope, body.id),
    }),
    defineRoute({
      endpoint: holidayListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, query }) => listHolidays(scope, query),
    }),
    defineRoute({
      endpoint: deleteHolidayEndpoint,
      access: EDIT,
      handler: ({ scope, body }) => removeHoliday(scope, body.id),
    }),

    // Sites by department and by type, notices, rooms.
    defineRoute({
      endpoint: commonSiteListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal }) => sitesForCaller(scope, principal),
    }),
    defineRoute({
      endpoint: existNoticeCacheEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => noticeState(scope, principal, query.siteId, false),
    }),
    defineRoute({
      endpoint: saveNoticeCacheEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => noticeState(scope, principal, query.siteId, true),
    }),
    defineRoute({
      endpoint: siteListByTypeEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => sitesByType(scope, principal, query.type),
    }),
    defineRoute({
      endpoint: roomListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, query }) => roomsOfSite(scope, query.siteId),
    }),
    defineRoute({
      endpoint: deptVerifyEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => verifyDept(scope, principal, query.deptId),
    }),
    defineRoute({
      endpoint: singleDeptSiteEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => singleSiteOfDept(scope, principal, query.deptId),
    }),
    defineRoute({
      endpoint: multiDeptSiteListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => (staffOnly(principal), sitesOfDepts(scope, query.deptIds)),
    }),
    defineRoute({
      endpoint: siteProfileEndpoint,
      access: POLICY,
      handler: ({ scope, query }) => getSiteProfile(scope, query.siteId),
    }),
    defineRoute({
      endpoint: saveSiteProfileEndpoint,
      access: POLICY,
      handler: ({ scope, body }) => saveSiteProfile(scope, body),
    }),

    // Slots, templates, generation.
    defineRoute({
      endpoint: schedulePageEndpoint,
      // Viewers see every schedule; a counsellor their own (checked in the service).
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => pageSlots(scope, principal, body),
    }),
    defineRoute({
      endpoint: saveScheduleEndpoint,
      access: EDIT,
      handler: ({ scope, principal, lang, body }) => saveSlots(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: deleteScheduleEndpoint,
      access: EDIT,
      handler: ({ scope, lang, body }) => deleteSlots(scope, lang, body.ids),
    }),
    defineRoute({
      endpoint: templateListEndpoint,
      access: VIEW,
      handler: ({ scope, query }) => listTemplates(scope, query.counsellorId),
    }),
    defineRoute({
      endpoint: saveTemplateEndpoint,
      access: EDIT,
      handler: ({ scope, body }) => saveTemplates(scope, body),
    }),
    defineRoute({
      endpoint: generateScheduleEndpoint,
      access: EDIT,
      handler: ({ scope, principal, lang, body }) =>
        generateSchedule(scope, principal.userId, body, { database: deps?.database, lang }),
    }),

    // Views.
    defineRoute({
      endpoint: weekViewEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => weekView(scope, principal, body),
    }),
    defineRoute({
      endpoint: monthViewEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => monthView(scope, principal, body),
    }),
    defineRoute({
      endpoint: userViewEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => userView(scope, principal, body),
    }),
    defineRoute({
      endpoint: workDateListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => workDates(scope, principal, body),
    }),
    defineRoute({
      endpoint: consultDateListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, lang, query }) => consultDates(scope, principal, lang, query),
    }),
    defineRoute({
      endpoint: freeSlotsEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, lang, body }) => freeSlotsOfDay(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: slotDetailEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, params }) => slotDetail(scope, principal, params.id),
    }),
    defineRoute({
      endpoint: counsellorDetailEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => counsellorCard(scope, principal, query.uid),
    }),
    defineRoute({
      endpoint: workScheduleListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => mySchedule(scope, principal, query),
    }),

    // Rooms.
    defineRoute({
      endpoint: findFreeRoomsEndpoint,
      access: VIEW,
      handler: ({ scope, body }) => freeRooms(scope, body),
    }),
    defineRoute({
      endpoint: findRoomsWithStatusEndpoint,
      access: VIEW,
      handler: ({ scope, body }) => roomsWithStatus(scope, body),
    }),
    defineRoute({
      endpoint: searchFreeRoomWithStatusEndpoint,
      access: VIEW,
      handler: ({ scope, body }) => searchRooms(scope, body),
    }),
    defineRoute({
      endpoint: updateScheduleRoomEndpoint,
      access: EDIT,
      handler: ({ scope, lang, body }) => assignRoom(scope, lang, body),
    }),

    // Duty.
    defineRoute({
      endpoint: telephoneWorkListEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => (staffOnly(principal), telephoneDuty(scope, body)),
    }),
    defineRoute({
      endpoint: completeDutyEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, lang, body }) => completeDuty(scope, principal, lang, body.id),
    }),
    defineRoute({
      endpoint: scheduleExportEndpoint,
      access: VIEW,
      handler: ({ req, scope, principal, lang, body }) =>
        startScheduleExport(scope, principal, req.server.jobs, lang, body),
    }),

    // Workforce calls that need the schedule.
    defineRoute({
      endpoint: mannedFreeUserEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => (
        staffOnly(principal),
        onDuty(scope, 'manned', body.at ? new Date(body.at) : new Date())
      ),
    }),
    defineRoute({
      endpoint: telephoneFreeUserEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, body }) => (
        staffOnly(principal),
        onDuty(scope, 'telephone', body.at ? new Date(body.at) : new Date())
      ),
    }),
    defineRoute({
      endpoint: workforceAllEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, params }) => workforceAll(scope, principal, params.id),
    }),
    defineRoute({
      endpoint: doubleIdentityEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => dualIdentity(scope, principal, query.userId),
    }),
    defineRoute({
      endpoint: counsellorListScopeEndpoint,
      access: AUTHENTICATED,
      handler: ({ scope, principal, query }) => counsellorsInScope(scope, principal, query.keyword),
    }),
  ] as RouteDef[];
