import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { answered, openAs } from '../lib/crisis.mjs';
import { buttonName, expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.3.10] [spec:S1.4.16] [spec:S1.5.10] [spec:S1.4.6] [spec:S1.9.2] crisis care: the faculty consultant assesses a new signal in the engine form (starting the psychological assistance system makes the experts’ feedback required), issues an intervention order the advisor answers with a receipt, records a follow-up and closes the record, which makes the student a key person';
export const needsDb = true;

const en = readCatalogue('en-US');
const c = en.crisis;

/** @typedef {import('playwright-core').Page} Page @typedef {import('playwright-core').Locator} Locator */

/** An option of an engine form field (its control is `#form-field-<prop>`). @param {Locator} scope @param {string} prop @param {string} option */
async function pick(scope, prop, option) {
  await scope.locator(`#form-field-${prop}`).getByLabel(option, { exact: true }).check();
}

/** China calendar day of now (yyyy-MM-dd). */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
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
    const counsel = await openAs(page, baseUrl, 'facultycounsel', {
      lang: 'en-US',
      to: '/crisisInfoUpdate_info/index?tab=report',
    });
    pages.push(counsel);

    step = '1 a signal about a student of the faculty';
    const form = counsel.locator('form#crisis-report');
    await form.getByLabel(c.report.student).click();
    await form.getByLabel(c.report.student).fill('刘子轩');
    await counsel.locator('.ant-select-item-option', { hasText: '刘子轩' }).click();
    await form.getByLabel(c.report.events).fill('Did not come back to the dormitory last night; phone off.');
    const saved = await answered(counsel, 'POST', '/biz/crisis/report/save', () =>
      form.getByRole('button', { name: c.report.submit }).click(),
    );
    assert.equal(saved.body.code, 0, JSON.stringify(saved.body));
    const recordId = saved.body.data.id;

    step = '2 the record opens from the list';
    // A sent report switches the page to "my reports" once the page has the answer: wait for that switch,
    // or it lands after the click on "records" and takes the tab back.
    await counsel.getByRole('tab', { name: c.records.tabs.mine, selected: true }).waitFor();
    await counsel.getByRole('tab', { name: c.records.tabs.records }).click();
    await counsel.getByTestId(`crisis-record-open-${recordId}`).click();
    const drawer = counsel.getByTestId('crisis-record-drawer');
    await drawer.waitFor();
    await expectText(counsel, c.enums.status['1'], { within: drawer });
    // The open dormitory report about the same student is named beside it, never merged.
    await expectText(counsel, /This student has other open records/, { within: drawer });

    step = '3 the assessment: the engine asks for the experts’ feedback once the system is started (S1.4.16)';
    await drawer.getByRole('button', { name: c.record.assess, exact: true }).click();
    const dialog = counsel
      .getByRole('dialog')
      .filter({ hasText: c.assessment.title.replace('{{name}}', '刘子轩') });
    await dialog.waitFor();
    await pick(dialog, 'isCrisisStatus', 'Yes');
    await pick(dialog, 'collegeLevelcrisis', 'Key attention');
    await pick(dialog, 'currentStatus', 'Low mood');
    await pick(dialog, 'psyAssistanceSystem', 'Yes');
    await dialog.locator('#form-field-trackDate').fill(chinaToday());
    await dialog.getByRole('button', { name: c.assessment.submit }).click();
    const feedbackField = dialog.locator('#form-item-expertsFeedback');
    await feedbackField.getByRole('alert').waitFor();
    await screenshot(counsel, artifacts, 'crisis-assessment-required-en-US');
    await dialog
      .locator('#form-field-expertsFeedback')
      .fill('Psychiatric outpatient assessment within 24 hours.');
    await dialog
      .locator('#form-field-managementProcess')
      .fill('Parents called; roommates and the advisor stay with him in turns.');
    await feedbackField.getByRole('alert').waitFor({ state: 'detached' });
    // The renderer ignores a second submit within 2 s of the first (S1.5.13); this one is a new decision.
    await counsel.waitForTimeout(2_100);
    await dialog.getByRole('button', { name: buttonName(c.assessment.submit) }).click();
    const assessed = await answered(counsel, 'POST', '/biz/crisis/assessment/save', () =>
      counsel.locator('.ant-modal-confirm').getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(assessed.body.code, 0, JSON.stringify(assessed.body));
    assert.equal(assessed.body.data.appointmentType, 8);
    await expectText(counsel, c.assessment.saved);
    // The assessment acknowledged and started the record.
    await expectText(counsel, c.enums.status['2'], { within: drawer });

    step = '4 an intervention order to the advisor';
    await drawer.getByRole('button', { name: c.record.newOrder, exact: true }).click();
    const order = counsel.getByRole('dialog').filter({ hasText: c.intervention.newTitle });
    await order
      .getByLabel(c.fields.orderContent)
      .fill('Talk with him every day this week; tell the parents.');
    await order.getByLabel(c.fields.assignees).click();
    await counsel.locator('.ant-select-item-option', { hasText: '韩辅导员' }).click();
    await counsel.keyboard.press('Escape');
    const ordered = await answered(counsel, 'POST', '/biz/crisis/intervention/save', () =>
      order.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(ordered.body.code, 0, JSON.stringify(ordered.body));
    const orderId = ordered.body.data.id;

    step = '5 the advisor answers the order with a receipt';
    const advisor = await openAs(page, baseUrl, 'advisor', {
      lang: 'en-US',
      to: '/focusonInterReceiptInfo/intervenInfo',
    });
    pages.push(advisor);
    await advisor.getByTestId(`crisis-receipt-${orderId}`).click();
    const receipt = advisor.getByRole('dialog');
    await receipt
      .getByLabel(c.fields.receipt)
      .fill('Talked with him at 20:00; he agreed to see the counsellor tomorrow.');
    const receipted = await answered(advisor, 'POST', '/biz/crisis/intervention/receipt', () =>
      receipt.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(receipted.body.data.status, 2);
    await advisor.mouse.move(0, 0);
    await checkA11y(advisor, { name: 'crisis-receipts', artifacts, include: '#main-content' });

    step = '6 a follow-up with today as its track date (S1.5.10)';
    await drawer.getByRole('tab', { name: c.record.tabs.interventions }).click();
    await expectText(counsel, c.enums.interventionStatus['2'], {
      within: counsel.getByTestId(`crisis-order-${orderId}`),
    });
    await drawer.getByRole('button', { name: c.record.newFollowUp, exact: true }).click();
    const follow = counsel.getByRole('dialog').filter({ hasText: c.followUp.newTitle });
    assert.equal(await follow.getByLabel(c.fields.trackDate).inputValue(), chinaToday());
    await follow.getByLabel(c.fields.content).fill('Visited the dormitory: sleeping better, back in class.');
    const followed = await answered(counsel, 'POST', '/biz/crisis/followup/save', () =>
      follow.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(followed.body.code, 0, JSON.stringify(followed.body));

    step = '7 closing the worked record needs a reason and a summary; the student becomes a key person';
    // The transition's button (the drawer's own close button has the same name, but no text).
    await drawer
      .getByRole('button', { name: c.enums.action.close, exact: true })
      .filter({ hasText: c.enums.action.close })
      .click();
    const closing = counsel
      .getByRole('dialog')
      .filter({ hasText: c.transition.closeTitle.replace('{{id}}', recordId) });
    await closing.getByLabel(c.fields.closeReason).click();
    await counsel.locator('.ant-select-item-option', { hasText: c.enums.closeReason['1'] }).click();
    await closing
      .getByLabel(c.fields.closeSummary)
      .fill('Stable after a week of daily talks; followed as a key person.');
    const closed = await answered(counsel, 'POST', '/biz/crisis/record/transition', () =>
      closing.getByRole('button', { name: en.common.confirm }).click(),
    );
    assert.equal(closed.body.data.record.status, 3, JSON.stringify(closed.body));
    await expectText(counsel, c.enums.status['3'], { within: drawer });
    await screenshot(counsel, artifacts, 'crisis-record-closed-en-US');
    await visit(counsel, `${baseUrl}/focusperson/index`);
    const row = counsel.locator('tr', { hasText: '刘子轩' });
    await expectText(counsel, c.enums.collegeLevel['2'], { within: row });
    const { rows } = await db.query(
      `select level from focus_person where tenant_id = (select id from tenant where code = 'demo')
          and student_id = $1 and status = 1`,
      [saved.body.data.student.id],
    );
    assert.equal(rows[0]?.level, 2);
  }
}
