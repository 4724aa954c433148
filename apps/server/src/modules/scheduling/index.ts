import type { ModuleManifest } from '../../core/module';
import { failExportTask } from '../downloads';
import { SCHEDULE_EXPORT_QUEUE, createScheduleExportJob } from './scheduling.export';
import { schedulingRoutes } from './scheduling.routes';

export { schedulingRoutes } from './scheduling.routes';
export { SCHEDULE_EXPORT_QUEUE, createScheduleExportJob } from './scheduling.export';
export {
  addHoliday,
  appointmentTypeState,
  closedDates,
  getPolicy,
  loadTerms,
  siteServesVisitor,
  termRefOf,
  type TypeState,
} from './scheduling.service';
export {
  claimSlot,
  dayRange,
  dualIdentity,
  findBookedSlotIds,
  findSlotById,
  findSlotRaw,
  generateSchedule,
  moveDuty,
  moveSlot,
  softDeleteSlots,
  toSlot,
} from './slots.service';
export {
  countFreeSlotsIn,
  findPerson,
  findSlotsOverlapping,
  isProductEnabled,
  slotCountsByDay,
} from './scheduling.repository';
export { P, can, isCounsellor, isCounsellorRoleSet, isStaff, permissionScopeOf } from './scheduling.policy';
export { clashOf, guardClashes, refuse } from './scheduling.refusals';
// Read view for appointments' joins (offers with their slot).
export { slotsView } from './scheduling.views';
// Appointments provides the bookings on slots (a module above scheduling).
export { slotBookings, type SlotBookings } from './slot-bookings.repository';

/**
 * Sites, rooms, terms, duty schedules and the slots they generate (docs/appointments.md). Its menus and
 * grants are still in seed/catalog.ts (the APPOINTMENT product).
 */
export const schedulingModule: ModuleManifest = {
  name: 'scheduling',
  layer: 'business',
  routes: (deps) => schedulingRoutes(deps),
  jobs: (deps) => [
    {
      queue: SCHEDULE_EXPORT_QUEUE,
      handler: createScheduleExportJob(deps),
      // The export's last failure ends its task; the user exports again.
      options: { onFinalFailure: failExportTask(deps), retryable: false },
    },
  ],
};
