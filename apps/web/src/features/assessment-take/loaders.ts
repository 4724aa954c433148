// Components other features load on demand, through this feature's index (not the manifest, which the
// layout loads: a loader here does not make the layout's chunk carry another page's dependency list).

/** The individual report, for the staff pages that show one. */
export const loadReportView = () => import('./components/report-view');

/** The pending tests on the workbench, loaded after the workbench itself (it brings the test calls). */
export const loadPendingTestsCard = () => import('./components/pending-tests-card');
