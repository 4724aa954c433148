import assert from 'node:assert/strict';
import { DEMO_TENANT } from '../lib/db.mjs';
import { DEMO_PASSWORD, loginAs } from '../lib/journey.mjs';

export const name =
  '[spec:S0.4.14] [spec:S0.9.6] token timers: refresh when 1800 s or less remain, keeping the role; no refresh token ends the session';

/** A demo user no other journey signs in as. */
const USER = 'assessor';

/**
 * Changes the stored session as time would: the app reads it on its next 5-second check.
 * @param {import('playwright-core').Page} page
 * @param {{ remainingS: number, refreshToken?: string }} change
 */
async function ageSession(page, change) {
  await page.evaluate(({ remainingS, refreshToken }) => {
    const session = JSON.parse(sessionStorage.getItem('psy-session') ?? 'null');
    session.expiresAt = Date.now() + remainingS * 1000;
    if (refreshToken !== undefined) session.refreshToken = refreshToken;
    sessionStorage.setItem('psy-session', JSON.stringify(session));
  }, change);
}

/** @param {import('playwright-core').Page} page */
const readSession = (page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem('psy-session') ?? 'null'));

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl }) {
  await page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
  await page.evaluate(() => localStorage.setItem('psy-lang', 'en-US'));
  await loginAs(page, baseUrl, { username: USER, password: DEMO_PASSWORD });
  await page.waitForURL('**/wel/index');
  await page.getByTestId('signed-in-as').waitFor();
  const before = await readSession(page);
  const roleBefore = await page.evaluate(() => sessionStorage.getItem('psy-role-id'));
  assert.equal(before.accessTtlS, 7200, "the server's default access-token lifetime");

  // 1801 s left: nothing happens at the next checks.
  await ageSession(page, { remainingS: 1801 + 12 });
  const early = page.waitForRequest((r) => r.url().includes('grant_type=refresh_token'), { timeout: 8_000 });
  await assert.rejects(early, /Timeout/, 'no refresh while more than 1800 s remain');

  // 1800 s or less: refreshed within 5 s, once; the tenant and the active role stay.
  await ageSession(page, { remainingS: 1700 });
  const refreshed = await page.waitForResponse((r) => r.url().includes('grant_type=refresh_token'), {
    timeout: 8_000,
  });
  assert.equal((await refreshed.json()).code, 0, 'refresh accepted');
  await page.waitForFunction(
    (old) => JSON.parse(sessionStorage.getItem('psy-session') ?? '{}').accessToken !== old,
    before.accessToken,
  );
  const after = await readSession(page);
  assert.ok(after.expiresAt - Date.now() > 7000 * 1000, 'a full lifetime again');
  assert.equal(after.tenantCode, before.tenantCode);
  assert.equal(
    await page.evaluate(() => sessionStorage.getItem('psy-role-id')),
    roleBefore,
    'the role stays',
  );
  // The new token works: the app keeps talking to the server.
  const [info] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/admin/user/info')),
    page.reload(),
  ]);
  assert.equal((await info.json()).code, 0, 'the refreshed token is accepted');
  await page.getByTestId('signed-in-as').waitFor();

  // Due again but no refresh token: the session ends and the school's login page opens.
  await ageSession(page, { remainingS: 60, refreshToken: '' });
  await page.waitForURL(/\/login/, { timeout: 10_000 });
  assert.equal(await page.evaluate(() => sessionStorage.getItem('psy-session')), null, 'the session is gone');
}
