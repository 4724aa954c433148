import assert from 'node:assert/strict';
import { checkA11y } from '../lib/axe.mjs';
import { interpolate, readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { DEMO_ADMIN, screenshot, visit } from '../lib/journey.mjs';
import { chooseRoleIfAsked, signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.2.5] [spec:S0.7.14] fingerprint login: enrol a platform authenticator on the personal page, log out, sign in by fingerprint, remove the enrolment';

const en = readCatalogue('en-US');

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  // WebAuthn refuses an IP address as relying party: the page must be on localhost (WEBAUTHN_RP_ID).
  const url = new URL(baseUrl);
  url.hostname = 'localhost';
  const base = url.origin;

  // Chromium's virtual authenticator stands in for the fingerprint reader: a platform (internal)
  // authenticator that verifies the user and keeps discoverable credentials.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  const login = await signInToShell(page, base, { lang: 'en-US', account: DEMO_ADMIN, tenant: DEMO_TENANT });

  // Enrol on the personal information page.
  await visit(page, `${base}/userinfo/index`);
  const enrol = page.getByTestId('fingerprint-enrol');
  await enrol.waitFor();
  const [enrolAnswer] = await Promise.all([
    page.waitForResponse(
      (r) => r.url().endsWith('/admin/sysUserFinger/add') && r.request().method() === 'POST',
    ),
    enrol.click(),
  ]);
  assert.equal((await enrolAnswer.json()).code, 0, 'enrolment accepted');
  await page.getByTestId('fingerprint-entered').waitFor();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  assert.equal(credentials.length, 1, 'one credential on the authenticator');
  assert.ok(credentials[0]?.isResidentCredential, 'a discoverable credential (no user name needed)');
  await screenshot(page, artifacts, 'fingerprint-enrolled-en-US');

  // Log out through the user menu.
  await page
    .getByRole('button', {
      name: interpolate(en.layout.userMenu, { name: login.user_info.realName }),
      exact: true,
    })
    .click();
  await page.getByRole('menuitem', { name: en.home.logout }).click();
  await page.getByRole('button', { name: en.common.confirm, exact: true }).click();
  await page.waitForURL(/\/login/);

  // Sign in by fingerprint, from the login path the spec gives fingerprint users (S0.2.1).
  await page.goto(`${base}/fingerIdlogin?shortName=${DEMO_TENANT}`);
  await page.waitForURL((url) => url.pathname === '/fingerprintLogin' && url.search.includes(DEMO_TENANT));
  const signIn = page.getByTestId('fingerprint-login');
  await signIn.waitFor();
  await checkA11y(page, { name: 'fingerprint-login', artifacts });
  await screenshot(page, artifacts, 'fingerprint-login-en-US');
  const [tokenAnswer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/auth/fingerprint/token')),
    signIn.click(),
  ]);
  const body = await tokenAnswer.json();
  assert.equal(body.code, 0, `fingerprint login accepted: ${body.msg}`);
  assert.equal(body.data.user_info.username, DEMO_ADMIN.username);
  await chooseRoleIfAsked(page, 'en-US');
  await page.getByTestId('signed-in-as').waitFor();

  // The user removes the enrolled fingerprints on the personal page (a lost device).
  await visit(page, `${base}/userinfo/index`);
  await page.getByTestId('fingerprint-remove').click();
  const [removeAnswer] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/sysUserFinger/removeMine')),
    page.getByRole('button', { name: en.common.confirm, exact: true }).click(),
  ]);
  assert.equal((await removeAnswer.json()).data.removed, 1, 'the one enrolled credential removed');
  await page.getByText(en.fingerprint.notEntered, { exact: true }).waitFor();

  // A second sign-in after removing the credential from the device is refused with an explanation.
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  await page.evaluate(() => sessionStorage.clear());
  await page.goto(`${base}/fingerprintLogin?shortName=${DEMO_TENANT}`);
  await page.getByTestId('fingerprint-login').click();
  await page.getByTestId('fingerprint-problem').waitFor();
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
}
