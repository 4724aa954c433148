import path from 'node:path';
import { counted, timed } from './costs.mjs';
import { DEMO_TENANT } from './db.mjs';

/**
 * Helpers shared by the journeys (e2e/journeys/*.journey.mjs).
 *
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('playwright-core').Locator} Locator
 * @typedef {{ dir: string, screenshot: (fileName: string) => Promise<unknown> }} Artifacts
 * @typedef {{ page: Page, baseUrl: string, artifacts: Artifacts, db: import('./db.mjs').Db }} JourneyContext
 * @typedef {{ access_token: string, refresh_token?: string, user_info: Record<string, any> } & Record<string, any>} LoginAnswer
 */

/** Demo logins (apps/server/src/seed/demo.ts; README). */
export const DEMO_ADMIN = { username: 'admin', password: 'Admin@2026' };
export const DEMO_PASSWORD = 'Demo@2026';

/** @param {string} pathname */
export const isLoginPath = (pathname) => /\/login\/?$/.test(pathname);

/**
 * Signs in through the real login form of the tenant's login page (account and password tab) and returns
 * once the app has moved on from the login page (workbench, role choice, password change, ...).
 * Works in either language: the fields are found by their autocomplete purpose, not their texts.
 * Throws with the server's message if the login is refused, and if the form asks for a captcha.
 * @param {Page} page
 * @param {string} baseUrl
 * @param {{ username: string, password: string, tenant?: string }} account
 * @returns {Promise<LoginAnswer>} the data of the token answer (tokens, user_info, ...)
 */
export async function loginAs(page, baseUrl, { username, password, tenant = DEMO_TENANT }) {
  await page.goto(`${baseUrl}/${tenant}/login`);
  const form = page.locator('form#password-login');
  await form.waitFor();
  const captcha = form.locator('#password-login_code');
  if (await captcha.isVisible()) {
    throw new Error(`loginAs(${username}): the login form asks for a captcha, which a journey cannot read`);
  }
  await form.locator('input[autocomplete="username"]').fill(username);
  await form.locator('input[autocomplete="current-password"]').fill(password);
  const [answer] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().includes('/auth/oauth/token') && response.request().method() === 'POST',
    ),
    form.locator('button[type="submit"]').click(),
  ]);
  /** @type {{ code: number, msg: string, data: LoginAnswer }} */
  const body = await answer.json();
  if (body.code !== 0) {
    throw new Error(
      `loginAs(${username}): login refused (HTTP ${answer.status()}, code ${body.code}): ${body.msg}`,
    );
  }
  await page.waitForURL((url) => !isLoginPath(url.pathname));
  return body.data;
}

/** The app's loading spinner (LoadingState in apps/web/src/shared/ui/plain/spinner.tsx). */
export const APP_SPINNER = '[role="status"][class*="_loading_"]';

/**
 * Opens a page of the app. When the page already shows the app's layout on the same origin and the address
 * is another page, the app moves there itself: a new history entry and the `popstate` the browser sends when
 * a person goes forward, which the router handles as any move between pages, with the page's data fetched
 * as on arrival. Otherwise (the login, another page outside the layout, the same page with another query,
 * another site) the address is loaded. A load of the app costs the browser four times the CPU of a move
 * inside it, and loads were most of the journeys' time (docs/decisions.md); a journey that is about the
 * address itself (a reload, a bookmark, what the layout reads at start) calls `page.goto`.
 *
 * Returns once the page that was shown has gone (hidden or removed), so the next step cannot act on it, and
 * the new one has its code and data (no request open for a moment). Toasts recorded by `watchToasts` start
 * again from none, as they would on a new load.
 * @param {Page} page
 * @param {string} url absolute, or relative to the page's address
 */
export async function visit(page, url) {
  const target = new URL(url, page.url() === 'about:blank' ? undefined : page.url());
  /** @type {Set<import('playwright-core').Request>} */
  const asking = new Set();
  /** @param {import('playwright-core').Request} request */
  const ask = (request) => {
    if (!['eventsource', 'websocket'].includes(request.resourceType())) asking.add(request);
  };
  /** @param {import('playwright-core').Request} request */
  const answered = (request) => asking.delete(request);
  page.on('request', ask);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  try {
    await moveTo(page, target, asking);
  } finally {
    page.off('request', ask);
    page.off('requestfinished', answered);
    page.off('requestfailed', answered);
  }
}

/**
 * How long no request of the page may be open before a move counts as arrived: the page has its data, and a
 * page kept from an earlier visit shows this visit's answers rather than the ones it kept.
 */
const QUIET_MS = 150;

/**
 * @param {Page} page
 * @param {URL} target
 * @param {Set<unknown>} asking the page's requests open now
 */
