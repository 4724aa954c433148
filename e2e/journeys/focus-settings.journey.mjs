import assert from 'node:assert/strict';
import { checkA11y as checkPage } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { buttonName, expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S1.7.7] [spec:S0.7.21] focus-settings: the admin opens the key-person settings, adds a focus category with a name the list has (refused on the name field) then a new one, switches it off (no longer offered), deletes it after confirming, and the page fits a 375 px screen';
export const needsDb = true;

const en = readCatalogue('en-US');
const f = en.focusSettings;

/** @typedef {import('playwright-core').Page} Page */

/** The axe check with the pointer out of the way. @param {Page} page @param {Parameters<typeof checkPage>[1]} options */
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
  const nameEn = `E2E category ${stamp}`;
  const nameZh = `端到端类别${stamp}`;
  const cleanUp = () =>
    db.query('delete from focus_setting where tenant_id = $1 and name_en = $2', [tenantId, nameEn]);

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
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/focusperson/setting/index' });

    step = '1 the page with its tabs; the focus categories hold the defaults';
    await expectText(page, f.title);
    await expectText(page, 'Self-referral');
    await page.getByRole('tab', { name: f.types.focusCategory, exact: true }).click();
    await expectText(page, 'Psychological problem');
    const {
      rows: [existing],
    } = await db.query(
      `select name from focus_setting where tenant_id = $1 and type = 4 and deleted_at is null order by sort, id limit 1`,
      [tenantId],
    );
    assert.ok(existing, 'the school has focus categories');
    await screenshot(page, artifacts, 'focus-settings-en-US');
    await checkA11y(page, { name: 'focus-settings-en-US', artifacts, include: '#main-content' });

    step = '2 a name the list has is refused on its field';
    await page.getByTestId('focus-setting-add').click();
    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: interpolate(f.dialogAddTitle, { type: f.types.focusCategory }) });
    await dialog.waitFor();
    await dialog.getByLabel(f.fields.name, { exact: true }).fill(existing.name);
    await dialog.getByLabel(f.fields.nameEn, { exact: true }).fill(nameEn);
    const refused = await answered(page, 'POST', '/biz/focus/setting/insert', () =>
      dialog.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    const nameItem = dialog
      .locator('.ant-form-item')
      .filter({ has: page.getByLabel(f.fields.name, { exact: true }) });
    await nameItem.locator('.ant-form-item-explain-error').first().waitFor();
    await screenshot(page, artifacts, 'focus-settings-name-error-en-US');
    await checkA11y(page, { name: 'focus-settings-dialog-en-US', artifacts, include: '.ant-modal' });

    step = '3 a new name is added';
    await dialog.getByLabel(f.fields.name, { exact: true }).fill(nameZh);
    // Editing the field clears the server's error; the buttons move up once its message has gone.
    await nameItem.locator('.ant-form-item-explain-error').waitFor({ state: 'detached' });
    // Found by the end of its name: the loading icon of the first answer can linger (buttonName).
    const created = await answered(page, 'POST', '/biz/focus/setting/insert', () =>
      dialog.getByRole('button', { name: buttonName(en.common.confirm) }).click(),
    );
    assert.equal(created.body.code, 0, JSON.stringify(created.body));
    const id = created.body.data.id;
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, nameEn);

    step = '4 switched off, it is no longer offered';
    const toggle = page.getByTestId(`focus-setting-switch-${id}`);
    assert.equal(await toggle.getAttribute('aria-checked'), 'true');
    const switched = await answered(page, 'POST', '/biz/focus/setting/edit', () => toggle.click());
    assert.equal(switched.body.code, 0, JSON.stringify(switched.body));
    assert.equal(switched.body.data.status, 0);
    await expectText(page, f.switchedOff);
    const {
      rows: [stored],
    } = await db.query('select status from focus_setting where tenant_id = $1 and id = $2', [tenantId, id]);
    assert.equal(stored?.status, 0, 'the switch is stored');

    step = '5 deleted after confirming';
    await page.getByTestId(`focus-setting-delete-${id}`).click();
    const confirm = page
      .getByRole('dialog')
      .filter({ hasText: interpolate(f.confirmDelete, { name: nameEn }) });
    await confirm.waitFor();
    const deleted = await answered(page, 'DELETE', '/biz/focus/setting', () =>
      confirm.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    assert.equal(deleted.body.code, 0, JSON.stringify(deleted.body));
    await expectText(page, f.deleted);
    await page.getByTestId(`focus-setting-switch-${id}`).waitFor({ state: 'detached' });
    const {
      rows: [gone],
    } = await db.query('select deleted_at from focus_setting where tenant_id = $1 and id = $2', [
      tenantId,
      id,
    ]);
    assert.ok(gone?.deleted_at, 'the entry is marked deleted');

    step = '6 the page at 375 px';
    await page.setViewportSize({ width: 375, height: 780 });
    await page.reload();
    await expectText(page, f.title);
    await expectText(page, 'Self-referral');
    // A phone chooses the list with a select instead of the tab bar.
    await page.getByRole('combobox', { name: f.listLabel, exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: f.types.talkTopic }).click();
    await expectText(page, 'Study pressure');
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    // The page's own content (the shell's header is the layout's business).
    assert.ok(
      await page.evaluate(() => {
        const main = document.querySelector('#main-content');
        return main !== null && main.scrollWidth <= window.innerWidth + 1;
      }),
      'the page content is not wider than a 375 px screen',
    );
    await screenshot(page, artifacts, 'focus-settings-en-US-375');
    await checkA11y(page, { name: 'focus-settings-en-US-375', artifacts, include: '#main-content' });
  }
}
