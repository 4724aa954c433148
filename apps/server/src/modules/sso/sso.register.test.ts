import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, encryptPassword, type RoleMenus, type SsoLoginTicket } from '@psy/contracts';
import { rowsOf } from '../../core/db/rows';
import { hashPassword } from '../../core/security/password';
import { createTestContext, PASSWORD, type TestContext } from '../../test/harness';
import {
  followUntil,
  startCasServer,
  startOidcProvider,
  type CasServer,
  type OidcServer,
} from './test-providers';

// Self-registration through a provider (docs/sso.md "Self-registration"), against the same real local
// providers as sso.test.ts: a CAS 3.0 server with attributes and an OpenID provider.
const RETURN = 'http://app.test/authredirect';

let t: TestContext;
let admin: string;
let cas: CasServer;
let oidcIdp: OidcServer;

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function saveProvider(body: Record<string, unknown>) {
  return t.post(
    '/admin/sso/provider/save',
    { enabled: true, redirectUris: [RETURN], ...body },
    { token: admin },
  );
}

const casProvider = (registration?: Record<string, unknown>, id?: number) =>
  saveProvider({
    ...(id ? { id } : {}),
    code: 'cas',
    kind: 'cas',
    name: 'CAS',
    config: { serverUrl: cas.casUrl, version: '3.0' },
    linkBy: 'username',
    ...(registration ? { registration } : {}),
  });

async function casSignOn(user: string, attributes: Record<string, string>) {
  cas.signIn(user, attributes);
  const res = await t.post(
    `/auth/sso/authorize/cas`,
    { redirectUri: RETURN },
    { tenantId: t.alpha.tenantId },
  );
  expect(res.status).toBe(200);
  const back = await followUntil(res.body.data.url, RETURN);
  return t.get(
    `/auth/token/cas/alpha/cas?${query({ state: res.body.data.state, ticket: back.searchParams.get('ticket')! })}`,
    { tenantId: null },
  );
}

async function oidcSignOn(sub: string, claims: Record<string, string>) {
  oidcIdp.signIn(sub, claims);
  const res = await t.post(
    `/auth/sso/authorize/uia`,
    { redirectUri: RETURN },
    { tenantId: t.alpha.tenantId },
  );
  const back = await followUntil(res.body.data.url, RETURN);
  return t.post(`/auth/mobile/token/social?${back.searchParams.toString()}`, undefined, { tenantId: null });
}

const exchange = (ticket: SsoLoginTicket) =>
  t.post(`/auth/sso/login/${ticket.provider}?token=${encodeURIComponent(ticket.token)}`, undefined, {
    tenantId: ticket.tenantId,
  });

async function userRow(username: string) {
  return rowsOf<{
    id: string;
    real_name: string;
    number_name: string | null;
    type_code: string;
    dept_parent: string | null;
    roles: string;
  }>(
    await t.database.system.db.execute(sql`
      select u.id, u.real_name, u.number_name, ut.code as type_code, d.parent_id as dept_parent,
             (select string_agg(r.role_code, ',') from user_role ur
                join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id
               where ur.tenant_id = u.tenant_id and ur.user_id = u.id) as roles
        from sys_user u
        join user_type ut on ut.tenant_id = u.tenant_id and ut.id = u.user_type_id
        join dept d on d.tenant_id = u.tenant_id and d.id = u.dept_id
       where u.tenant_id = ${t.alpha.tenantId} and u.username = ${username}`),
  );
}

async function lastLogs(provider: string, n: number) {
  return rowsOf<{ result: string; username: string; user_id: string | null }>(
    await t.database.system.db.execute(
      sql`select result, username, user_id from login_log where provider = ${provider} order by id desc limit ${n}`,
    ),
  ).reverse();
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  [cas, oidcIdp] = await Promise.all([startCasServer(), startOidcProvider({ redirectUris: [RETURN] })]);
});

afterAll(async () => {
  await Promise.all([cas?.close(), oidcIdp?.close()]);
  await t?.close();
});

