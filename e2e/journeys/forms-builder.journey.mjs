import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.3.35] [spec:S0.3.36] [spec:S0.2.14] forms builder: an admin adds a rich-text item and a pattern rule with its message, a checkbox limited to one choice with an option switched off and a renamed read-only e-mail field (seen in the live preview), saves, reopens the form and finds every setting; the user-profile template opens in the builder at /user_manage/resetFields';
export const needsDb = true;

const en = readCatalogue('en-US');
const a = en.formAdmin;
const p = a.props;

/** @typedef {import('playwright-core').Page} Page */

/** Picks an option of an Ant Design select. @param {Page} page */
async function choose(
  page,
  /** @type {import('playwright-core').Locator} */ select,
  /** @type {string} */ option,
) {
  await select.click();
  // By its exact title ('Text' is also part of 'Rich text'); closed dropdowns stay in the page, hidden.
  // The list is virtual and opens at the last active option: walk it with the keyboard until rendered.
  const wanted = page.locator(`.ant-select-item-option[title="${option}"]:visible`).first();
  for (let i = 0; i < 40 && (await wanted.count()) === 0; i += 1) {
    await page.keyboard.press(i < 20 ? 'ArrowDown' : 'ArrowUp');
  }
  await wanted.click();
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser('admin');
  const tenantId = admin.tenantId;
  const stamp = Date.now().toString(36).slice(-5);
  const formName = `E2E builder ${stamp}`;
  const richText = `I confirm ${stamp}`;
  const pattern = '^[A-Z]{3}$';
  const message = `Three capitals ${stamp}`;
  const cleanUp = async () => {
    const { rows } = await db.query(`select id from form where tenant_id = $1 and name->>'en-US' = $2`, [
      tenantId,
      formName,
    ]);
    for (const { id } of rows) {
      await db.query('delete from form_version where tenant_id = $1 and form_id = $2', [tenantId, id]);
      await db.query('delete from form where tenant_id = $1 and id = $2', [tenantId, id]);
    }
  };

  let step = 'sign in as the admin';
  try {
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/admin/form/index' });

    step = 'build a form with a rich-text item and a pattern rule';
    await page.getByTestId('form-create').click();
    await page.locator('#form-name-en').fill(formName);
    await choose(page, page.locator('#form-blank-type'), a.type.richTxt);
    await page.getByTestId('blank-add').click();
    const rich = page.getByTestId('cfg-rich');
    // The new item's type is 'text' by default.
    assert.equal(await rich.getByTestId('rich-type').textContent(), a.rich.type.text);
    await rich.getByTestId('rich-add').click();
    // The blank rich text has three items (text, input, full stop); the new text is the fourth.
    await rich.getByLabel(interpolate(a.rich.contentEn, { n: 4 })).fill(richText);
    await page.locator('.ant-card', { hasText: a.preview }).getByText(richText).waitFor();

    await choose(page, page.locator('#form-blank-type'), a.type.input);
    await page.getByTestId('blank-add').click();
    await page.locator('#cfg-field_2-en').fill(`Code ${stamp}`);
    await page.getByTestId('rule-add').click();
    await page.getByTestId('rule-pattern-0').fill(pattern);
    await page.getByLabel(interpolate(a.rules.messageEn, { n: 1 })).fill(message);

    step = 'a checkbox with one choice at most and an option switched off';
    const feelings = `Feelings ${stamp}`;
    await choose(page, page.locator('#form-blank-type'), a.type.checkbox);
    await page.getByTestId('blank-add').click();
    await page.locator('#cfg-field_3-en').fill(feelings);
    await page.getByTestId('option-add').click();
    await page.getByTestId('option-use-2').click();
    await page.getByTestId('cfg-limit').fill('1');
    const preview = page.locator('.ant-card').filter({
      has: page.locator('.ant-card-head-title', { hasText: a.preview }),
    });
    const box = (/** @type {string} */ text) =>
      preview.locator('label', { hasText: text }).locator('input[type="checkbox"]');
    assert.equal(await box('Option 2').isDisabled(), true, 'the switched-off option is not offered');
    await box('Option 1').check();
    await box(a.newOption).check();
    await expectText(page, interpolate(en.forms.error.limit, { label: feelings, max: 1 }));

    step = 'a read-only e-mail field';
    await choose(page, page.locator('#form-blank-type'), a.type.input);
    await page.getByTestId('blank-add').click();
    await page.locator('#cfg-field_4-en').fill(`Mail ${stamp}`);
    await page.getByTestId('cfg-prop').fill('contactMail');
    await page.getByTestId('cfg-rename').click();
    await page.getByTestId('column-contactMail').waitFor();
    await page.getByTestId('cfg-readonly').click();
    await choose(page, page.getByTestId('cfg-format'), p.formats.email);
    await preview.getByRole('textbox', { name: `Mail ${stamp}` }).waitFor();
    assert.equal(
      await preview.getByRole('textbox', { name: `Mail ${stamp}` }).isDisabled(),
      true,
      'read-only in the preview',
    );
    await screenshot(page, artifacts, 'forms-builder-settings-en-US');
    await checkA11y(page, { name: 'forms-builder-settings', artifacts, include: 'main' });

    step = 'save';
    const [answer] = await Promise.all([
      page.waitForResponse(
        (r) => /\/public\/forms\/ite$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST',
      ),
      page.getByTestId('form-save').filter({ visible: true }).click(),
    ]);
    const saved = await answer.json();
    assert.equal(saved.code, 0, `form saved: ${saved.msg}`);
    const formId = saved.data.form.id;
    await expectText(page, interpolate(a.saved, { version: 1 }));

    step = 'reopen and find both settings';
    await page.reload();
    await page.getByTestId(`form-edit-${formId}`).click();
    await page.getByTestId('column-field_1').click();
    const reopened = page.getByTestId('cfg-rich');
    assert.equal(
      await reopened.getByLabel(interpolate(a.rich.contentEn, { n: 4 })).inputValue(),
      richText,
      'the rich-text item is kept',
    );
    await page.getByTestId('column-field_2').click();
    assert.equal(await page.getByTestId('rule-pattern-0').inputValue(), pattern, 'the pattern is kept');
    assert.equal(
      await page.getByLabel(interpolate(a.rules.messageEn, { n: 1 })).inputValue(),
      message,
      'the message is kept',
    );

    await page.getByTestId('column-field_3').click();
    assert.equal(await page.getByTestId('cfg-limit').inputValue(), '1', 'the limit is kept');
    assert.equal(
      await page.getByTestId('option-use-2').getAttribute('aria-checked'),
      'false',
      'the option stays switched off',
    );
    await page.getByTestId('column-contactMail').click();
    assert.equal(await page.getByTestId('cfg-prop').count(), 0, 'a saved field keeps its name');
    assert.equal(
      await page.getByTestId('cfg-readonly').getAttribute('aria-checked'),
      'true',
      'read-only kept',
    );
    assert.equal(await page.getByTestId('cfg-format').textContent(), p.formats.email, 'the format is kept');
    const reopenedPreview = page.locator('.ant-card').filter({
      has: page.locator('.ant-card-head-title', { hasText: a.preview }),
    });
    assert.equal(await reopenedPreview.getByRole('textbox', { name: `Mail ${stamp}` }).isDisabled(), true);

    step = 'the options editor on a phone-sized screen';
    const wide = page.viewportSize();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByTestId('column-field_3').click();
    await page.getByTestId('option-use-2').scrollIntoViewIfNeeded();
    await screenshot(page, artifacts, 'forms-builder-options-375');
    const wider = await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
    );
    assert.deepEqual(wider, [], 'no sideways scrolling at 375 px');
    if (wide) await page.setViewportSize(wide);

    step = 'the user-profile template opens in the builder';
    await visit(page, `${baseUrl}/user_manage/resetFields`);
    await page.getByTestId('column-realName').waitFor();
    await page.getByTestId('form-save').filter({ visible: true }).waitFor();
    await screenshot(page, artifacts, 'forms-user-profile-template-en-US');

    step = 'a reorder is an unsaved change: leaving asks first; Stay keeps the draft, Leave goes';
    await page
      .getByRole('button', { name: /^Move .+ down$/ })
      .first()
      .click();
    const home = page.getByRole('button', { name: en.layout.workbench, exact: true });
    const ask = page.getByRole('dialog').filter({ hasText: en.unsavedChanges.title });
    await home.click();
    await ask.waitFor();
    await ask.getByRole('button', { name: en.unsavedChanges.stay }).click();
    await ask.waitFor({ state: 'hidden' });
    assert.ok(new URL(page.url()).pathname.endsWith('/user_manage/resetFields'), 'still on the template');
    await home.click();
    await ask.waitFor();
    await ask.getByRole('button', { name: en.unsavedChanges.leave }).click();
    await page.waitForURL((url) => !url.pathname.endsWith('/user_manage/resetFields'));
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    await cleanUp();
  }
}
