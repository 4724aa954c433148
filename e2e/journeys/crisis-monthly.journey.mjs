import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { answered, openAs } from '../lib/crisis.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';

export const name =
  "[spec:S0.7.29] crisis monthly zero report: a faculty head submits 'nothing to report' for a month without crisis records, and the centre head sees the faculty's status as a zero report (collegeReportStatus)";
export const needsDb = true;

const zh = readCatalogue('zh-CN');
const c = zh.crisis;

/** The month two months before this one (China calendar): reported on by nobody in the demo school. */
function twoMonthsAgo() {
  const now = new Date(Date.now() + 8 * 3600_000);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 2, 1));
  return d.toISOString().slice(0, 7);
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const { tenantId } = await db.findUser('admin');
  const month = twoMonthsAgo();
  /** @type {import('playwright-core').Page[]} */
  const pages = [];
  let step = 'sign in';
  try {
    const head = await openAs(page, baseUrl, 'facultyhead', { to: '/crisis/monthlyReport/index' });
    pages.push(head);

    step = '1 the month: the faculty has not reported (overdue)';
    await head.getByTestId('crisis-monthly-month').fill(month);
    const table = head.getByTestId('crisis-college-status');
    const row = table.locator('tr', { hasText: '计算机学院' });
    await expectText(head, c.enums.collegeStatus.overdue, { within: row });

    step = "2 the zero report: 'nothing to report'";
    await row.getByRole('button', { name: c.monthly.write }).click();
    const dialog = head.getByRole('dialog');
    const zero = await answered(head, 'POST', '/biz/crisis/monthlyReport/submit', () =>
      dialog.getByTestId('crisis-monthly-zero').click(),
    );
    assert.equal(zero.body.code, 0, JSON.stringify(zero.body));
    assert.equal(zero.body.data.nothingToReport, true);
    await expectText(head, c.enums.collegeStatus.zero, { within: row });
    await screenshot(head, artifacts, 'crisis-monthly-zero-zh-CN');

    step = '3 the centre sees the zero report';
    const centre = await openAs(page, baseUrl, 'centerhead', { to: '/crisis/monthlyReport/index' });
    pages.push(centre);
    await centre.getByTestId('crisis-monthly-month').fill(month);
    const centreRow = centre.getByTestId('crisis-college-status').locator('tr', { hasText: '计算机学院' });
    await expectText(centre, c.enums.collegeStatus.zero, { within: centreRow });
    await centre.mouse.move(0, 0);
    await checkA11y(centre, { name: 'crisis-monthly', artifacts, include: '#main-content' });
    await centreRow.getByRole('button', { name: c.records.open }).click();
    await centre.waitForURL('**/crisisMonthlyReportDetails?id=*');
    await expectText(centre, c.monthly.yes);
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    for (const other of pages) await other.context().close();
    await db.query(`delete from crisis_monthly_report where tenant_id = $1 and month = $2`, [
      tenantId,
      month,
    ]);
  }
}
