import assert from 'node:assert/strict';
import { acceptAgreement, agreementDuring } from '../lib/agreement.mjs';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_PASSWORD, expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.3.35] [spec:S0.3.37] [spec:S0.4.7] [spec:S0.4.9] [spec:S0.5.13] [spec:S0.5.15] [spec:S0.9.2] [spec:S0.2.27] [spec:S0.7.28] forms: an admin builds a form with a logic jump, an other option and a signature and saves it; a student on a 375 px screen fills it (other text, logic jump), signs, submits with an error then correctly, amends it, and the history shows both editions; the admin exports the answers as CSV and is told the file is generating';
export const needsDb = true;

const en = readCatalogue('en-US');
const f = en.forms;
const a = en.formAdmin;

/** @typedef {import('playwright-core').Page} Page */

/** Waits for the answer of a call while doing something; returns its body. @param {Page} page */
async function answered(
  page,
  /** @type {string} */ method,
  /** @type {RegExp} */ path,
  /** @type {() => Promise<unknown>} */ action,
) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === method),
    action(),
  ]);
  return { status: answer.status(), body: await answer.json() };
}

/** Picks an option of an Ant Design select found by its label. @param {Page} page */
async function choose(
  page,
  /** @type {import('playwright-core').Locator} */ select,
  /** @type {string} */ option,
) {
  await select.click();
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
    .first();
  await item.waitFor();
  await item.click();
}

/**
 * Picks a blank field type and adds the field. The type list is long and opens with an animation, and the
 * builder's panel below it grows as fields are added, so a pointer click can land on the wrong layer: the
 * list is driven by the keyboard (open, move to the type, Enter), as a keyboard user would.
 */
async function addBlank(/** @type {Page} */ page, /** @type {string} */ typeLabel) {
  const select = page.locator('#form-blank-type');
  const add = page.getByTestId('blank-add');
  await select.focus();
  await page.keyboard.press('ArrowDown');
  const list = page.locator('.ant-select-dropdown:visible');
  await list.waitFor();
  const active = list.locator('.ant-select-item-option-active');
  for (let step = 0; step < 30 && (await active.getAttribute('title')) !== typeLabel; step += 1) {
    await page.keyboard.press('ArrowDown');
  }
  assert.equal(await active.getAttribute('title'), typeLabel, `the type list offers ${typeLabel}`);
  await page.keyboard.press('Enter');
  await add.click();
}

