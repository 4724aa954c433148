import assert from 'node:assert/strict';
import { acceptAgreement, agreementDuring } from '../lib/agreement.mjs';
import { checkA11y as checkPage } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { buttonName, DEMO_PASSWORD, expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.7.23] [spec:S0.7.24] [spec:S0.2.14] [spec:S0.3.13] [spec:S0.7.27] message-admin: the admin switches a message template off, edits one (an unknown placeholder is refused on its field, then a good text is saved), publishes a rich-text notice to a department whose student sees it formatted in the notices drawer and on its detail page, reads the client logs, and a foreign PDF address is refused';
export const needsDb = true;

const en = readCatalogue('en-US');
const m = en.messageAdmin;
const n = en.noticeAdmin;
const c = en.clientLogAdmin;

/** The department of the notice: the student's class '2024级' is below it. */
const AUDIENCE_DEPT = '计算机学院';
/** The same seeded department as an English reader sees it (contracts SEEDED_NAMES_EN). */
const AUDIENCE_DEPT_EN = 'School of Computer Science';
const SWITCH_EVENT = 'ACCOUNT_APPROVED';
const EDIT_EVENT = 'USER_PASSWORD_RESET';

/** @typedef {import('playwright-core').Page} Page */

/**
 * The axe check with the pointer out of the way: a row left hovered by the last click has a grey
 * background that is not what the page looks like at rest.
 * @param {Page} page
 * @param {Parameters<typeof checkPage>[1]} options
 */
async function checkA11y(page, options) {
  await page.mouse.move(0, 0);
  return checkPage(page, options);
}

