import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_ADMIN, expectText, loginAs, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.4.2] [spec:S0.5.9] [spec:S0.2.7] lock screen: a lock password is required, /lock refuses a wrong one, unlocks with the right one, logging in clears it';

const zh = readCatalogue('zh-CN');
const en = readCatalogue('en-US');
const LOCK_PASSWORD = 'Lock#2026';

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  const a11yFailures = /** @type {string[]} */ ([]);
  /** @param {string} label */
  const a11y = async (label) => {
    // Not over a button: a hover colour is not what the page looks like.
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: label, artifacts }).catch((/** @type {Error} */ e) =>
      a11yFailures.push(e.message),
    );
  };

  const login = await signInToShell(page, baseUrl, { lang: 'zh-CN' });
  const realName = String(login.user_info.realName);
  const banner = page.getByRole('banner');

  // The lock button asks for a lock password first; an empty one is refused with the spec's message.
  await banner.getByRole('button', { name: zh.lock.lockScreen, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: zh.lock.setPassword });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: zh.lock.lock, exact: true }).click();
  await expectText(page, zh.lock.passwordRequired, { within: dialog });
  await dialog.getByLabel(zh.lock.password, { exact: true }).fill('   ');
  await dialog.getByRole('button', { name: zh.lock.lock, exact: true }).click();
  await expectText(page, zh.lock.passwordRequired, { within: dialog });
  assert.ok(new URL(page.url()).pathname.startsWith('/wel'), 'still on the workbench');
  await screenshot(page, artifacts, 'lock-password-required-zh-CN');

  // With a password the app goes to /lock, which shows whose session it is.
  await dialog.getByLabel(zh.lock.password, { exact: true }).fill(LOCK_PASSWORD);
  await dialog.getByRole('button', { name: zh.lock.lock, exact: true }).click();
  await page.waitForURL('**/lock');
  await expectText(page, realName);
  await expectText(page, zh.lock.locked);
  const stored = await page.evaluate(() => sessionStorage.getItem('psy-lock') ?? '');
  assert.ok(stored && !stored.includes(LOCK_PASSWORD), 'only a hash of the lock password is kept');

  // While locked, the address of a signed-in page leads back to the lock screen.
  await page.goto(`${baseUrl}/wel/index`);
  await page.waitForURL('**/lock');

  // A wrong password is refused; the screen stays locked.
  const password = page.getByLabel(zh.lock.password, { exact: true });
  await password.fill('not-the-password');
  await page.getByRole('button', { name: zh.lock.unlock }).click();
  await expectText(page, zh.lock.wrongPassword);
  assert.equal(new URL(page.url()).pathname, '/lock');
  await page.mouse.move(0, 0);
  await screenshot(page, artifacts, 'lock-zh-CN');
  await a11y('lock-zh-CN');

  // The same page in English.
  await page.getByText(zh.language['en-US'], { exact: true }).click();
  await expectText(page, en.lock.locked);
  await page.getByRole('button', { name: en.lock.unlock }).waitFor();
  await page.getByRole('button', { name: en.home.logout }).waitFor();
  await page.getByLabel(en.lock.password, { exact: true }).fill('still-wrong');
  await page.getByRole('button', { name: en.lock.unlock }).click();
  await expectText(page, en.lock.wrongPassword);
  await page.mouse.move(0, 0);
  await screenshot(page, artifacts, 'lock-en-US');
  await a11y('lock-en-US');

  // The right password returns to the page the user locked from.
  await page.getByLabel(en.lock.password, { exact: true }).fill(LOCK_PASSWORD);
  await page.getByRole('button', { name: en.lock.unlock }).click();
  await page.waitForURL('**/wel/index');
  await banner.waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('psy-lock')), null, 'the lock is gone');

  // Lock again, then log out from the lock screen: the login page; logging in clears the lock.
  await banner.getByRole('button', { name: en.lock.lockScreen, exact: true }).click();
  const enDialog = page.getByRole('dialog', { name: en.lock.setPassword });
  await enDialog.getByRole('button', { name: en.lock.lock, exact: true }).click();
  await expectText(page, en.lock.passwordRequired, { within: enDialog });
  await enDialog.getByLabel(en.lock.password, { exact: true }).fill(LOCK_PASSWORD);
  await enDialog.getByRole('button', { name: en.lock.lock, exact: true }).click();
  await page.waitForURL('**/lock');
  await page.getByRole('button', { name: en.home.logout }).click();
  await expectText(page, en.lock.logoutConfirm);
  await page.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await page.waitForURL((url) => url.pathname.endsWith('/login'));
  await loginAs(page, baseUrl, DEMO_ADMIN);
  await page.waitForFunction(
    () => window.location.pathname !== '/lock' && !window.location.pathname.endsWith('/login'),
  );
  assert.notEqual(new URL(page.url()).pathname, '/lock', 'logging in cleared the lock');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('psy-lock')), null);

  assert.deepEqual(a11yFailures, [], a11yFailures.join('\n'));
}
