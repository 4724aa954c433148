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
  "[spec:S0.2.4] [spec:S0.4.1] [spec:S0.2.11] [spec:S0.7.2] single sign-on: the administrator adds CAS, OpenID Connect, DingTalk and WeCom providers (self-registration picked with the user form's pickers) and tests them; users sign in through each (one who must still change the password is not asked to), and inside WeCom and DingTalk without a login page, and land on the workbench";

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
  /** @type {{ casUrl: string, issuer: string, clientId: string, clientSecret: string, ding: { url: string, clientId: string, clientSecret: string, corpId: string, jsapiUrl: string }, wecom: { url: string, corpId: string, agentId: string, corpSecret: string } }} */
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
 * @param {(dialog: import('playwright-core').Locator) => Promise<void>} [more] further choices before saving
 */
async function addProvider(page, kindLabel, fields, more) {
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
  if (more) await more(dialog);
  const [saved] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/sso/provider/save')),
    dialog.getByRole('button', { name: zh.common.confirm }).click(),
  ]);
  const body = await saved.json();
  assert.equal(body.code, 0, `provider saved: ${body.msg}`);
  assert.equal(JSON.stringify(body.data).includes('journey-secret'), false, 'no secret in the answer');
  await dialog.waitFor({ state: 'hidden' });
  return body.data;
}

/**
 * Chooses an option of a select in the dialog by its label.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} dialog
 * @param {string} label
 * @param {string} option
 */
async function choose(page, dialog, label, option) {
  await dialog.getByLabel(label, { exact: true }).click();
  const item = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) });
  await item.click();
  await item.waitFor({ state: 'hidden' });
}

/**
 * Self-registration with the user form's pickers: user type, role and department by their names. An
 * administrator's role is refused first, naming the field; then a counsellor's role is saved.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} dialog
 */
async function pickRegistration(page, dialog) {
  const fields = admin.ssoAdmin.fields;
  await dialog.getByLabel(fields.registerEnabled, { exact: true }).click();
  await choose(page, dialog, fields.registerUserTypeCode, '教职工');
  await choose(page, dialog, fields.registerRoleCode, '二级管理员');
  const deptInput = dialog.locator('#sso-provider-form_registerDeptId');
  await deptInput.click();
  const searched = page.waitForResponse(
    (r) => r.url().includes('/admin/dept/inner/tree') && new URL(r.url()).searchParams.has('name'),
  );
  await deptInput.fill('计算机学院');
  await searched;
  await page
    .locator('.ant-select-dropdown:visible .ant-select-tree-title')
    .filter({ hasText: '计算机学院' })
    .first()
    .click();
  const [refused] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/admin/sso/provider/save')),
    dialog.getByRole('button', { name: zh.common.confirm }).click(),
  ]);
  const answer = await refused.json();
  assert.notEqual(answer.code, 0, 'a role with administration permissions is refused');
  assert.equal(answer.data.fields[0].field, 'registration.roleCode');
  await dialog.locator('#sso-provider-form_registerRoleCode_help').waitFor();
  await choose(page, dialog, fields.registerRoleCode, '咨询师');
}

/**
 * A browser context whose user agent is an app's own browser.
 * @param {import('playwright-core').Page} page
 * @param {string} userAgent
 */
async function inAppPage(page, userAgent) {
  const browser = page.context().browser();
  assert.ok(browser, 'the journey runs in a launched browser');
  const context = await browser.newContext({
    userAgent,
    locale: 'zh-CN',
    viewport: { width: 390, height: 844 },
  });
  return { context, page: await context.newPage() };
}

const WECOM_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh';
const DINGTALK_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 AliApp(DingTalk/7.5.10) com.alibaba.android.rimet/1 Channel/700159 language/zh-CN';

