import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { chooseLanguage, DEMO_ADMIN, expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.1.5] [spec:S0.4.5] [spec:S0.5.16] [spec:S0.9.5] [spec:S0.4.6] [spec:S0.8.8] [spec:S0.6.5] product navigation: hover menus, favourites capped at 7 in the top bar, drag-sorting kept, menu entries open after the switch delay, sleep and data-visualisation jumps';
export const needsDb = true;

const en = readCatalogue('en-US');
const zh = readCatalogue('zh-CN');

/** The spec's wording of the favourites cap (spec S0.5.16); the app shows the contract's text. */
const LIMIT_MESSAGE = {
  'en-US': 'at most 7 main products can be shown, cancel one first',
  'zh-CN': '最多只能展示 7 个主产品，请先取消一个',
};
const SAVE_PATH = '/admin/products/saveUserProduct';

/** @typedef {import('playwright-core').Page} Page */

/** @param {Page} page */
const dialogOf = (page, /** @type {any} */ t) => page.getByRole('dialog', { name: t.productNav.title });
/** @param {Page} page */
const productRows = (page, /** @type {any} */ t) =>
  dialogOf(page, t).getByRole('list', { name: t.productNav.products }).getByRole('listitem');
/** @param {Page} page */
const topBarTabs = (page) => page.getByRole('banner').getByRole('tab');

/** Names of the products in the dialog, in order. @param {Page} page @param {any} t */
async function productNames(page, t) {
  const rows = productRows(page, t);
  const names = [];
  for (let i = 0; i < (await rows.count()); i += 1)
    names.push(String(await rows.nth(i).getAttribute('data-product-name')));
  return names;
}

/** @param {Page} page */
async function topBarNames(page) {
  // Text content, not inner text: tabs the header has no room for are in the overflow menu, still tabs.
  return (await topBarTabs(page).allTextContents()).map((text) => text.trim());
}

/** @param {Page} page @param {any} t */
async function openDialog(page, t) {
  await page.getByRole('button', { name: t.layout.allProducts, exact: true }).click();
  await dialogOf(page, t).waitFor();
  await productRows(page, t).first().waitFor();
}

/** @param {Page} page @param {any} t @param {string} product */
const starOf = (page, t, product) =>
  dialogOf(page, t).getByRole('button', {
    name: interpolate(t.productNav.favourite, { name: product }),
    exact: true,
  });

