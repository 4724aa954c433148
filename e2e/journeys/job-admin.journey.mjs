import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { expectText, screenshot } from '../lib/journey.mjs';
import { signInToShell } from '../lib/shell.mjs';

export const name =
  'job-admin: the admin opens Background jobs, finds a failed job with its error, retries it (it runs and is done), sees the recurring jobs with their next run, in English and Chinese';
export const needsDb = true;

const en = readCatalogue('en-US');
const zh = readCatalogue('zh-CN');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts, db }) {
  const admin = await db.findUser('admin');
  const error = `E2E clean-up failed ${Date.now().toString(36)}`;
  // A failed job of the school of a kind an administrator may retry (the task-file clean-up).
  const {
    rows: [job],
  } = await db.query(
    `insert into job (tenant_id, queue, state, attempts, max_attempts, last_error, run_at)
     values ($1, 'downloads.expire', 'failed', 1, 1, $2, now() - interval '1 minute') returning id`,
    [admin.tenantId, error],
  );
  assert.ok(job, 'the failed job was made');
  const id = Number(job.id);
  try {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInToShell(page, baseUrl, { lang: 'en-US', to: '/admin/job/index' });
    await expectText(page, en.jobAdmin.title);

    // The failed filter shows it with its error and a retry.
    // The filter, not a row's state tag of the same word.
    await page.locator('.ant-segmented').getByText(en.jobAdmin.filter.failed, { exact: true }).click();
    const table = page.getByTestId('job-table');
    const row = table.locator('tbody tr').filter({ hasText: error });
    await row.waitFor();
    await expectText(page, en.jobAdmin.state.failed, { within: row });
    await expectText(page, 'downloads.expire', { within: row });
    await expectText(page, en.jobAdmin.schedulesTitle);
    await page.getByTestId('job-schedule-table').getByText('downloads.expire.hourly').waitFor();
    await screenshot(page, artifacts, 'job-admin-en-US');
    await page.mouse.move(0, 0);
    await checkA11y(page, { name: 'job-admin-en-US', artifacts, include: '#main-content' });

    const [answer] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/admin/job/retry')),
      row.getByRole('button', { name: `${en.jobAdmin.retry} #${id}` }).click(),
    ]);
    assert.equal((await answer.json()).data, true, 'the retry was taken');
    await expectText(page, interpolate(en.jobAdmin.retried, { id }));

    // The worker runs it again: it is done.
    for (let i = 0; ; i += 1) {
      const { rows } = await db.query('select state from job where id = $1', [id]);
      if (rows[0]?.state === 'done') break;
      assert.ok(i < 100, `the retried job ran (state ${rows[0]?.state})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await page.locator('.ant-segmented').getByText(en.jobAdmin.filter.done, { exact: true }).click();
    await table
      .locator('tbody tr')
      .filter({ hasText: String(id) })
      .first()
      .waitFor();

    // Chinese.
    await page.evaluate(() => localStorage.setItem('psy-lang', 'zh-CN'));
    await page.reload();
    await expectText(page, zh.jobAdmin.title);
    await expectText(page, zh.jobAdmin.schedulesTitle);
    await screenshot(page, artifacts, 'job-admin-zh-CN');
  } finally {
    await db.query('delete from job where id = $1', [id]);
  }
}
