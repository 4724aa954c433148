import { TRANSFER_SOURCE } from '@psy/contracts';
import { provide, type ModuleManifest } from '../../core/module';
import { crisisLevelPort, messageHandover, warningHandoverPort } from '../assessment';
import { CRISIS_SCHEDULES, crisisJobs } from './crisis.jobs';
import { crisisRoutes } from './crisis.routes';
import { findOpenCrisisLevel } from './crisis.repository';
import { focusRoutes } from './focus.routes';
import { reportSignal } from './intake.service';
import {
  JOURNAL_PAGE_GRANTS,
  JOURNAL_PAGE_ROLES,
  backfillJournalPageGrants,
  markJournalPagesSeeded,
} from './journal-pages.service';

export { crisisRoutes } from './crisis.routes';
export { focusRoutes } from './focus.routes';
export { registerCrisisJobs, INTAKE_QUEUE } from './crisis.jobs';
// The one intake of crisis signals for other modules (docs/crisis.md 2): call it in your transaction.
export { reportSignal, type CrisisSignal } from './intake.service';
export { ESCALATE_QUEUE, SMS_QUEUE, escalateRecord } from './escalation.service';
export { seedCrisisDemo } from './crisis.demo';
export { JOURNAL_PAGE_GRANTS, JOURNAL_PAGE_ROLES, JOURNAL_PAGES_MARK } from './journal-pages.service';
// The rainbow code of assessment reads a student's open crisis level (provided to its port below).
export { findOpenCrisisLevel } from './crisis.repository';

/**
 * Crisis intervention and key persons (docs/crisis.md): the one intake of signals, escalation, records,
 * assessments, orders, follow-ups, monthly reports. Its menus and most grants are still in
 * seed/catalog.ts (the CRISIS and IMPORTANT_FOCUS_ON products); the journal pages' grants are here, with
 * the backfill that gives them to schools seeded before.
 */
export const crisisModule: ModuleManifest = {
  name: 'crisis',
  layer: 'business',
  routes: () => [...crisisRoutes(), ...focusRoutes()],
  jobs: (deps) => crisisJobs(deps.jobs, deps),
  schedules: CRISIS_SCHEDULES,
  // The timelines, assessment editions, warning-flag histories and read logs are never rewritten.
  tables: {
    appendOnly: ['crisis_event', 'crisis_assessment_edition', 'crisis_warning_history', 'crisis_read_log'],
  },
  catalog: { grants: [{ roles: JOURNAL_PAGE_ROLES, grants: JOURNAL_PAGE_GRANTS }] },
  seedSchool: ({ tx, tenantId }) => markJournalPagesSeeded({ tx, tenantId }),
  backfillSchool: (scope) => backfillJournalPageGrants(scope),
  messageEvents: [
    'CRISIS_SIGNAL_NEW',
    'CRISIS_SIGNAL_RECEIVED',
    'CRISIS_SIGNAL_ESCALATED',
    'CRISIS_SIGNAL_SMS',
    'CRISIS_SIGNAL_ACKNOWLEDGED',
    'CRISIS_STATUS_CHANGED',
    'CRISIS_INTERVENTION_ASSIGNED',
    'CRISIS_APPROVAL_REQUESTED',
    'CRISIS_APPROVAL_DECIDED',
    'FOCUS_FOLLOWUP_DUE',
    'CRISIS_MONTHLY_REPORT_DUE',
    'FOCUS_REPORT_SUBMITTED',
  ],
  provides: [
    // A named screening warning is a crisis signal (source screening, transfer source 14 smart warning):
    // the intake tells its owners and escalates it (docs/crisis.md 2). An anonymous one has no student
    // to follow, so the crisis roles get the message and the warning list keeps it.
    provide(warningHandoverPort, async (scope, w) => {
      if (w.anonymous || w.userId === null) return messageHandover(scope, w);
      const summary = w.reasons.map((r) => r.text.zh).join('；');
      const { recordId } = await reportSignal(scope, {
        source: 'screening',
        studentId: w.userId,
        transferSource: TRANSFER_SOURCE.smartWarning,
        sourceRef: `assessment-warning:${w.warningId}`,
        summary: [...summary].slice(0, 200).join(''),
        urgent: true,
      });
      return { handedTo: 'crisis', ref: String(recordId) };
    }),
    provide(crisisLevelPort, async (scope, userId) => {
      const level = await findOpenCrisisLevel(scope, userId);
      return level === 1 || level === 2 || level === 3 || level === 4 ? level : null;
    }),
  ],
};
