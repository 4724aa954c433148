import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { acceptAgreement, agreementDuring, removeAgreement } from '../lib/agreement.mjs';
import { readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { DEMO_PASSWORD, screenshot, visit } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.1.3] [spec:S0.2.20] en-US walk of the seeded demo: the administrator and the student open every main screen in English and the texts the product provides (menus, headings, buttons, labels, column titles, seeded rows) carry no Chinese';
export const needsDb = true;
/**
 * Runs first in its shard: the screens it checks whole list what the demo seeded, and other journeys add
 * rows a school would type (an assessment plan named in Chinese) to the database the shard shares.
 */
export const onSeededDemo = true;

const en = readCatalogue('en-US');
const HAN = /\p{Script=Han}/u;

/**
 * The screens walked. `rows: true` when every row the screen lists is something the product seeded
 * (messages, notices, dictionaries, roles, departments, settings, ...): then all of the page's text is
 * checked, not only its headings, menus, buttons, labels and column titles. Screens that list what a school
 * typed (its users) are checked on the product's own texts only.
 * @typedef {{ path: string, rows?: boolean, open?: (page: import('playwright-core').Page) => Promise<void> }} Screen
 */

/** @type {Screen[]} */
const ADMIN_SCREENS = [
  { path: '/wel/index', rows: true },
  { path: '/message/systemInformation', rows: true },
  { path: '/noticeList/index', rows: true },
  {
    path: '/admin/dict/index',
    rows: true,
    // The items of one dictionary too: their English labels (the "Chinese label" column is exempt).
    open: async (page) => {
      await page.locator('#main-content table tbody tr .ant-btn-link').first().click();
      await page.getByRole('columnheader', { name: en.systemSettings.dict.labelEn }).waitFor();
      await settled(page);
    },
  },
  { path: '/admin/role/index', rows: true },
  { path: '/admin/dept/index', rows: true },
  { path: '/admin/uType/index', rows: true },
  { path: '/admin/setting/index', rows: true },
  { path: '/admin/agreement/index', rows: true },
  { path: '/admin/product/index', rows: true },
  { path: '/notice_manage/noticePublish', rows: true },
  { path: '/message/messageManage', rows: true },
  { path: '/admin/pageSetup/index', rows: true },
  { path: '/admin/job/index', rows: true },
  { path: '/admin/log/index', rows: true },
  { path: '/downloadFile/fileList', rows: true },
  { path: '/crisis/setting/index', rows: true },
  { path: '/focusperson/setting/index', rows: true },
  { path: '/info/index' },
  { path: '/admin/form/index', rows: true },
  { path: '/appointment/settings/index', rows: true },
  {
    path: '/appointment/schedule/index',
    rows: true,
    // The slot list: each slot's site and room, as the school's staff see them.
    open: async (page) => {
      await page
        .locator('#main-content')
        .getByRole('tab', { name: en.scheduling.schedule.tabs.slots, exact: true })
        .click();
      await page.getByTestId('slot-table').locator('tbody tr.ant-table-row').first().waitFor();
      await settled(page);
    },
  },
  { path: '/appointment/queue/index', rows: true },
  { path: '/consult/case/index', rows: true },
  { path: '/evaluationDetails/index', rows: true },
  { path: '/crisis/network/index', rows: true },
  { path: '/userinfo/index' },
];

/** @type {Screen[]} */
const STUDENT_SCREENS = [
  { path: '/wel/index', rows: true },
  { path: '/message/systemInformation', rows: true },
  { path: '/noticeList/index', rows: true },
  { path: '/appointment/mine/index', rows: true },
  { path: '/evaluation_user_answerlist/index', rows: true },
  { path: '/evaluation_user_test/index', rows: true },
  { path: '/userinfo/index' },
];

/**
 * Waits until the main area has loaded what it shows: no spinner or skeleton left in it. Waits on the page,
 * never on a clock.
 * @param {import('playwright-core').Page} page
 */
async function settled(page) {
  await page.locator('#main-content').waitFor();
  await page.waitForFunction(() => {
    const shown = (/** @type {Element} */ el) => el instanceof HTMLElement && el.getClientRects().length > 0;
    const main = document.querySelector('#main-content');
    if (!main) return false;
    // The page's code has loaded (its heading or content shows) and nothing in it is still loading.
    const content = [
      ...main.querySelectorAll('h1, h2, h3, [role=heading], table, form, .ant-empty, .ant-result'),
    ];
    const loading = [...main.querySelectorAll('[role=status], .ant-spin-spinning, .ant-skeleton')];
    return content.some(shown) && !loading.some(shown);
  });
}

