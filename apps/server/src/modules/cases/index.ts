import type { ModuleManifest } from '../../core/module';
import { CASE_SCHEDULES, caseJobs } from './cases.jobs';
import { caseRoutes } from './cases.routes';
import { CASE_CATALOG } from './cases.catalog';
import { riskExport } from './cases.export';

export { caseRoutes } from './cases.routes';
export { caseJobs, CASE_SCHEDULES, lockRecordsPastDue, RECORD_LOCK_QUEUE } from './cases.jobs';

/**
 * Case work (docs/cases.md): cases, records signed and locked, transfers, agreements, feedback.
 * The consultation product's first entries (records, cases) are still in seed/catalog.ts; the screens
 * added with the web (docs/cases.md 13) are here.
 */
export const casesModule: ModuleManifest = {
  name: 'cases',
  layer: 'business',
  routes: ({ files }) => caseRoutes(files),
  jobs: (deps) => caseJobs(deps),
  schedules: CASE_SCHEDULES,
  // A case's history, its transfers and the agreements as given are written once and never rewritten.
  tables: { appendOnly: ['case_event', 'case_transfer', 'consult_agreement'] },
  messageEvents: ['CASE_RECORD_LOCKED', 'CASE_TRANSFERRED'],
  catalog: CASE_CATALOG,
  // The risk list's XLSX goes through the download list like every export.
  exports: [riskExport],
};
