import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { removeAgreement } from '../lib/agreement.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { agreedBy, answered, closeMessageCards, openAs } from '../lib/crisis.mjs';
import { buttonName, expectText, expectToast, screenshot, visit, watchToasts } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S1.7.44] [spec:S1.2.4] [spec:S1.2.9] [spec:S1.2.7] [spec:S1.2.5] [spec:S1.9.1] assessment-more: the administrator imports two small scales (a JSON file and pasted JSON) and finds them in the scale tree, edits a draft daily plan (scales, named people, window, agreement) and sees the change in its details after a reload and in the list, deletes the unused scale while the one the plan uses is refused naming the plan; the student signs the agreement on a phone and answers; the signature list and the daily-test users show her; taken off the plan she no longer sees it; a warning’s student is interviewed, transferred and sent to a first interview, and the clerk finds the registration in the queue of the booking page and opens it';
export const needsDb = true;

const zh = readCatalogue('zh-CN');
const t = zh.assessment;
const take = zh.assessmentTake;
const DEMO_PLAN = '2026 秋季新生心理普查';

/** @typedef {import('playwright-core').Page} Page */

/**
 * A small valid scale definition (docs/assessment.md "Scales are data"): three items on one option set,
 * summed, in the mental-health category.
 * @param {string} code
 * @param {string} nameZh
 */
function miniScale(code, nameZh) {
  const label = (/** @type {string} */ zhText, /** @type {string} */ en) => ({ zh: zhText, en });
  return {
    code,
    version: 1,
    kind: 'scale',
    name: label(nameZh, `E2E scale ${code}`),
    shortName: code,
    category: 'mental_health',
    reportType: 'SYMPTOM',
    licence: { kind: 'school-owned', note: '本校自编，仅供测试' },
    source: '本校心理中心 2026',
    instructions: label('请根据最近一周的情况作答。', 'Answer for the past week.'),
    optionSets: {
      freq: [
        { value: 0, label: label('没有', 'Never'), score: 0 },
        { value: 1, label: label('有时', 'Sometimes'), score: 1 },
        { value: 2, label: label('经常', 'Often'), score: 2 },
      ],
    },
    items: [
      { no: 1, text: label('我睡得好。', 'I sleep well.'), optionSet: 'freq', reverse: true },
      { no: 2, text: label('我感到紧张。', 'I feel tense.'), optionSet: 'freq' },
      { no: 3, text: label('我容易疲劳。', 'I tire easily.'), optionSet: 'freq' },
    ],
    factors: [],
    scoring: { total: 'sum' },
    bands: [
      {
        target: 'total',
        below: 4,
        level: 0,
        label: label('正常', 'Normal'),
        interpretation: label('无明显困扰。', 'No marked distress.'),
      },
      {
        target: 'total',
        from: 4,
        level: 2,
        label: label('关注', 'Watch'),
        interpretation: label('建议关注。', 'Worth a talk.'),
      },
    ],
  };
}

/**
 * Picks an option of an antd select by typing into it. In a multiple select (`multiple`), a chosen option
 * clicked again is taken off, and the list, which stays open, is closed after.
 * @param {Page} page
 * @param {string} id the select's input id
 * @param {string} text what to type
 * @param {string | RegExp} option the option's text
 * @param {{ multiple?: boolean }} [options]
 */
async function choose(page, id, text, option, { multiple = false } = {}) {
  const input = page.locator(`#${id}`);
  await input.click();
  if (text) await input.fill(text);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .first()
    .click();
  if (multiple) await page.keyboard.press('Escape');
}