/**
 * The texts on the page the product provides, each with where it was found. The scope is chosen by kind of
 * element, not by page: the shell's menus, tabs, breadcrumb and buttons, every heading, label, column
 * title, placeholder, tooltip and accessible name, and, on screens whose rows are all seeded, every text of
 * the main area. Cells of a column that holds the Chinese of a seeded item by design ("Chinese label") are
 * left out. Names of the school's people (school data) are removed before the check by the caller.
 * @param {import('playwright-core').Page} page
 * @param {boolean} rows
 */
async function productTexts(page, rows) {
  return page.evaluate(
    ({ rows, exemptColumns }) => {
      /** @type {{ where: string, text: string }[]} */
      const out = [];
      const visible = (/** @type {Element} */ el) =>
        el instanceof HTMLElement && (el.offsetParent !== null || el.getClientRects().length > 0);
      // Text marked as Chinese (`lang="zh-CN"`: the language switch names each language in itself, "中文",
      // so that its reader finds it) is meant to be Chinese and left out.
      const marked = (/** @type {Node} */ node) => node.parentElement?.closest('[lang="zh-CN"]') != null;
      const textOf = (/** @type {Element} */ el) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        let text = '';
        for (let node = walker.nextNode(); node; node = walker.nextNode())
          if (!marked(node)) text += node.textContent ?? '';
        return text;
      };
      const kinds =
        'h1,h2,h3,h4,h5,h6,[role=heading],[role=menuitem],[role=tab],[role=columnheader],button,label,th,' +
        '.ant-breadcrumb,.ant-form-item-label,.ant-empty-description,.ant-card-head-title,' +
        '.ant-descriptions-item-label,.ant-select-selection-placeholder,.ant-result-title,.ant-modal-title';
      for (const el of document.querySelectorAll(kinds)) {
        if (visible(el)) out.push({ where: el.tagName.toLowerCase(), text: textOf(el) });
      }
      for (const el of document.querySelectorAll('[placeholder],[aria-label],[title]')) {
        if (!visible(el)) continue;
        for (const attr of ['placeholder', 'aria-label', 'title']) {
          const value = el.getAttribute(attr);
          if (value) out.push({ where: `@${attr}`, text: value });
        }
      }
      // The inbox and notice drawers and the message cards list only what the product sent: all their text.
      for (const box of document.querySelectorAll('.ant-drawer-content, [data-testid="message-cards"]')) {
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (parent && visible(parent) && !marked(node))
            out.push({ where: 'drawer', text: node.textContent ?? '' });
        }
      }
      const main = document.querySelector('#main-content');
      if (rows && main) {
        // Every text node of the main area, except cells of an exempt column.
        const exempt = new Set();
        for (const table of main.querySelectorAll('table')) {
          const heads = [...table.querySelectorAll('thead th')];
          heads.forEach((th, i) => {
            if (exemptColumns.includes((th.textContent ?? '').trim())) exempt.add(`${i}`);
          });
          if (!exempt.size) continue;
          for (const tr of table.querySelectorAll('tbody tr')) {
            [...tr.children].forEach((td, i) => {
              if (exempt.has(`${i}`)) td.setAttribute('data-walk-exempt', '');
            });
          }
        }
        const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || !visible(parent) || parent.closest('[data-walk-exempt]') || marked(node)) continue;
          out.push({ where: 'main', text: node.textContent ?? '' });
        }
      }
      return out;
    },
    { rows, exemptColumns: [en.systemSettings.dict.label] },
  );
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  // What the school typed stays as typed in every language: its people's names, and its own title (page
  // setup), which is its name.
  const { rows: typed } = await db.query(
    `select u.real_name as text from sys_user u join tenant t on t.id = u.tenant_id where lower(t.code) = $1
     union select p.system_title from page_setup p join tenant t on t.id = p.tenant_id where lower(t.code) = $1
     union select p.browser_title from page_setup p join tenant t on t.id = p.tenant_id where lower(t.code) = $1`,
    [DEMO_TENANT],
  );
  const names = typed
    .map((p) => String(p.text ?? ''))
    .filter((n) => HAN.test(n))
    .sort((a, b) => b.length - a.length);
  const schoolData = (/** @type {string} */ text) => names.reduce((t, n) => t.split(n).join(''), text);

  /** @type {string[]} */
  const found = [];
  /** What was checked on each screen, for a reader of the artifacts. @type {Record<string, string[]>} */
  const checked = {};
  /**
   * @param {string} who
   * @param {Screen[]} screens
   */
  const walk = async (who, screens) => {
    for (const screen of screens) {
      await visit(page, `${baseUrl}${screen.path}`);
      await page.getByRole('banner').waitFor();
      // The page's tab is selected once the menus have decided what the path shows (the page, or /403).
      await page.locator('.ant-tabs-tab-active').first().waitFor();
      await settled(page);
      assert.equal(new URL(page.url()).pathname, screen.path, `${who} opens ${screen.path}`);
      if (screen.open) await screen.open(page);
      const texts = await productTexts(page, Boolean(screen.rows));
      // A scope that finds nothing would pass every page: each screen has its menus, heading and buttons.
      assert.ok(texts.length >= 20, `${who} ${screen.path}: ${texts.length} texts checked`);
      if (screen.rows)
        assert.ok(
          texts.some((t) => t.where === 'main'),
          `${who} ${screen.path}: main checked`,
        );
      checked[`${who} ${screen.path}`] = texts.map((t) => `${t.where}: ${t.text.trim()}`).filter(Boolean);
      for (const { where, text } of texts) {
        const rest = schoolData(text).trim();
        if (HAN.test(rest)) found.push(`${who} ${screen.path} ${where}: ${rest.slice(0, 120)}`);
      }
    }
  };

  /**
   * Opens a drawer from the top bar and its first entry, checking the list and the entry.
   * @param {string} who
   * @param {{ button: string, drawer: string, item: string, detail: string }} at
   */
  const openDrawer = async (who, at) => {
    await page.getByTestId(at.button).click();
    const item = page.locator(`.${at.drawer} [data-testid="${at.item}"]`).first();
    await item.waitFor();
    await item.click();
    // The entry opens in a drawer of its own, with its whole text.
    await page.getByTestId(at.detail).first().waitFor();
    for (const { where, text } of await productTexts(page, false)) {
      const rest = schoolData(text).trim();
      if (HAN.test(rest)) found.push(`${who} ${at.drawer} ${where}: ${rest.slice(0, 120)}`);
    }
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await page
      .locator('.ant-drawer-open')
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
  };
  const MESSAGES = {
    button: 'message-bell',
    drawer: 'message-drawer',
    item: 'message-item-title',
    detail: 'message-detail-content',
  };
  const NOTICES = {
    button: 'notice-button',
    drawer: 'notice-drawer',
    item: 'notice-item-title',
    detail: 'notice-detail-content',
  };

  await signInToShell(page, baseUrl, { lang: 'en-US' });
  await walk('admin', ADMIN_SCREENS);
  await openDrawer('admin', MESSAGES);
  // Loaded: the top bar starts with its drawers closed.
  await page.goto(`${baseUrl}/wel/index`);
  await settled(page);
  await openDrawer('admin', NOTICES);
  await screenshot(page, artifacts, 'en-us-walk-admin');

  const student = await db.findUser('student');
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const [, agreement] = await agreementDuring(page, () =>
    signInToShell(page, baseUrl, {
      lang: 'en-US',
      account: { username: 'student', password: DEMO_PASSWORD },
    }),
  );
  try {
    if (agreement?.mustAgree) {
      // The start-up agreement is seeded text too.
      assert.doesNotMatch(`${agreement.title}\n${agreement.content}`, HAN, 'the agreement in English');
      await acceptAgreement(page, agreement, 'en-US');
    }
    await walk('student', STUDENT_SCREENS);
    await openDrawer('student', NOTICES);
    await screenshot(page, artifacts, 'en-us-walk-student');
  } finally {
    if (agreement?.mustAgree) await removeAgreement(db, student);
  }

  fs.writeFileSync(path.join(artifacts.dir, 'en-us-walk-texts.json'), JSON.stringify(checked, null, 1));
  assert.deepEqual([...new Set(found)], [], 'no Chinese in what the product provides to an English reader');
}
