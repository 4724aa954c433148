import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { chooseLanguage, expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.1.3] [spec:S0.2.16] [spec:S0.2.20] [spec:S0.4.11] [spec:S0.5.17] [spec:S0.8.12] [spec:S0.9.7] messages, notices and downloads in the top bar: unread counts, message drawer, detail, mark all read, notification cards, notices';

const zh = readCatalogue('zh-CN');
const en = readCatalogue('en-US');

/** @typedef {import('playwright-core').Page} Page */
/**
 * Database fixtures (only when the run has PostgreSQL).
 * @typedef {{
 *   addGeneratingFiles: (count: number) => Promise<void>,
 *   sendMessage: (title: string, content: string) => Promise<void>,
 *   messageStatus: (id: number) => Promise<number>,
 * }} Fixtures
 */

/**
 * The number a top-bar badge shows around the button, or 0 when it shows none. While the digits roll
 * (the count just changed) the digit in view is the one marked current.
 * @param {Page} page
 * @param {string} testId
 */
async function badgeNumber(page, testId) {
  const badge = page.locator('.ant-badge', { has: page.getByTestId(testId) }).locator('sup.ant-badge-count');
  // Read without waiting: a badge leaving (its count just fell to 0) may be gone between two calls.
  const [shown] = await badge.evaluateAll((sups) =>
    sups
      .filter((sup) => sup instanceof HTMLElement && sup.offsetParent !== null)
      .map((sup) => {
        const digits = [...sup.querySelectorAll('.ant-scroll-number-only')];
        if (!digits.length) return (sup.textContent ?? '').trim();
        return digits.map((digit) => digit.querySelector('.current')?.textContent ?? '').join('');
      }),
  );
  if (shown === undefined) return 0;
  assert.match(shown, /^\d+\+?$/, `the ${testId} badge shows a number: ${JSON.stringify(shown)}`);
  return Number.parseInt(shown, 10);
}

/**
 * Waits until the badge shows `expected` (0: no badge at all).
 * @param {Page} page
 * @param {string} testId
 * @param {number} expected
 */
async function expectBadge(page, testId, expected) {
  const deadline = Date.now() + 10_000;
  let shown = -1;
  while (Date.now() < deadline) {
    shown = await badgeNumber(page, testId);
    if (shown === expected) return;
    await page.waitForTimeout(200);
  }
  assert.equal(shown, expected, `the ${testId} badge shows ${expected}`);
}

/**
 * Lets a drawer's slide-in or a dialog's zoom-in finish, so a screenshot shows it as a person sees it.
 * @param {Page} page
 */
const settle = (page) => page.waitForTimeout(400);

/** @param {Page} page */
const messageDrawer = (page) => page.locator('.message-drawer .ant-drawer-section').first();
/** @param {Page} page */
const detailDrawer = (page) => page.locator('.message-detail-drawer .ant-drawer-section').first();
/** @param {Page} page @param {'unread' | 'all'} tab */
const listItems = (page, tab) => page.getByTestId(`message-list-${tab}`).locator('li button');

/**
 * @param {Page} page
 * @param {string} drawerClass
 */
