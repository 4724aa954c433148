import { readCatalogue } from './catalogues.mjs';
import { counted } from './costs.mjs';
import { DEMO_TENANT } from './db.mjs';
import { DEMO_ADMIN, isLoginPath, loginAs } from './journey.mjs';

/**
 * @typedef {{ session: Record<string, string>, local: Record<string, string> }} KeptStorage
 * @typedef {{ storage: KeptStorage, answer: import('./journey.mjs').LoginAnswer, lent: boolean }} KeptSignIn
 */

/**
 * People signed in through the login page earlier in this run, per site, school, account and language: what
 * the tab kept of the login (`SESSION_KEYS`, `LOCAL_KEYS`) and the login's answer. A later `signInToShell`
 * of the same person in another browser context starts from it, as a person who opens the app in a tab that
 * is already signed in: one load of the landing page instead of the login page, the role page and the
 * reload that page asks for (an administrator's sign-in cost the browser about 2.2 CPU-seconds, a load of a
 * page about 0.8; docs/decisions.md).
 *
 * A kept session is lent to one context at a time (a second browser of the same person at the same time
 * signs in through the login page) and comes back when that context closes. One the server no longer takes
 * (logged out, a password reset or a forced logout ended it) is dropped, and the person signs in through the
 * login page again. The journeys about signing in (`loginAs`) always use the login page.
 * @type {Map<string, KeptSignIn>}
 */
const signedIn = new Map();

/**
 * What a sign-in leaves in the tab (shared/session/session-store.ts): the session and the chosen role in
 * sessionStorage, the language and the school in localStorage. Nothing else is carried over (the tabs, the
 * dialogs seen, the client's error log), so a resumed session starts as a new sign-in does.
 */
const SESSION_KEYS = ['psy-session', 'psy-role-id'];
const LOCAL_KEYS = ['psy-lang', 'psy-tenant'];

/**
 * Signs in (the demo administrator by default) in the given language and returns once the workbench of the
 * layout shows. When the account has several roles and the school asks for one per login, the first
 * usable role of the role-selection page is chosen. A person signed in earlier in the run resumes that
 * session instead (see `signedIn`).
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
  const key = JSON.stringify([new URL(baseUrl).origin, tenant, account.username, account.password, lang]);
  const kept = signedIn.get(key);
  if (kept && !kept.lent) {
    if (await resume(page, baseUrl, kept, to)) {
      lend(page, kept);
      counted('sign-ins resumed');
      return kept.answer;
    }
    signedIn.delete(key);
  }
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
  counted('sign-ins through the login page');
  const storage = await page.evaluate(
    ({ sessionKeys, localKeys }) => {
      /** @param {Storage} area @param {string[]} keys @returns {Record<string, string>} */
      const pick = (area, keys) => {
        /** @type {Record<string, string>} */
        const kept = {};
        for (const name of keys) {
          const value = area.getItem(name);
          if (value !== null) kept[name] = value;
        }
        return kept;
      };
      return { session: pick(sessionStorage, sessionKeys), local: pick(localStorage, localKeys) };
    },
    { sessionKeys: SESSION_KEYS, localKeys: LOCAL_KEYS },
  );
  const entry = { storage, answer, lent: false };
  signedIn.set(key, entry);
  lend(page, entry);
  return answer;
}

/** Marks a kept session as in use until the page's context closes. */
function lend(/** @type {import('playwright-core').Page} */ page, /** @type {KeptSignIn} */ entry) {
  entry.lent = true;
  page.context().once('close', () => (entry.lent = false));
}

/**
 * Puts a kept session into the page's tab and loads the landing page; answers whether the server took the
 * session (its first look at the signed-in user answered), the layout showing the landing page.
 * @param {import('playwright-core').Page} page
 * @param {string} baseUrl
 * @param {KeptSignIn} kept
 * @param {string} [to]
 */
async function resume(page, baseUrl, kept, to = '/wel/index') {
  await page.evaluate(({ session, local }) => {
    // The tab's own state of an earlier sign-in (tabs, dialogs seen) goes, as a new login leaves none.
    for (const name of Object.keys(sessionStorage))
      if (name.startsWith('psy-')) sessionStorage.removeItem(name);
    for (const [name, value] of Object.entries(session)) sessionStorage.setItem(name, value);
    for (const [name, value] of Object.entries(local)) localStorage.setItem(name, value);
  }, kept.storage);
  const looked = page
    .waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/admin/user/info' && response.request().method() === 'GET',
      { timeout: 15_000 },
    )
    .catch(() => null);
  await page.goto(new URL(to, baseUrl).href);
  const response = await looked;
  /** @type {{ code?: number }} */
  const body = response?.ok() ? await response.json().catch(() => ({})) : {};
  if (body.code !== 0) {
    // The app goes to the login page itself; the caller signs in there.
    await page.waitForURL((url) => isLoginPath(url.pathname), { timeout: 5000 }).catch(() => undefined);
    return false;
  }
  await landedOn(page, to);
  return true;
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
  await landedOn(page, landing);
}

/**
 * Waits until the layout shows `landing` (path and query).
 * @param {import('playwright-core').Page} page
 * @param {string} landing
 */
async function landedOn(page, landing) {
  await page.waitForURL((url) => url.pathname + url.search === landing);
  await page.getByRole('banner').waitFor();
}
