import { readCatalogue } from './catalogues.mjs';
import { DEMO_TENANT } from './db.mjs';
import { DEMO_ADMIN, loginAs } from './journey.mjs';

/**
 * Signs in (the demo administrator by default) in the given language and returns once the workbench of the
 * layout shows. When the account has several roles and the school asks for one per login, the first
 * usable role of the role-selection page is chosen.
 * @param {import('playwright-core').Page} page
 * @param {string} baseUrl
 * @param {{ lang?: 'zh-CN' | 'en-US', account?: { username: string, password: string }, tenant?: string }} [options]
 * @returns {Promise<import('./journey.mjs').LoginAnswer>}
 */
export async function signInToShell(
  page,
  baseUrl,
  { lang = 'zh-CN', account = DEMO_ADMIN, tenant = DEMO_TENANT } = {},
) {
  // The language is stored on the origin before the login page loads, from a static file of the site rather
  // than from a first load of the app (every load of the app costs the browser more than half a second).
  if (new URL(page.url(), baseUrl).origin !== new URL(baseUrl).origin)
    await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate((value) => localStorage.setItem('psy-lang', value), lang);
  const answer = await loginAs(page, baseUrl, { ...account, tenant });
  await chooseRoleIfAsked(page, lang);
  return answer;
}

/**
 * After a login: when the layout sends the user to the role selection (several roles, one per login), the
 * first usable role is chosen; returns once the workbench of the layout shows.
 * @param {import('playwright-core').Page} page
 * @param {'zh-CN' | 'en-US'} lang the language the page is in
 */
export async function chooseRoleIfAsked(page, lang) {
  await page.waitForFunction(
    () =>
      window.location.pathname === '/role-select' ||
      document.querySelector('header.ant-layout-header') !== null,
  );
  if (new URL(page.url()).pathname === '/role-select') {
    const texts = readCatalogue(lang);
    const roles = page.getByRole('radiogroup', { name: texts.roles.chooseTitle }).getByRole('radio');
    await roles.and(page.locator(':enabled')).first().click();
    await page.getByRole('button', { name: texts.common.confirm, exact: true }).click();
  }
  await page.waitForURL('**/wel/index');
  await page.getByRole('banner').waitFor();
}
