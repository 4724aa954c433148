import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { DEMO_ADMIN, DEMO_PASSWORD, expectText, loginAs, screenshot, visit } from '../lib/journey.mjs';

/** Seeded role names as an English reader sees them -> as stored (contracts SEEDED_NAMES_EN). */
const ROLE_NAMES_ZH = /** @type {Record<string, string>} */ ({
  'School administrator': '机构管理员',
  'Department administrator': '二级管理员',
  'Student / visitor': '普通用户',
  Counsellor: '咨询师',
});

export const name =
  '[spec:S0.2.15] [spec:S0.4.13] [spec:S0.2.17] [spec:S0.2.9] [spec:S0.4.16] [spec:S0.8.2] [spec:S0.8.4] shell: role choice, product switch, tabs past the cap, 403 and 404, role switch, forced logout';
export const needsDb = true;

const en = readCatalogue('en-US');
const zh = readCatalogue('zh-CN');

/** @param {import('playwright-core').Page} page */
const tabBar = (page) => page.getByRole('navigation', { name: en.layout.tabs });
/** @param {import('playwright-core').Page} page */
const openTabs = (page) => tabBar(page).getByRole('tab');

/**
 * Matches an API answer whose envelope carries this body code.
 * @param {number} code
 */
const answeredWithCode = (code) => async (/** @type {import('playwright-core').Response} */ response) => {
  if (!(response.headers()['content-type'] ?? '').includes('json')) return false;
  try {
    return (await response.json()).code === code;
  } catch {
    return false;
  }
};

/**
 * Waits until the locator matches exactly `count` elements.
 * @param {import('playwright-core').Locator} locator
 * @param {number} count
 * @param {string} what
 */
async function expectCount(locator, count, what) {
  const deadline = Date.now() + 10_000;
  let seen = await locator.count();
  while (seen !== count && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await locator.count();
  }
  assert.equal(seen, count, what);
}