async function moveTo(page, target, asking) {
  // A new document shows no hover until the mouse moves; a page that appears under a resting pointer would
  // (a row's hover colour under a link changes its contrast).
  await page.mouse.move(0, 0);
  const moved = await page
    .evaluate(
      ({ origin, pathname, to }) => {
        const content = document.getElementById('main-content');
        if (location.origin !== origin || location.pathname === pathname || !content) return false;
        // Pages of other tabs stay in the document, hidden, as the layout keeps them; only the shown one leaves.
        for (const shown of content.children)
          if (shown.checkVisibility()) shown.setAttribute('data-left-by-visit', '');
        const w = /** @type {any} */ (window);
        if (w.__psyToasts) w.__psyToasts = [];
        // The router's own entry shape (`idx` one past the current), so going back works as after a click.
        const idx = (history.state?.idx ?? 0) + 1;
        history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx }, '', to);
        dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        return true;
      },
      { origin: target.origin, pathname: target.pathname, to: target.pathname + target.search + target.hash },
    )
    .catch(() => false);
  if (!moved) {
    await page.goto(target.href);
    return;
  }
  counted('moves inside the app');
  try {
    await page.waitForFunction(() => {
      const left = [...document.querySelectorAll('[data-left-by-visit]')];
      if (left.some((element) => element.checkVisibility())) return false;
      for (const element of left) element.removeAttribute('data-left-by-visit');
      return true;
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`visit(${target.pathname}): the page shown before did not go: ${reason}`);
  }
  // The app's spinner while the page's code loads (a page that keeps one up is left to the journey).
  await page
    .locator(`#main-content ${APP_SPINNER}`)
    .filter({ visible: true })
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => undefined);
  // A page kept in its tab from an earlier visit shows what it had until its data is fetched again.
  const deadline = Date.now() + 15_000;
  for (let quietSince = Date.now(); Date.now() - quietSince < QUIET_MS && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    if (asking.size) quietSince = Date.now();
  }
}

/**
 * Which screenshots a run takes (E2E_SCREENSHOTS): `all`, the default, every step's, for a person to look
 * at the screens; `failures`, only those of a failure (a name with `-failure`, and the page at a failed
 * journey's end). Nothing reads a step's screenshot, and they were 3 % of the journeys' CPU in `npm test`
 * (docs/decisions.md), so the whole suite asks for `failures`.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS ?? 'all';
if (SCREENSHOTS !== 'all' && SCREENSHOTS !== 'failures') {
  throw new Error(`E2E_SCREENSHOTS=${SCREENSHOTS}: expected all or failures`);
}

/**
 * A full-page screenshot saved as e2e/artifacts/<name>.png; with E2E_SCREENSHOTS=failures only a
 * failure's (a name with `-failure`). Answers the file, or null when none was taken.
 * @param {Page} page
 * @param {{ dir: string }} artifacts
 * @param {string} name without extension
 */
export async function screenshot(page, artifacts, name) {
  if (SCREENSHOTS === 'failures' && !name.includes('-failure')) return null;
  const file = path.join(artifacts.dir, `${name}.png`);
  await timed('full-page screenshots', () => page.screenshot({ path: file, fullPage: true }));
  return file;
}

/**
 * An accessible-name matcher for a button that has answered once: Ant Design's loading icon can linger,
 * invisible, in its leave motion after the first answer and add "loading" before the button's text, so
 * the name is matched by its end (the whole text, or the text after a space).
 * @param {string} text
 */
export function buttonName(text) {
  return new RegExp(`(^|\\s)${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
}

/**
 * Waits until the text is visible on the page (the first visible match when there are several).
 * @param {Page} page
 * @param {string | RegExp} text
 * @param {{ exact?: boolean, timeout?: number, within?: Locator }} [options] exact: whole text (default true)
 * @returns {Promise<Locator>} the matching element
 */
export async function expectText(page, text, { exact = true, timeout, within } = {}) {
  const scope = within ?? page;
  const locator = scope
    .getByText(text, typeof text === 'string' ? { exact } : {})
    .filter({ visible: true })
    .first();
  try {
    await locator.waitFor({ state: 'visible', ...(timeout === undefined ? {} : { timeout }) });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(`expected visible text ${JSON.stringify(String(text))} on ${page.url()}: ${reason}`);
  }
  return locator;
}

/**
 * Records the text of every toast the page shows from now on (antd's message and the plain toast, both in
 * live regions or `.ant-message`), also across navigations, so a journey can check a toast that comes and
 * goes (1.5 s) while the machine is busy, instead of racing to see it on screen.
 * @param {Page} page
 */
export async function watchToasts(page) {
  const install = () => {
    const w = /** @type {any} */ (window);
    if (w.__psyToasts) return;
    w.__psyToasts = [];
    const record = (/** @type {Node} */ node) => {
      const element = node instanceof Element ? node : node.parentElement;
      if (!element?.closest('.ant-message, [aria-live]')) return;
      const text = (node.textContent ?? '').trim();
      if (text) w.__psyToasts.push(text);
    };
    const start = () =>
      new MutationObserver((changes) => {
        for (const change of changes) change.addedNodes.forEach(record);
      }).observe(document.documentElement, { childList: true, subtree: true });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start);
  };
  await page.addInitScript(install);
  await page.evaluate(install);
}

/**
 * Waits until a toast with this text was shown since `watchToasts` (seen or already gone).
 * @param {Page} page
 * @param {string} text
 * @param {{ timeout?: number }} [options]
 */
export async function expectToast(page, text, { timeout = 15_000 } = {}) {
  try {
    await page.waitForFunction(
      (wanted) =>
        /** @type {string[]} */ (/** @type {any} */ (window).__psyToasts ?? []).some((shown) =>
          shown.includes(wanted),
        ),
      text,
      { timeout },
    );
  } catch (error) {
    const shown = await page.evaluate(() => /** @type {any} */ (window).__psyToasts ?? []).catch(() => []);
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new Error(
      `expected a toast ${JSON.stringify(text)} on ${page.url()} (toasts seen: ${JSON.stringify(shown)}): ${reason}`,
    );
  }
}

/**
 * Picks a language in the 中文 / English switch by clicking its option (the label around the radio, so it
 * works whether the radio or its text is on top). `text` is the option as shown, e.g. zh.language['en-US'].
 * @param {Page | Locator} scope the page, or a part of it such as the top bar
 * @param {string} text
 */
export async function chooseLanguage(scope, text) {
  const exactly = new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
  await scope.locator('label').filter({ hasText: exactly }).first().click();
}
