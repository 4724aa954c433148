import type { CASE_ALL_PERMISSION } from '@psy/contracts';
import { adminPage, defineFeature, page } from '../../shared/feature/manifest';

/**
 * Case work on the web (docs/cases.md 13): the case list and detail, record filling in the form
 * renderer, the records to fill and their history, the visitor's file and personal report, the team,
 * the risk list, the extension and unlock requests, and the visitor's "my sessions" on a phone. Texts are
 * the `cases` catalogue part.
 */
// One loader per chunk of pages: the layout carries each loader's preload list once.
const loadWorkPages = () => import('./components/work-pages');
const loadAdminPages = () => import('./components/admin-pages');

export const casesFeature = defineFeature({
  name: 'cases',
  pages: [
    adminPage('/consult/case/index', loadWorkPages, 'CaseListPage'),
    adminPage('/consult/case/detail', loadWorkPages, 'CaseDetailPage'),
    adminPage('/consult/record/wait', loadWorkPages, 'RecordsToFillPage'),
    adminPage('/consult/record/history', loadWorkPages, 'RecordHistoryPage'),
    adminPage('/aLiftTimeFilelistInfo', loadWorkPages, 'VisitorFilePage'),
    adminPage('/aLiftTimeReport', loadWorkPages, 'PersonalReportPage'),
    adminPage('/consult/record/fill', () => import('./components/record-fill-page'), 'RecordFillPage'),
    adminPage('/consult/team/index', loadAdminPages, 'TeamPage'),
    adminPage('/consult/team/detail', loadAdminPages, 'CounsellorDetailPage'),
    adminPage('/consult/risk/index', loadAdminPages, 'RiskPage'),
    adminPage('/consult/extension/index', loadAdminPages, 'ExtensionPage'),
    page('/consult/mine/sessions', () => import('./components/my-sessions-page'), 'MySessionsPage'),
  ],
  cataloguePart: 'cases',
  buttons: ['consult_case_all' satisfies typeof CASE_ALL_PERMISSION],
});