/** A `datetime-local` text of the browser's (and this machine's) zone. @param {Date} d */
const localInput = (d) => {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** As the screens show a time (formatDateTime of the web app, zh-CN). @param {Date} d */
const shown = (d) =>
  new Intl.DateTimeFormat('zh-CN', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(d);

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser('admin');
  const tenantId = admin.tenantId;
  const suffix = Date.now().toString(36).toUpperCase();
  const miniCode = `E2E-MINI-${suffix}`;
  const spareCode = `E2E-SPARE-${suffix}`;
  const miniName = `睡眠与紧张小量表 ${suffix}`;
  const spareName = `备用小量表 ${suffix}`;
  const planName = `E2E 每日心情 ${suffix}`;
  const agreement = '我了解本测评仅用于心理健康服务，结果按学校规定保密。';
  /** @type {Page[]} */
  const others = [];
  let planId = 0;
  let step = 'the administrator imports a scale from a JSON file';
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, baseUrl, { lang: 'zh-CN', to: '/scaleLibrary/index' });
    await watchToasts(page);

    // --- the scale library: two imports, both in the tree ----------------------------------------------
    await expectText(page, t.scale.title, { within: page.locator('h1') });
    const scaleRows = page.getByTestId('scale-table').locator('tbody tr');
    const tree = page.locator('.ant-tree');
    await tree.getByText('PHQ-9', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: t.scale.import }).click();
    let dialog = page.getByRole('dialog', { name: t.scale.import });
    const [fromFile] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/scale/scale/import')),
      dialog.locator('input[type="file"]').setInputFiles({
        name: 'mini.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(miniScale(miniCode, miniName), null, 2)),
      }),
    ]);
    const fromFileBody = await fromFile.json();
    assert.equal(fromFileBody.code, 0, `the file is imported: ${fromFileBody.msg}`);
    assert.equal(fromFileBody.data.source, 'import');
    await expectToast(page, interpolate(t.scale.imported, { name: miniName }));
    await dialog.waitFor({ state: 'hidden' });
    await scaleRows.filter({ hasText: `${miniCode} v1` }).waitFor();
    await tree.getByText(miniName, { exact: true }).waitFor();

    step = 'the administrator imports a second scale as pasted JSON';
    await page.getByRole('button', { name: t.scale.import }).click();
    dialog = page.getByRole('dialog', { name: t.scale.import });
    await dialog.getByRole('textbox').fill(JSON.stringify(miniScale(spareCode, spareName)));
    const pasted = await answered(page, 'POST', '/scale/scale/import', () =>
      dialog.getByRole('button', { name: t.scale.importJson }).click(),
    );
    assert.equal(pasted.body.code, 0, `the pasted definition is imported: ${pasted.body.msg}`);
    await dialog.waitFor({ state: 'hidden' });
    await tree.getByText(spareName, { exact: true }).waitFor();
    await screenshot(page, artifacts, 'assessment-scale-import-zh-CN');

    // --- a draft daily plan, then edited ----------------------------------------------------------------
    step = 'the administrator creates a draft daily plan';
    await visit(page, `${baseUrl}/addPlanInfo/index`);
    await expectText(page, t.plan.add, { within: page.locator('h1') });
    const form = page.locator('form#plan-form');
    await form.locator('#plan-form_name').fill(planName);
    await form.locator('label').filter({ hasText: t.plan.kinds['2'] }).click();
    await choose(page, 'plan-form_scaleIds', 'PHQ', /PHQ-9/, { multiple: true });
    await choose(page, 'plan-form_userIds', '沈新生', '沈新生', { multiple: true });
    const created = await answered(page, 'POST', '/plantest/plan/save', () =>
      page.getByTestId('plan-save').click(),
    );
    assert.equal(created.body.code, 0, `the plan is saved: ${created.body.msg}`);
    planId = created.body.data.id;
    await page.waitForURL(`**/evaluationDetails/index?id=${planId}`);
    await expectText(page, t.plan.statuses['1']);

    step = 'the administrator edits the plan';
    await visit(page, `${baseUrl}/evaluationDetails/index`);
    const planRow = page.getByTestId('plan-table').locator('tbody tr').filter({ hasText: planName });
    await planRow.getByRole('button', { name: `${t.common.edit} ${planName}` }).click();
    await page.waitForURL(`**/editPlanInfo/index?id=${planId}`);
    await expectText(page, interpolate(t.plan.editTitle, { name: planName }), { within: page.locator('h1') });
    const users = form.locator('.ant-form-item').filter({ has: page.locator('#plan-form_userIds') });
    // The person the plan names is shown by name, not by a number.
    await expectText(page, '沈新生', { exact: false, within: users });
    assert.equal(await users.getByText(/^#\d+$/).count(), 0, 'no named person shown as an id');
    await choose(page, 'plan-form_scaleIds', 'PHQ', /PHQ-9/, { multiple: true }); // taken off
    await choose(page, 'plan-form_scaleIds', suffix, miniName, { multiple: true });
    await choose(page, 'plan-form_userIds', '林同学', '林同学', { multiple: true });
    const start = new Date(Date.now() - 3_600_000);
    start.setSeconds(0, 0);
    const end = new Date(Date.now() + 30 * 86_400_000);
    end.setHours(18, 0, 0, 0);
    await form.locator('#plan-form_startTime').fill(localInput(start));
    await form.locator('#plan-form_endTime').fill(localInput(end));
    await form.locator('#plan-form_agreementText').fill(agreement);
    await screenshot(page, artifacts, 'assessment-plan-edit-zh-CN');
    await checkA11y(page, { name: 'assessment-plan-edit-zh-CN', artifacts, include: '#main-content' });
    const updated = await answered(page, 'POST', '/plantest/plan/update', () =>
      page.getByTestId('plan-save').click(),
    );
    assert.equal(updated.body.code, 0, `the plan is updated: ${updated.body.msg}`);
    assert.deepEqual(
      updated.body.data.scales.map((/** @type {{ code: string }} */ s) => s.code),
      [miniCode],
      'the plan has the imported scale only',
    );
    const miniScaleId = updated.body.data.scales[0].scaleId;
    await page.waitForURL(`**/evaluationDetails/index?id=${planId}`);

    step = 'the change shows in the details after a reload and in the list';
    const windowText = `${shown(start)} – ${shown(end)}`;
    const checkDetails = async () => {
      const details = page.locator('.ant-descriptions');
      await expectText(page, planName, { within: page.locator('h1') });
      await expectText(page, miniName, { within: details });
      await expectText(page, windowText, { within: details });
      assert.equal(await details.getByText(/PHQ-9/).count(), 0, 'PHQ-9 is no longer in the plan');
    };
    await checkDetails();
    await page.reload();
    await checkDetails();
    await visit(page, `${baseUrl}/evaluationDetails/index`);
    await expectText(page, miniName, { within: planRow });
    await expectText(page, windowText, { within: planRow });

    // --- scale removal: the unused one goes, the used one is refused naming the plan --------------------
    step = 'the administrator deletes the unused scale';
    await visit(page, `${baseUrl}/scaleLibrary/index`);
    const confirmDialog = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('button', { name: zh.common.confirm }) });
    const spareRow = scaleRows.filter({ hasText: `${spareCode} v1` });
    await spareRow.getByRole('button', { name: `${t.common.delete} ${spareName}` }).click();
    const removed = await answered(page, 'POST', '/scale/scale/delete', () =>
      confirmDialog.getByRole('button', { name: zh.common.confirm, exact: true }).click(),
    );
    assert.equal(removed.body.code, 0, `the unused scale is removed: ${removed.body.msg}`);
    await spareRow.waitFor({ state: 'detached' });
    await tree.getByText(spareName, { exact: true }).waitFor({ state: 'detached' });

    step = 'the scale a plan uses is refused with the plan named';
    const miniRow = scaleRows.filter({ hasText: `${miniCode} v1` });
    await miniRow.getByRole('button', { name: `${t.common.delete} ${miniName}` }).click();
    const refused = await answered(page, 'POST', '/scale/scale/delete', () =>
      confirmDialog.getByRole('button', { name: zh.common.confirm, exact: true }).click(),
    );
    assert.equal(refused.body.code, 1, 'a scale in use is not removed');
    const refusal = `测评计划「${planName}」正在使用该量表`;
    assert.ok(refused.body.msg.includes(refusal), refused.body.msg);
    await expectToast(page, refusal);
    await confirmDialog.waitFor({ state: 'hidden' });
    await miniRow.waitFor();
    await tree.getByText(miniName, { exact: true }).waitFor();

    step = 'the administrator publishes the plan';
    await visit(page, `${baseUrl}/evaluationDetails/index?id=${planId}`);
    await page.getByRole('button', { name: buttonName(t.plan.publish) }).click();
    await confirmDialog.getByRole('button', { name: zh.common.confirm, exact: true }).click();
    await expectText(page, t.plan.statuses['2']);

    // --- the student signs the agreement and answers on a phone ----------------------------------------
    step = 'the student opens the daily test and signs the agreement';
    const phone = await openAs(page, baseUrl, 'student');
    others.push(phone);
    await phone.setViewportSize({ width: 375, height: 740 });
    await visit(phone, `${baseUrl}/evaluation_user_test/index`);
    const mine = phone.getByTestId('pending-test').filter({ hasText: planName });
    await expectText(phone, take.needsAgreement, { within: mine });
    await mine.getByRole('button', { name: `${take.start} ${miniName}` }).click();
    const sheet = phone.getByRole('dialog', { name: interpolate(take.agreementTitle, { plan: planName }) });
    await expectText(phone, agreement, { within: sheet });
    await sheet.locator('canvas').waitFor();
    // Measured once the sheet has finished opening.
    await phone.waitForFunction(() =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    );
    const box = await sheet.locator('canvas').boundingBox();
    assert.ok(box, 'the signature pad is shown');
    await phone.mouse.move(box.x + 30, box.y + box.height / 2);
    await phone.mouse.down();
    for (let i = 1; i <= 8; i += 1)
      await phone.mouse.move(box.x + 30 + i * 30, box.y + box.height / 2 + (i % 2 ? 25 : -25));
    await phone.mouse.up();
    const signed = await answered(phone, 'POST', '/plantest/userPlan/sign', () =>
      sheet.getByRole('button', { name: take.agreeAndSign }).click(),
    );
    assert.equal(signed.body.code, 0, `signed: ${signed.body.msg}`);
    await phone.waitForURL(/\/evaluation_user_test\/index\?planId=\d+&scaleId=\d+/);

    step = 'the student answers the three items';
    for (const [no, option] of /** @type {const} */ ([
      [1, '有时'],
      [2, '有时'],
      [3, '没有'],
    ])) {
      const item = phone.getByTestId('test-item');
      await expectText(phone, interpolate(take.itemOf, { no, total: 3 }), { within: item });
      const saved = phone.waitForResponse((r) => r.url().includes('/plantest/userPlan/saveProgress'));
      await item
        .locator('label')
        .filter({ hasText: new RegExp(`^${option}$`) })
        .click();
      assert.equal((await (await saved).json()).code, 0, `item ${no} saved`);
    }
    await closeMessageCards(phone, zh.messages.cards.close);
    const submitted = await answered(phone, 'POST', '/plantest/userPlan/submit', () =>
      phone.getByTestId('submit-test').click(),
    );
    assert.equal(submitted.body.code, 0, `submitted: ${submitted.body.msg}`);
    step = 'the student sees her answer submitted';
    await phone.waitForURL('**/testSuccess');
    await expectText(phone, take.success.title);

    // --- the administrator reads the signatures and the daily-test users --------------------------------
    step = 'the signature list shows her signature';
    await visit(page, `${baseUrl}/evaluationDetails/index?id=${planId}`);
    await page.getByRole('button', { name: t.plan.signatures }).click();
    await page.waitForURL(`**/signatureList?planId=${planId}`);
    await expectText(page, interpolate(t.signatures.title, { plan: planName }), {
      within: page.locator('h1'),
    });
    await expectText(page, agreement);
    const signature = page.getByRole('img', { name: interpolate(t.signatures.alt, { name: '林同学' }) });
    await signature.waitFor();
    assert.ok(
      await signature.evaluate((img) => /** @type {HTMLImageElement} */ (img).naturalWidth > 0),
      'the signature image is drawn',
    );
    assert.match((await signature.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
    await screenshot(page, artifacts, 'assessment-signatures-zh-CN');
    await checkA11y(page, { name: 'assessment-signatures-zh-CN', artifacts, include: '#main-content' });

    step = 'the daily-test users show her';
    const [daily] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/plantest/answer/dailyUserPage')),
      visit(page, `${baseUrl}/dailyTestUser`),
    ]);
    const dailyBody = await daily.json();
    const lin = dailyBody.data.records.find(
      (/** @type {{ realName: string }} */ r) => r.realName === '林同学',
    );
    assert.equal(
      lin?.answers,
      1,
      `her one daily answer is counted: ${JSON.stringify(dailyBody.data.records)}`,
    );
    await expectText(page, t.daily.title, { within: page.locator('h1') });
    await page.locator('tbody tr.ant-table-row').filter({ hasText: '林同学', visible: true }).waitFor();
    await checkA11y(page, { name: 'assessment-daily-users-zh-CN', artifacts, include: '#main-content' });

    step = 'the administrator takes her off the plan';
    await visit(page, `${baseUrl}/editPlanInfo/index?id=${planId}`);
    await expectText(page, '林同学', { exact: false, within: users });
    await choose(page, 'plan-form_userIds', '林同学', '林同学', { multiple: true }); // taken off
    const narrowed = await answered(page, 'POST', '/plantest/plan/update', () =>
      page.getByTestId('plan-save').click(),
    );
    assert.equal(narrowed.body.code, 0, `the audience is changed: ${narrowed.body.msg}`);
    assert.deepEqual(
      narrowed.body.data.namedUsers.map((/** @type {{ realName: string }} */ u) => u.realName),
      ['沈新生'],
    );
    await page.waitForURL(`**/evaluationDetails/index?id=${planId}`);
    await visit(page, `${baseUrl}/assessmentPlanResponseList?planId=${planId}`);
    const responses = page.getByTestId('response-table').locator('tbody tr.ant-table-row');
    await responses.filter({ hasText: '沈新生' }).waitFor();
    assert.equal(await responses.filter({ hasText: '林同学' }).count(), 0, 'she is not in the audience now');

    step = 'the student no longer sees the daily test';
    const [pendingNow] = await Promise.all([
      phone.waitForResponse((r) => r.url().includes('/plantest/userPlan/getMyUpscomingScaleByPage')),
      visit(phone, `${baseUrl}/evaluation_user_test/index`),
    ]);
    const pendingBody = await pendingNow.json();
    assert.ok(
      !pendingBody.data.records.some((/** @type {{ planId: number }} */ r) => r.planId === planId),
      'the plan is not pending for her',
    );
    // The list has loaded once a card (her other open screening) or the empty state shows.
    await phone.getByTestId('pending-test').first().or(phone.locator('.ant-empty')).waitFor();
    assert.equal(await mine.count(), 0, 'her list does not show the plan');
    // Nor does the test open by its address: the plan is not for her any more.
    await visit(phone, `${baseUrl}/evaluation_user_test/index?planId=${planId}&scaleId=${miniScaleId}`);
    await phone.waitForURL('**/403');
    // Her answer stays a record: the daily-test users still count it.
    await visit(page, `${baseUrl}/dailyTestUser`);
    await page.locator('tbody tr.ant-table-row').filter({ hasText: '林同学', visible: true }).waitFor();

    // --- a warning's student: interview, transfer, first interview; the clerk's queue ------------------
    step = 'an interview is assigned to a flagged student with a warning';
    const {
      rows: [demo],
    } = await db.query('select id from assessment_plan where tenant_id = $1 and name = $2', [
      tenantId,
      DEMO_PLAN,
    ]);
    assert.ok(demo, 'the demo school has its screening');
    const [flaggedPage] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/plantest/interview/flaggedPage')),
      visit(page, `${baseUrl}/assessmentInterviewInterviewers/index?planId=${demo.id}`),
    ]);
    const candidate = (await flaggedPage.json()).data.records.find(
      (/** @type {{ warning: boolean }} */ r) => r.warning,
    );
    assert.ok(candidate, 'a flagged student of the screening has a warning');
    const who = /** @type {string} */ (candidate.realName);
    const flaggedRow = page.getByTestId('flagged-table').locator('tbody tr').filter({ hasText: who });
    await flaggedRow.locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: t.interviewers.assign, exact: true }).click();
    const assign = page.getByRole('dialog');
    await choose(page, 'interview-assign_interviewerId', '李初访', '李初访');
    await assign.locator('#interview-assign_time').fill(localInput(new Date(Date.now() + 86_400_000)));
    await assign.locator('#interview-assign_address').fill('心理中心 2 号室');
    await assign.getByTestId('assign-ok').click();
    await expectToast(page, interpolate(t.interviewers.assigned, { count: 1 }));

    step = 'the interview is recorded and the student transferred';
    await visit(page, `${baseUrl}/assessmentInterviewInterviewlist/index`);
    const interview = page
      .getByTestId('interview-table')
      .locator('tbody tr')
      .filter({ hasText: who })
      .filter({ hasText: DEMO_PLAN });
    await interview.getByRole('button', { name: `${t.interview.move} ${who}` }).click();
    await page.getByRole('menuitem', { name: t.interview.record }).click();
    const record = page.getByRole('dialog');
    await page.locator('#interview-record_result').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await record.locator('#interview-record_riskScore').fill('72');
    await record
      .locator('label')
      .filter({ hasText: new RegExp(`^${t.interview.steps['3']}$`) })
      .click();
    await record.locator('#interview-record_content').fill('近一月情绪低落，同意接受心理咨询。');
    await record.getByTestId('interview-record-ok').click();
    await record.waitFor({ state: 'hidden' });
    await interview.getByRole('button', { name: `${t.transfer.action} ${who}` }).click();
    const transfer = page.getByRole('dialog');
    await transfer.locator('#interview-transfer_urgent').click();
    const note = `本周内安排初访 ${suffix}`;
    await transfer.locator('#interview-transfer_note').fill(note);
    const sent = await answered(page, 'POST', '/plantest/interview/record/toConsult', () =>
      transfer.getByTestId('transfer-ok').click(),
    );
    assert.equal(sent.body.code, 0, `transferred: ${sent.body.msg}`);
    assert.equal(sent.body.data.source, 1, 'transfer source 1: assessment interview (S1.9.1)');
    assert.equal(sent.body.data.status, 2, 'the counselling side registered the student at once');

    step = 'the transfer is sent to a first interview';
    await page.getByRole('tab', { name: t.transfer.tab }).click();
    const transferRow = page.getByTestId('transfer-table').locator('tbody tr').filter({ hasText: who });
    await expectText(page, t.transfer.statuses['2'], { within: transferRow });
    await transferRow.getByRole('button', { name: `${t.transfer.firstInterview} ${who}` }).click();
    const toFirst = await answered(page, 'POST', '/plantest/interview/transfers/firstInterview', () =>
      confirmDialog.getByRole('button', { name: zh.common.confirm, exact: true }).click(),
    );
    assert.equal(toFirst.body.code, 0, `sent to a first interview: ${toFirst.body.msg}`);
    await expectText(page, t.transfer.statuses['3'], { within: transferRow });

    step = 'the clerk finds the registration in the queue and opens it';
    const clerk = await openAs(page, baseUrl, 'clerk');
    others.push(clerk);
    const s = zh.scheduling.registrations;
    const [queue] = await Promise.all([
      clerk.waitForResponse((r) => r.url().includes('/consult/inner/register/forAssessment')),
      visit(clerk, `${baseUrl}/appointment/book/index`),
    ]);
    assert.equal((await queue.json()).code, 0, 'the clerk may read the queue');
    await expectText(clerk, s.title);
    const queued = clerk.getByTestId('registration-queue').locator('tbody tr').filter({ hasText: who });
    await expectText(clerk, '评估访谈', { within: queued });
    await expectText(clerk, `[urgent] ${note}`, { within: queued });
    await screenshot(clerk, artifacts, 'assessment-registration-queue-zh-CN');
    await checkA11y(clerk, {
      name: 'assessment-registration-queue-zh-CN',
      artifacts,
      include: '#main-content',
    });
    await queued.getByRole('button', { name: `${s.book} ${who}` }).click();
    const visitor = clerk
      .locator('.ant-select')
      .filter({ has: clerk.getByRole('combobox', { name: zh.scheduling.book.visitor }) });
    await expectText(clerk, who, { exact: false, within: visitor });
    await expectText(clerk, zh.appointments.rules.title);
  } catch (error) {
    for (const [i, other] of others.entries())
      await screenshot(other, artifacts, `assessment-more-failure-${i}`).catch(() => {});
    throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  } finally {
    for (const other of others) await other.context().close();
    // No test left pending for later journeys; the records stay, as they would.
    if (planId)
      await db.query('update assessment_plan set status = 3 where tenant_id = $1 and id = $2', [
        tenantId,
        planId,
      ]);
    for (const username of ['student', 'clerk'])
      if (agreedBy.delete(username)) await removeAgreement(db, await db.findUser(username));
  }
}