/** @param {import('../lib/journey.mjs').JourneyContext} journey */
export async function run({ page, baseUrl, artifacts }) {
  const providers = await startProviders(`${baseUrl}/authredirect`);
  try {
    await signInToShell(page, baseUrl, { to: '/admin/sso/index' });
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
    const { ding, wecom } = providers;
    await addProvider(page, zh.ssoAdmin.kinds.dingtalk, {
      code: 'ding',
      name: '钉钉登录',
      clientId: ding.clientId,
      corpId: ding.corpId,
      secret: ding.clientSecret,
      apiBase: ding.url,
      oauthBase: ding.url,
    });
    const saved = await addProvider(
      page,
      zh.ssoAdmin.kinds.wecom,
      {
        code: 'wecom',
        name: '企业微信登录',
        corpId: wecom.corpId,
        agentId: wecom.agentId,
        secret: wecom.corpSecret,
        apiBase: wecom.url,
        oauthBase: wecom.url,
        inAppBase: wecom.url,
      },
      (dialog) => pickRegistration(page, dialog),
    );
    // The pickers store what the server checks: codes of the type and role, the department's id.
    assert.equal(saved.registration.userTypeCode, 'staff');
    assert.equal(saved.registration.roleCode, 'ROLE_CONSULTANT');
    assert.equal(typeof saved.registration.deptId, 'number');
    // Test connection of each.
    for (const providerName of ['统一身份认证（CAS）', '统一身份认证（OIDC）', '钉钉登录', '企业微信登录']) {
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

    // A user who must still change the password (the demo's newcomer) signs in through CAS: the school's
    // identity provider proved who it is, so no forced change is asked for (spec S0.4.1).
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await providers.signIn('cas newcomer');
    await page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
    const [exchanged, detail] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/auth/sso/login/cas')),
      page.waitForResponse((r) => r.url().includes('/admin/user/detail')),
      page.getByTestId('sso-button-cas').click(),
    ]);
    const newcomer = (await exchanged.json()).data.user_info;
    assert.equal(newcomer.username, 'newcomer');
    assert.equal(newcomer.isSso, true, 'the session says it is a single sign-on');
    assert.equal((await detail.json()).code, 0, 'an ordinary call is answered, not held for the password');
    await chooseRoleIfAsked(page, 'zh-CN');
    await page.getByTestId('signed-in-as').waitFor();
    assert.equal(
      await page.evaluate(() => JSON.parse(sessionStorage.getItem('psy-session') ?? '{}').isSso),
      true,
    );
    await page.waitForTimeout(500);
    assert.equal(
      await page.getByRole('dialog', { name: zh.startup.passwordTitle }).count(),
      0,
      'no forced password change after a single sign-on',
    );
    await screenshot(page, artifacts, 'sso-must-change-workbench');

    // An unknown subject is refused with the server's message and a way to the password login.
    await page.evaluate(() => sessionStorage.clear());
    await page.context().clearCookies();
    await providers.signIn('oidc stranger nobody-here');
    await page.goto(`${baseUrl}/${DEMO_TENANT}/sso?provider=uia`);
    await page.getByTestId('sso-problem').waitFor();
    await page.getByRole('link', { name: zh.sso.toPasswordLogin }).first().waitFor();
    await screenshot(page, artifacts, 'sso-unknown-subject');

    // Inside WeCom: the entry page goes to the silent OAuth address, which comes straight back signed in.
    await providers.signIn('wecom admin');
    const inWeCom = await inAppPage(page, WECOM_UA);
    try {
      const silent = inWeCom.page.waitForRequest((r) =>
        r.url().startsWith(`${wecom.url}/connect/oauth2/authorize?`),
      );
      await inWeCom.page.goto(`${baseUrl}/${DEMO_TENANT}/weChat`);
      const address = new URL((await silent).url());
      assert.equal(address.searchParams.get('scope'), 'snsapi_base');
      assert.equal(address.searchParams.get('agentid'), wecom.agentId);
      await chooseRoleIfAsked(inWeCom.page, 'zh-CN');
      await inWeCom.page.getByTestId('signed-in-as').waitFor();
      await screenshot(inWeCom.page, artifacts, 'sso-wecom-in-app');
    } finally {
      await inWeCom.context.close();
    }

    // Inside DingTalk: DingTalk's JSAPI (here the local stand-in at DingTalk's script address) gives the
    // code; the page completes the flow it started, without a login page. The login page loads no JSAPI.
    await providers.signIn('ding admin');
    const inDingTalk = await inAppPage(page, DINGTALK_UA);
    try {
      const stub = await (await fetch(ding.jsapiUrl)).text();
      /** @type {string[]} */
      const scripts = [];
      await inDingTalk.context.route('https://g.alicdn.com/**', (route) => {
        scripts.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: stub });
      });
      await inDingTalk.page.goto(`${baseUrl}/${DEMO_TENANT}/login`);
      await inDingTalk.page.getByTestId('sso-button-ding').waitFor();
      assert.deepEqual(scripts, [], "the login page does not load DingTalk's JSAPI");
      const [completed] = await Promise.all([
        inDingTalk.page.waitForResponse((r) => r.url().includes('/auth/token/dingTalk/login')),
        inDingTalk.page.getByTestId('sso-button-ding').click(),
      ]);
      assert.equal((await completed.json()).code, 0, 'the JSAPI code completed the flow');
      assert.equal(scripts.length, 1, "DingTalk's JSAPI loaded once, on the entry page");
      await chooseRoleIfAsked(inDingTalk.page, 'zh-CN');
      await inDingTalk.page.getByTestId('signed-in-as').waitFor();
      assert.equal(
        inDingTalk.page.url().includes('/authredirect'),
        false,
        'no round trip through a return page',
      );
      await screenshot(inDingTalk.page, artifacts, 'sso-dingtalk-in-app');
    } finally {
      await inDingTalk.context.close();
    }
  } finally {
    providers.stop();
  }
}
