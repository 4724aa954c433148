export * from './workforce.table';
export { workforceRoutes } from './workforce.routes';
// Grading (modules/forms) is for staff.
export { isStaff, isWorkforceMember } from './workforce.policy';
// The form engine (modules/forms) validates answers of the list path
// `/consult/workforce/schedule/freeUser?categoryId={...}` against this loader.
export { freeCounsellorOptions } from './workforce.service';
