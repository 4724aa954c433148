import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { readCatalogue } from '../lib/catalogues.mjs';
import { DEMO_TENANT } from '../lib/db.mjs';
import { screenshot } from '../lib/journey.mjs';
import { chooseRoleIfAsked, signInToShell } from '../lib/shell.mjs';

export const name =
  '[spec:S0.2.4] [spec:S0.2.11] [spec:S0.7.2] single sign-on: the administrator adds a CAS and an OpenID Connect provider and tests them; users sign in through each and land on the workbench';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const zh = readCatalogue('zh-CN');
// The catalogue with its parts merged: the admin part's texts are there too.
const admin = zh;

/**
 * The identity providers of this journey, on this machine: a CAS server and an OpenID provider
 * (apps/server/src/modules/sso/test-providers.ts), in a process of their own.
 * @param {string} redirectUri
 */
async function startProviders(redirectUri) {
  const child = spawn(
    path.join(ROOT, 'node_modules/.bin/tsx'),
    [path.join(ROOT, 'apps/server/src/modules/sso/test-providers.cli.ts'), redirectUri],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  /** @type {{ casUrl: string, issuer: string, clientId: string, clientSecret: string }} */
  const info = JSON.parse(first.value);
  return {
    ...info,
    /** @param {string} line */
    async signIn(line) {
      child.stdin.write(`${line}\n`);
      await iterator.next();
    },
    stop() {
      child.stdin.end();
    },
  };
}

/**
 * Fills the provider dialog's fields by their labels and saves.
 * @param {import('playwright-core').Page} page
 * @param {string | null} kindLabel the protocol to choose, or null for the first one (CAS)
 * @param {Record<string, string>} fields label key -> value
 */
async function addProvider(page, kindLabel, fields) {
  await page.getByRole('button', { name: admin.ssoAdmin.add }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  if (kindLabel) {
    await dialog.getByLabel(admin.ssoAdmin.fields.kind, { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: kindLabel }).click();
  }
  for (const [key, value] of Object.entries(fields)) {
    await dialog.getByLabel(admin.ssoAdmin.fields[key], { exact: true }).fill(value);
  }
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/sso/provider/save')),
    dialog.getByRole('button', { name: zh.common.confirm }).click(),
  ]);
  const body = await saved.json();
  assert.equal(body.code, 0, `provider saved: ${body.msg}`);
  assert.equal(JSON.stringify(body.data).includes('journey-secret'), false, 'no secret in the answer');
  await dialog.waitFor({ state: 'hidden' });
}

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  const providers = await startProviders(`${baseUrl}/authredirect`);
  try {
    await signInToShell(page, baseUrl);
    await page.goto(`${baseUrl}/admin/sso/index`);
    await page.getByRole('heading', { name: admin.ssoAdmin.title }).waitFor();
    await addProvider(page, null, { code: 'cas', name: '统一身份认证（CAS）', serverUrl: providers.casUrl });
    await addProvider(page, 'OpenID Connect', {
      code: 'uia',
      name: '统一身份认证（OIDC）',
      issuer: providers.issuer,
      clientId: providers.clientId,
      secret: providers.clientSecret,
      subjectClaim: 'preferred_username',
    });
    // Test connection of each.
    for (const providerName of ['统一身份认证（CAS）', '统一身份认证（OIDC）']) {
      const [answer] = await Promise.all([
        page.waitForResponse((r) => r.url().includes('/admin/sso/provider/test/')),
        page.getByRole('button', { name: `${admin.ssoAdmin.test} ${providerName}` }).click(),
      ]);
      assert.equal((await answer.json()).data.ok, true, `${providerName} connection works`);
    }
    await screenshot(page, artifacts, 'sso-admin');

    // Out, and in through CAS from the login page's button.
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await providers.signIn('cas admin');
    await page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
    await page.getByTestId('sso-button-cas').click();
    const [casAnswer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes(`/auth/token/cas/${DEMO_TENANT}/cas`)),
      page.waitForURL(/\/authredirect/),
    ]);
    assert.equal((await casAnswer.json()).code, 0, 'CAS ticket validated');
    await chooseRoleIfAsked(page, 'zh-CN');
    await page.getByTestId('signed-in-as').waitFor();
    await screenshot(page, artifacts, 'sso-cas-workbench');

    // Out, and in through OpenID Connect (no session left at the provider either).
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await providers.signIn('oidc oidc-admin admin');
    await page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
    await page.getByTestId('sso-button-uia').click();
    const [oidcAnswer] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/auth/mobile/token/social')),
      page.waitForURL(/\/authredirect/),
    ]);
    assert.equal((await oidcAnswer.json()).code, 0, 'OpenID Connect code exchanged');
    await chooseRoleIfAsked(page, 'zh-CN');
    await page.getByTestId('signed-in-as').waitFor();

    // An unknown subject is refused with the server's message and a way to the password login.
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await providers.signIn('oidc stranger nobody-here');
    await page.goto(`${baseUrl}/${DEMO_TENANT}/sso?provider=uia`);
    await page.getByTestId('sso-problem').waitFor();
    await page.getByRole('link', { name: zh.sso.toPasswordLogin }).first().waitFor();
    await screenshot(page, artifacts, 'sso-unknown-subject');
  } finally {
    providers.stop();
  }
}
