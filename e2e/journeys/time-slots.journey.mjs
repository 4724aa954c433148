import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { buttonName, DEMO_ADMIN, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.7.21] [spec:S1.7.11] [spec:S1.5.5] time-slots: the admin adds a time slot (start, end, weekday, type) to the time-slot setting sjdsz on the settings page, switches it on and saves; a slot ending before it starts is refused on its field; the card fits a phone';
export const needsDb = true;

const en = readCatalogue('en-US');
const s = en.systemSettings.settings;

/** @typedef {import('playwright-core').Page} Page */

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
  return answer.json();
}

/**
 * Picks a value in an antd select of a list row.
 * @param {import('playwright-core').Locator} scope @param {string} label @param {string} option
 */
async function choose(scope, label, option) {
  const page = scope.page();
  const select = scope.getByLabel(label, { exact: true });
  await select.click();
  // Time selects are searchable and long (a virtual list): narrow them first.
  if (/^\d\d:\d\d$/.test(option)) await select.fill(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser(DEMO_ADMIN.username);
  const tenantId = admin.tenantId;
  const before = (await db.query(`select * from setting where tenant_id = $1 and type = 'sjdsz'`, [tenantId]))
    .rows[0];
  const cleanUp = async () => {
    if (before)
      await db.query(`update setting set enable = $2, value = $3 where tenant_id = $1 and type = 'sjdsz'`, [
        tenantId,
        before.enable,
        before.value,
      ]);
    else await db.query(`delete from setting where tenant_id = $1 and type = 'sjdsz'`, [tenantId]);
  };
  await cleanUp();
  let step = 'login';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    await cleanUp();
  }

  /**
   * Scrolls the first row into view. The card draws itself again when the saved state arrives, which can
   * detach the row under the scroll: then the newly drawn row is taken.
   */
  async function showFirstRow(/** @type {import('playwright-core').Locator} */ card) {
    const row = card.getByLabel(`${s.columns.startTime} 1`, { exact: true });
    for (let attempt = 1; ; attempt += 1) {
      try {
        await row.scrollIntoViewIfNeeded();
        return;
      } catch (error) {
        if (attempt >= 3 || !String(error).includes('not attached')) throw error;
        await row.waitFor();
      }
    }
  }

  async function journey() {
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/admin/setting/index' });

    step = '1 the time-slot card on the settings page';
    const card = page.locator('[data-setting="sjdsz"]');
    await card.getByText(s.codes.sjdsz.title, { exact: true }).waitFor();

    step = '2 a slot ending before it starts is refused on its field';
    await card.getByRole('button', { name: s.addRow }).click();
    await choose(card, `${s.columns.startTime} 1`, '10:00');
    await choose(card, `${s.columns.endTime} 1`, '09:00');
    await choose(card, `${s.columns.week} 1`, s.weekdays['1']);
    await choose(card, `${s.columns.type} 1`, s.slotTypes['2']);
    await card.getByRole('button', { name: buttonName(en.systemSettings.save) }).click();
    await card.getByText('must be after startTime').waitFor();

    step = '3 a correct slot is saved, switched on';
    await choose(card, `${s.columns.endTime} 1`, '11:00');
    const enable = card.getByRole('switch', {
      name: interpolate(s.enableNamed, { name: s.codes.sjdsz.title }),
    });
    if ((await enable.getAttribute('aria-checked')) !== 'true') await enable.click();
    const saved = await answered(page, 'POST', '/biz/public/setting/manage', () =>
      card.getByRole('button', { name: buttonName(en.systemSettings.save) }).click(),
    );
    assert.equal(saved.code, 0, JSON.stringify(saved).slice(0, 200));
    assert.equal(saved.data.enable, true);
    assert.deepEqual(saved.data.value, {
      slots: [{ startTime: '10:00', endTime: '11:00', week: 1, type: 2 }],
    });
    const stored = await db.query(
      `select enable, value from setting where tenant_id = $1 and type = 'sjdsz'`,
      [tenantId],
    );
    assert.deepEqual(stored.rows[0]?.value, {
      slots: [{ startTime: '10:00', endTime: '11:00', week: 1, type: 2 }],
    });
    // The card is drawn again with the saved state: the row is still there.
    await card.getByLabel(`${s.columns.startTime} 1`, { exact: true }).waitFor();
    await card.getByTitle(s.weekdays['1'], { exact: true }).waitFor();
    await showFirstRow(card);
    await screenshot(page, artifacts, 'time-slots-en-US');
    await checkA11y(page, { name: 'time-slots-en-US', artifacts, include: '[data-setting="sjdsz"]' });

    step = '4 the card at 375 px';
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload();
    await card.getByLabel(`${s.columns.startTime} 1`, { exact: true }).waitFor();
    const overflow = await card.evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 1, `the time-slot card fits 375 px (${overflow}px too wide)`);
    const box = await card.boundingBox();
    assert.ok(
      box && box.x >= 0 && box.x + box.width <= 376,
      `the card is inside the screen (${JSON.stringify(box)})`,
    );
    await showFirstRow(card);
    await screenshot(page, artifacts, 'time-slots-375');
  }
}
