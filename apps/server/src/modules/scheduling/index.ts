export * from './scheduling.table';
export { schedulingRoutes } from './scheduling.routes';
export { SCHEDULE_EXPORT_QUEUE, createScheduleExportJob } from './scheduling.export';
export {
  addHoliday,
  appointmentTypeState,
  bookingNeedsConfirmation,
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