/** Clicks a product's star and waits for the save to be answered. @param {Page} page @param {any} t @param {string} product */
async function toggleStar(page, t, product) {
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(SAVE_PATH)),
    starOf(page, t, product).click(),
  ]);
  assert.equal((await answer.json()).code, 0, `saving the star of ${product} is accepted`);
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const a11yFailures = /** @type {string[]} */ ([]);
  /**
   * Accessibility of this journey's screens: serious or critical axe violations inside the dialog or on the
   * sleep button fail it; the rest of the page is the shell journey's (all are in axe-<label>.json).
   * @param {string} label
   */
  const a11y = async (label) => {
    await checkA11y(page, { name: label, artifacts }).catch(() => undefined);
    const { violations } = JSON.parse(fs.readFileSync(path.join(artifacts.dir, `axe-${label}.json`), 'utf8'));
    const serious = violations.filter((/** @type {any} */ v) => ['serious', 'critical'].includes(v.impact));
    const mine = await page.evaluate(
      ({ list, sleepLabels }) =>
        list.flatMap((/** @type {any} */ v) =>
          v.nodes
            .filter((/** @type {any} */ n) => {
              const element = n.target.length === 1 ? document.querySelector(String(n.target[0])) : null;
              return (
                element !== null &&
                (element.closest('[role="dialog"]') !== null ||
                  sleepLabels.includes(element.closest('button')?.getAttribute('aria-label') ?? ''))
              );
            })
            .map((/** @type {any} */ n) => `${v.id} (${v.impact}): ${v.help}: ${JSON.stringify(n.target)}`),
        ),
      { list: serious, sleepLabels: ['睡眠管理', 'Sleep management'] },
    );
    if (mine.length) a11yFailures.push(`accessibility (${label}):\n  ${mine.join('\n  ')}`);
  };

  // The admin's favourites and order, and the school's jump addresses, are put back at the end.
  const admin = await db.findUser(DEMO_ADMIN.username);
  const saved = await db.query(
    'select product_id, tuck, user_sort from user_product where tenant_id = $1 and user_id = $2',
    [admin.tenantId, admin.id],
  );
  const jumps = await db.query(
    `select tp.product_id, tp.redirect_url, p.product_code from tenant_product tp
       join product p on p.id = tp.product_id
      where tp.tenant_id = $1 and p.product_code in ('SLEEP', 'DATA_VISUAL')`,
    [admin.tenantId],
  );
  const setRedirect = (/** @type {string} */ code, /** @type {string | null} */ url) =>
    db.query(
      `update tenant_product set redirect_url = $3
        where tenant_id = $1 and product_id = (select id from product where product_code = $2)`,
      [admin.tenantId, code, url],
    );
  await db.query('delete from user_product where tenant_id = $1 and user_id = $2', [
    admin.tenantId,
    admin.id,
  ]);
  for (const code of ['SLEEP', 'DATA_VISUAL']) await setRedirect(code, null);

  /** The part of the journey running, named in a failure. */
  let step = 'login';
  try {
    await journey();
  } catch (error) {
    if (error instanceof Error) error.message = `step ${step}: ${error.message}`;
    throw error;
  } finally {
    await db.query('delete from user_product where tenant_id = $1 and user_id = $2', [
      admin.tenantId,
      admin.id,
    ]);
    for (const row of saved.rows) {
      await db.query(
        'insert into user_product (tenant_id, user_id, product_id, tuck, user_sort) values ($1, $2, $3, $4, $5)',
        [admin.tenantId, admin.id, row.product_id, row.tuck, row.user_sort],
      );
    }
    for (const row of jumps.rows) await setRedirect(row.product_code, row.redirect_url);
  }
  if (a11yFailures.length) throw new Error(a11yFailures.join('\n'));

  async function journey() {
    // Log in as the demo administrator in Chinese; choose the first usable role if asked.
    await signInToShell(page, baseUrl, { lang: 'zh-CN' });
    await topBarTabs(page).first().waitFor();

    step = '1';
    // 1. No favourites yet: the top bar shows the first products (at most 7) [spec:S0.5.16].
    await openDialog(page, zh);
    const initial = await productNames(page, zh);
    assert.ok(initial.length >= 9, `the admin has at least 9 navigable products (found ${initial.length})`);
    // Sleep management and data visualisation are not navigable products [spec:S0.6.5].
    for (const code of ['睡眠管理', '数据可视化'])
      assert.ok(!initial.includes(code), `${code} is not in the list`);
    assert.deepEqual(await topBarNames(page), initial.slice(0, 7), 'the top bar shows the first 7 products');
    await expectText(page, interpolate(zh.productNav.menuOf, { name: /** @type {string} */ (initial[0]) }));
    await screenshot(page, artifacts, 'product-nav-zh-CN');
    await a11y('product-nav-zh-CN');

    step = '2';
    // 2. Hovering a product shows its menu on the right [spec:S0.1.5].
    await productRows(page, zh).nth(1).hover();
    await expectText(page, interpolate(zh.productNav.menuOf, { name: /** @type {string} */ (initial[1]) }));
    const menuPanel = dialogOf(page, zh).getByRole('region', {
      name: interpolate(zh.productNav.menuOf, { name: /** @type {string} */ (initial[1]) }),
    });
    await menuPanel.getByRole('link').first().waitFor();
    await expectText(page, interpolate(zh.productNav.menuOf, { name: /** @type {string} */ (initial[1]) }));

    step = '3';
    // 3. Star the 9th product: the top bar shows the favourites only (and the product in use) [spec:S0.4.5].
    const ninth = /** @type {string} */ (initial[8]);
    await toggleStar(page, zh, ninth);
    assert.equal(await starOf(page, zh, ninth).getAttribute('aria-pressed'), 'true');
    await page.getByRole('banner').getByRole('tab', { name: ninth }).waitFor({ state: 'attached' });
    await expectTopBar(
      page,
      [/** @type {string} */ (initial[0]), ninth].sort(),
      'the favourite and the product in use',
    );

    step = '4';
    // 4. Seven favourites at most: the 8th is refused with the spec's message [spec:S0.5.16].
    for (const product of initial.slice(1, 7)) await toggleStar(page, zh, product);
    const favourites = [...initial.slice(1, 7), ninth];
    await expectTopBar(
      page,
      [/** @type {string} */ (initial[0]), ...favourites].sort(),
      '7 favourites and the product in use',
    );
    let saves = 0;
    const countSaves = (/** @type {import('playwright-core').Request} */ r) => {
      if (r.url().includes(SAVE_PATH)) saves += 1;
    };
    page.on('request', countSaves);
    await starOf(page, zh, /** @type {string} */ (initial[7])).click();
    await expectText(page, LIMIT_MESSAGE['zh-CN']);
    assert.equal(
      await starOf(page, zh, /** @type {string} */ (initial[7])).getAttribute('aria-pressed'),
      'false',
      'the 8th stays unstarred',
    );
    assert.equal(saves, 0, 'the refused star is not sent');
    page.off('request', countSaves);
    await screenshot(page, artifacts, 'product-nav-limit-zh-CN');

    step = '5';
    // 5. In English: the dialog, then drag-sorting with the mouse and with the keyboard [spec:S0.4.5].
    await page.keyboard.press('Escape');
    await dialogOf(page, zh).waitFor({ state: 'hidden' });
    await chooseLanguage(page.getByRole('banner'), zh.language['en-US']);
    await openDialog(page, en);
    const english = await productNames(page, en);
    assert.equal(english.length, initial.length);
    await expectText(page, en.productNav.hint.replace('{{max}}', '7'));
    await starOf(page, en, /** @type {string} */ (english[7])).click();
    await expectText(page, LIMIT_MESSAGE['en-US']);
    await screenshot(page, artifacts, 'product-nav-en-US');
    await a11y('product-nav-en-US');

    const handle = (/** @type {string} */ product) =>
      dialogOf(page, en).getByRole('button', { name: interpolate(en.productNav.reorder, { name: product }) });
    const from = await handle(/** @type {string} */ (english[0])).boundingBox();
    const to = await productRows(page, en).nth(3).boundingBox();
    assert.ok(from && to);
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 10, { steps: 3 });
    const [dragSave] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(SAVE_PATH)),
      (async () => {
        await page.mouse.move(from.x + from.width / 2, to.y + to.height / 2 + 4, { steps: 12 });
        await page.mouse.up();
      })(),
    ]);
    const dragged = [
      /** @type {string} */ (english[1]),
      /** @type {string} */ (english[2]),
      /** @type {string} */ (english[3]),
      /** @type {string} */ (english[0]),
      ...english.slice(4),
    ];
    assert.deepEqual(await productNames(page, en), dragged, 'the first product was dropped at the 4th place');
    // The product in use stays in use, though another one now comes first.
    await productRows(page, en).nth(3).getByText(en.productNav.current, { exact: true }).waitFor();
    const body = JSON.parse(dragSave.request().postData() ?? '[]');
    assert.deepEqual(
      body.map((/** @type {any} */ item) => item.userSort),
      dragged.map((_, i) => i + 1),
      'userSort is renumbered from 1',
    );

    step = 'Keyboard';
    // Keyboard: space on the handle, two steps up, space drops it.
    const last = /** @type {string} */ (english[english.length - 1]);
    // Each key waits for its announcement (the live region of the dialog), as a screen-reader user would.
    const announced = (/** @type {string} */ text) =>
      dialogOf(page, en).getByRole('status').filter({ hasText: text }).waitFor({ state: 'attached' });
    const total = english.length;
    await handle(last).focus();
    await page.keyboard.press('Space');
    await announced(interpolate(en.productNav.dnd.pickedUp, { name: last }));
    await page.keyboard.press('ArrowUp');
    await announced(interpolate(en.productNav.dnd.movedOver, { name: last, position: total - 1, total }));
    await page.keyboard.press('ArrowUp');
    await announced(interpolate(en.productNav.dnd.movedOver, { name: last, position: total - 2, total }));
    await Promise.all([
      page.waitForResponse((r) => r.url().includes(SAVE_PATH)),
      page.keyboard.press('Space'),
    ]);
    await announced(interpolate(en.productNav.dnd.dropped, { name: last, position: total - 2, total }));
    const sorted = [...dragged.slice(0, -3), last, ...dragged.slice(-3, -1)];
    assert.deepEqual(await productNames(page, en), sorted, 'the last product moved up two places');

    step = 'The order is kept';
    // The order is kept: after a reload the dialog and the top bar show it [spec:S0.4.5].
    await page.reload();
    await topBarTabs(page).first().waitFor();
    await openDialog(page, en);
    assert.deepEqual(await productNames(page, en), sorted, 'the order is kept after a reload');
    const starredInOrder = /** @type {string[]} */ ([]);
    for (const product of sorted) {
      if ((await starOf(page, en, product).getAttribute('aria-pressed')) === 'true')
        starredInOrder.push(product);
    }
    assert.equal(starredInOrder.length, 7);
    const bar = await topBarNames(page);
    assert.deepEqual(
      bar.filter((product) => starredInOrder.includes(product)),
      starredInOrder,
      'the top-bar tabs follow the order of the favourites',
    );

    step = '6';
    // 6. A menu entry of another product: the product switches and the page opens after 800 ms [spec:S0.9.5].
    const activeName = (await page.locator('.ant-breadcrumb li').first().innerText()).trim();
    const target =
      sorted.find((product) => product !== activeName && product !== /** @type {string} */ (english[0])) ??
      /** @type {string} */ (sorted[1]);
    await productRows(page, en).filter({ hasText: target }).hover();
    const panel = dialogOf(page, en).getByRole('region', {
      name: interpolate(en.productNav.menuOf, { name: target }),
    });
    const entry = panel.getByRole('link').first();
    await entry.waitFor();
    const entryLabel = (await entry.innerText()).trim();
    const entryPath = new URL(String(await entry.getAttribute('href')), baseUrl).pathname;
    const clickedAt = Date.now();
    await entry.click();
    await page.waitForURL((url) => url.pathname === entryPath);
    const waited = Date.now() - clickedAt;
    assert.ok(waited >= 750, `the page opened ${waited} ms after the click, not before the 800 ms delay`);
    await dialogOf(page, en).waitFor({ state: 'hidden' });
    await expectText(page, target, { within: page.locator('.ant-breadcrumb') });
    const tabBar = page.getByRole('navigation', { name: en.layout.tabs });
    // The tab follows once the new product's menu has loaded (later than the address on a loaded machine).
    await tabBar.getByRole('tab', { selected: true }).filter({ hasText: entryLabel }).waitFor();
    assert.equal((await tabBar.getByRole('tab', { selected: true }).innerText()).trim(), entryLabel);
    await page.getByText(en.app.loading, { exact: true }).waitFor({ state: 'hidden' });
    await screenshot(page, artifacts, 'product-nav-opened-en-US');

    step = '7';
    // 7. Switch product with a top-bar tab: its first page opens under its name. On a wide screen, as the
    //    header's controls leave the tabs little room at 1440 px; a tab wholly in view is clicked.
    await page.setViewportSize({ width: 1920, height: 1000 });
    const strip = await page.getByRole('banner').locator('.ant-tabs-nav-wrap').first().boundingBox();
    let other = '';
    for (const tab of await topBarTabs(page).all()) {
      const text = ((await tab.textContent()) ?? '').trim();
      const box = await tab.boundingBox();
      const inView = strip && box && box.x >= strip.x && box.x + box.width <= strip.x + strip.width;
      if (text !== target && inView) {
        other = text;
        break;
      }
    }
    assert.ok(other, 'another product tab is wholly in view');
    // On a slow machine (the processor slowed fourfold) the switch must not bounce: every tab marked from
    // the click on is the clicked one. The marks are recorded in the page as they happen.
    await page.evaluate(() => {
      const marked = /** @type {string[]} */ ([]);
      /** @type {any} */ (window).productTabsMarked = marked;
      new MutationObserver((changes) => {
        for (const { target } of changes) {
          const tab = /** @type {Element} */ (target);
          if (tab.getAttribute('aria-selected') === 'true' && tab.closest('header'))
            marked.push((tab.textContent ?? '').trim());
        }
      }).observe(document.body, { attributes: true, subtree: true, attributeFilter: ['aria-selected'] });
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.getByRole('banner').getByRole('tab', { name: other }).click();
    await page.waitForURL((url) => url.pathname !== entryPath);
    await expectText(page, other, { within: page.locator('.ant-breadcrumb') });
    await page.getByRole('banner').getByRole('tab', { name: other, selected: true }).waitFor();
    // The layout settles the product after the page's own loads; give it that time before reading the marks.
    await page.getByText(en.app.loading, { exact: true }).waitFor({ state: 'hidden' });
    await page.waitForTimeout(1000);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
    const marked = await page.evaluate(() => /** @type {any} */ (window).productTabsMarked);
    assert.ok(marked.length > 0, 'the clicked tab was marked');
    assert.deepEqual(
      marked.filter((/** @type {string} */ name) => name !== other),
      [],
      `only ${other} is marked after the click (marks in order: ${marked.join(', ')})`,
    );
    assert.equal(
      await page.getByRole('banner').getByRole('tab', { name: other }).getAttribute('aria-selected'),
      'true',
    );

    await page.setViewportSize({ width: 1440, height: 900 });

    step = '8';
    // 8. Sleep management in the top bar, named beside its moon: without an address the administrator is
    //    told where to set it; with one, a new window with username and token [spec:S0.4.6] [spec:S0.8.8].
    const sleepName = 'Sleep management';
    const sleep = page.getByRole('banner').getByRole('button', { name: sleepName, exact: true });
    await sleep.click();
    await expectText(page, en.productNav.sleepSetUrl.replace('{{name}}', sleepName));
    await setRedirect('SLEEP', `${baseUrl}/sleep-landing?from=psy`);
    await setRedirect('DATA_VISUAL', `${baseUrl}/screen-landing#/board`);
    await page.reload();
    await sleep.waitFor();
    const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('psy-session') ?? 'null'));
    const [sleepWindow] = await Promise.all([page.context().waitForEvent('page'), sleep.click()]);
    await sleepWindow.waitForURL(/username=/);
    const sleepUrl = new URL(sleepWindow.url());
    assert.equal(sleepUrl.pathname, '/sleep-landing');
    assert.equal(sleepUrl.searchParams.get('from'), 'psy');
    assert.equal(sleepUrl.searchParams.get('username'), DEMO_ADMIN.username);
    assert.ok(session?.accessToken, 'the session is in sessionStorage');
    assert.equal(sleepUrl.searchParams.get('token'), session.accessToken, 'the access token is passed');
    await sleepWindow.close();

    step = 'Data visualisation';
    // Data visualisation: a separate link in the dialog, a new window with token and tenantId.
    await openDialog(page, en);
    const [screenWindow] = await Promise.all([
      page.context().waitForEvent('page'),
      dialogOf(page, en)
        .getByRole('button', { name: /Data visualisation/ })
        .click(),
    ]);
    await screenWindow.waitForURL(/tenantId=/);
    const screenUrl = new URL(screenWindow.url());
    assert.equal(screenUrl.pathname, '/screen-landing');
    assert.equal(screenUrl.searchParams.get('tenantId'), String(admin.tenantId));
    assert.ok((screenUrl.searchParams.get('token') ?? '').length > 20, 'the token is passed');
    assert.equal(screenUrl.hash, '#/board', 'the address keeps its fragment after the parameters');
    await screenWindow.close();
  }
}

/**
 * The top-bar product tabs, in any order.
 * @param {Page} page @param {string[]} expected sorted @param {string} what
 */
async function expectTopBar(page, expected, what) {
  const deadline = Date.now() + 5000;
  let names = await topBarNames(page);
  while (JSON.stringify([...names].sort()) !== JSON.stringify(expected) && Date.now() < deadline) {
    await page.waitForTimeout(100);
    names = await topBarNames(page);
  }
  assert.deepEqual([...names].sort(), expected, `top bar: ${what}`);
}