async function closeDrawer(page, drawerClass) {
  await page.locator(`.${drawerClass} .ant-drawer-close`).first().click();
  await page.locator(`.${drawerClass} .ant-drawer-section`).first().waitFor({ state: 'hidden' });
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const a11yFailures = /** @type {string[]} */ ([]);
  /** @param {string} label @param {string} selector */
  const a11y = (label, selector) =>
    checkA11y(page, { name: label, artifacts, include: selector }).catch((/** @type {Error} */ e) =>
      a11yFailures.push(e.message),
    );

  // What this journey reads is put back afterwards and what it adds is removed, so journeys after it find
  // the demo inbox as seeded. Without a database (PGlite run) the steps that need fixtures are left out.
  /** @type {Fixtures | null} */
  let fixtures = null;
  /** @type {Array<() => Promise<unknown>>} */
  const undo = [];
  if (db.available) {
    const admin = await db.findUser('admin');
    const owner = [admin.tenantId, admin.id];
    const unread = await db.query(
      'select id from message where tenant_id = $1 and user_id = $2 and status = 1',
      owner,
    );
    const readNotices = await db.query(
      'select notice_id from notice_read where tenant_id = $1 and user_id = $2',
      owner,
    );
    const unreadIds = unread.rows.map((r) => r.id);
    // Another journey of the same run may have read some of the seeded messages (closing their cards): the
    // newest read ones are made unread again, so the inbox starts with five, and read again afterwards.
    if (unreadIds.length < 5) {
      const { rows } = await db.query(
        'select id, create_time from message where tenant_id = $1 and user_id = $2 and status = 0 order by id desc limit $3',
        [...owner, 5 - unreadIds.length],
      );
      const revived = rows.map((r) => r.id);
      // As if they had just arrived (the drawer shows recent times as 'how long ago').
      await db.query(
        'update message set status = 1, read_time = null, create_time = now() where tenant_id = $1 and id = any($2)',
        [admin.tenantId, revived],
      );
      undo.push(() =>
        Promise.all(
          rows.map((r) =>
            db.query(
              'update message set status = 0, read_time = now(), create_time = $3 where tenant_id = $1 and id = $2',
              [admin.tenantId, r.id, r.create_time],
            ),
          ),
        ),
      );
    }
    const readNoticeIds = readNotices.rows.map((r) => r.notice_id);
    undo.push(() =>
      db.query('update message set status = 1, read_time = null where tenant_id = $1 and id = any($2)', [
        admin.tenantId,
        unreadIds,
      ]),
    );
    undo.push(() =>
      db.query(
        'delete from notice_read where tenant_id = $1 and user_id = $2 and not (notice_id = any($3))',
        [...owner, readNoticeIds],
      ),
    );
    fixtures = {
      messageStatus: async (id) => {
        const { rows } = await db.query('select status from message where tenant_id = $1 and id = $2', [
          admin.tenantId,
          id,
        ]);
        return Number(rows[0]?.status);
      },
      addGeneratingFiles: async (count) => {
        const { rows } = await db.query(
          `insert into task_progress (tenant_id, create_user_id, file_name, task_type, task_status)
           select $1, $2, 'journey-export-' || n || '.xlsx', 2, 1 from generate_series(1, $3::int) n returning id`,
          [...owner, count],
        );
        const ids = rows.map((r) => r.id);
        undo.push(() =>
          db.query('delete from task_progress where tenant_id = $1 and id = any($2)', [admin.tenantId, ids]),
        );
      },
      sendMessage: async (title, content) => {
        const { rows } = await db.query(
          `insert into message (tenant_id, user_id, type_code, title, content, status)
           values ($1, $2, 'SYSTEM', $3, $4, 1) returning id`,
          [...owner, title, content],
        );
        const id = rows[0]?.id;
        undo.push(() =>
          db.query('delete from message where tenant_id = $1 and id = $2', [admin.tenantId, id]),
        );
      },
    };
  }

  try {
    await journey(page, baseUrl, artifacts, a11y, fixtures);
  } finally {
    for (const step of undo.reverse()) await step();
  }
  assert.deepEqual(a11yFailures, [], a11yFailures.join('\n'));
}

/**
 * @param {Page} page
 * @param {string} baseUrl
 * @param {import('../lib/journey.mjs').Artifacts} artifacts
 * @param {(label: string, selector: string) => Promise<unknown>} a11y
 * @param {Fixtures | null} fixtures
 */
