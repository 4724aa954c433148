import assert from 'node:assert/strict';
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';

/**
 * A signed GET as docs/api.md describes it, so a refusal means the token, not the signature.
 * @param {string} pathWithQuery
 * @param {string} token
 */
function signedHeaders(pathWithQuery, token) {
  const ts = String(Date.now());
  const id = randomUUID().replaceAll('-', '');
  const canonical = ['GET', pathWithQuery, ts, id, createHash('sha256').update('').digest('hex')].join('\n');
  const key = createHash('sha256').update(token).digest('hex');
  return {
    authorization: `Bearer ${token}`,
    'x-timestamp': ts,
    'x-request-id': id,
    'x-sign': createHmac('sha256', key).update(canonical).digest('hex'),
  };
}

export const name = '[spec:S0.2.3] login page renders in both languages';

/** Demo seed (apps/server/src/seed/demo.ts). */
const DEMO_TENANT = 'demo';
const DEMO_ADMIN = { username: 'admin', password: 'Admin@2026' };

/**
 * @param {{ page: import('playwright-core').Page, baseUrl: string, artifacts: { screenshot: (fileName: string) => Promise<unknown> } }} journey
 */
export async function run({ page, baseUrl, artifacts }) {
  const zh = readCatalogue('zh-CN');
  const en = readCatalogue('en-US');

  // Chinese by default, with the tenant's own title from its page setup.
  // Promise.all: if the page never loads, the pending wait fails with it instead of on its own.
  const [pageSetupAnswer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/admin/pageSetup/findPageSetupByTenantId/')),
    page.goto(`${baseUrl}/${DEMO_TENANT}/login`),
  ]);
  const pageSetup = await pageSetupAnswer.json();
  assert.equal(pageSetup.code, 0, `page setup refused: ${pageSetup.msg}`);
  const systemTitle = pageSetup.data.systemTitle;
  assert.ok(systemTitle, 'the demo tenant has a system title');
  await page.getByTestId('system-title').getByText(systemTitle, { exact: true }).waitFor();
  await page.getByRole('button', { name: zh.login.submit, exact: true }).waitFor();
  await page.getByPlaceholder(zh.login.username.placeholder, { exact: true }).waitFor();
  await page.getByPlaceholder(zh.login.password.placeholder, { exact: true }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'zh-CN');
  const browserTitle = pageSetup.data.browserTitle || systemTitle;
  assert.equal(await page.title(), browserTitle, 'the tab title is the tenant browser title');
  await artifacts.screenshot('login-zh-CN.png');

  // Switch to English: the form follows, and the choice is remembered.
  await page.getByText(zh.language['en-US'], { exact: true }).click();
  await page.getByRole('button', { name: en.login.submit, exact: true }).waitFor();
  await page.getByText(en.login.heading, { exact: true }).waitFor();
  const username = page.getByPlaceholder(en.login.username.placeholder, { exact: true });
  const password = page.getByPlaceholder(en.login.password.placeholder, { exact: true });
  await username.waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('psy-lang')), 'en-US');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-US');
  await artifacts.screenshot('login-en-US.png');

  // The spec's English validation wording [spec:S0.5.1].
  await username.fill('a');
  await page.getByRole('button', { name: en.login.submit, exact: true }).click();
  await page.getByText(en.login.username.length, { exact: true }).waitFor();
  await page.getByText(en.login.password.required, { exact: true }).waitFor();

  // Log in as the demo administrator and land on the workbench.
  if (await page.getByPlaceholder(en.login.captcha.placeholder, { exact: true }).isVisible()) {
    throw new Error('the demo tenant asks for a captcha at login, which a journey cannot read');
  }
  await username.fill(DEMO_ADMIN.username);
  await password.fill(DEMO_ADMIN.password);
  const [tokenAnswer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/auth/oauth/token')),
    page.getByRole('button', { name: en.login.submit, exact: true }).click(),
  ]);
  const token = await tokenAnswer.json();
  assert.equal(token.code, 0, `login refused: ${token.msg}`);
  const realName = token.data.user_info.realName;
  await page.waitForURL('**/wel/index');
  await page
    .getByTestId('signed-in-as')
    .getByText(interpolate(en.home.signedInAs, { realName }), { exact: true })
    .waitFor();
  await page.getByTestId('role-list').waitFor();
  await page.getByRole('button', { name: en.home.logout }).waitFor();
  await artifacts.screenshot('home-en-US.png');

  // Log out with the confirm [spec:S0.8.10]: the token is revoked and the tenant's login page returns.
  const accessToken = token.data.access_token;
  await page.getByRole('button', { name: en.home.logout }).click();
  await page.locator('.ant-modal-confirm-title').getByText(en.home.logoutConfirm, { exact: true }).waitFor();
  const [logoutAnswer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/auth/token/logout')),
    page.getByRole('button', { name: en.home.confirm, exact: true }).click(),
  ]);
  assert.equal((await logoutAnswer.json()).code, 0, 'logout accepted');
  await page.waitForURL(/\/login/);
  await page.getByRole('button', { name: en.login.submit, exact: true }).waitFor();
  const after = await page.request.get(`${baseUrl}/auth/token/ping`, {
    headers: signedHeaders('/auth/token/ping', accessToken),
  });
  assert.equal(after.status(), 401, 'the revoked token no longer works');
  assert.doesNotMatch(
    (await after.json()).msg,
    /signature|replayed/,
    'refused for the token, not the signature',
  );
}
