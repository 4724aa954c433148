import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { answered, closeMessageCards, escalateNow, fitsWidth, openAs } from '../lib/crisis.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.6.16] [spec:S1.6.15] [spec:S1.6.13] [spec:S1.6.12] [spec:S1.3.10] [spec:S1.7.26] crisis escalation: a class member reports from a 375 px phone, the advisor sees it at once (pushed card, workbench figure, board), does not acknowledge, and it escalates to the faculty head and then the centre, who acknowledges; the reporter sees only that it was taken on';
export const needsDb = true;

const zh = readCatalogue('zh-CN');
const c = zh.crisis;

/** @typedef {import('playwright-core').Page} Page */

/** The board's row of a record. @param {Page} page @param {number} id */
const boardRow = (page, id) => page.getByTestId(`crisis-board-open-${id}`).locator('xpath=ancestor::tr[1]');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const { tenantId } = await db.findUser('admin');
  /** @type {import('playwright-core').Page[]} */
  const pages = [];
  let step = 'sign in';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    for (const other of pages) await other.context().close();
  }

  async function journey() {
    // The advisor is at the workbench with the message stream open before anything is reported.
    const advisor = await openAs(page, baseUrl, 'advisor');
    pages.push(advisor);
    await advisor.getByTestId('crisis-workbench').waitFor();
    const figure = advisor.getByTestId('crisis-figure-unacknowledged').locator('span').first();
    await figure.filter({ hasText: /^\d+$/ }).waitFor();
    const waitingBefore = Number(await figure.textContent());

    step = '1 the class member reports from a phone';
    const classrep = await openAs(page, baseUrl, 'classrep', {
      phone: true,
      to: '/crisisInfoUpdate_info/index',
    });
    pages.push(classrep);
    await expectText(classrep, c.records.title);
    // A class member has no record list: only reporting and their own reports.
    assert.equal(await classrep.getByRole('tab', { name: c.records.tabs.records }).count(), 0);
    await classrep.getByRole('tab', { name: c.records.tabs.report }).click();
    const form = classrep.locator('form#crisis-report');
    await form.getByLabel(c.report.student).click();
    await form.getByLabel(c.report.student).fill('沈新生');
    await classrep.locator('.ant-select-item-option', { hasText: '沈新生' }).click();
    await form.getByLabel(c.report.events).fill('晚自习后一个人在天台边坐了很久，说“不想再撑了”。');
    await form.getByRole('switch').click();
    // The reporter's earlier receipt card covers the bottom of a phone: read and closed first.
    await closeMessageCards(classrep, zh.messages.cards.close);
    assert.ok(await fitsWidth(classrep), 'the report form fits 375 px');
    await screenshot(classrep, artifacts, 'crisis-report-phone-zh-CN');
    await classrep.mouse.move(0, 0);
    await checkA11y(classrep, { name: 'crisis-report-phone', artifacts, include: '#main-content' });
    const sentAt = Date.now();
    const saved = await answered(classrep, 'POST', '/biz/crisis/report/save', () =>
      form.getByRole('button', { name: c.report.submit }).click(),
    );
    assert.equal(saved.body.code, 0, JSON.stringify(saved.body));
    const recordId = saved.body.data.id;
    // What the reporter sees: their report, waiting to be taken on; no clinical fields.
    await expectText(classrep, c.mine.waiting, { within: classrep.getByTestId(`my-report-${recordId}`) });
    assert.deepEqual(Object.keys(saved.body.data).sort(), [
      'acknowledged',
      'acknowledgedAt',
      'createTime',
      'crisisEvents',
      'id',
      'source',
      'status',
      'student',
      'updateTime',
      'urgent',
    ]);

    step = '2 the advisor sees it at once';
    await expectText(advisor, '沈新生', {
      exact: false,
      within: advisor.getByTestId('message-card-front'),
      timeout: 10_000,
    });
    const seenAfter = Date.now() - sentAt;
    console.log(
      `crisis escalation journey: the advisor's pushed card showed ${seenAfter} ms after the report`,
    );
    await advisor
      .getByTestId('crisis-figure-unacknowledged')
      .locator('span')
      .first()
      .filter({ hasText: String(waitingBefore + 1) })
      .waitFor();
    await screenshot(advisor, artifacts, 'crisis-advisor-workbench-zh-CN');
    await advisor.getByTestId('crisis-figure-unacknowledged').click();
    await advisor.waitForURL('**/crisis/board/index');
    const advisorRow = boardRow(advisor, recordId);
    await expectText(advisor, c.enums.level['1'], { within: advisorRow });
    await expectText(advisor, '韩辅导员', { within: advisorRow });
    // Not taken on yet: the row offers to acknowledge it.
    await advisor.getByTestId(`crisis-board-ack-${recordId}`).waitFor();
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-board', artifacts, include: '#main-content' });

    step = '3 nobody acknowledges: the deadline passes and it goes to the faculty head';
    const head = await openAs(page, baseUrl, 'facultyhead');
    pages.push(head);
    await escalateNow(db, tenantId, recordId, 2);
    await expectText(head, '沈新生', {
      exact: false,
      within: head.getByTestId('message-card-front'),
      timeout: 10_000,
    });
    await visit(head, `${baseUrl}/crisis/board/index`);
    const headRow = boardRow(head, recordId);
    await expectText(head, c.enums.level['2'], { within: headRow });
    await expectText(head, '郑院系负责人', { within: headRow });
    // The advisor's board follows: the signal is now at the faculty level.
    await expectText(advisor, c.enums.level['2'], { within: advisorRow, timeout: 20_000 });
    await screenshot(head, artifacts, 'crisis-board-faculty-zh-CN');

    step = '4 the faculty head does not acknowledge either: it goes to the centre';
    const centre = await openAs(page, baseUrl, 'centerhead');
    pages.push(centre);
    await escalateNow(db, tenantId, recordId, 3);
    await expectText(centre, '沈新生', {
      exact: false,
      within: centre.getByTestId('message-card-front'),
      timeout: 10_000,
    });
    await visit(centre, `${baseUrl}/crisis/board/index`);
    const centreRow = boardRow(centre, recordId);
    await expectText(centre, c.enums.level['3'], { within: centreRow });
    await expectText(centre, '冯中心负责人', { within: centreRow });

    step = '5 the centre head opens the record: its timeline shows both escalations; acknowledges';
    await centre.getByTestId(`crisis-board-open-${recordId}`).click();
    const drawer = centre.getByTestId('crisis-record-drawer');
    await drawer.waitFor();
    const timeline = drawer.getByTestId('crisis-timeline');
    await expectText(centre, c.enums.timeline.created, { within: timeline });
    assert.equal(await timeline.getByText(c.enums.timeline.escalated, { exact: true }).count(), 2);
    await screenshot(centre, artifacts, 'crisis-record-centre-zh-CN');
    const acked = await answered(centre, 'POST', '/biz/crisis/record/acknowledge', () =>
      drawer.getByRole('button', { name: c.record.acknowledge, exact: true }).click(),
    );
    assert.equal(acked.body.code, 0, JSON.stringify(acked.body));
    await expectText(centre, c.record.acknowledgedToast);
    const { rows } = await db.query(
      `select count(*)::int as n from job where queue = 'crisis.escalate' and state = 'queued'
          and tenant_id = $1 and (payload->>'recordId')::bigint = $2`,
      [tenantId, recordId],
    );
    // The waiting job stays queued but will find the record acknowledged and do nothing.
    assert.ok((rows[0]?.n ?? 0) <= 1);

    step = '6 the class member sees it was taken on, and nothing clinical';
    await classrep.reload();
    await classrep.getByRole('tab', { name: c.records.tabs.mine }).click();
    await expectText(classrep, c.mine.acknowledged, {
      within: classrep.getByTestId(`my-report-${recordId}`),
    });
    await screenshot(classrep, artifacts, 'crisis-my-reports-phone-zh-CN');
  }
}