/** Waits for the answer of a call while doing something; returns its body. @param {Page} page */
async function answered(
  page,
  /** @type {string} */ method,
  /** @type {string} */ path,
  /** @type {() => Promise<unknown>} */ action,
) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === method),
    action(),
  ]);
  return { status: answer.status(), body: await answer.json() };
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser('admin');
  const tenantId = admin.tenantId;
  const stamp = Date.now().toString(36).slice(-5);
  const noticeTitle = `E2E notice ${stamp}`;
  const logMessage = `E2E client error ${stamp}`;
  const { rows: savedTemplates } = await db.query(
    `select event, title_zh, content_zh, title_en, content_en, enabled from message_template
      where tenant_id = $1 and event = any($2)`,
    [tenantId, [SWITCH_EVENT, EDIT_EVENT]],
  );
  const studentUser = await db.findUser('student');
  let agreedByJourney = false;
  const cleanUp = async () => {
    if (agreedByJourney) {
      await db.query('delete from agreement_record where tenant_id = $1 and user_id = $2', [
        tenantId,
        studentUser.id,
      ]);
    }
    for (const t of savedTemplates) {
      await db.query(
        `update message_template set title_zh = $3, content_zh = $4, title_en = $5, content_en = $6, enabled = $7
          where tenant_id = $1 and event = $2`,
        [tenantId, t.event, t.title_zh, t.content_zh, t.title_en, t.content_en, t.enabled],
      );
    }
    await db.query('delete from notice where tenant_id = $1 and title = $2', [tenantId, noticeTitle]);
    await db.query('delete from client_log where tenant_id = $1 and message = $2', [tenantId, logMessage]);
  };

  let step = 'sign in';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    await cleanUp();
  }

  async function journey() {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/message/messageManage' });

    step = '1 message templates: switch an event off';
    await expectText(page, m.title);
    const toggle = page.getByTestId(`template-switch-${SWITCH_EVENT}`);
    await toggle.waitFor();
    assert.equal(await toggle.getAttribute('aria-checked'), 'true', `${SWITCH_EVENT} starts switched on`);
    const switched = await answered(page, 'POST', '/biz/message/messageManager/switch', () => toggle.click());
    assert.equal(switched.body.code, 0, JSON.stringify(switched.body));
    assert.equal(switched.body.data.enabled, false);
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-checked') === 'false',
      `template-switch-${SWITCH_EVENT}`,
    );
    const {
      rows: [stored],
    } = await db.query('select enabled from message_template where tenant_id = $1 and event = $2', [
      tenantId,
      SWITCH_EVENT,
    ]);
    assert.equal(stored?.enabled, false, 'the switch is stored');
    await screenshot(page, artifacts, 'message-templates-en-US');
    await checkA11y(page, { name: 'message-templates-en-US', artifacts, include: '#main-content' });

    step = '2 message templates: an unknown placeholder is refused on its field';
    await page.getByTestId(`template-edit-${EDIT_EVENT}`).click();
    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: interpolate(m.dialogTitle, { event: EDIT_EVENT }) });
    await dialog.waitFor();
    await expectText(page, '{realName}', { within: dialog.getByTestId('template-placeholders') });
    await expectText(page, '{operator}', { within: dialog.getByTestId('template-placeholders') });
    const contentEn = dialog.getByLabel(m.contentEn, { exact: true });
    await contentEn.fill('Your new password is {password}.');
    const refused = await answered(page, 'POST', '/biz/message/messageManager/change', () =>
      dialog.getByRole('button', { name: buttonName(m.save) }).click(),
    );
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    // `has` is matched inside each item, so its locator starts from the item, not from the dialog.
    const fieldItem = dialog
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel(m.contentEn, { exact: true }) });
    const fieldError = fieldItem.locator('.ant-form-item-explain-error');
    await fieldError.first().waitFor();
    assert.match(await fieldError.first().innerText(), /\{password\}/, 'the error names the placeholder');
    await screenshot(page, artifacts, 'message-template-error-en-US');
    await checkA11y(page, { name: 'message-template-dialog-en-US', artifacts, include: '.ant-modal' });

    step = '3 message templates: a good text is saved';
    const goodText = `{realName}, {operator} reset your password (${stamp}).`;
    await contentEn.fill(goodText);
    const saved = await answered(page, 'POST', '/biz/message/messageManager/change', () =>
      dialog.getByRole('button', { name: buttonName(m.save) }).click(),
    );
    assert.equal(saved.body.code, 0, JSON.stringify(saved.body));
    assert.equal(saved.body.data.contentEn, goodText);
    await expectText(page, m.saved);
    await dialog.waitFor({ state: 'hidden' });

    step = '4 notices: publish a formatted notice to a department';
    await visit(page, `${baseUrl}/notice_manage/noticePublish`);
    await expectText(page, n.title);
    await page.getByTestId('notice-publish-open').click();
    const form = page.getByRole('dialog').filter({ hasText: n.publishTitle });
    await form.waitFor();
    await form.getByLabel(n.fieldTitle, { exact: true }).fill(noticeTitle);
    const editor = form.getByTestId('notice-editor');
    await editor.click();
    await form.getByRole('button', { name: n.bold, exact: true }).click();
    await page.keyboard.type('Exam week');
    await form.getByRole('button', { name: n.bold, exact: true }).click();
    await page.keyboard.type(' starts on Monday.');
    const picker = form.locator('#notice-publish-form_deptIds');
    await picker.click();
    const searched = page.waitForResponse(
      (r) => r.url().includes('/admin/dept/inner/tree') && new URL(r.url()).searchParams.has('name'),
    );
    await picker.fill(AUDIENCE_DEPT);
    await searched;
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-tree-title')
      .filter({ hasText: AUDIENCE_DEPT_EN })
      .first();
    await option.click();
    await expectText(page, AUDIENCE_DEPT_EN, {
      exact: false,
      within: form.getByTestId('notice-audience-depts'),
    });
    await expectText(page, n.audienceHint, { within: form });
    await screenshot(page, artifacts, 'notice-publish-form-en-US');
    await checkA11y(page, { name: 'notice-publish-form-en-US', artifacts, include: '.ant-modal' });
    const published = await answered(page, 'POST', '/biz/message/notice/publish', () =>
      form.getByTestId('notice-publish-submit').click(),
    );
    assert.equal(published.body.code, 0, JSON.stringify(published.body));
    const noticeId = published.body.data.id;
    const {
      rows: [notice],
    } = await db.query(
      `select n.content, array(select d.name from dept d where d.tenant_id = n.tenant_id
          and d.id = any(n.audience_dept_ids)) as depts
         from notice n where n.tenant_id = $1 and n.id = $2`,
      [tenantId, noticeId],
    );
    assert.ok(notice, 'the notice is stored');
    assert.match(notice.content, /<(b|strong)>Exam week<\/(b|strong)>/, `stored HTML: ${notice.content}`);
    assert.deepEqual(notice.depts, [AUDIENCE_DEPT]);
    await expectText(page, n.publishedToast);
    const row = page.locator('.ant-table-row').filter({ hasText: noticeTitle });
    await row.waitFor();
    await expectText(page, AUDIENCE_DEPT_EN, { within: row });
    await expectText(page, n.published, { within: row });
    await checkA11y(page, { name: 'notice-publish-en-US', artifacts, include: '#main-content' });
    // The list works on a phone.
    await page.setViewportSize({ width: 375, height: 812 });
    await row.waitFor();
    await screenshot(page, artifacts, 'notice-publish-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    step = '5 a student of the department sees the notice formatted';
    const browser = page.context().browser();
    assert.ok(browser, 'the journey runs in a launched browser');
    const studentContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    try {
      const student = await studentContext.newPage();
      const [, agreement] = await agreementDuring(student, () =>
        signInToShell(student, baseUrl, {
          lang: 'en-US',
          account: { username: 'student', password: DEMO_PASSWORD },
        }),
      );
      // The demo school asks students to accept its agreement first (start-up dialog, spec S0.4.1).
      if (agreement?.mustAgree) {
        agreedByJourney = true;
        // With the school's agreement form it is answered and submitted (e2e/lib/agreement.mjs).
        await acceptAgreement(student, agreement, 'en-US');
      }
      await student.getByTestId('notice-button').click();
      const drawer = student.locator('.notice-drawer .ant-drawer-section').first();
      const item = student.getByTestId('notice-list').locator('li button').filter({ hasText: noticeTitle });
      await item.click();
      const detail = student.locator('.notice-detail-drawer .ant-drawer-section').first();
      await expectText(student, noticeTitle, { within: detail });
      const bold = detail.getByTestId('notice-detail-content').locator('b, strong');
      await bold.first().waitFor();
      assert.equal((await bold.first().innerText()).trim(), 'Exam week', 'the bold text is rendered bold');
      await screenshot(student, artifacts, 'notice-student-detail-en-US');
      await checkA11y(student, {
        name: 'notice-student-detail-en-US',
        artifacts,
        include: '.notice-detail-drawer .ant-drawer-section',
      });
      assert.ok(await drawer.count(), 'the notices drawer is open');

      // The detail route renders the same HTML on a page of its own.
      await visit(student, `${baseUrl}/noticeList/detail?id=${noticeId}`);
      const article = student.locator('#main-content article');
      await expectText(student, noticeTitle, { within: article });
      await article.locator('b, strong').filter({ hasText: 'Exam week' }).first().waitFor();
      await checkA11y(student, { name: 'notice-detail-page-en-US', artifacts, include: '#main-content' });
    } finally {
      await studentContext.close();
    }

    step = '6 client logs: the admin reads an entry';
    await db.query(
      `insert into client_log (tenant_id, user_id, type, url, message, stack, info, time)
       values ($1, $2, 'error', '/wel/index', $3, $4, 'component: Workbench', '2026-03-01 08:30:00')`,
      [
        tenantId,
        studentUser.id,
        logMessage,
        `TypeError: ${logMessage}\n    at Workbench (workbench.tsx:12:3)`,
      ],
    );
    await visit(page, `${baseUrl}/admin/log/index`);
    await expectText(page, c.title);
    const logRow = page.locator('.ant-table-row').filter({ hasText: logMessage });
    await logRow.waitFor();
    const filtered = await answered(page, 'GET', '/admin/log/dynamicLog', async () => {
      const typeFilter = page.getByLabel(c.colType, { exact: true });
      await typeFilter.fill('error');
      // Close the suggestions first: they are not part of what is searched.
      await typeFilter.press('Escape');
      // The button's name includes its icon's ('search Search').
      await page.getByRole('button', { name: new RegExp(`${en.adminKit.search}$`) }).click();
    });
    assert.equal(filtered.body.code, 0, JSON.stringify(filtered.body));
    assert.ok(
      filtered.body.data.records.every((/** @type {{ type: string }} */ r) => r.type === 'error'),
      'the type filter is applied',
    );
    await logRow.waitFor();
    await checkA11y(page, { name: 'client-logs-en-US', artifacts, include: '#main-content' });
    // Its name also carries the entry's id ('Details #12').
    await logRow.getByRole('button', { name: c.details }).click();
    const logDetail = page.locator('.client-log-detail .ant-drawer-section').first();
    await expectText(page, 'at Workbench (workbench.tsx:12:3)', { exact: false, within: logDetail });
    await screenshot(page, artifacts, 'client-log-detail-en-US');
    await checkA11y(page, {
      name: 'client-log-detail-en-US',
      artifacts,
      include: '.client-log-detail .ant-drawer-section',
    });
    await logDetail.locator('.ant-drawer-close').click();
    await logDetail.waitFor({ state: 'hidden' });
    await page.setViewportSize({ width: 375, height: 812 });
    await logRow.waitFor();
    await screenshot(page, artifacts, 'client-logs-375');
    await page.setViewportSize({ width: 1440, height: 900 });

    step = '7 the PDF preview refuses another origin';
    await page.goto(`${baseUrl}/pdfPreview?url=${encodeURIComponent('https://evil.example.com/a.pdf')}`);
    await expectText(page, en.pdfPreview.otherOrigin);
    await checkA11y(page, { name: 'pdf-preview-refused-en-US', artifacts, include: '#main-content' });
    // Spec S0.2.14: the preview is kept alive but is not a tab.
    const tabBar = page.getByRole('navigation', { name: en.layout.tabs });
    await tabBar.getByRole('tab').first().waitFor();
    assert.equal(
      await tabBar.getByRole('tab', { name: 'File preview' }).count(),
      0,
      'no tab for /pdfPreview',
    );
  }
}
