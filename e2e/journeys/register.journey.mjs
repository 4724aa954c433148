import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';

export const name =
  '[spec:S0.7.11] registration: the login page links to /register for a school with a registrable user type; the form checks its fields';

const en = readCatalogue('en-US');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  await page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
  await page.evaluate(() => localStorage.setItem('psy-lang', 'en-US'));
  await page.reload();
  await page.getByRole('link', { name: en.register.link, exact: true }).click();
  await page.waitForURL(/\/register\?shortName=/);
  const form = page.locator('form#register');
  await form.waitFor();
  await checkA11y(page, { name: 'register', artifacts });

  // Submitting empty shows the required messages; a weak password gets the password rules.
  await form.getByRole('button', { name: en.register.submit }).click();
  await expectText(page, en.register.usernameRequired);
  await expectText(page, en.register.deptRequired);
  await form.getByLabel(en.register.password, { exact: true }).fill('short');
  await form.getByLabel(en.register.phone, { exact: true }).fill('1234');
  await form.getByRole('button', { name: en.register.submit }).click();
  await expectText(page, en.userProfile.phoneInvalid);
  assert.equal(new URL(page.url()).pathname, '/register');

  await page.setViewportSize({ width: 375, height: 900 });
  await screenshot(page, artifacts, 'register-375-en-US');
}
