import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { answered } from '../lib/crisis.mjs';
import { buttonName, DEMO_PASSWORD, expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';
import { agreementDuring } from '../lib/agreement.mjs';

export const name =
  '[spec:S1.2.4] [spec:S1.2.7] [spec:S1.2.9] [spec:S1.2.5] [spec:S1.4.2] [spec:S1.9.1] [spec:S1.2.3] [spec:S0.9.3] assessment: an administrator creates and publishes a PHQ-9 plan; the student answers it on a phone (375 px), closing the page half-way and going on where she was; her answer to item 9 raises a warning handed to the crisis intake, whose signal the crisis head sees on the open-signals board within seconds and takes in hand, the warning list showing it handed to crisis; an interview is assigned, recorded and transferred to counselling; the comprehensive analysis shows the plan and is exported';
export const needsDb = true;

const en = readCatalogue('en-US');
const t = en.assessment;
const take = en.assessmentTake;
const c = en.crisis;
const PHQ9 = 'Patient Health Questionnaire (PHQ-9)';

/** @typedef {import('playwright-core').Page} Page */

/**
 * Signs in on its own browser context, past the school's start-up agreement (its own journey covers it:
 * recorded here as agreed, then the page is loaded afresh).
 * @param {Page} page
 * @param {{ baseUrl: string, db: import('../lib/db.mjs').Db, account?: { username: string, password: string }, agreed: { tenantId: number, userId: number }[] }} options
 */
async function signIn(page, { baseUrl, db, account, agreed }) {
  const [, agreement] = await agreementDuring(page, () =>
    signInToShell(page, baseUrl, { lang: 'en-US', ...(account ? { account } : {}) }),
  );
  if (agreement?.mustAgree) {
    const user = await db.findUser(account?.username ?? 'admin');
    await db.query(
      'insert into agreement_record (tenant_id, user_id, form_name) values ($1, $2, $3) on conflict do nothing',
      [user.tenantId, user.id, agreement.formName],
    );
    agreed.push({ tenantId: user.tenantId, userId: user.id });
    await page.reload();
    await page.getByRole('banner').waitFor();
  }
}

/**
 * Picks an option of an antd select by typing into it.
 * @param {Page} page
 * @param {string} id the select's input id
 * @param {string} text what to type (nothing for a select without search)
 * @param {string | RegExp} option the option's text
 */
async function choose(page, id, text, option) {
  const input = page.locator(`#${id}`);
  await input.click();
  if (text) await input.fill(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const student = await db.findUser('student');
  const tenantId = student.tenantId;
  const planName = `E2E screening ${Date.now().toString(36)}`;
  /** @type {{ tenantId: number, userId: number }[]} */
  const agreed = [];
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  const contexts = [];
  let planId = 0;
  let step = 'the administrator creates the plan';
  try {
    // --- the administrator creates and publishes a plan for the student --------------------------------
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, { baseUrl, db, agreed });
    await visit(page, `${baseUrl}/addPlanInfo/index`);
    await expectText(page, t.plan.add, { within: page.locator('h1') });
    const form = page.locator('form#plan-form');
    await form.locator('#plan-form_name').fill(planName);
    await choose(page, 'plan-form_scaleIds', 'PHQ', PHQ9);
    await page.keyboard.press('Escape');
    await choose(page, 'plan-form_userIds', '林同学', '林同学');
    await page.keyboard.press('Escape');
    await form.locator('#plan-form_helpText').fill('Call the centre: 010-12345678');
    await screenshot(page, artifacts, 'assessment-plan-form-en-US');
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/plantest/plan/save')),
      page.getByTestId('plan-save').click(),
    ]);
    const savedBody = await saved.json();
    assert.equal(savedBody.code, 0, `the plan is saved: ${savedBody.msg}`);
    planId = savedBody.data.id;
    const scaleId = savedBody.data.scales[0].scaleId;
    await page.waitForURL(`**/evaluationDetails/index?id=${planId}`);
    await expectText(page, planName, { within: page.locator('h1') });
    await page.getByRole('button', { name: buttonName(t.plan.publish) }).click();
    await page.getByRole('dialog').getByRole('button', { name: en.common.confirm, exact: true }).click();
    await expectText(page, t.plan.published);
    await expectText(page, t.plan.statuses['2']);
    await page.getByTestId('plan-progress').waitFor();

    // --- the crisis head keeps the open-signals board open -------------------------------------------------
    step = 'the crisis head opens the open-signals board';
    const crisisContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    contexts.push(crisisContext);
    const crisis = await crisisContext.newPage();
    await signIn(crisis, {
      baseUrl,
      db,
      agreed,
      account: { username: 'crisishead', password: DEMO_PASSWORD },
    });
    // A named screening warning is handed to the crisis intake (docs/crisis.md 2): it becomes a crisis
    // signal on the board, no longer an open warning of the assessment list.
    await visit(crisis, `${baseUrl}/crisis/board/index`);
    await expectText(crisis, c.board.title, { exact: false, within: crisis.locator('h1') });
    await crisis.getByTestId('crisis-board').waitFor();

    // --- the student answers on a phone -------------------------------------------------------------------
    step = 'the student sees the test on her workbench';
    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    await signIn(phone, {
      baseUrl,
      db,
      agreed,
      account: { username: 'student', password: DEMO_PASSWORD },
    });
    const card = phone.getByTestId('pending-tests-card');
    await card.waitFor();
    await expectText(phone, /Tests to take \(\d+\)/, { within: card });
    await screenshot(phone, artifacts, 'assessment-workbench-375-en-US');

    step = 'the student starts the test';
    await visit(phone, `${baseUrl}/evaluation_user_test/index`);
    const mine = phone.getByTestId('pending-test').filter({ hasText: planName });
    await mine.waitFor();
    await mine.getByRole('button', { name: `${take.start} ${PHQ9}` }).click();
    await phone.waitForURL(/\/evaluation_user_test\/index\?planId=\d+&scaleId=\d+/);

    /** Answers the item shown (its number checked) and waits until the server has it. */
    const answer = async (/** @type {number} */ no, /** @type {string} */ option) => {
      const item = phone.getByTestId('test-item');
      await expectText(phone, interpolate(take.itemOf, { no, total: 9 }), { within: item });
      const saved = phone.waitForResponse((r) => r.url().includes('/plantest/userPlan/saveProgress'));
      await item
        .locator('label')
        .filter({ hasText: new RegExp(`^${option}$`) })
        .click();
      assert.equal((await (await saved).json()).code, 0, `item ${no} saved`);
    };
    for (let no = 1; no <= 4; no += 1) await answer(no, 'Not at all');
    await expectText(phone, take.save.saved, { within: phone.getByTestId('save-state') });
    await screenshot(phone, artifacts, 'assessment-test-375-en-US');
    await checkA11y(phone, { name: 'assessment-test-375', artifacts, include: '#main-content' });

    step = 'the student closes the page and comes back where she was';
    await phone.reload();
    await expectText(phone, interpolate(take.itemOf, { no: 5, total: 9 }));
    await expectText(phone, '4/9');
    for (let no = 5; no <= 8; no += 1) await answer(no, 'Not at all');
    await answer(9, 'Several days');
    // The stacked message cards (the plan's reminder) sit over the foot of a phone's screen: read, closed.
    const cards = phone.getByTestId('message-cards');
    while (await cards.getByRole('button', { name: en.messages.cards.close }).first().isVisible()) {
      await cards.getByRole('button', { name: en.messages.cards.close }).first().click();
    }
    const submitAt = Date.now();
    const [submitted] = await Promise.all([
      phone.waitForResponse((r) => r.url().includes('/plantest/userPlan/submit')),
      phone.getByTestId('submit-test').click(),
    ]);
    const submitBody = await submitted.json();
    assert.equal(submitBody.code, 0, `submitted: ${submitBody.msg}`);
    assert.equal(submitBody.data.critical, true, 'item 9 above 0 is a critical answer');

    step = 'the success page shows the help contacts';
    await phone.waitForURL('**/testSuccess');
    await expectText(phone, take.success.title);
    await expectText(phone, 'Call the centre: 010-12345678', { within: phone.getByTestId('help-contacts') });
    await phone.getByTestId('result-summary').waitFor();
    // Submitted once: nothing on the page asks for the test again and is told it was submitted.
    await phone.waitForTimeout(1000);
    assert.equal(await phone.locator('.ant-message-error').count(), 0, 'no error toast after the submit');
    const box = await phone.getByTestId('help-contacts').boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= 375,
      `the help contacts fit 375 px (${JSON.stringify(box)})`,
    );
    await screenshot(phone, artifacts, 'assessment-success-375-en-US');

    step = 'the student finds the answer in her own list';
    await phone.getByRole('button', { name: take.success.mine }).click();
    await phone.getByTestId('my-answer').filter({ hasText: planName }).waitFor();

    // --- the crisis head sees the signal within seconds -------------------------------------------------
    step = 'the warning is handed to the crisis intake';
    /** @typedef {{ warning_id: number, status: number, handed_to: string | null, record_id: number | null }} Handed */
    /** @type {Handed | undefined} */
    let handed;
    for (let tries = 0; tries < 60; tries += 1) {
      const { rows } = await db.query(
        `select w.id as warning_id, w.status, w.handed_to, r.id as record_id
           from assessment_warning w
           join assessment_answer a on a.tenant_id = w.tenant_id and a.id = w.answer_id
           left join crisis_record r on r.tenant_id = w.tenant_id and r.source = 'screening'
                                    and r.source_ref = 'assessment-warning:' || w.id
          where w.tenant_id = $1 and a.plan_id = $2`,
        [tenantId, planId],
      );
      handed = /** @type {Handed | undefined} */ (rows[0]);
      if (handed?.record_id) break;
      await phone.waitForTimeout(250);
    }
    assert.ok(handed?.record_id, `the warning became a crisis record (${JSON.stringify(handed)})`);
    assert.equal(handed.handed_to, 'crisis', 'the warning was handed to the crisis intake');
    assert.equal(handed.status, 4, 'the warning is "handed to crisis", no longer open');
    const recordId = Number(handed.record_id);

    step = 'the crisis head sees the signal';
    const signalRow = crisis.getByTestId(`crisis-board-open-${recordId}`).locator('xpath=ancestor::tr[1]');
    // The board refetches when a message reaches the viewer and every 15 s.
    await signalRow.waitFor({ timeout: 20_000 });
    const seenAfter = Date.now() - submitAt;
    await expectText(crisis, '林同学', { exact: false, within: signalRow });
    await expectText(crisis, c.enums.source.screening, { within: signalRow });
    await expectText(crisis, c.report.urgent, { within: signalRow });
    await screenshot(crisis, artifacts, 'assessment-crisis-board-en-US');
    process.stdout.write(`    the signal was on the crisis head's board ${seenAfter} ms after the submit\n`);
    const { rows: messages } = await db.query(
      `select count(*)::int as n from message m join crisis_record r on r.tenant_id = m.tenant_id
        where m.tenant_id = $1 and r.id = $2 and m.user_id = any(r.owner_ids)
          and m.type_code = 'CRISIS_REMIND' and m.content like '%' || r.id || '%'
          and m.create_time > now() - interval '5 minutes'`,
      [tenantId, recordId],
    );
    assert.ok((messages[0]?.n ?? 0) >= 1, "the signal's owners got the urgent crisis message");

    step = 'the crisis head takes the signal in hand';
    const acked = await answered(crisis, 'POST', '/biz/crisis/record/acknowledge', () =>
      crisis.getByTestId(`crisis-board-ack-${recordId}`).click(),
    );
    assert.equal(acked.body.code, 0, JSON.stringify(acked.body));
    await expectText(crisis, interpolate(c.board.acknowledgedBy, { name: '朱危机总负责人' }), {
      within: signalRow,
    });

    step = 'the warning list shows the warning handed to crisis';
    const warningPage = (/** @type {import('playwright-core').Response} */ r) =>
      r.url().includes('/plantest/warning/page') && r.request().method() === 'POST';
    const [openList] = await Promise.all([
      page.waitForResponse(warningPage),
      visit(page, `${baseUrl}/assessmentWarning/index`),
    ]);
    await expectText(page, t.warning.title, { exact: false, within: page.locator('h1') });
    // Handed over, it is not among the open warnings; "All" lists it with its state.
    const openBody = await openList.json();
    assert.equal(openBody.code, 0, JSON.stringify(openBody));
    assert.ok(
      !openBody.data.records.some(
        (/** @type {{ id: number }} */ w) => Number(w.id) === Number(handed?.warning_id),
      ),
      'not an open warning any more',
    );
    const warnings = page.getByTestId('warning-table').locator('tbody tr.ant-table-row');
    const filter = page.locator('form#warning-filter');
    // The radio input itself is hidden under its button-styled label: the label is what a person clicks.
    await filter
      .locator('label.ant-radio-button-wrapper')
      .filter({ hasText: new RegExp(`^${t.warning.all}$`) })
      .click();
    assert.ok(await filter.getByRole('radio', { name: t.warning.all }).isChecked(), '"All" is chosen');
    // Among all, the state "handed over" finds it on the first page.
    await choose(page, 'warning-filter_status', '', t.warning.statuses['4']);
    const [handedList] = await Promise.all([
      page.waitForResponse(warningPage),
      filter.locator('button[type="submit"]').click(),
    ]);
    assert.equal(JSON.parse(handedList.request().postData() ?? '{}').status, 4, 'filtered by the state');
    const warningRow = warnings.filter({ hasText: planName });
    await warningRow.waitFor();
    for (const row of await warnings.all()) {
      await expectText(page, t.warning.statuses['4'], { within: row });
    }
    await expectText(page, t.warning.levels['1'], { within: warningRow });
    await expectText(page, '林同学', { exact: false, within: warningRow });
    await expectText(page, t.warning.statuses['4'], { within: warningRow });

    // --- an interview is assigned, recorded and transferred ---------------------------------------------
    step = 'the administrator assigns an interview';
    await visit(page, `${baseUrl}/assessmentInterviewInterviewers/index?planId=${planId}`);
    const flagged = page.getByTestId('flagged-table').locator('tbody tr').filter({ hasText: '林同学' });
    await flagged.waitFor();
    await flagged.locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: t.interviewers.assign, exact: true }).click();
    const assign = page.getByRole('dialog');
    await choose(page, 'interview-assign_interviewerId', '李初访', '李初访');
    const when = new Date(Date.now() + 86_400_000);
    const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
    await assign
      .locator('#interview-assign_time')
      .fill(`${when.getFullYear()}-${pad(when.getMonth() + 1)}-${pad(when.getDate())}T10:00`);
    await assign.locator('#interview-assign_address').fill('Counselling centre, room 2');
    await assign.getByTestId('assign-ok').click();
    await expectText(page, interpolate(t.interviewers.assigned, { count: 1 }));

    step = 'the interview is recorded';
    await visit(page, `${baseUrl}/assessmentInterviewInterviewlist/index`);
    const interview = page.getByTestId('interview-table').locator('tbody tr').filter({ hasText: planName });
    await interview.waitFor();
    await expectText(page, 'Pending', { within: interview });
    await interview.getByRole('button', { name: `${t.interview.move} 林同学` }).click();
    await page.getByRole('menuitem', { name: t.interview.record }).click();
    const record = page.getByRole('dialog');
    await choose(page, 'interview-record_result', '', 'Arrange individual counselling');
    await record.locator('#interview-record_riskScore').fill('85');
    await record
      .locator('label')
      .filter({ hasText: new RegExp(`^${t.interview.steps['3']}$`) })
      .click();
    await record.locator('#interview-record_content').fill('Low mood for a month; agrees to counselling.');
    await record.getByTestId('interview-record-ok').click();
    await expectText(page, 'Interviewed', { within: interview });
    await expectText(page, en.assessmentReport.risk.high, { within: interview });

    step = 'the student is transferred to counselling';
    await interview.getByRole('button', { name: `${t.transfer.action} 林同学` }).click();
    const transfer = page.getByRole('dialog');
    await transfer.locator('#interview-transfer_urgent').click();
    await transfer.locator('#interview-transfer_note').fill('Please book a first interview this week.');
    const [transferred] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/plantest/interview/record/toConsult')),
      transfer.getByTestId('transfer-ok').click(),
    ]);
    const transferBody = await transferred.json();
    assert.equal(transferBody.code, 0, `transferred: ${transferBody.msg}`);
    assert.equal(transferBody.data.source, 1, 'transfer source 1: assessment interview (S1.9.1)');
    await expectText(page, t.transfer.done, { within: interview });
    await page.getByRole('tab', { name: t.transfer.tab }).click();
    const transferRow = page.getByTestId('transfer-table').locator('tbody tr').filter({ hasText: planName });
    await transferRow.waitFor();
    await screenshot(page, artifacts, 'assessment-interviews-en-US');

    // --- the comprehensive analysis and its export ------------------------------------------------------
    step = 'the comprehensive analysis';
    await visit(page, `${baseUrl}/comprehensiveAnalysis?planId=${planId}&scaleId=${scaleId}`);
    const analysis = page.getByTestId('analysis');
    await analysis.waitFor();
    await expectText(
      page,
      interpolate(t.analysis.summary, { count: 1, high: 0, medium: 0, screen: 0, warnings: 1 }),
    );
    await page.getByTestId('analysis-table').locator('tbody tr.ant-table-row').first().waitFor();
    await page.getByTestId('risk-chart').locator('canvas').waitFor();
    await screenshot(page, artifacts, 'assessment-analysis-en-US');
    const [exported] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/plantest/report/comprehensiveExport')),
      page.getByTestId('analysis-export').click(),
    ]);
    const task = (await exported.json()).data;
    await expectText(page, interpolate(en.exports.generating, { fileName: task.fileName }));

    step = 'the drill-down lists the answer';
    await page.getByTestId('analysis-table').getByRole('button', { name: /1$/ }).first().click();
    await page.waitForURL('**/tzbEvaluationAnswerlist?**');
    await page.getByTestId('drill-table').locator('tbody tr').filter({ hasText: '林同学' }).waitFor();
  } catch (error) {
    for (const [i, context] of contexts.entries())
      for (const open of context.pages())
        await screenshot(open, artifacts, `assessment-failure-${i}`).catch(() => {});
    throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    for (const context of contexts) await context.close();
    // No test left pending for the student in later journeys; the records stay, as they would.
    if (planId)
      await db.query('update assessment_plan set status = 3 where tenant_id = $1 and id = $2', [
        tenantId,
        planId,
      ]);
    for (const { tenantId: tenant, userId } of agreed)
      await db.query('delete from agreement_record where tenant_id = $1 and user_id = $2', [tenant, userId]);
  }
}
