export * from './crisis.table';
export { crisisRoutes } from './crisis.routes';
export { focusRoutes } from './focus.routes';
export { registerCrisisJobs, INTAKE_QUEUE } from './crisis.jobs';
// The one intake of crisis signals for other modules (docs/crisis.md 2): call it in your transaction.
export { reportSignal, type CrisisSignal } from './intake.service';
export { ESCALATE_QUEUE, SMS_QUEUE, escalateRecord } from './escalation.service';
export { seedCrisisDemo } from './crisis.demo';
// The rainbow code of assessment reads a student's open crisis level (wired in app.ts).
export { findOpenCrisisLevel } from './crisis.repository';