async function journey(page, baseUrl, artifacts, a11y, fixtures) {
  await page.setViewportSize({ width: 1366, height: 820 });
  await fixtures?.addGeneratingFiles(2);
  // 1. The demo administrator (two roles: the first usable one is chosen) has unread messages.
  await signInToShell(page, baseUrl, { lang: 'zh-CN' });
  const bell = page.getByTestId('message-bell');
  await bell.waitFor();
  // The count arrives after the layout.
  await page.locator('.ant-badge', { has: bell }).locator('sup.ant-badge-count').waitFor();
  const unread = await badgeNumber(page, 'message-bell');
  assert.ok(unread >= 3, `the demo administrator starts with unread messages (bell shows ${unread})`);
  await page
    .getByRole('button', { name: interpolate(zh.messages.bellUnread, { count: unread }), exact: true })
    .waitFor();

  // [spec:S0.1.3] downloads, with the count of files being generated, and notices sit beside the bell.
  if (fixtures) {
    await page
      .getByRole('button', { name: interpolate(zh.downloads.buttonGenerating, { count: 2 }), exact: true })
      .waitFor();
    await expectBadge(page, 'download-button', 2);
  } else {
    await page.getByRole('button', { name: zh.downloads.title, exact: true }).waitFor();
    await expectBadge(page, 'download-button', 0);
  }
  const notices = await badgeNumber(page, 'notice-button');
  assert.ok(notices >= 1, `the demo notices are unread (notice badge shows ${notices})`);

  // 2. [spec:S0.2.16] The newest unread messages as stacked cards at the bottom right; the front one can be read.
  const cards = page.getByTestId('message-cards');
  await cards.waitFor();
  const cardCount = await cards.locator('article').count();
  assert.equal(cardCount, Math.min(unread, 5), 'up to five newest unread messages are cards');
  const front = page.getByTestId('message-card-front');
  await expectText(page, zh.messages.cards.prompt, { within: front });
  const frontTitle = (await front.locator('h3').innerText()).trim();
  // Titles repeat ('Export ready' from another journey's exports): the card is told apart by its id.
  const frontId = await front.getAttribute('aria-labelledby');
  const frontBox = await front.boundingBox();
  assert.ok(
    frontBox && Math.round(frontBox.width) === 380,
    `the front card is 380 px wide (${frontBox?.width})`,
  );
  const behind = cards.locator('article').nth(1);
  const behindBox = await behind.boundingBox();
  assert.ok(
    behindBox && Math.round(behindBox.width) === 370 && Math.round(frontBox.y - behindBox.y) === 5,
    `the card behind is 10 px narrower and 5 px higher (${behindBox?.width} wide, ${frontBox && behindBox ? frontBox.y - behindBox.y : '?'} px)`,
  );
  await screenshot(page, artifacts, 'messages-cards-zh-CN');
  await a11y('messages-cards-zh-CN', '[data-testid="message-cards"]');
  await front.getByRole('button', { name: zh.messages.cards.close, exact: true }).click();
  await expectBadge(page, 'message-bell', unread - 1);
  await page.locator(`[data-testid="message-card-front"]:not([aria-labelledby="${frontId}"])`).waitFor();
  // Hidden, the cards stay away after a reload (the messages stay unread) until a newer message comes
  // (below, 'A new message arrives').
  await page.getByTestId('message-card-front').getByTestId('message-cards-hide').click();
  await cards.waitFor({ state: 'detached' });
  await page.reload();
  await expectBadge(page, 'message-bell', unread - 1);
  assert.equal(await cards.count(), 0, 'hidden cards stay hidden after a reload');

  // 3. [spec:S0.2.20] The drawer: 600 px, unread tab first, title, type and time of each message, unread dots.
  await bell.click();
  const drawer = messageDrawer(page);
  await expectText(page, zh.messages.title, { within: drawer });
  const drawerBox = await drawer.boundingBox();
  assert.ok(
    drawerBox && Math.round(drawerBox.width) === 600,
    `the drawer is 600 px wide (${drawerBox?.width})`,
  );
  await drawer.getByRole('tab', { name: new RegExp(zh.messages.tabs.unread) }).waitFor();
  await drawer.getByRole('tab', { name: zh.messages.tabs.all }).waitFor();
  const unreadItems = listItems(page, 'unread');
  await unreadItems.first().waitFor();
  assert.equal(
    await unreadItems.count(),
    Math.min(unread - 1, 10),
    'the unread tab lists the unread messages',
  );
  assert.equal(
    await drawer.getByRole('img', { name: zh.messages.unreadDot }).count(),
    await unreadItems.count(),
  );
  const closedId = Number(frontId?.replace('message-card-', ''));
  if (fixtures) {
    assert.equal(
      await fixtures.messageStatus(closedId),
      0,
      `the message whose card was closed (${frontTitle}) is read`,
    );
  } else {
    assert.ok(
      !(await unreadItems.allInnerTexts()).some((text) => text.includes(frontTitle)),
      'the message whose card was closed is read',
    );
  }
  const firstText = await unreadItems.first().innerText();
  assert.match(firstText, /分钟前|小时前|刚刚|天前/, `the time shows how long ago: ${firstText}`);
  await settle(page);
  await screenshot(page, artifacts, 'messages-drawer-zh-CN');
  await a11y('messages-drawer-zh-CN', '.message-drawer .ant-drawer-section');

  // 4. [spec:S0.4.11] Opening a message shows it and marks it read: the count goes down by one.
  const firstTitle = (await unreadItems.first().getByTestId('message-item-title').innerText()).trim();
  await unreadItems.first().click();
  const detail = detailDrawer(page);
  await expectText(page, zh.messages.detailTitle, { within: detail });
  await expectText(page, firstTitle, { within: detail });
  assert.ok(
    (await page.getByTestId('message-detail-content').innerText()).trim().length > 0,
    'the content shows',
  );
  await expectBadge(page, 'message-bell', unread - 2);
  await settle(page);
  await screenshot(page, artifacts, 'messages-detail-zh-CN');
  await a11y('messages-detail-zh-CN', '.message-detail-drawer .ant-drawer-section');
  await closeDrawer(page, 'message-detail-drawer');
  await page.waitForFunction(
    ([testId, count]) => document.querySelectorAll(`[data-testid="${testId}"] li`).length === count,
    /** @type {const} */ (['message-list-unread', Math.min(unread - 2, 10)]),
  );

  // The all tab lists read messages too, without a dot.
  await drawer.getByRole('tab', { name: zh.messages.tabs.all }).click();
  const allItems = listItems(page, 'all');
  await allItems.first().waitFor();
  assert.ok((await allItems.count()) >= unread, 'the all tab lists read and unread messages');
  assert.ok(
    (await drawer.getByRole('img', { name: zh.messages.unreadDot }).count()) < (await allItems.count()),
    'read messages have no dot',
  );
  // [spec:S0.9.7] scrolling to the end loads the next page until all are there.
  const allTotal = await allItems.count();
  if (allTotal === 10) {
    await page.getByTestId('message-list-all').evaluate((box) => box.scrollTo(0, box.scrollHeight));
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="message-list-all"] li').length > 10,
    );
  }
  await expectText(page, zh.messages.noMore, { within: drawer });
  await closeDrawer(page, 'message-drawer');

  // 5. The language switch in the header: the drawer in English.
  await chooseLanguage(page.getByRole('banner'), zh.language['en-US']);
  await page
    .getByRole('button', { name: interpolate(en.messages.bellUnread, { count: unread - 2 }), exact: true })
    .waitFor();
  await bell.click();
  await expectText(page, en.messages.title, { within: drawer });
  await drawer.getByRole('tab', { name: en.messages.tabs.all }).waitFor();
  await listItems(page, 'unread').first().waitFor();
  await settle(page);
  await screenshot(page, artifacts, 'messages-drawer-en-US');
  await a11y('messages-drawer-en-US', '.message-drawer .ant-drawer-section');

  // 6. [spec:S0.5.17] Mark all as read asks first, then says so; the count and the cards are gone.
  await drawer.getByRole('button', { name: en.messages.markAllRead, exact: true }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expectText(page, en.messages.markAllReadConfirm, { within: confirm });
  await settle(page);
  await screenshot(page, artifacts, 'messages-mark-all-confirm-en-US');
  await confirm.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await expectText(page, en.messages.operationSuccessful);
  await expectBadge(page, 'message-bell', 0);
  await page.getByRole('button', { name: en.messages.title, exact: true }).waitFor();
  // [spec:S0.8.12] the unread list is empty: 'no data'.
  await expectText(page, en.messages.noData, { within: drawer });
  await cards.waitFor({ state: 'detached' });
  await closeDrawer(page, 'message-drawer');

  // A new message arrives: the count is asked again when the window gets focus (and every 30 s), and the
  // message shows as a card.
  if (fixtures) {
    const title = 'Journey reminder';
    await fixtures.sendMessage(title, 'A consultation record is waiting to be completed.');
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expectBadge(page, 'message-bell', 1);
    await expectText(page, title, { within: page.getByTestId('message-card-front') });
    await expectText(page, en.messages.cards.prompt, { within: page.getByTestId('message-card-front') });
    await page
      .getByTestId('message-card-front')
      .getByRole('button', { name: en.messages.cards.close })
      .click();
    await expectBadge(page, 'message-bell', 0);
    await cards.waitFor({ state: 'detached' });
  }

  // 7. Notices: the drawer lists them; opening one shows it and marks it read.
  await page
    .getByRole('button', { name: interpolate(en.notices.buttonUnread, { count: notices }), exact: true })
    .click();
  const noticeDrawer = page.locator('.notice-drawer .ant-drawer-section').first();
  await expectText(page, en.notices.title, { within: noticeDrawer });
  const noticeItems = page.getByTestId('notice-list').locator('li button');
  await noticeItems.first().waitFor();
  assert.ok((await noticeItems.count()) >= notices, 'the unread notices are listed');
  await settle(page);
  await screenshot(page, artifacts, 'notices-drawer-en-US');
  const unreadNotice = noticeItems
    .filter({ has: page.getByRole('img', { name: en.notices.unreadDot }) })
    .first();
  const noticeTitle = (await unreadNotice.getByTestId('notice-item-title').innerText()).trim();
  await unreadNotice.click();
  const noticeDetail = page.locator('.notice-detail-drawer .ant-drawer-section').first();
  await expectText(page, noticeTitle, { within: noticeDetail });
  assert.ok(
    (await page.getByTestId('notice-detail-content').innerText()).trim().length > 0,
    'the notice text shows',
  );
  await expectBadge(page, 'notice-button', notices - 1);
  await settle(page);
  await screenshot(page, artifacts, 'notices-detail-en-US');
  await a11y('notices-detail-en-US', '.notice-detail-drawer .ant-drawer-section');
  await closeDrawer(page, 'notice-detail-drawer');
  await closeDrawer(page, 'notice-drawer');

  // 8. On a phone the bell stays in the top bar; downloads and notices move into the user menu.
  await chooseLanguage(page.getByRole('banner'), en.language['zh-CN']);
  await page.setViewportSize({ width: 390, height: 820 });
  await bell.waitFor();
  // No download or notice button left in the top bar on a phone.
  await page.getByTestId('download-button').waitFor({ state: 'detached' });
  await page.getByTestId('notice-button').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: /的用户菜单$/ }).click();
  await page.getByRole('menuitem', { name: new RegExp(zh.downloads.title) }).waitFor();
  await page.waitForTimeout(400); // the menu's slide-in, so the click lands on the item asked for
  await page.getByRole('menuitem', { name: new RegExp(zh.notices.title) }).click();
  await expectText(page, zh.notices.title, { within: noticeDrawer });
  const phoneBox = await noticeDrawer.boundingBox();
  assert.ok(phoneBox && Math.round(phoneBox.width) === 390, 'the drawer takes the whole phone screen');
  await settle(page);
  await screenshot(page, artifacts, 'notices-drawer-phone-zh-CN');
  await closeDrawer(page, 'notice-drawer');
  await bell.click();
  await expectText(page, zh.messages.noData, { within: drawer });
  await settle(page);
  await screenshot(page, artifacts, 'messages-drawer-phone-zh-CN');
}
