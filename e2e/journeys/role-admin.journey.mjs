import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_ADMIN, expectText, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.6.1] [spec:S0.6.2] [spec:S0.6.4] [spec:S0.1.1] [spec:S0.7.7] role and product administration: create a role with a port permission, grant it the Users menu, the grants kept after a reload; disable a product and it leaves the product navigation';
export const needsDb = true;

const en = readCatalogue('en-US');
const ROLE_CODE = 'ROLE_E2E_DUTY';
const ROLE_NAME = 'E2E duty officer';

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

/** The tree node of the grant tree titled `title`. @param {Page} page */
const treeNode = (page, /** @type {string} */ title) =>
  page
    .locator('.ant-tree-treenode')
    .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}`) }) })
    .first();

/**
 * Opens the panel of one product in the grant tree (one collapsible panel per product).
 * @param {Page} page
 */
async function openProductPanel(page, /** @type {string} */ product) {
  const header = page.locator('#main-content').getByRole('button', { name: product, exact: true });
  if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
  await page
    .locator('#main-content .ant-collapse-item-active')
    .filter({ hasText: product })
    .first()
    .waitFor();
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser(DEMO_ADMIN.username);
  const cleanUp = async () => {
    await db.query('delete from role where tenant_id = $1 and role_code = $2', [admin.tenantId, ROLE_CODE]);
    await db.query(
      `update tenant_product set enabled = true
        where tenant_id = $1 and product_id = (select id from product where product_code = 'TRAINING')`,
      [admin.tenantId],
    );
  };
  await cleanUp();
  let step = 'login';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    await screenshot(page, artifacts, 'role-admin-failure').catch(() => undefined);
    throw error;
  } finally {
    await cleanUp();
  }

  async function journey() {
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/admin/role/index' });

    step = '1 create a role';
    await expectText(page, en.roleAdmin.title);
    await page.getByRole('button', { name: en.roleAdmin.add }).click();
    const dialog = page.getByRole('dialog', { name: en.roleAdmin.dialogAddTitle });
    await dialog.getByLabel(en.roleAdmin.columns.roleName).fill(ROLE_NAME);
    await dialog.getByLabel(en.roleAdmin.columns.roleCode).fill(ROLE_CODE);
    await dialog.getByLabel(en.roleAdmin.ports.h5).check();
    const created = await answered(page, 'POST', '/admin/role', () =>
      dialog.getByRole('button', { name: en.common.confirm, exact: true }).click(),
    );
    assert.deepEqual(
      created.portPermission,
      ['pc', 'h5'],
      'the role may be used from pc and h5 [spec:S0.6.2]',
    );
    await dialog.waitFor({ state: 'hidden' });

    step = '2 the role in the list';
    await page.getByRole('searchbox', { name: en.roleAdmin.searchPlaceholder }).fill('E2E');
    await page.getByRole('button', { name: en.adminKit.search }).click();
    const row = page.getByRole('row').filter({ hasText: ROLE_CODE });
    await row.waitFor();
    await expectText(page, en.roleAdmin.ports.h5, { within: row });
    await screenshot(page, artifacts, 'role-list-en-US');
    await checkA11y(page, { name: 'role-list-en-US', artifacts, include: '#main-content' });

    step = '3 grant the Users menu';
    await row.getByRole('button', { name: en.roleAdmin.details }).click();
    await expectText(page, en.roleAdmin.detailsTitle);
    await openProductPanel(page, 'System administration');
    const users = treeNode(page, 'Users');
    await users.locator('.ant-tree-checkbox').click();
    await users.locator('.ant-tree-checkbox-checked').waitFor();
    const grants = await answered(page, 'PUT', '/admin/role/menus', () =>
      page.getByRole('button', { name: en.roleAdmin.saveGrants }).click(),
    );
    assert.ok(grants.menuIds.length > 1, 'the Users page and its buttons are granted');
    const stored = await db.query(
      `select m.menu_code from role_menu rm join menu m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id
        where rm.tenant_id = $1 and rm.role_id = $2`,
      [admin.tenantId, created.id],
    );
    assert.ok(
      stored.rows.some((r) => r.menu_code === 'sys_user'),
      'the grant is stored [spec:S0.6.4]',
    );

    step = '4 grants kept after a reload';
    await page.reload();
    await expectText(page, en.roleAdmin.detailsTitle);
    await openProductPanel(page, 'System administration');
    await treeNode(page, 'Users').locator('.ant-tree-checkbox-checked').waitFor();
    assert.equal(
      await treeNode(page, 'Roles').locator('.ant-tree-checkbox-checked').count(),
      0,
      'Roles was not granted',
    );
    await screenshot(page, artifacts, 'role-details-en-US');
    await checkA11y(page, { name: 'role-details-en-US', artifacts, include: '#main-content' });

    step = '5 disable a product';
    await visit(page, `${baseUrl}/admin/product/index`);
    await expectText(page, en.productAdmin.title);
    const training = 'Training';
    const navDialog = page.getByRole('dialog', { name: en.productNav.title });
    /** Products of the product navigation dialog, opened and closed again. */
    const navProducts = async () => {
      await page.getByRole('button', { name: en.layout.allProducts, exact: true }).click();
      const rows = navDialog.getByRole('list', { name: en.productNav.products }).getByRole('listitem');
      await rows.first().waitFor();
      const names = [];
      for (let i = 0; i < (await rows.count()); i += 1)
        names.push(String(await rows.nth(i).getAttribute('data-product-name')));
      await page.keyboard.press('Escape');
      await navDialog.waitFor({ state: 'hidden' });
      return names;
    };
    assert.ok(
      (await navProducts()).includes(training),
      'Training is in the product navigation [spec:S0.1.1]',
    );
    await answered(page, 'POST', '/admin/products/updateTenantProductSettingStatus', () =>
      page
        .getByRole('switch', { name: interpolate(en.productAdmin.toggleLabel, { name: training }) })
        .click(),
    );
    // The navigation is fetched again after the change; give it a moment.
    let after = await navProducts();
    for (let i = 0; i < 10 && after.includes(training); i += 1) {
      await page.waitForTimeout(300);
      after = await navProducts();
    }
    assert.ok(!after.includes(training), 'Training left the product navigation');
    assert.equal(
      await page
        .getByRole('switch', {
          name: interpolate(en.productAdmin.toggleLabel, { name: 'System administration' }),
        })
        .isDisabled(),
      true,
      'the system product cannot be switched off',
    );
    await screenshot(page, artifacts, 'product-admin-en-US');

    step = '6 the menu tree of a product, and both pages at 375 px';
    const systemMenus = interpolate(en.productAdmin.menuTitle, { name: 'System administration' });
    await page.getByRole('button', { name: systemMenus }).click();
    const menuTree = page.getByRole('region', { name: systemMenus });
    await menuTree
      .getByRole('button', { name: interpolate(en.productAdmin.editLabel, { name: 'Users' }) })
      .waitFor();
    await screenshot(page, artifacts, 'product-menus-en-US');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, artifacts, 'product-menus-375-en-US');
    await visit(page, `${baseUrl}/admin/role/index`);
    await expectText(page, en.roleAdmin.title);
    await page.getByRole('row').nth(1).waitFor();
    await screenshot(page, artifacts, 'role-list-375-en-US');

    step = '7 user types';
    await page.setViewportSize({ width: 1440, height: 900 });
    await visit(page, `${baseUrl}/admin/uType/index`);
    await expectText(page, en.userTypeAdmin.title);
    await page.getByRole('row').filter({ hasText: 'student' }).waitFor();
    await screenshot(page, artifacts, 'user-types-en-US');
    await checkA11y(page, { name: 'user-types-en-US', artifacts, include: '#main-content' });
  }
}
