import { provide, type ModuleManifest } from '../../core/module';
import { scaleResultsPort } from '../forms';
import { failExportTask } from '../downloads';
import { PLAN_REMIND_QUEUE, createPlanRemindJob } from './assessment-plans.service';
import {
  ANALYSIS_EXPORT_QUEUE,
  ANSWER_EXPORT_QUEUE,
  createAnalysisExportJob,
  createAnswerExportJob,
} from './assessment-results.service';
import { seedAssessment } from './assessment-scales.service';
import {
  WARNING_DELIVER_QUEUE,
  WARNING_SWEEP_QUEUE,
  createWarningDeliveryJob,
  createWarningSweepJob,
} from './assessment-warnings.service';
import { assessmentRoutes } from './assessment.routes';
import { latestScaleResultOf, recordScaleResult } from './assessment.service';

export { assessmentRoutes } from './assessment.routes';
export { seedAssessment } from './assessment-scales.service';
export { latestScaleResultOf, recordScaleResult } from './assessment.service';
export {
  WARNING_DELIVER_QUEUE,
  WARNING_SWEEP_QUEUE,
  createWarningDeliveryJob,
  createWarningSweepJob,
  crisisLevelPort,
  warningHandoverPort,
  messageHandover,
  refreshRainbow,
  type WarningHandover,
  type WarningHandoverInput,
} from './assessment-warnings.service';
export {
  consultTransferPort,
  type ConsultTransferHandover,
  type ConsultTransferInput,
} from './assessment-after.service';
export { PLAN_REMIND_QUEUE, createPlanRemindJob } from './assessment-plans.service';
export {
  ANALYSIS_EXPORT_QUEUE,
  ANSWER_EXPORT_QUEUE,
  createAnalysisExportJob,
  createAnswerExportJob,
} from './assessment-results.service';

/**
 * Scales, assessment plans, answers and scoring, reports, screening warnings, interviews, transfers and
 * the rainbow code (docs/assessment.md). Its menus and grants are still in seed/catalog.ts (PLANTEST).
 * Warnings and transfers go through its ports (`warningHandoverPort`, `consultTransferPort`), which the
 * modules that receive them provide; the rainbow code reads the crisis level through `crisisLevelPort`.
 */
export const assessmentModule: ModuleManifest = {
  name: 'assessment',
  layer: 'business',
  routes: ({ files }) => assessmentRoutes(files),
  jobs: (deps) => {
    // The export's last failure ends its task; the user exports again.
    const endsTask = { onFinalFailure: failExportTask(deps), retryable: false };
    return [
      { queue: WARNING_DELIVER_QUEUE, handler: createWarningDeliveryJob(deps) },
      { queue: WARNING_SWEEP_QUEUE, handler: createWarningSweepJob(deps) },
      { queue: PLAN_REMIND_QUEUE, handler: createPlanRemindJob(deps) },
      { queue: ANSWER_EXPORT_QUEUE, handler: createAnswerExportJob(deps), options: endsTask },
      { queue: ANALYSIS_EXPORT_QUEUE, handler: createAnalysisExportJob(deps), options: endsTask },
    ];
  },
  schedules: [
    // Screening warnings not delivered 10 minutes after they were raised are queued again.
    { name: 'assessment.warnings.sweep', queue: WARNING_SWEEP_QUEUE, rule: { every: 300 }, maxAttempts: 1 },
  ],
  messageEvents: [
    'ASSESSMENT_WARNING',
    'ASSESSMENT_REMINDER',
    'ASSESSMENT_PUBLISHED',
    'ASSESSMENT_INTERVIEW_ASSIGNED',
    'ASSESSMENT_TRANSFER',
  ],
  // The form engine's grading reads and records scale results, which are this module's.
  provides: [provide(scaleResultsPort, { latest: latestScaleResultOf, record: recordScaleResult })],
  // Categories and built-in scales of a new school; older schools got them from migration 0019.
  seedSchool: ({ tx, tenantId }) => seedAssessment(tx, tenantId),
};
