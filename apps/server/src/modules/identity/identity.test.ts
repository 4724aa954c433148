import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

describe('GET /admin/user/info [spec:S0.3.2] [spec:S0.7.6]', () => {
  it('answers the user, role list and the permissions of the single role', async () => {
    const token = await t.tokenFor('counsellor');
    const res = await t.get('/admin/user/info', { token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.sysUser).toMatchObject({
      username: 'counsellor',
      realName: 'Alpha Counsellor',
      tenantId: t.alpha.tenantId,
    });
    expect(d.roleList.map((r: { roleCode: string }) => r.roleCode)).toEqual(['ROLE_CONSULTANT']);
    expect(d.activeRoleId).toBe(t.alpha.roleIds.ROLE_CONSULTANT);
    expect(d.permissions).toContain('appointment_consult_record_tab');
    expect(d.permissions).not.toContain('admin_userInfo_userImport_btn');
  });

  it('never answers the password hash or other internal columns', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/admin/user/info', { token });
    expect(res.raw).not.toMatch(/argon2|password_hash|passwordHash/);
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await t.get('/admin/user/info');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(401);
  });
});

describe('GET /admin/user/detail [spec:S0.3.2]', () => {
  it('joins the department path with "-" and lists no missing section for a complete profile', async () => {
    const token = await t.tokenFor('student');
    const res = await t.get('/admin/user/detail', { token });
    expect(res.status).toBe(200);
    expect(res.body.data.deptFullName).toBe('组织机构-Engineering-Class 2024');
    expect(res.body.data.isWriteInfo).toEqual([]);
  });

  it('lists the basic section (0) when a required field is empty [spec:S0.2.24]', async () => {
    await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(sql`update sys_user set number_name = null where username = 'admin'`),
    );
    const token = await t.tokenFor('admin');
    const res = await t.get('/admin/user/detail', { token });
    expect(res.body.data.isWriteInfo).toEqual([0]);
  });
});

describe('roles, ports and the role switch [spec:S0.6.2] [spec:S0.6.3] [spec:S0.4.13] [spec:S0.7.6]', () => {
  it('with several roles and single-role switching on, no permissions apply until one is chosen', async () => {
    const token = await t.tokenFor('teacher');
    const info = await t.get('/admin/user/info', { token });
    expect(info.body.data.activeRoleId).toBeNull();
    expect(info.body.data.permissions).toEqual([]);
  });

  it('toggleRole makes a role active; the ROLE-ID header selects it per request', async () => {
    const token = await t.tokenFor('teacher');
    const supervisor = t.alpha.roleIds.ROLE_SUPERVISOR!;
    const consultant = t.alpha.roleIds.ROLE_CONSULTANT!;
    const toggled = await t.get(`/admin/v2/user/toggleRole?roleId=${supervisor}`, { token });
    expect(toggled.status, toggled.raw).toBe(200);
    expect(toggled.body.data).toMatchObject({ roleId: supervisor, roleCode: 'ROLE_SUPERVISOR' });
    expect(toggled.body.data.permissions).toContain('supervision_appointment');

    const afterToggle = await t.get('/admin/user/info', { token });
    expect(afterToggle.body.data.activeRoleId).toBe(supervisor);
    expect(afterToggle.body.data.permissions).toContain('supervision_appointment');
    expect(afterToggle.body.data.permissions).not.toContain('appointment_consult_record_tab');

    const viaHeader = await t.get('/admin/user/info', { token, headers: { 'role-id': String(consultant) } });
    expect(viaHeader.body.data.activeRoleId).toBe(consultant);
    expect(viaHeader.body.data.permissions).toContain('appointment_consult_record_tab');
  });

  it('refuses a role that is not the user own, in the header and in toggleRole', async () => {
    const token = await t.tokenFor('counsellor');
    const admin = t.alpha.roleIds.ROLE_ADMIN!;
    expect((await t.get('/admin/user/info', { token, headers: { 'role-id': String(admin) } })).status).toBe(
      403,
    );
    expect((await t.get(`/admin/v2/user/toggleRole?roleId=${admin}`, { token })).status).toBe(403);
  });

  it('lists roles usable from this port first and flags the others (no port permission) [spec:S0.2.15]', async () => {
    // The admin role is desktop-only; from the phone port it is not usable.
    const res = await t.login('teacher', { headers: { 'client-port': 'h5' } });
    const token = res.body.data.access_token;
    const roles = await t.get('/admin/role/getUserPortPermission', { token });
    expect(roles.status).toBe(200);
    const list = roles.body.data as { roleCode: string; hasPortPermission: boolean }[];
    expect(list.map((r) => [r.roleCode, r.hasPortPermission])).toEqual([
      ['ROLE_CONSULTANT', true],
      ['ROLE_SUPERVISOR', false],
    ]);
    // With one usable role on this port, it is chosen automatically (spec S0.4.13).
    const info = await t.get('/admin/user/info', { token });
    expect(info.body.data.activeRoleId).toBe(t.alpha.roleIds.ROLE_CONSULTANT);
    const refused = await t.get(`/admin/v2/user/toggleRole?roleId=${t.alpha.roleIds.ROLE_SUPERVISOR}`, {
      token,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toMatch(/没有此客户端的登录权限/);
  });

  it('names a malformed role-id header', async () => {
    const token = await t.tokenFor('counsellor');
    const res = await t.get('/admin/user/info', { token, headers: { 'role-id': 'abc' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^role-id/);
  });

  it('signs out a user whose account was disabled [spec:S0.8.2] [spec:S0.8.4]', async () => {
    const token = await t.tokenFor('student');
    await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(sql`update sys_user set status = 'locked' where username = 'student'`),
    );
    const info = await t.get('/admin/user/info', { token });
    expect(info.status).toBe(403);
    expect(info.body.code).toBe(3);
    const login = await t.login('student', { headers: { 'accept-language': 'en-US' } });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      code: 1,
      msg: 'The current account has no permission to log in, contact the administrator',
    });
    await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(sql`update sys_user set status = 'active' where username = 'student'`),
    );
  });
});
