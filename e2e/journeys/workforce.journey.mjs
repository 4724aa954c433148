import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S1.7.12] [spec:S0.7.21] workforce: the admin opens a counsellor on the user details page, sees the service categories of the demo seed, adds single session and stops new visitors, then takes them again; a switched-off category is refused on its field and nothing is half-saved; the card fits a phone';
export const needsDb = true;

const en = readCatalogue('en-US');
const w = en.workforce;

/** @typedef {import('playwright-core').Page} Page */

/** Waits for the answer of a call while doing something; returns its status and body. @param {Page} page */
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
  return { status: answer.status(), body: await answer.json() };
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const counsellor = await db.findUser('counsellor');
  const { tenantId, id: userId } = counsellor;
  const { rows: savedCategories } = await db.query(
    'select category_id from counsellor_workforce where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  const { rows: savedAvailability } = await db.query(
    'select accepting from counsellor_availability where tenant_id = $1 and user_id = $2',
    [tenantId, userId],
  );
  const familyItem = `update dict_item set enabled = $2 where tenant_id = $1 and value = '19'
    and dict_id = (select id from dict_type where tenant_id = $1 and name = 'categoryId')`;
  const cleanUp = async () => {
    await db.query(familyItem, [tenantId, true]);
    await db.query('delete from counsellor_workforce where tenant_id = $1 and user_id = $2', [
      tenantId,
      userId,
    ]);
    for (const r of savedCategories) {
      await db.query(
        'insert into counsellor_workforce (tenant_id, user_id, category_id) values ($1, $2, $3)',
        [tenantId, userId, r.category_id],
      );
    }
    await db.query('delete from counsellor_availability where tenant_id = $1 and user_id = $2', [
      tenantId,
      userId,
    ]);
    for (const r of savedAvailability) {
      await db.query(
        'insert into counsellor_availability (tenant_id, user_id, accepting) values ($1, $2, $3)',
        [tenantId, userId, r.accepting],
      );
    }
  };

  let step = 'sign in';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    await cleanUp();
  }

  async function journey() {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, baseUrl, { lang: 'en-US', to: `/user_manage/userinfo?userId=${userId}` });

    step = '1 the card shows the seeded categories';
    await page.getByRole('heading', { name: w.title, level: 2 }).waitFor();
    const card = page.locator('section[aria-labelledby="user-workforce"]');
    const box = (/** @type {string} */ label) => card.getByRole('checkbox', { name: label, exact: true });
    await box('Consultation').waitFor();
    for (const label of ['Consultation', 'First interview', 'Psychological counselling']) {
      assert.equal(await box(label).isChecked(), true, `${label} is checked (demo seed 2, 15, 18)`);
    }
    assert.equal(await box(w.singleSession).isChecked(), false);
    const accepting = card.getByRole('switch', { name: w.accepting });
    assert.equal(await accepting.getAttribute('aria-checked'), 'true');

    step = '2 add single session, stop new visitors, save';
    await box(w.singleSession).check();
    await accepting.click();
    const saved = await answered(page, 'POST', '/biz/consult/workforce/workForTeacher', () =>
      card.getByRole('button', { name: w.save }).click(),
    );
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.deepEqual(saved.body.data, { userId, categoryIds: [2, 10, 15, 18], accepting: false });
    await expectText(page, w.saved);
    const { rows: stored } = await db.query(
      'select array_agg(category_id order by category_id) as ids from counsellor_workforce where tenant_id = $1 and user_id = $2',
      [tenantId, userId],
    );
    assert.deepEqual(stored[0]?.ids.map(Number), [2, 10, 15, 18]);
    await screenshot(page, artifacts, 'workforce-card-en-US');
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'workforce-card-en-US', artifacts, include: '#main-content' });

    step = '3 taking visitors again';
    const { rows: availability } = await db.query(
      'select accepting from counsellor_availability where tenant_id = $1 and user_id = $2',
      [tenantId, userId],
    );
    assert.equal(availability[0]?.accepting, false, 'the switch is stored');
    await accepting.click();
    const again = await answered(page, 'POST', '/biz/consult/workforce/workForTeacher', () =>
      card.getByRole('button', { name: w.save }).click(),
    );
    assert.equal(again.body.data.accepting, true);

    step = '4 a category switched off meanwhile is refused on its field';
    await db.query(familyItem, [tenantId, false]);
    await box('Family counselling').check();
    const refused = await answered(page, 'POST', '/biz/consult/workforce/workForTeacher', () =>
      card.getByRole('button', { name: w.save }).click(),
    );
    assert.equal(refused.status, 400, JSON.stringify(refused.body));
    assert.equal(refused.body.data.fields[0].field, 'categoryIds');
    const fieldError = card.locator('.ant-form-item-explain-error').first();
    await fieldError.waitFor();
    assert.match(await fieldError.innerText(), /19/, 'the error names the category');
    const { rows: kept } = await db.query(
      'select array_agg(category_id order by category_id) as ids from counsellor_workforce where tenant_id = $1 and user_id = $2',
      [tenantId, userId],
    );
    assert.deepEqual(kept[0]?.ids.map(Number), [2, 10, 15, 18], 'nothing half-saved');

    step = '5 phone width';
    await page.setViewportSize({ width: 375, height: 800 });
    await card.getByRole('button', { name: w.save }).scrollIntoViewIfNeeded();
    // The card itself fits (the layout's top bar is checked by the shell journeys).
    const overflow = await card.evaluate((el) => {
      const inner = [el, ...el.querySelectorAll('*')];
      return Math.max(...inner.map((e) => e.getBoundingClientRect().right)) - window.innerWidth;
    });
    assert.ok(overflow <= 0, `the card fits 375 px (${overflow} px too wide)`);
    await screenshot(page, artifacts, 'workforce-card-375-en-US');
  }
}