describe('self-registration through a provider [spec:S0.2.4]', () => {
  it('is off by default: an unknown subject is refused and no account is made', async () => {
    const saved = await casProvider();
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data.registration).toBeNull();
    const res = await casSignOn('newcomer', { cn: 'New Comer' });
    expect(res.status).toBe(417);
    expect(await userRow('newcomer')).toEqual([]);
    expect((await lastLogs('cas', 1))[0]!.result).toBe('unknown_subject');
  });

  it('refuses settings that name no user type or role of the school, or an administrator role', async () => {
    const [{ id }] = (await t.get('/admin/sso/provider/list', { token: admin })).body.data;
    const adminRole = await casProvider({ enabled: true, roleCode: 'ROLE_ADMIN' }, id);
    expect(adminRole.status).toBe(400);
    expect(adminRole.body.data.fields[0].field).toBe('registration.roleCode');
    const noType = await casProvider({ enabled: true, userTypeCode: 'alien' }, id);
    expect(noType.status).toBe(400);
    expect(noType.body.data.fields[0].field).toBe('registration.userTypeCode');
    const noDept = await casProvider({ enabled: true, deptId: 999999 }, id);
    expect(noDept.body.data.fields[0].field).toBe('registration.deptId');
    const list = await t.get('/admin/sso/provider/list', { token: admin });
    expect(list.body.data[0].registration).toBeNull();
  });

  it('registers an unknown CAS subject as a student with the name and number of its attributes, and logs it', async () => {
    const [{ id }] = (await t.get('/admin/sso/provider/list', { token: admin })).body.data;
    const saved = await casProvider({ enabled: true, nameClaim: 'cn', numberClaim: 'studentNo' }, id);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data.registration).toMatchObject({
      enabled: true,
      userTypeCode: 'student',
      roleCode: 'ROLE_GENERAL',
      nameClaim: 'cn',
    });
    const res = await casSignOn('newcomer', { cn: '新同学', studentNo: 'S2026001' });
    expect(res.status, res.raw).toBe(200);
    const login = await exchange(res.body.data);
    expect(login.status).toBe(200);
    expect(login.body.data.user_info.username).toBe('newcomer');
    const [user] = await userRow('newcomer');
    expect(user).toMatchObject({
      real_name: '新同学',
      number_name: 'S2026001',
      type_code: 'student',
      dept_parent: null,
      roles: 'ROLE_GENERAL',
    });
    expect(await lastLogs('cas', 2)).toEqual([
      { result: 'registered', username: 'newcomer', user_id: user!.id },
      { result: 'success', username: 'newcomer', user_id: user!.id },
    ]);
    // The next sign-on finds the user it made: no second account.
    const again = await casSignOn('newcomer', { cn: '新同学', studentNo: 'S2026001' });
    expect((await exchange(again.body.data)).body.data.user_info.username).toBe('newcomer');
    expect(await userRow('newcomer')).toHaveLength(1);
    expect((await lastLogs('cas', 1))[0]!.result).toBe('success');
  });

  it('never gives a subject the account or number of another user', async () => {
    // `S2026001` is newcomer's number now: a new subject with it is refused, not registered.
    const res = await casSignOn('someone-else', { cn: 'X', studentNo: 'S2026001' });
    expect(res.status).toBe(417);
    expect(await userRow('someone-else')).toEqual([]);
  });

  it('registers an unknown OpenID subject under the link rule, with the role and user type configured, and links it', async () => {
    const saved = await saveProvider({
      code: 'uia',
      kind: 'oidc',
      name: 'UIA',
      config: { issuer: oidcIdp.issuer, clientId: oidcIdp.clientId },
      secret: oidcIdp.clientSecret,
      linkBy: 'link',
      registration: { enabled: true, userTypeCode: 'staff', roleCode: 'ROLE_CONSULTANT' },
    });
    expect(saved.status, saved.raw).toBe(200);
    const res = await oidcSignOn('oidc-new-staff', { name: 'New Staff' });
    expect(res.status, res.raw).toBe(200);
    expect((await exchange(res.body.data)).body.data.user_info.username).toBe('oidc-new-staff');
    const [user] = await userRow('oidc-new-staff');
    expect(user).toMatchObject({ real_name: 'New Staff', type_code: 'staff', roles: 'ROLE_CONSULTANT' });
    const links = await t.get(`/admin/sso/link/page?providerId=${saved.body.data.id}`, { token: admin });
    expect(links.body.data.records).toMatchObject([
      { subject: 'oidc-new-staff', username: 'oidc-new-staff' },
    ]);
    // A subject equal to an existing account is not attached to it: refused, not linked.
    const taken = await oidcSignOn('teacher', { name: 'Impostor' });
    expect(taken.status).toBe(417);
    const after = await t.get(`/admin/sso/link/page?providerId=${saved.body.data.id}`, { token: admin });
    expect(after.body.data.total).toBe(1);
  });
});

/** A role of the school made by its administrator, granted the menus and buttons of `codes`. */
async function customRole(roleName: string, codes: string[]): Promise<string> {
  const roleCode = `ROLE_${roleName.toUpperCase().replace(/\W+/g, '_')}`;
  const made = await t.post(
    '/admin/role',
    { roleName, roleCode, portPermission: ['pc', 'h5'], dataScope: 'all' },
    { token: admin },
  );
  expect(made.status, made.raw).toBe(200);
  const roleId = made.body.data.id as number;
  const tree = (await t.get(`/admin/role/${roleId}/menus`, { token: admin })).body.data as RoleMenus;
  type Node = RoleMenus['products'][number]['menus'][number];
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
  const ids = tree.products
    .flatMap((p) => flat(p.menus))
    .filter((m) => m.menuCode !== null && codes.includes(m.menuCode))
    .map((m) => m.id);
  expect(ids).toHaveLength(codes.length);
  const granted = await t.request('PUT', '/admin/role/menus', { roleId, menuIds: ids }, { token: admin });
  expect(granted.status, granted.raw).toBe(200);
  return roleCode;
}

