export * from './cases.table';
export { caseRoutes } from './cases.routes';
export { registerCaseJobs, lockRecordsPastDue, RECORD_LOCK_QUEUE } from './cases.jobs';
