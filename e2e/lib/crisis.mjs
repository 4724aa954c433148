import { acceptAgreement, agreementDuring } from './agreement.mjs';
import { DEMO_PASSWORD } from './journey.mjs';
import { signInToShell } from './shell.mjs';

/**
 * Helpers of the crisis journeys (docs/crisis.md 12): people of the demo school's warning network in
 * browsers of their own, and the escalation job run at once.
 *
 * @typedef {import('playwright-core').Page} Page
 * @typedef {import('./db.mjs').Db} Db
 */

/**
 * A second person at their own browser (a context of the journey's browser), signed in to the workbench.
 * @param {Page} page the journey's page (its browser is used)
 * @param {string} baseUrl
 * @param {string} username a demo login (password Demo@2026)
 * @param {{ lang?: 'zh-CN' | 'en-US', phone?: boolean, to?: string }} [options] phone: a 375 x 812 touch screen;
 *   to: the page to land on after signing in (signInToShell)
 */
export async function openAs(page, baseUrl, username, { lang = 'zh-CN', phone = false, to } = {}) {
  const browser = page.context().browser();
  if (!browser) throw new Error('openAs: the journey page has no browser');
  const context = await browser.newContext(
    phone
      ? { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: lang }
      : { viewport: { width: 1440, height: 900 }, locale: lang },
  );
  context.setDefaultTimeout(15_000);
  const other = await context.newPage();
  const [, agreement] = await agreementDuring(other, () =>
    signInToShell(other, baseUrl, { lang, account: { username, password: DEMO_PASSWORD }, to }),
  );
  // The demo school asks students to accept its agreement first (start-up dialog, spec S0.4.1).
  if (agreement?.mustAgree) {
    await acceptAgreement(other, agreement, lang);
    agreedBy.add(username);
  }
  return other;
}

/** The people whose start-up agreement a crisis journey accepted (to remove it afterwards). */
/** @type {Set<string>} */
export const agreedBy = new Set();

/**
 * Runs the record's waiting escalation job now instead of at its deadline: the job's row is moved to
 * now and the queue woken (`job_wake`), the same path the job takes at its time. Resolves once the
 * record has reached `level` (the ladder level the step moves it to).
 * @param {Db} db
 * @param {number} tenantId
 * @param {number} recordId
 * @param {number} level
 */
export async function escalateNow(db, tenantId, recordId, level) {
  const moved = await db.query(
    `update job set run_at = now() where queue = 'crisis.escalate' and state = 'queued'
        and tenant_id = $1 and (payload->>'recordId')::bigint = $2 returning id`,
    [tenantId, recordId],
  );
  if (moved.rowCount !== 1)
    throw new Error(`escalateNow: ${moved.rowCount} waiting escalation jobs for #${recordId}`);
  await db.query(`select pg_notify('job_wake', '')`);
  for (let waited = 0; waited < 15_000; waited += 200) {
    const { rows } = await db.query(
      'select escalation_level from crisis_record where tenant_id = $1 and id = $2',
      [tenantId, recordId],
    );
    if (rows[0]?.escalation_level === level) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`escalateNow: record #${recordId} did not reach level ${level} within 15 s`);
}

/**
 * Waits for the answer of a call while doing something; returns its status and body.
 * @param {Page} page
 * @param {string} method
 * @param {string} path the end of the path, e.g. '/biz/crisis/report/save'
 * @param {() => Promise<unknown>} action
 */
export async function answered(page, method, path, action) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname.endsWith(path) && r.request().method() === method),
    action(),
  ]);
  return { status: answer.status(), body: await answer.json() };
}

/**
 * Whether the page fits its width (nothing scrolls sideways), as on a 375 px phone.
 * @param {Page} page
 */
export async function fitsWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);
}

/**
 * Closes the message cards at the bottom of the screen (on a phone they cover the form's button).
 * @param {Page} page
 * @param {string} closeLabel the cards' close button name (catalogue messages.cards.close)
 */
export async function closeMessageCards(page, closeLabel) {
  const cards = page.getByTestId('message-cards');
  for (let i = 0; i < 10; i += 1) {
    const close = cards.getByRole('button', { name: closeLabel }).first();
    if (!(await close.isVisible().catch(() => false))) return;
    await close.click();
    await page.waitForTimeout(300);
  }
}

/**
 * A live option of an open antd select (its list is outside the dialog).
 * @param {Page} page @param {string | RegExp} text
 */
export const option = (page, text) =>
  page.locator('.ant-select-item-option:visible', { hasText: text }).first();

/**
 * Picks a student in a `StudentSelect` (searched on the server by name).
 * @param {Page} page @param {import('playwright-core').Locator} field the select's input @param {string} realName
 */
export async function pickStudent(page, field, realName) {
  await field.click();
  await field.fill(realName);
  await option(page, realName).click();
  await closeDropdowns(page);
}

/**
 * Closes an open select list and waits until none shows (a closing list still holds its options, which
 * the next field's search would otherwise find).
 * @param {Page} page
 */
export async function closeDropdowns(page) {
  const open = page.locator('.ant-select-dropdown:visible');
  if ((await open.count()) > 0) await page.keyboard.press('Escape');
  for (let waited = 0; (await open.count()) > 0; waited += 100) {
    if (waited > 5_000) throw new Error('a select list stays open');
    await page.waitForTimeout(100);
  }
}
