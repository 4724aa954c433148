import {
  focusDormReportDetailEndpoint,
  focusDormReportPageEndpoint,
  focusDormReportSaveEndpoint,
  focusFollowUpDueEndpoint,
  focusJournalDetailEndpoint,
  focusJournalEntryEndpoint,
  focusJournalFeedbackEndpoint,
  focusJournalMineEndpoint,
  focusJournalOpenEndpoint,
  focusJournalPageEndpoint,
  focusJournalStatisticsEndpoint,
  focusJournalTransitionEndpoint,
  focusPersonDetailEndpoint,
  focusPersonPageEndpoint,
  focusPersonReleaseEndpoint,
  focusPersonSaveEndpoint,
  focusReportAuditEndpoint,
  focusReportDetailEndpoint,
  focusReportPageEndpoint,
  focusReportSaveEndpoint,
  focusTalkDetailEndpoint,
  focusTalkPageEndpoint,
  focusTalkSaveEndpoint,
} from '@psy/contracts';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { CRISIS_ACCESS as A } from './crisis.policy';
import {
  auditFocusReport,
  dormReportDetail,
  dueFollowUps,
  focusDetail,
  focusReportDetail,
  pageDormReports,
  pageFocus,
  pageFocusReports,
  pageTalks,
  releaseFocus,
  saveDormReport,
  saveFocus,
  saveFocusReport,
  saveTalk,
  talkDetail,
} from './focus.service';
import {
  answerJournal,
  feedbackStatistics,
  journalDetail,
  myJournals,
  openJournal,
  pageJournals,
  transitionJournal,
  writeJournalEntry,
} from './journal.service';

const route = (e: { method: string; path: string }) => `${e.method} ${e.path}`;

/** Key persons, information updates, talks, dormitory reports and follow-up journals (docs/crisis.md 4-5). */
export const focusRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: focusPersonPageEndpoint,
      access: A.focusRead,
      handler: async ({ scope, principal, body, lang }) => pageFocus(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusPersonDetailEndpoint,
      access: A.focusRead,
      handler: async ({ scope, principal, query, lang }) =>
        focusDetail(scope, principal, lang, query.id, route(focusPersonDetailEndpoint)),
    }),
    defineRoute({
      endpoint: focusPersonSaveEndpoint,
      access: A.focusEdit,
      handler: async ({ scope, principal, body, lang }) => saveFocus(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusPersonReleaseEndpoint,
      access: A.focusEdit,
      handler: async ({ scope, principal, body, lang }) => releaseFocus(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusReportSaveEndpoint,
      access: A.focusReport,
      handler: async ({ scope, principal, body, lang }) => saveFocusReport(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusReportPageEndpoint,
      access: A.focusReportRead,
      handler: async ({ scope, principal, body, lang }) => pageFocusReports(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusReportDetailEndpoint,
      access: A.focusReportRead,
      handler: async ({ scope, principal, query, lang }) =>
        focusReportDetail(scope, principal, lang, query.id, route(focusReportDetailEndpoint)),
    }),
    defineRoute({
      endpoint: focusReportAuditEndpoint,
      access: A.focusAudit,
      handler: async ({ scope, principal, body, lang }) => auditFocusReport(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusTalkSaveEndpoint,
      access: A.talk,
      handler: async ({ scope, principal, body, lang }) => saveTalk(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusTalkPageEndpoint,
      access: A.talk,
      handler: async ({ scope, principal, body, lang }) => pageTalks(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusTalkDetailEndpoint,
      access: A.talk,
      handler: async ({ scope, principal, query, lang }) =>
        talkDetail(scope, principal, lang, query.id, route(focusTalkDetailEndpoint)),
    }),
    defineRoute({
      endpoint: focusDormReportSaveEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body, lang }) => saveDormReport(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusDormReportPageEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => pageDormReports(scope, principal, body),
    }),
    defineRoute({
      endpoint: focusDormReportDetailEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, query }) => dormReportDetail(scope, principal, query.id),
    }),
    defineRoute({
      endpoint: focusFollowUpDueEndpoint,
      access: A.focusRead,
      handler: async ({ scope, principal, body, lang }) => dueFollowUps(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusJournalOpenEndpoint,
      access: A.journal,
      handler: async ({ scope, principal, body }) => openJournal(scope, principal, body),
    }),
    defineRoute({
      endpoint: focusJournalPageEndpoint,
      access: A.journal,
      handler: async ({ scope, principal, body }) => pageJournals(scope, principal, body),
    }),
    defineRoute({
      endpoint: focusJournalDetailEndpoint,
      access: A.journal,
      handler: async ({ scope, principal, query }) =>
        journalDetail(scope, principal, query.id, route(focusJournalDetailEndpoint)),
    }),
    defineRoute({
      endpoint: focusJournalEntryEndpoint,
      access: A.journal,
      handler: async ({ scope, principal, body, lang }) => writeJournalEntry(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: focusJournalTransitionEndpoint,
      access: A.journal,
      handler: async ({ scope, principal, body }) => transitionJournal(scope, principal, body),
    }),
    defineRoute({
      endpoint: focusJournalFeedbackEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => answerJournal(scope, principal, body),
    }),
    defineRoute({
      endpoint: focusJournalMineEndpoint,
      access: A.signedIn,
      handler: async ({ scope, principal, body }) => myJournals(scope, principal, body),
    }),
    defineRoute({
      endpoint: focusJournalStatisticsEndpoint,
      access: A.journal,
      handler: async ({ scope, principal, query }) => feedbackStatistics(scope, principal, query),
    }),
  ] as RouteDef[];
