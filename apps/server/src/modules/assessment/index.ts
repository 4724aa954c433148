export * from './assessment.table';
export { assessmentRoutes } from './assessment.routes';
export { seedAssessment } from './assessment-scales.service';
export { latestScaleResultOf, recordScaleResult } from './assessment.service';
export {
  WARNING_DELIVER_QUEUE,
  WARNING_SWEEP_QUEUE,
  createWarningDeliveryJob,
  createWarningSweepJob,
  setCrisisLevelSource,
  setWarningHandover,
  messageHandover,
  refreshRainbow,
  type WarningHandover,
  type WarningHandoverInput,
} from './assessment-warnings.service';
export { setConsultTransferHandover, type ConsultTransferHandover } from './assessment-after.service';
export { PLAN_REMIND_QUEUE, createPlanRemindJob } from './assessment-plans.service';
export {
  ANALYSIS_EXPORT_QUEUE,
  ANSWER_EXPORT_QUEUE,
  createAnalysisExportJob,
  createAnswerExportJob,
} from './assessment-results.service';
