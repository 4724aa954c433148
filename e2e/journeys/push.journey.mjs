import assert from 'node:assert/strict';
import { expectText } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.1.3] [spec:S0.2.16] push: a message inserted in the database reaches the open page (count and card) within 2 s, without reload or polling';

export const needsDb = true;

/** @typedef {import('playwright-core').Page} Page */

/**
 * The number the message bell's badge shows, or 0 without a badge (the digit in view while it rolls).
 * @param {Page} page
 */
async function bellCount(page) {
  const badge = page
    .locator('.ant-badge', { has: page.getByTestId('message-bell') })
    .locator('sup.ant-badge-count');
  if (!(await badge.isVisible())) return 0;
  const shown = await badge.evaluate((sup) => {
    const digits = [...sup.querySelectorAll('.ant-scroll-number-only')];
    if (!digits.length) return (sup.textContent ?? '').trim();
    return digits.map((digit) => digit.querySelector('.current')?.textContent ?? '').join('');
  });
  return Number.parseInt(shown, 10) || 0;
}

/** @param {{ page: Page, baseUrl: string, db: import('../lib/db.mjs').Db }} ctx */
export async function run({ page, baseUrl, db }) {
  const admin = await db.findUser('admin');
  const streamOpened = page.waitForResponse(
    (res) => res.url().includes('/biz/message/message/stream?ticket=') && res.status() === 200,
    { timeout: 30_000 },
  );
  await signInToShell(page, baseUrl, { lang: 'en-US' });
  await streamOpened;
  await page.getByTestId('message-bell').waitFor();
  // Let the first counts settle (the stream sends them when it opens; the query fetched them too).
  await page.waitForTimeout(1000);
  const before = await bellCount(page);

  const title = `Pushed reminder ${Date.now()}`;
  const sentAt = Date.now();
  const { rows } = await db.query(
    `insert into message (tenant_id, user_id, type_code, title, content, status)
     values ($1, $2, 'SYSTEM', $3, 'Sent straight into the database.', 1) returning id`,
    [admin.tenantId, admin.id, title],
  );
  const id = rows[0]?.id;
  try {
    await expectText(page, title, { within: page.getByTestId('message-card-front'), timeout: 2000 });
    const deadline = sentAt + 2000;
    let count = await bellCount(page);
    while (count === before && Date.now() < deadline) {
      await page.waitForTimeout(50);
      count = await bellCount(page);
    }
    const elapsed = Date.now() - sentAt;
    assert.notEqual(count, before, `the unread count moved from ${before} within 2 s`);
    assert.ok(elapsed <= 2000, `delivered in ${elapsed} ms`);
    console.log(`push journey: card and count shown ${elapsed} ms after the insert`);
  } finally {
    await db.query('delete from message where tenant_id = $1 and id = $2', [admin.tenantId, id]);
  }
}
