import { readCatalogue } from './catalogues.mjs';
import { DEMO_TENANT } from './db.mjs';
import { DEMO_ADMIN, loginAs } from './journey.mjs';

/**
 * Signs in (the demo administrator by default) in the given language and returns once the workbench of the
 * layout shows. When the account has several roles and the school asks for one per login, the first
 * usable role of the role-selection page is chosen.
 *
 * `to`: an address of the app (path and query) to land on instead of the workbench, as after opening a
 * bookmark while signed out: the login follows the jump address the app keeps for it (spec S0.2), so the
 * workbench is not built only to be left.
 * @param {import('playwright-core').Page} page
 * @param {string} baseUrl
 * @param {{ lang?: 'zh-CN' | 'en-US', account?: { username: string, password: string }, tenant?: string, to?: string }} [options]
 * @returns {Promise<import('./journey.mjs').LoginAnswer>}
 */
export async function signInToShell(
  page,
  baseUrl,
  { lang = 'zh-CN', account = DEMO_ADMIN, tenant = DEMO_TENANT, to } = {},
) {
  // The language is stored on the origin before the login page loads, from a static file of the site rather
  // than from a first load of the app (every load of the app costs the browser more than half a second).
  if (new URL(page.url(), baseUrl).origin !== new URL(baseUrl).origin)
    await page.goto(`${baseUrl}/favicon.svg`);
  await page.evaluate(
    ({ value, jump }) => {
      localStorage.setItem('psy-lang', value);
      // Where the app's saveLoginRedirect keeps the page that asked for a login (shared/session/session-store.ts).
      if (jump) sessionStorage.setItem('psy-redirect', JSON.stringify(jump));
    },
    { value: lang, jump: to ?? null },
  );
  const answer = await loginAs(page, baseUrl, { ...account, tenant });
  await chooseRoleIfAsked(page, lang, to);
  return answer;
}

/**
 * After a login: when the layout sends the user to the role selection (several roles, one per login), the
 * first usable role is chosen; returns once the layout shows the workbench (or `landing`, path and query).
 * @param {import('playwright-core').Page} page
 * @param {'zh-CN' | 'en-US'} lang the language the page is in
 * @param {string} [landing] where the login goes, when not to the workbench
 */
export async function chooseRoleIfAsked(page, lang, landing = '/wel/index') {
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
  await page.waitForURL((url) => url.pathname + url.search === landing);
  await page.getByRole('banner').waitFor();
}
