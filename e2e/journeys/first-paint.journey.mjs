import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { removeAgreement } from '../lib/agreement.mjs';
import { agreedBy, openAs } from '../lib/crisis.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';

export const name =
  "[spec:S0.2.6] a student's workbench on a phone paints its own content (greeting, help card, hotlines) before Ant Design and the layout have loaded, then hands over to the full workbench; staff and desktops keep the full app at once";
export const needsDb = true;

const zh = readCatalogue('zh-CN');

/** Whether index.html chose the light first paint for this load. */
const isLightPath = (/** @type {import('playwright-core').Page} */ page) =>
  page.evaluate(() => 'psyFirstPaint' in window);

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const student = await db.findUser('student');
  /** @type {import('playwright-core').Page[]} */
  const pages = [];
  let step = 'sign in';
  try {
    const phone = await openAs(page, baseUrl, 'student', { phone: true });
    pages.push(phone);

    step = '1 a fresh load of the workbench paints the light view while Ant Design is held back';
    /** @type {() => void} */
    let release = () => undefined;
    const held = new Promise((resolve) => (release = () => resolve(undefined)));
    let antdAskedBeforePaint = false;
    await phone.route('**/assets/antd-providers-*.js', async (route) => {
      antdAskedBeforePaint = !(await phone
        .locator('[data-testid="first-paint-signed-in-as"]')
        .isVisible()
        .catch(() => false));
      await held;
      await route.continue();
    });
    await phone.reload();
    const light = phone.locator('#first-paint');
    await expectText(phone, '当前登录：林同学', { within: light.getByTestId('first-paint-signed-in-as') });
    const help = light.getByTestId('first-paint-help');
    await expectText(phone, zh.crisis.help.intro, { within: help });
    // The school's numbers, as links the phone dials.
    await help.locator('a[href="tel:12356"]').waitFor();
    assert.equal(await isLightPath(phone), true);
    assert.equal(antdAskedBeforePaint, false, 'Ant Design was asked for before the light view painted');
    // The app's own root renders unseen beneath it.
    assert.equal(await phone.locator('#root').isVisible(), false);
    await screenshot(phone, artifacts, 'first-paint-light-375-zh-CN');
    await checkA11y(phone, { name: 'first-paint-light', artifacts, include: '#first-paint' });

    step = '2 Ant Design arrives: the full workbench takes over';
    release();
    await phone.getByTestId('crisis-help').locator('a[href="tel:12356"]').waitFor();
    await light.waitFor({ state: 'detached' });
    assert.equal(
      await phone.evaluate(() => document.documentElement.hasAttribute('data-first-paint')),
      false,
    );
    await phone.getByRole('button', { name: zh.layout.openMenu }).waitFor();
    await phone.getByTestId('signed-in-as').waitFor();
    await screenshot(phone, artifacts, 'first-paint-handed-over-375-zh-CN');
    await phone.unroute('**/assets/antd-providers-*.js');

    step = '3 the same student on a desktop, and a counsellor on a phone, get the full app at once';
    const desktop = await openAs(page, baseUrl, 'student');
    pages.push(desktop);
    await desktop.reload();
    await desktop.getByTestId('signed-in-as').waitFor();
    assert.equal(await isLightPath(desktop), false);
    const staff = await openAs(page, baseUrl, 'counsellor', { phone: true });
    pages.push(staff);
    await staff.reload();
    await staff.getByTestId('signed-in-as').waitFor();
    assert.equal(await isLightPath(staff), false);
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    for (const other of pages) await other.context().close();
    if (agreedBy.delete('student')) await removeAgreement(db, student);
  }
}
