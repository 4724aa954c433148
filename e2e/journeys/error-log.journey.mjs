import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot, expectToast, watchToasts } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.2.26] [spec:S0.3.13] [spec:S0.9.7] [spec:S0.9.1] [spec:S0.8.10] [spec:S0.8.11] error log: a client error is counted, listed, uploaded and cleared';

const zh = readCatalogue('zh-CN');
const en = readCatalogue('en-US');

/**
 * Throws `count` uncaught errors in the page, each from its own timer, as a bug in a page would.
 * @param {import('playwright-core').Page} page
 * @param {number} count
 * @param {string} message
 */
async function throwInPage(page, count, message) {
  await page.evaluate(
    ([n, text]) => {
      for (let i = 0; i < Number(n); i += 1) {
        setTimeout(() => {
          throw new Error(String(text));
        });
      }
    },
    [count, message],
  );
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  const a11yFailures = /** @type {string[]} */ ([]);
  /** @param {string} label */
  const a11y = async (label) => {
    // Not over a row or button: a hover colour is not what the screen looks like at rest.
    await page.mouse.move(0, 0);
    // The dialog has been seen closed here twice in full runs (cause not found; the run's trail tells what
    // the page did): said in the log, and opened again so that it is the dialog that is checked.
    if ((await page.locator('.psy-error-log-dialog [role="dialog"]').count()) === 0) {
      console.log(`error-log journey: the dialog was closed before the accessibility check (${label})`);
      await page
        .getByRole('banner')
        .getByRole('button', { name: /错误日志|Error log/ })
        .click();
      await page.locator('.psy-error-log-dialog [role="dialog"]').waitFor();
    }
    await checkA11y(page, { name: label, artifacts, include: '.psy-error-log-dialog' }).catch(
      (/** @type {Error} */ e) => a11yFailures.push(e.message),
    );
  };

  await signInToShell(page, baseUrl, { lang: 'zh-CN' });
  await watchToasts(page);
  const banner = page.getByRole('banner');
  const logButton = banner.getByRole('button', { name: zh.clientLogs.title, exact: true });
  await logButton.waitFor();
  const badge = () =>
    banner
      .locator('.ant-badge', { has: page.getByRole('button', { name: /错误日志|Error log/ }) })
      .locator('sup');

  // A client error in the page: the badge counts it.
  await throwInPage(page, 1, 'journey error');
  const counted = banner.getByRole('button', {
    name: interpolate(zh.clientLogs.buttonWithCount, { shown: '1' }),
  });
  await counted.waitFor();
  assert.equal((await badge().innerText()).trim(), '1', 'the badge shows 1');

  // The error-log screen lists it: type, address, content, stack, time.
  await counted.click();
  const dialog = page.getByRole('dialog', { name: zh.clientLogs.title });
  await dialog.waitFor();
  // The browser asks for reduced motion (e2e/run.mjs): the dialog appears without its zoom.
  assert.equal(
    await page.locator('.ant-zoom-appear, .ant-zoom-enter').count(),
    0,
    'no zoom with reduced motion',
  );
  for (const key of ['type', 'url', 'message', 'stack', 'time']) {
    await dialog.getByRole('columnheader', { name: zh.clientLogs.columns[key] }).waitFor();
  }
  const rows = dialog.locator('tbody tr');
  assert.equal(await rows.count(), 1);
  const row = rows.first();
  await expectText(page, zh.clientLogs.types.error, { within: row });
  await expectText(page, 'journey error', { within: row });
  assert.ok((await row.innerText()).includes(`${baseUrl}/wel/index`), 'the address is the page of the error');
  assert.match(await row.innerText(), /\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/, 'the time is shown');
  await screenshot(page, artifacts, 'error-log-zh-CN');
  await a11y('error-log-zh-CN');
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Many errors: the badge stops at 99+, the table pages by 10.
  await throwInPage(page, 104, 'burst error');
  await banner
    .getByRole('button', { name: interpolate(zh.clientLogs.buttonWithCount, { shown: '99+' }) })
    .waitFor();
  assert.equal((await badge().innerText()).trim(), '99+', 'the badge shows at most 99+');

  // English from here on.
  await banner.getByText(zh.language['en-US'], { exact: true }).click();
  await banner
    .getByRole('button', { name: interpolate(en.clientLogs.buttonWithCount, { shown: '99+' }) })
    .click();
  const enDialog = page.getByRole('dialog', { name: en.clientLogs.title });
  await enDialog.waitFor();
  await expectText(page, interpolate(en.clientLogs.count, { count: 105 }), { within: enDialog });
  assert.equal(await enDialog.locator('tbody tr').count(), 10, '10 entries a page');
  await enDialog.getByRole('listitem', { name: '11' }).waitFor();
  await enDialog.getByRole('listitem', { name: '11' }).click();
  assert.equal(await enDialog.locator('tbody tr').count(), 5, 'the last page has the 5 oldest');
  await expectText(page, 'journey error', { within: enDialog.locator('tbody') });
  await enDialog.getByRole('listitem', { name: '1', exact: true }).click();
  await screenshot(page, artifacts, 'error-log-en-US');
  await a11y('error-log-en-US');

  // Upload: confirm, then the server takes them in batches of at most 100; the log is empty afterwards.
  const uploads = /** @type {number[]} */ ([]);
  page.on('response', async (response) => {
    if (response.url().endsWith('/admin/log/logs') && response.request().method() === 'POST') {
      const body = await response.json();
      assert.equal(body.code, 0, `upload refused: ${body.msg}`);
      uploads.push(body.data);
    }
  });
  // A message pushed by another journey's export (the 'Export ready' card) has been seen to close the
  // dialog once in a full run (cause not found yet): open it again rather than fail here.
  if (!(await enDialog.isVisible())) {
    await banner
      .getByRole('button', { name: interpolate(en.clientLogs.buttonWithCount, { shown: '99+' }) })
      .click();
    await enDialog.waitFor();
  }
  await enDialog.getByRole('button', { name: en.clientLogs.upload }).click();
  await expectText(page, en.clientLogs.uploadConfirm);
  await page.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await expectToast(page, en.clientLogs.sent);
  await expectText(page, interpolate(en.clientLogs.count, { count: 0 }), { within: enDialog });
  assert.deepEqual(uploads, [100, 5], 'two uploads: 100 and 5 entries');
  await banner.getByRole('button', { name: en.clientLogs.title, exact: true }).waitFor();
  await badge().filter({ visible: true }).waitFor({ state: 'detached' });
  await enDialog.getByRole('button', { name: 'Close', exact: true }).click();
  await enDialog.waitFor({ state: 'hidden' });

  // Clear: confirm, then the local log is empty.
  await throwInPage(page, 2, 'another error');
  await banner
    .getByRole('button', { name: interpolate(en.clientLogs.buttonWithCount, { shown: '2' }) })
    .click();
  await enDialog.waitFor();
  assert.equal(await enDialog.locator('tbody tr').count(), 2);
  await enDialog.getByRole('button', { name: en.clientLogs.clear }).click();
  await expectText(page, en.clientLogs.clearConfirm);
  await page.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await expectToast(page, en.clientLogs.cleared);
  await expectText(page, interpolate(en.clientLogs.count, { count: 0 }), { within: enDialog });
  await expectText(page, en.clientLogs.noData, { within: enDialog });
  assert.equal(await page.evaluate(() => localStorage.getItem('psy-client-logs')), null);

  assert.deepEqual(a11yFailures, [], a11yFailures.join('\n'));
}
