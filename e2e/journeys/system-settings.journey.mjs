import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { DEMO_ADMIN, expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.1.7] [spec:S0.7.16] [spec:S0.7.8] [spec:S0.3.12] [spec:S1.7.8] system-settings: the admin changes the page setup title and colour (white falls back to blue) and the login page shows them; edits a dictionary label; switches the agreement on for a role; the settings page and its sites';
export const needsDb = true;

const en = readCatalogue('en-US');
const s = en.systemSettings;
const TITLE = 'E2E Wellbeing Centre';
const COLOR = '#13c2c2';

/** @typedef {import('playwright-core').Page} Page */

/** Waits for the answer of a call while doing something; fails unless it is code 0. @param {Page} page */
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
  const body = await answer.json();
  assert.equal(body.code, 0, `${path} answered ${JSON.stringify(body).slice(0, 200)}`);
  return body.data;
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser(DEMO_ADMIN.username);
  const tenantId = admin.tenantId;
  const saved = {
    pageSetup: (await db.query('select * from page_setup where tenant_id = $1', [tenantId])).rows[0],
    agreement: (
      await db.query(`select * from setting where tenant_id = $1 and type = 'agreementSetting'`, [tenantId])
    ).rows[0],
  };
  const cleanUp = async () => {
    if (saved.pageSetup) {
      const p = saved.pageSetup;
      await db.query(
        `update page_setup set system_title = $2, browser_title = $3, browser_icon = $4, technical_support = $5,
           navigate_logo = $6, layout_theme_color = $7 where tenant_id = $1`,
        [
          tenantId,
          p.system_title,
          p.browser_title,
          p.browser_icon,
          p.technical_support,
          p.navigate_logo,
          p.layout_theme_color,
        ],
      );
    }
    await db.query(
      `update dict_item set label_en = 'Male' from dict_type d
        where dict_item.tenant_id = $1 and d.tenant_id = dict_item.tenant_id and d.id = dict_item.dict_id
          and d.name = 'sex' and dict_item.value = '1'`,
      [tenantId],
    );
    if (saved.agreement)
      await db.query(
        `update setting set enable = $2, value = $3 where tenant_id = $1 and type = 'agreementSetting'`,
        [tenantId, saved.agreement.enable, saved.agreement.value],
      );
    await db.query(
      `delete from site_room where tenant_id = $1
          and site_id in (select id from site where tenant_id = $1 and name like 'E2E %')`,
      [tenantId],
    );
    await db.query(`delete from site where tenant_id = $1 and name like 'E2E %'`, [tenantId]);
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

  async function journey() {
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/admin/pageSetup/index' });

    step = '1 page setup: white falls back to the default blue in the preview';
    await expectText(page, s.pageSetup.title);
    const preview = page.getByTestId('page-setup-preview');
    await page.getByLabel(s.pageSetup.systemTitle).fill(TITLE);
    await page.getByRole('textbox', { name: s.pageSetup.layoutThemeColor, exact: true }).fill('#ffffff');
    await expectText(page, s.pageSetup.whiteFallback);
    assert.equal(await preview.getAttribute('data-color'), '#1677ff', 'white shows as the default blue');
    await expectText(page, TITLE, { within: preview });

    step = '2 page setup: save a title and a colour';
    await page.getByRole('textbox', { name: s.pageSetup.layoutThemeColor, exact: true }).fill(COLOR);
    assert.equal(await preview.getAttribute('data-color'), COLOR);
    const setup = await answered(page, 'POST', '/admin/pageSetup/saveOrUpdatePageSetup', () =>
      page.getByRole('button', { name: s.save, exact: true }).click(),
    );
    assert.equal(setup.systemTitle, TITLE);
    assert.equal(setup.layoutThemeColor, COLOR);
    await screenshot(page, artifacts, 'page-setup-en-US');
    await checkA11y(page, { name: 'page-setup-en-US', artifacts, include: '#main-content' });

    step = '3 the login page shows the new title and colour';
    const visitor = await page.context().browser()?.newContext();
    assert.ok(visitor, 'a second browser context');
    try {
      const login = await visitor.newPage();
      await login.goto(`${baseUrl}/${DEMO_TENANT}/login`);
      const title = login.getByTestId('system-title');
      await title.filter({ hasText: TITLE }).waitFor();
      const brand = await title.evaluate((el) => {
        let node = /** @type {HTMLElement | null} */ (el);
        while (node && !node.style.getPropertyValue('--brand-color')) node = node.parentElement;
        return node?.style.getPropertyValue('--brand-color') ?? null;
      });
      assert.equal(brand, COLOR, 'the login page uses the theme colour [spec:S0.1.7]');
      await screenshot(login, artifacts, 'page-setup-login');
    } finally {
      await visitor.close();
    }

    step = '4 dictionaries: change an English label';
    await visit(page, `${baseUrl}/admin/dict/index`);
    await expectText(page, s.dict.title);
    await page.getByRole('searchbox', { name: s.dict.searchPlaceholder }).fill('sex');
    await page.getByRole('searchbox', { name: s.dict.searchPlaceholder }).press('Enter');
    await page.getByRole('button', { name: 'Sex', exact: true }).click();
    await expectText(page, interpolate(s.dict.itemsOf, { name: 'Sex' }));
    const itemRow = page.getByRole('row').filter({ hasText: '男' });
    // An English reader's buttons name the item by its English label (set above).
    await itemRow.getByRole('button', { name: interpolate(s.editNamed, { name: 'Male' }) }).click();
    const dialog = page.getByRole('dialog', { name: s.dict.editItem });
    await dialog.getByLabel(s.dict.labelEn).fill('Male (E2E)');
    await answered(page, 'PUT', '/admin/dict/item', () =>
      dialog.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    await dialog.waitFor({ state: 'hidden' });
    await expectText(page, 'Male (E2E)', { within: itemRow });
    const stored = await db.query(
      `select i.label_en from dict_item i join dict_type d on d.tenant_id = i.tenant_id and d.id = i.dict_id
        where i.tenant_id = $1 and d.name = 'sex' and i.value = '1'`,
      [tenantId],
    );
    assert.equal(stored.rows[0]?.label_en, 'Male (E2E)', 'the label is stored; the value is unchanged');
    await screenshot(page, artifacts, 'dictionaries-en-US');
    await checkA11y(page, { name: 'dictionaries-en-US', artifacts, include: '#main-content' });

    step = '5 agreement: switch it on for another role';
    await visit(page, `${baseUrl}/admin/agreement/index`);
    await expectText(page, s.agreement.title);
    const roles = page.getByLabel(s.agreement.roles);
    await roles.click();
    // Seeded roles are named in the reader's language (the school's own names stay as typed).
    await page.locator('.ant-select-item-option[title="Assessor"]').click();
    await page.keyboard.press('Escape');
    const enable = page.getByRole('switch', { name: s.agreement.enable });
    if ((await enable.getAttribute('aria-checked')) !== 'true') await enable.click();
    const agreement = await answered(page, 'POST', '/biz/public/setting/manage', () =>
      page.getByRole('button', { name: s.save, exact: true }).click(),
    );
    const assessor = (
      await db.query(`select id from role where tenant_id = $1 and role_code = 'ROLE_ASSESSMENT'`, [tenantId])
    ).rows[0];
    assert.equal(agreement.enable, true);
    assert.ok(agreement.value.userRoleId.includes(Number(assessor?.id)), 'the assessor role must agree now');
    await page.getByRole('row').filter({ hasText: 'Assessor' }).getByText(s.agreement.targeted).waitFor();
    await screenshot(page, artifacts, 'agreement-admin-en-US');
    await checkA11y(page, { name: 'agreement-admin-en-US', artifacts, include: '#main-content' });

    step = '6 settings page and sites';
    await visit(page, `${baseUrl}/admin/setting/index`);
    await expectText(page, s.settings.groups.allApp);
    await expectText(page, s.settings.codes.singleRoleSwitch.title);
    await checkA11y(page, { name: 'settings-en-US', artifacts, include: '#main-content' });
    await page.getByRole('tab', { name: s.sites.tab }).click();
    await page.getByRole('button', { name: s.sites.add }).click();
    const siteDialog = page.getByRole('dialog', { name: s.sites.add });
    await siteDialog.getByLabel(s.sites.name, { exact: true }).fill('E2E centre');
    await siteDialog.getByRole('button', { name: s.sites.addRoom }).click();
    await siteDialog.getByLabel(interpolate(s.sites.roomNameN, { n: 1 })).fill('Room 1');
    const site = await answered(page, 'POST', '/biz/public/setting/site', () =>
      siteDialog.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    assert.deepEqual(
      site.rooms.map((/** @type {{ name: string }} */ r) => r.name),
      ['Room 1'],
    );
    await page.getByRole('row').filter({ hasText: 'E2E centre' }).waitFor();
    await screenshot(page, artifacts, 'settings-sites-en-US');
    await checkA11y(page, { name: 'settings-sites-en-US', artifacts, include: '#main-content' });

    step = '7 the pages at 375 px';
    await page.setViewportSize({ width: 375, height: 800 });
    for (const path of ['/admin/pageSetup/index', '/admin/dict/index', '/admin/agreement/index']) {
      await visit(page, `${baseUrl}${path}`);
      await page.locator('#main-content .ant-card').filter({ visible: true }).first().waitFor();
      // The page's own content (the shell's tab bar is the layout's business).
      const { overflow, widest } = await page.evaluate(() => {
        const main = /** @type {HTMLElement} */ (document.querySelector('#main-content'));
        const right = main.getBoundingClientRect().right;
        return {
          overflow: main.scrollWidth - main.clientWidth,
          widest: [...main.querySelectorAll('*')]
            .filter((el) => el.getBoundingClientRect().right > right + 1)
            // Inside a scrolling box (a wide table scrolls sideways) is not sticking out.
            .filter((el) => {
              for (let node = el.parentElement; node && node !== main; node = node.parentElement)
                if (getComputedStyle(node).overflowX !== 'visible') return false;
              return true;
            })
            .slice(-3)
            .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`),
        };
      });
      assert.ok(
        overflow <= 1 && widest.length === 0,
        `${path} fits 375 px (${overflow}px: ${widest.join(', ')})`,
      );
      await screenshot(page, artifacts, `system-settings-375${path.replaceAll('/', '-')}`);
    }
  }
}