/** Draws a zigzag on a canvas with the mouse. @param {Page} page */
async function draw(page, /** @type {import('playwright-core').Locator} */ canvas) {
  const box = await canvas.boundingBox();
  assert.ok(box, 'the signature pad is shown');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) {
    await page.mouse.move(box.x + 20 + i * (box.width / 10), box.y + box.height / 2 + (i % 2 ? 25 : -25));
  }
  await page.mouse.up();
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page: adminPage, baseUrl, artifacts, db }) {
  let page = adminPage;
  const admin = await db.findUser('admin');
  const studentUser = await db.findUser('student');
  let agreedByJourney = false;
  const tenantId = admin.tenantId;
  const stamp = Date.now().toString(36).slice(-5);
  const formName = `E2E sleep ${stamp}`;
  const q1 = `Sleep well ${stamp}`;
  const q2 = `Describe sleep ${stamp}`;
  const cleanUp = async () => {
    if (agreedByJourney) {
      await db.query('delete from agreement_record where tenant_id = $1 and user_id = $2', [
        tenantId,
        studentUser.id,
      ]);
    }
    const { rows } = await db.query(`select id from form where tenant_id = $1 and name->>'en-US' = $2`, [
      tenantId,
      formName,
    ]);
    for (const { id } of rows) {
      await db.query(
        `delete from form_answer_edition where tenant_id = $1 and answer_id in
           (select id from form_answer where tenant_id = $1 and form_id = $2)`,
        [tenantId, id],
      );
      await db.query('delete from form_answer where tenant_id = $1 and form_id = $2', [tenantId, id]);
      await db.query('delete from form_version where tenant_id = $1 and form_id = $2', [tenantId, id]);
      await db.query('delete from form where tenant_id = $1 and id = $2', [tenantId, id]);
    }
  };

  let step = 'sign in as the admin';
  try {
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/admin/form/index' });

    step = 'build the form';
    await page.getByTestId('form-create').click();
    await page.locator('#form-name-zh').fill(`睡眠 ${stamp}`);
    await page.locator('#form-name-en').fill(formName);
    // A single choice with the 'other' option.
    await addBlank(page, a.type.radio);
    await page.locator('#cfg-field_1-zh').fill(`睡得好吗 ${stamp}`);
    await page.locator('#cfg-field_1-en').fill(q1);
    await page.locator('#cfg-field_1-required').click();
    await page.locator('#cfg-field_1-other').click();
    // A required text area shown only by option 2 (logic jump).
    await addBlank(page, a.type.textarea);
    await page.locator('#cfg-field_2-zh').fill(`描述睡眠 ${stamp}`);
    await page.locator('#cfg-field_2-en').fill(q2);
    await page.locator('#cfg-field_2-required').click();
    // The visitor's signature from the field library, required.
    await page.locator('#form-library').click();
    await page.locator('#form-library').fill('sign_student');
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'sign_student' })
      .click();
    await page.getByTestId('library-add').click();
    await page.locator('#cfg-sign_student-required').click();
    // Back to the first question: option 2 shows the text area.
    await page.getByTestId('column-field_1').click();
    await choose(page, page.getByLabel(interpolate(a.jumpTargetsOf, { option: 'Option 2' })), q2);
    // The live preview follows the logic: the text area appears with option 2.
    const preview = page.locator('.ant-card', { hasText: a.preview });
    assert.equal(await preview.getByText(q2, { exact: true }).count(), 0, 'hidden until option 2');
    await preview.getByLabel('Option 2').check();
    await preview.getByText(q2, { exact: true }).waitFor();
    await screenshot(page, artifacts, 'forms-builder-en-US');
    await checkA11y(page, { name: 'forms-builder', artifacts, include: 'main' });

    step = 'save the form';
    const saved = await answered(page, 'POST', /\/public\/forms\/ite$/, () =>
      page.getByTestId('form-save').click(),
    );
    assert.equal(saved.body.code, 0, `form saved: ${saved.body.msg}`);
    const formId = saved.body.data.form.id;
    assert.equal(saved.body.data.form.currentVersion, 1);
    await expectText(page, interpolate(a.saved, { version: 1 }));

    step = 'sign in as the student on a phone';
    const browser = page.context().browser();
    assert.ok(browser, 'the journey runs in a launched browser');
    const studentContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    page = await studentContext.newPage();
    const [, agreement] = await agreementDuring(page, () =>
      signInToShell(page, baseUrl, {
        lang: 'en-US',
        account: { username: 'student', password: DEMO_PASSWORD },
      }),
    );
    // The demo school asks students to accept its agreement first (start-up dialog, spec S0.4.1).
    if (agreement?.mustAgree) {
      agreedByJourney = true;
      // With the school's agreement form it is answered and submitted (e2e/lib/agreement.mjs).
      await acceptAgreement(page, agreement, 'en-US');
    }
    await visit(page, `${baseUrl}/forms/fill?formId=${formId}`);
    await expectText(page, formName);
    const form = page.locator('form');
    assert.equal(await form.getByText(q2, { exact: true }).count(), 0, 'the text area waits for option 2');

    step = "the 'other' option reveals its text, and choosing away clears it";
    await form.getByLabel('Other', { exact: true }).check();
    const other = form.getByTestId('other-field_1');
    await other.fill('I work nights');
    await form.getByLabel('Option 2', { exact: true }).check();
    assert.equal(await form.getByTestId('other-field_1').count(), 0, 'other text hidden');
    await form.getByText(q2, { exact: true }).waitFor();

    step = 'sign';
    await form.getByTestId('sign-form-field-sign_student').click();
    const pad = form.getByTestId('signature-pad-form-field-sign_student');
    assert.equal(await pad.evaluate((c) => /** @type {HTMLCanvasElement} */ (c).width), 300);
    assert.equal(await pad.evaluate((c) => /** @type {HTMLCanvasElement} */ (c).height), 200);
    await draw(page, pad);
    await form.getByTestId('signature-save-form-field-sign_student').click();
    const signed = form.getByRole('img', {
      name: interpolate(f.signature.image, { label: 'Visitor’s signature' }),
    });
    await signed.waitFor();
    assert.equal(
      Math.round((await signed.boundingBox())?.width ?? 0),
      150,
      'the signature is shown 150 px wide',
    );
    await expectText(page, f.notice.signatureFinal, { within: form });

    step = 'submit with an error';
    await form.getByTestId('form-submit').click();
    await expectText(page, interpolate(f.error.required, { label: q2 }));
    await checkA11y(page, { name: 'forms-renderer-375', artifacts, include: 'form' });
    await screenshot(page, artifacts, 'forms-fill-error-375-en-US');

    step = 'submit correctly';
    await form.locator('#form-field-field_2').fill('Six hours, woken twice');
    await page.waitForTimeout(2000); // the double-click guard (2 s)
    await form.getByTestId('form-submit').click();
    const confirm = page.getByRole('dialog').filter({ hasText: f.confirmSubmit });
    await confirm.waitFor();
    const first = await answered(page, 'POST', /\/public\/forms\/answer\/save$/, () =>
      confirm.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    assert.equal(first.body.code, 0, `answer saved: ${first.body.msg}`);
    assert.equal(first.body.data.outcome, 'created');
    assert.equal(first.body.data.answer.signed, true);

    step = 'amend the signed answer';
    await expectText(page, f.fill.signedNotice);
    await form.locator('#form-field-field_2').fill('Seven hours after the change');
    await page.locator('#form-amendment-reason').fill('The student corrected the hours');
    await page.waitForTimeout(2000);
    await form.getByTestId('form-submit').click();
    await confirm.waitFor();
    const second = await answered(page, 'POST', /\/public\/forms\/answer\/save$/, () =>
      confirm.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    assert.equal(second.body.code, 0, `amendment saved: ${second.body.msg}`);

    step = 'the history shows both editions';
    await page.getByTestId('form-history-toggle').click();
    const editions = page.getByTestId('form-editions');
    await editions.waitFor();
    await expectText(page, interpolate(f.history.edition, { edition: 1 }), { within: editions });
    await expectText(page, interpolate(f.history.edition, { edition: 2 }), { within: editions });
    await page.getByTestId('edition-1').click();
    await editions.locator('textarea').first().waitFor();
    assert.equal(await editions.locator('textarea').first().inputValue(), 'Six hours, woken twice');
    await screenshot(page, artifacts, 'forms-history-375-en-US');

    step = 'the admin exports the answers as CSV: the file is generating';
    await visit(adminPage, `${baseUrl}/admin/form/index`);
    await adminPage.getByTestId(`form-export-${formId}`).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByText(en.exports.formats.csv, { exact: true }).click();
    const exported = await answered(adminPage, 'POST', /\/public\/forms\/answer\/export$/, () =>
      dialog.getByRole('button', { name: en.exports.answers.submit, exact: true }).click(),
    );
    assert.equal(exported.body.code, 0, `export asked: ${exported.body.msg}`);
    assert.equal(exported.body.data.taskType, 2);
    assert.match(exported.body.data.fileName, /\.csv$/);
    await expectText(
      adminPage,
      interpolate(en.exports.generating, { fileName: exported.body.data.fileName }),
    );
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    if (page !== adminPage) await page.context().close();
    await cleanUp();
  }
}
