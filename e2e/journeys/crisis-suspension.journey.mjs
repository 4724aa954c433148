import assert from 'node:assert/strict';
import { readCatalogue } from '../lib/catalogues.mjs';
import { answered, openAs } from '../lib/crisis.mjs';
import { buttonName, expectText, screenshot, visit } from '../lib/journey.mjs';

export const name =
  '[spec:S1.9.2] [spec:S1.4.6] crisis suspension and return: the faculty head records a suspension, the student applies to return, a return-to-school assessment (type 12) in the engine form says fit, and the return is recorded with it';
export const needsDb = true;

const zh = readCatalogue('zh-CN');
const c = zh.crisis;

/** China calendar day of now (yyyy-MM-dd). */
const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  const head = await openAs(page, baseUrl, 'facultyhead');
  let step = 'sign in';
  try {
    step = '1 a suspension for a student of the faculty';
    await visit(head, `${baseUrl}/crisis/suspension/index`);
    await head.getByRole('button', { name: c.suspension.add }).click();
    const dialog = head.getByRole('dialog').filter({ hasText: c.suspension.add });
    await dialog.getByLabel(c.fields.student).click();
    await dialog.getByLabel(c.fields.student).fill('张晓雨');
    await head.locator('.ant-select-item-option', { hasText: '张晓雨' }).click();
    await dialog.getByLabel(c.fields.reason).fill('遵医嘱住院治疗一个月。');
    const saved = await answered(head, 'POST', '/biz/crisis/suspension/save', () =>
      dialog.getByRole('button', { name: zh.common.confirm }).click(),
    );
    assert.equal(saved.body.code, 0, JSON.stringify(saved.body));
    assert.equal(saved.body.data.approvalId, null, 'the demo school does not ask to approve suspensions');
    const id = saved.body.data.suspension.id;

    step = '2 its page: suspended; the student applies to return';
    await head.getByTestId(`crisis-suspension-open-${id}`).click();
    await head.waitForURL(`**/xiufuxueinfo/index?id=${id}`);
    await expectText(head, c.enums.suspensionStatus['1']);
    const applied = await answered(head, 'POST', '/biz/crisis/suspension/transition', () =>
      head.getByRole('button', { name: c.enums.action.applyReturn, exact: true }).click(),
    );
    assert.equal(applied.body.data.suspension.status, 2, JSON.stringify(applied.body));
    await expectText(head, c.enums.suspensionStatus['2']);

    step = '3 the return-to-school assessment (type 12) says fit to return';
    await head.getByRole('button', { name: c.suspension.assess, exact: true }).first().click();
    const form = head
      .getByRole('dialog')
      .filter({ hasText: c.assessment.returnTitle.replace('{{name}}', '张晓雨') });
    await form.waitFor();
    // An option of an engine form field: its control is `#form-field-<prop>`.
    const pick = async (/** @type {string} */ prop, /** @type {string} */ option) =>
      form.locator(`#form-field-${prop}`).getByLabel(option, { exact: true }).check();
    await pick('returnConclusion', '可以复学');
    await pick('medicalCertificate', '已提供');
    await pick('currentStatus', '情绪稳定');
    await form.locator('#form-field-trackDate').fill(chinaToday());
    await form.getByRole('button', { name: c.assessment.submit }).click();
    const assessed = await answered(head, 'POST', '/biz/crisis/assessment/save', () =>
      head.locator('.ant-modal-confirm').getByRole('button', { name: zh.common.confirm }).click(),
    );
    assert.equal(assessed.body.code, 0, JSON.stringify(assessed.body));
    assert.equal(assessed.body.data.appointmentType, 12);
    assert.equal(assessed.body.data.returnConclusion, 1);

    step = '4 the return is recorded with that assessment';
    await head.getByRole('button', { name: buttonName(c.enums.action.return) }).click();
    const back = head
      .getByRole('dialog')
      .filter({ hasText: c.suspension.returnTitle.replace('{{name}}', '张晓雨') });
    const returned = await answered(head, 'POST', '/biz/crisis/suspension/transition', () =>
      back.getByRole('button', { name: zh.common.confirm }).click(),
    );
    assert.equal(returned.body.data.suspension.status, 3, JSON.stringify(returned.body));
    assert.equal(returned.body.data.suspension.returnAssessmentId, assessed.body.data.id);
    await expectText(head, c.enums.suspensionStatus['3']);
    await screenshot(head, artifacts, 'crisis-suspension-returned-zh-CN');
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    await head.context().close();
  }
}