/** @param {import('playwright-core').Page} page @param {string} lang */
async function setLanguage(page, lang) {
  await page.evaluate((value) => localStorage.setItem('psy-lang', value), lang);
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const a11yFailures = /** @type {string[]} */ ([]);
  /** @param {string} label */
  const a11y = (label) =>
    checkA11y(page, { name: label, artifacts }).catch((/** @type {Error} */ e) =>
      a11yFailures.push(e.message),
    );

  // 1. The administrator has two roles and the school asks for one per login: the selection page, in Chinese.
  await page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
  await setLanguage(page, 'zh-CN');
  await loginAs(page, baseUrl, { ...DEMO_ADMIN, tenant: DEMO_TENANT });
  await page.waitForURL('**/role-select');
  // A fresh load of the page (nothing cached) shows it too.
  await page.reload();
  await expectText(page, zh.roles.chooseTitle);
  // The roles' radio group (the language switch is a radio group too), named in either language.
  const radios = page
    .getByRole('radiogroup', { name: zh.roles.chooseTitle })
    .or(page.getByRole('radiogroup', { name: en.roles.chooseTitle }))
    .getByRole('radio');
  assert.equal(await radios.count(), 2, 'both roles of the admin are listed');
  assert.ok(
    await page.getByRole('button', { name: zh.common.confirm }).isDisabled(),
    'confirm waits for a choice',
  );
  await screenshot(page, artifacts, 'role-select-zh-CN');
  await a11y('role-select-zh-CN');
  await page.getByText(zh.language['en-US'], { exact: true }).click();
  await expectText(page, en.roles.chooseTitle);
  await screenshot(page, artifacts, 'role-select-en-US');
  await a11y('role-select-en-US');

  const enRadios = page.getByRole('radiogroup', { name: en.roles.chooseTitle }).getByRole('radio');
  const firstRole = (await enRadios.first().innerText()).trim();
  await enRadios.first().click();
  await page.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await page.waitForURL('**/wel/index');
  await page.getByTestId('signed-in-as').waitFor();
  await expectText(page, `${firstRole} · ${en.home.activeRole}`);
  await screenshot(page, artifacts, 'workbench-en-US');
  await a11y('workbench-en-US');
  // The header's language switch: the whole shell follows.
  await page.getByText(en.language['zh-CN'], { exact: true }).click();
  await expectText(page, zh.home.title);
  await expectText(page, zh.layout.home, { within: page.getByRole('navigation', { name: zh.layout.tabs }) });
  await screenshot(page, artifacts, 'workbench-zh-CN');
  await a11y('workbench-zh-CN');
  await page.getByText(zh.language['en-US'], { exact: true }).click();
  await expectText(page, en.home.title);

  // 2. Switch product with a top-bar tab: its first page opens, the breadcrumb names the product.
  const productTabs = page.getByRole('banner').getByRole('tab');
  assert.ok((await productTabs.count()) >= 2, 'the header shows product tabs');
  const second = productTabs.nth(1);
  const productName = (await second.innerText()).trim();
  await second.click();
  await page.waitForURL((url) => !url.pathname.startsWith('/wel'));
  await expectText(page, productName, { within: page.locator('.ant-breadcrumb') });
  await expectCount(openTabs(page), 2, 'the product page opened as a tab');

  // 3. Open more pages than the tab cap: 10 tabs at most, the workbench kept, the oldest gone.
  const { rows } = await db.query(
    `select distinct m.path, m.sort, m.id from menu m
       join role_menu rm on rm.tenant_id = m.tenant_id and rm.menu_id = m.id
       join role r on r.tenant_id = rm.tenant_id and r.id = rm.role_id
       join tenant t on t.id = m.tenant_id
       join product p on p.id = m.product_id
      where p.product_code not in ('SLEEP', 'DATA_VISUAL') and t.code = $1 and r.role_name = $2 and m.type = 0 and not m.is_hidden and not m.del_flag
        and m.path like '/%' and m.path <> '/wel/index'
      order by m.sort, m.id limit 12`,
    // The English page shows a seeded role's English name; the database keeps the seeded Chinese one.
    [DEMO_TENANT, ROLE_NAMES_ZH[firstRole] ?? firstRole],
  );
  const paths = rows.map((row) => String(row.path));
  assert.ok(paths.length >= 11, `the admin's menu has at least 11 pages (found ${paths.length})`);
  for (const path of paths.slice(0, 11)) {
    await visit(page, `${baseUrl}${path}`);
    await page.waitForURL(`**${path}`);
    await tabBar(page).getByRole('tab', { selected: true }).waitFor();
  }
  await expectCount(openTabs(page), 10, 'the tab bar is capped at 10');
  assert.equal(
    (await openTabs(page).first().innerText()).trim(),
    en.layout.home,
    'the workbench tab stays first',
  );
  await screenshot(page, artifacts, 'tabs-capped-en-US');
  // With many tabs open the strip holds only tabs (axe aria-required-children), and the selected sidebar
  // item reaches 4.5:1 (color-contrast).
  await checkA11y(page, { name: 'shell with ten tabs open', artifacts });

  // Close the active tab: the previous one opens.
  const before = await openTabs(page).count();
  const previous = (
    await openTabs(page)
      .nth(before - 2)
      .innerText()
  ).trim();
  await tabBar(page).locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
  await page.waitForURL(`**${paths[9]}`);
  await expectCount(openTabs(page), before - 1, 'one tab fewer');
  assert.equal((await tabBar(page).getByRole('tab', { selected: true }).innerText()).trim(), previous);
  // Close the others, then all: the workbench remains and cannot be closed.
  await tabBar(page).getByRole('button', { name: en.layout.tabActions }).click();
  await page.getByRole('menuitem', { name: en.layout.closeOthers }).click();
  await expectCount(openTabs(page), 2, 'the workbench and the active tab remain');
  await tabBar(page).getByRole('button', { name: en.layout.tabActions }).click();
  await page.getByRole('menuitem', { name: en.layout.closeAll }).click();
  await page.waitForURL('**/wel/index');
  await expectCount(openTabs(page), 1, 'only the workbench remains');
  assert.equal(
    await tabBar(page).locator('.ant-tabs-tab .ant-tabs-tab-remove').count(),
    0,
    'the workbench tab has no close button',
  );

  // 4. An unknown address shows the 404 page inside the layout; leaving it removes its tab.
  await page.goto(`${baseUrl}/no/such/page`);
  await page.waitForURL('**/404');
  await expectText(page, en.notFound.description);
  await screenshot(page, artifacts, 'not-found-en-US');
  await page.getByRole('button', { name: en.notFound.backHome }).click();
  await page.waitForURL('**/wel/index');
  assert.equal(
    await tabBar(page).getByRole('tab', { name: en.layout.notFound }).count(),
    0,
    'the 404 tab is gone',
  );

  // 5. Switch role in the top bar: confirm, then the app restarts at the root with the other role.
  await page.getByRole('button', { name: en.roles.switch, exact: false }).click();
  const otherRole = page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
    .getByRole('menuitem')
    .filter({ hasNotText: firstRole })
    .first();
  const otherName = (await otherRole.innerText()).trim();
  await otherRole.click();
  await expectText(page, en.roles.switchConfirm);
  // The app reloads at the root 600 ms after the switch [spec:S0.9.5].
  const reloaded = page.waitForEvent('load', { timeout: 15_000 });
  await page.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await expectText(page, en.roles.switched);
  await reloaded;
  await page.waitForURL('**/wel/index');
  await expectText(page, `${otherName} · ${en.home.activeRole}`, { timeout: 15_000 });
  await expectCount(openTabs(page), 1, 'all tabs were closed by the role switch');

  // The user menu leads to the user's own information [spec:S0.1.3] [spec:S0.2.14].
  await page.getByRole('button', { name: new RegExp(`^${en.layout.userMenu.split('{{')[0]}`) }).click();
  await page.getByRole('menuitem', { name: en.layout.personalInfo }).click();
  await page.waitForURL('**/userinfo/index');
  await expectText(page, en.personalInfo.title);
  await expectText(page, DEMO_ADMIN.username);
  await screenshot(page, artifacts, 'personal-info-en-US');

  // 6. A page of the app that the user's menu does not grant: 403 inside the layout.
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  const counsellor = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const other = await counsellor.newPage();
  await other.goto(`${baseUrl}/${DEMO_TENANT}/login`);
  await setLanguage(other, 'en-US');
  await loginAs(other, baseUrl, { username: 'counsellor', password: DEMO_PASSWORD });
  await other.waitForURL('**/wel/index');
  await visit(other, `${baseUrl}/admin/role/index`);
  await other.waitForURL('**/403');
  await expectText(other, en.errorPages.forbidden);
  await screenshot(other, artifacts, 'forbidden-en-US');

  // 7. Forced logout by body code 3: the account is disabled while signed in.
  await db.setUserStatus('counsellor', 'locked');
  await Promise.all([other.waitForResponse(answeredWithCode(3)), other.reload()]);
  await expectText(other, /no login permission, contact the system administrator/i, { exact: false });
  await other.waitForURL(/\/login/, { timeout: 15_000 });
  await db.undoChanges();
  await counsellor.close();

  // 8. Forced logout by body code 20: the user's roles are taken away while signed in.
  const clerkContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const phone = await clerkContext.newPage();
  await phone.goto(`${baseUrl}/${DEMO_TENANT}/login`);
  await setLanguage(phone, 'en-US');
  await loginAs(phone, baseUrl, { username: 'clerk', password: DEMO_PASSWORD });
  await phone.waitForURL('**/wel/index');
  await phone.getByTestId('signed-in-as').waitFor();
  // The student-sized screen: the menu is a drawer behind a button.
  await phone.getByRole('button', { name: en.layout.openMenu }).click();
  await phone.getByRole('dialog').getByRole('menu').waitFor();
  await screenshot(phone, artifacts, 'menu-drawer-375-en-US');
  await phone.keyboard.press('Escape');
  await db.removeUserRoles('clerk');
  await Promise.all([phone.waitForResponse(answeredWithCode(20)), phone.reload()]);
  await expectText(phone, /the current user has no role/i, { exact: false });
  await phone.waitForURL(/\/login/, { timeout: 15_000 });
  await db.undoChanges();
  await clerkContext.close();

  assert.deepEqual(a11yFailures, [], a11yFailures.join('\n'));
}