describe('self-registration never hands out administration [spec:S0.2.4]', () => {
  it("refuses a school's own role that holds an administration permission, whatever its code, naming the field", async () => {
    const [{ id }] = (await t.get('/admin/sso/provider/list', { token: admin })).body.data;
    const centreAdmin = await customRole('Centre admin', ['sys_notice', 'sys_setting']);
    const refused = await casProvider({ enabled: true, roleCode: centreAdmin }, id);
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('registration.roleCode');
    // The built-in department administrator is refused for its grants too (user and department administration).
    const subAdmin = await casProvider({ enabled: true, roleCode: 'ROLE_SUB_ADMIN' }, id);
    expect(subAdmin.body.data.fields[0].field).toBe('registration.roleCode');
    const stored = (await t.get('/admin/sso/provider/list', { token: admin })).body.data[0];
    expect(stored.registration.roleCode).toBe('ROLE_GENERAL');
  });

  it("accepts a school's own plain role (notices and messages, no administration)", async () => {
    const [{ id }] = (await t.get('/admin/sso/provider/list', { token: admin })).body.data;
    const plain = await customRole('Student helper', ['sys_notice', 'sys_message']);
    const saved = await casProvider({ enabled: true, roleCode: plain }, id);
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data.registration.roleCode).toBe(plain);
    const back = await casProvider({ enabled: true }, id);
    expect(back.status, back.raw).toBe(200);
  });
});

describe('a password that must still be changed, after single sign-on [spec:S0.4.1]', () => {
  const setMustChange = async (on: boolean) =>
    t.database.withTenant(t.alpha.tenantId, async ({ tx }) =>
      tx.execute(
        sql`update sys_user set must_change_password = ${on}, password_hash = ${await hashPassword(PASSWORD)}
            where username = 'student'`,
      ),
    );
  const mustChangeFlag = async () =>
    rowsOf<{ must_change_password: boolean }>(
      await t.database.system.db.execute(
        sql`select must_change_password from sys_user
             where tenant_id = ${t.alpha.tenantId} and username = 'student'`,
      ),
    )[0]!.must_change_password;
  const refresh = (refreshToken: string) =>
    t.post('/auth/oauth/token?grant_type=refresh_token', { refresh_token: refreshToken }, { form: true });

  it('is not asked for in a session of a single sign-on, refreshed or not; a password login is still held to it', async () => {
    await setMustChange(true);
    try {
      const res = await casSignOn('student', {});
      expect(res.status, res.raw).toBe(200);
      const login = await exchange(res.body.data);
      expect(login.status, login.raw).toBe(200);
      expect(login.body.data.user_info).toMatchObject({ mustChangePassword: false, isSso: true });
      const token = login.body.data.access_token as string;
      const info = await t.get('/admin/user/info', { token });
      expect(info.body.data.isSso).toBe(true);
      expect(info.body.data.sysUser.mustChangePassword).toBe(false);
      // An ordinary call is answered, not refused with the silent code 12.
      const detail = await t.get('/admin/user/detail', { token });
      expect(detail.status, detail.raw).toBe(200);
      expect(detail.body.code).toBe(0);
      // The forced change is not this session's to make; the account's flag stays as it was.
      const key = (await t.get('/auth/publicKey')).body.data;
      const forced = await t.post(
        '/admin/user/resetPwd',
        { newPwd: await encryptPassword(key, 'NewPass#2026') },
        { token },
      );
      expect(forced.status).toBe(403);
      expect(await mustChangeFlag()).toBe(true);

      // A refreshed token of the sign-on stays one.
      const renewed = await refresh(login.body.data.refresh_token as string);
      expect(renewed.status, renewed.raw).toBe(200);
      expect(renewed.body.data.user_info).toMatchObject({ mustChangePassword: false, isSso: true });
      const renewedToken = renewed.body.data.access_token as string;
      expect((await t.get('/admin/user/info', { token: renewedToken })).body.data.isSso).toBe(true);
      expect((await t.get('/admin/user/detail', { token: renewedToken })).body.code).toBe(0);

      // The same user's password login is gated until the password is changed.
      const byPassword = await t.login('student');
      expect(byPassword.status, byPassword.raw).toBe(200);
      expect(byPassword.body.data.user_info).toMatchObject({ mustChangePassword: true, isSso: false });
      const pwdToken = byPassword.body.data.access_token as string;
      const pwdInfo = await t.get('/admin/user/info', { token: pwdToken });
      expect(pwdInfo.body.data.isSso).toBe(false);
      expect(pwdInfo.body.data.sysUser.mustChangePassword).toBe(true);
      const gated = await t.get('/admin/user/detail', { token: pwdToken });
      expect(gated.status).toBe(403);
      expect(gated.body.code).toBe(ERRORS.passwordChangeRequired.code);
      // Its refresh is not a sign-on either.
      const pwdRenewed = await refresh(byPassword.body.data.refresh_token as string);
      expect(pwdRenewed.body.data.user_info).toMatchObject({ mustChangePassword: true, isSso: false });
    } finally {
      await setMustChange(false);
    }
  });
});
