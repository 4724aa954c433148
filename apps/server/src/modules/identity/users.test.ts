import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let sub: string;
let deptIds: Record<string, number>;

async function rows<T>(query: ReturnType<typeof sql>, tenantId = t.alpha.tenantId): Promise<T[]> {
  return t.database.withTenant(tenantId, async ({ tx }) => {
    const res = await tx.execute(query);
    return (res as unknown as { rows: T[] }).rows;
  });
}

async function userId(username: string): Promise<number> {
  const [r] = await rows<{ id: unknown }>(sql`select id from sys_user where username = ${username}`);
  return Number(r!.id);
}

/** Gives the sub-administrator role extra buttons, so data scope (not the permission) is what refuses. */
async function grantSubAdmin(...keys: string[]) {
  await rows(sql`
    insert into role_menu (tenant_id, role_id, menu_id)
    select m.tenant_id, ${t.alpha.roleIds.ROLE_SUB_ADMIN!}, m.id from menu m
    where m.permission = any(${sql.param(keys)}::text[]) on conflict do nothing`);
}

async function encrypted(password: string) {
  const key = (await t.get('/auth/publicKey')).body.data;
  return encryptPassword(key, password);
}

const form = (over: Record<string, unknown> = {}) => ({
  username: `u${Math.random().toString(36).slice(2, 10)}`,
  realName: 'Wang Xiaoming',
  numberName: 'S2024001',
  phone: '13912340000',
  deptId: deptIds['Class 2024'],
  sex: 1,
  birthday: '2004-05-06',
  roleIds: [t.alpha.roleIds.ROLE_GENERAL],
  ...over,
});

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  sub = await t.tokenFor('subadmin');
  deptIds = t.alpha.deptIds;
  await grantSubAdmin(
    'admin_userInfo_del',
    'admin_userInfo_audit',
    'admin_dept_add',
    'admin_dept_edit',
    'admin_dept_del',
  );
  sub = await t.tokenFor('subadmin');
});
afterAll(() => t?.close());

describe('GET /admin/user/page [spec:S0.7.11] [spec:S0.9.1]', () => {
  it('pages users newest first with total; admin sees every live user of the school', async () => {
    const res = await t.get('/admin/user/page?current=1&size=2', { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.total).toBe(5);
    expect(res.body.data.records).toHaveLength(2);
    const ids = res.body.data.records.map((r: { id: number }) => r.id);
    expect(ids[0]).toBeGreaterThan(ids[1]);
  });

  it('filters by name contains (case-insensitive), username, number, department subtree, role and status', async () => {
    const q = async (qs: string) =>
      (await t.get(`/admin/user/page?${qs}`, { token: admin })).body.data.records.map(
        (r: { username: string }) => r.username,
      );
    expect(await q('realName=sub%20ad')).toEqual(['subadmin']);
    expect(await q('realName=s')).toEqual(expect.arrayContaining(['subadmin', 'student', 'counsellor']));
    expect(await q('username=TEACH')).toEqual(['teacher']);
    expect(await q(`deptId=${deptIds.Engineering}`)).toEqual(['student', 'subadmin']);
    expect(await q(`roleId=${t.alpha.roleIds.ROLE_SUPERVISOR}`)).toEqual(['teacher']);
    expect(await q('status=locked')).toEqual([]);
    expect(await q('phone=13900000001')).toEqual(['student']);
    expect(await q('phone=0000001')).toEqual(expect.arrayContaining(['student', 'admin']));
  });

  it('masks phone for a viewer without admin_userInfo_sensitive; unmasked rows are access-logged [spec:S0.5.7]', async () => {
    const masked = await t.get('/admin/user/page', { token: sub });
    const student = masked.body.data.records.find((r: { username: string }) => r.username === 'student');
    expect(student).toMatchObject({ phone: '139****0001', masked: true });
    const plain = await t.get('/admin/user/page?username=student', { token: admin });
    expect(plain.body.data.records[0]).toMatchObject({ phone: '13900000001', masked: false });
    const log = await rows<{ route: string }>(
      sql`select route from personal_data_access_log where subject_id = ${await userId('student')}`,
    );
    expect(log.map((l) => l.route)).toContain('GET /admin/user/page');
  });

  it('a sub-administrator sees only their department subtree, even when filtering outside it [spec:S0.1.2]', async () => {
    const res = await t.get('/admin/user/page', { token: sub });
    expect(res.body.data.records.map((r: { username: string }) => r.username).sort()).toEqual([
      'student',
      'subadmin',
    ]);
    const outside = await t.get(`/admin/user/page?deptId=${deptIds['Psychology Centre']}`, { token: sub });
    expect(outside.body.data.total).toBe(0);
  });

  it('refuses a caller without sys_user and another school sees none of these users', async () => {
    expect((await t.get('/admin/user/page', { token: await t.tokenFor('counsellor') })).status).toBe(403);
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const res = await t.get('/admin/user/page?username=subadmin', { token: beta, tenantId: t.beta.tenantId });
    expect(res.body.data.total).toBe(0);
  });

  it('names a bad filter', async () => {
    const res = await t.get('/admin/user/page?size=1000', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^size: /);
  });
});

describe('POST /admin/v2/user/addUser and updateUser [spec:S0.3.3] [spec:S0.5.1] [spec:S0.5.3] [spec:S0.5.4]', () => {
  it('creates a user with a generated initial password that must be changed', async () => {
    const body = form({ idType: 1, idCard: '11010519491231002X', email: 'w@example.com', nation: '1' });
    const res = await t.post('/admin/v2/user/addUser', body, { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      username: body.username,
      phone: '139****0000',
      idCard: '110***********002X',
      mustChangePassword: true,
      nation: '1',
      deptFullName: '组织机构-Engineering-Class 2024',
    });
    expect(res.body.data.initialPassword).toMatch(/^.{12}$/);
    const login = await t.login(body.username as string, { password: res.body.data.initialPassword });
    expect(login.status, login.raw).toBe(200);
  });

  it('accepts only items of the school dictionary in dictionary fields [spec:S0.3.3]', async () => {
    const bad = await t.post('/admin/v2/user/addUser', form({ nation: '99x' }), {
      token: admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toBe('nation: not an item of the dictionary nation');
    const created = await t.post('/admin/v2/user/addUser', form({ nation: '1' }), { token: admin });
    expect(created.status, created.raw).toBe(200);
    const edit = await t.post(
      '/admin/v2/user/updateUser',
      { id: created.body.data.id, politicCountenance: 'no such item' },
      { token: admin },
    );
    expect(edit.status).toBe(400);
    expect(edit.body.msg).toMatch(/^politicCountenance: /);
    // A dictionary the school has left empty does not restrict (none is seeded for schoolRegister).
    const free = await t.post(
      '/admin/v2/user/updateUser',
      { id: created.body.data.id, schoolRegister: 'on leave' },
      { token: admin },
    );
    expect(free.status, free.raw).toBe(200);
  });

  it('takes an encrypted initial password and checks it against the rules [spec:S0.5.5]', async () => {
    const weak = await t.post('/admin/v2/user/addUser', form({ password: await encrypted('short') }), {
      token: admin,
    });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toMatch(/^password: /);
    const body = form({ password: await encrypted('Good#Pass2026') });
    const ok = await t.post('/admin/v2/user/addUser', body, { token: admin });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data.initialPassword).toBeNull();
    expect((await t.login(body.username as string, { password: 'Good#Pass2026' })).status).toBe(200);
  });

  it('refuses a taken user name (any case), masked values, a bad ID number and missing required fields', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [form({ username: 'ADMIN' }), /^username: login account already exists/],
      [form({ phone: '139****0000' }), /^phone: a masked value/],
      [form({ realName: '王*' }), /^realName: a masked value/],
      [form({ idCard: '110105194912310021' }), /^idCard: .*check digit/],
      [form({ idType: 7, idCard: 'E1' }), /^idCard: ID number format/],
      [form({ phone: '1391234000' }), /^phone: contact format incorrect/],
      [form({ username: 'x' }), /^username: login account at least 2-20/],
      [form({ roleIds: [] }), /^roleIds: choose role/],
      [form({ roleIds: [999999] }), /^roleIds: role 999999 does not exist/],
      [form({ deptId: 999999 }), /^deptId: department does not exist/],
      [form({ birthday: '2999-01-01' }), /^birthday: /],
    ];
    for (const [body, message] of cases) {
      const res = await t.post('/admin/v2/user/addUser', body, {
        token: admin,
        headers: { 'accept-language': 'en-US' },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg, JSON.stringify(body)).toMatch(message);
    }
  });

  it('creates a user without a birth date, and with several roles', async () => {
    const body = form({
      birthday: '',
      roleIds: [t.alpha.roleIds.ROLE_GENERAL, t.alpha.roleIds.ROLE_SUPERVISOR],
    });
    const res = await t.post('/admin/v2/user/addUser', body, { token: admin });
    expect(res.status, res.raw).toBe(200);
    const [row] = await rows<{
      birthday: string | null;
      roles: number;
    }>(sql`select u.birthday::text as birthday,
        (select count(*)::int from user_role r where r.tenant_id = u.tenant_id and r.user_id = u.id) as roles
        from sys_user u where u.username = ${body.username as string}`);
    expect(row).toEqual({ birthday: null, roles: 2 });
  });

  it('a sub-administrator creates only inside the subtree and cannot grant administrator roles [spec:S0.1.2]', async () => {
    const outside = await t.post('/admin/v2/user/addUser', form({ deptId: deptIds['Psychology Centre'] }), {
      token: sub,
    });
    expect(outside.status).toBe(403);
    const adminRole = await t.post(
      '/admin/v2/user/addUser',
      form({ roleIds: [t.alpha.roleIds.ROLE_ADMIN] }),
      {
        token: sub,
      },
    );
    expect(adminRole.status).toBe(403);
    const ok = await t.post('/admin/v2/user/addUser', form(), { token: sub });
    expect(ok.status, ok.raw).toBe(200);
  });

  it('edits only the fields sent; both departments must be in the sub-administrator scope', async () => {
    const student = await userId('student');
    const res = await t.post('/admin/v2/user/updateUser', { id: student, numberName: 'N-1' }, { token: sub });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      numberName: 'N-1',
      realName: 'Alpha Student',
      phone: '139****0001',
    });
    const move = await t.post(
      '/admin/v2/user/updateUser',
      { id: student, deptId: deptIds['Psychology Centre'] },
      { token: sub },
    );
    expect(move.status).toBe(403);
    const other = await t.post(
      '/admin/v2/user/updateUser',
      { id: await userId('counsellor'), numberName: 'X' },
      { token: sub },
    );
    expect(other.status).toBe(403);
    const masked = await t.post(
      '/admin/v2/user/updateUser',
      { id: student, phone: '139****0001' },
      { token: admin },
    );
    expect(masked.status).toBe(400);
  });

  it('removing a role ends the user sessions', async () => {
    const token = await t.tokenFor('teacher');
    const res = await t.post(
      '/admin/v2/user/updateUser',
      { id: await userId('teacher'), roleIds: [t.alpha.roleIds.ROLE_CONSULTANT] },
      { token: admin },
    );
    expect(res.status, res.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
  });
});

describe('roles a sub-administrator may grant [spec:S0.1.2]', () => {
  const EN = { 'accept-language': 'en-US' };
  const NOT_DELEGATED =
    'roleIds: a department administrator can only grant or remove the roles the school lets them grant';
  const roleIdsOf = async (id: number) =>
    (
      await rows<{ role_id: unknown }>(
        sql`select role_id from user_role where user_id = ${id} order by role_id`,
      )
    ).map((r) => Number(r.role_id));
  const setDelegable = async (roleId: number, delegable: boolean) => {
    const current = (await t.get(`/admin/role/details/${roleId}`, { token: admin })).body.data;
    const res = await t.request('PUT', '/admin/role', { ...current, delegable }, { token: admin });
    expect(res.status, res.raw).toBe(200);
  };

  it('addUser: only the delegated roles, never a school-wide one such as a counsellor or a crisis superintendent', async () => {
    const ids = t.alpha.roleIds;
    for (const code of [
      'ROLE_CONSULTANT',
      'CRISIS_ROLE_CENTER_SUPERINTENDENT',
      'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
      'ROLE_SUB_ADMIN',
    ]) {
      const body = form({ roleIds: [ids.ROLE_GENERAL, ids[code]] });
      const res = await t.post('/admin/v2/user/addUser', body, { token: sub, headers: EN });
      expect(res.status, code).toBe(403);
      expect(res.body.msg, code).toBe(NOT_DELEGATED);
      expect(await rows(sql`select 1 from sys_user where username = ${body.username}`)).toEqual([]);
    }
    // A department-scoped role the school administrator delegated can be granted.
    await setDelegable(ids.ROLE_SUB_ADMIN!, true);
    try {
      const res = await t.post('/admin/v2/user/addUser', form({ roleIds: [ids.ROLE_SUB_ADMIN] }), {
        token: sub,
      });
      expect(res.status, res.raw).toBe(200);
      expect(await roleIdsOf(res.body.data.id)).toEqual([ids.ROLE_SUB_ADMIN]);
    } finally {
      await setDelegable(ids.ROLE_SUB_ADMIN!, false);
    }
  });

  it('updateUser: adds and removes only delegated roles; roles it may not grant stay as they are', async () => {
    const ids = t.alpha.roleIds;
    const student = await userId('student');
    const grant = await t.post(
      '/admin/v2/user/updateUser',
      { id: student, roleIds: [ids.ROLE_GENERAL, ids.ROLE_CONSULTANT] },
      { token: sub, headers: EN },
    );
    expect(grant.status).toBe(403);
    expect(grant.body.msg).toBe(NOT_DELEGATED);
    expect(await roleIdsOf(student)).toEqual([ids.ROLE_GENERAL]);

    // The administrator made the student a counsellor too: the sub-administrator may keep it, not remove it.
    const both = [ids.ROLE_GENERAL!, ids.ROLE_CONSULTANT!].sort((a, b) => a - b);
    expect(
      (await t.post('/admin/v2/user/updateUser', { id: student, roleIds: both }, { token: admin })).status,
    ).toBe(200);
    try {
      const keep = await t.post(
        '/admin/v2/user/updateUser',
        { id: student, numberName: 'N-2', roleIds: both },
        { token: sub },
      );
      expect(keep.status, keep.raw).toBe(200);
      const remove = await t.post(
        '/admin/v2/user/updateUser',
        { id: student, roleIds: [ids.ROLE_GENERAL] },
        { token: sub, headers: EN },
      );
      expect(remove.status).toBe(403);
      expect(remove.body.msg).toBe(NOT_DELEGATED);
      expect(await roleIdsOf(student)).toEqual(both);
    } finally {
      await t.post(
        '/admin/v2/user/updateUser',
        { id: student, roleIds: [ids.ROLE_GENERAL] },
        { token: admin },
      );
    }
  });
});

describe('reads of one user, the phone and the access log [spec:S0.5.7] [spec:S0.6.8] [spec:S0.7.6] [spec:S0.7.11]', () => {
  it('getUser is always masked; desensitizationGetUser masks name too without the permission', async () => {
    const id = await userId('student');
    const got = await t.get(`/admin/user/getUser?id=${id}`, { token: admin });
    expect(got.body.data).toMatchObject({ phone: '139****0001', masked: true, realName: 'Alpha Student' });
    const subView = await t.get(`/admin/user/desensitizationGetUser?id=${id}`, { token: sub });
    expect(subView.body.data).toMatchObject({
      realName: 'A************',
      nameMasked: true,
      phone: '139****0001',
    });
  });

  it('an unmasked read by a permitted viewer is logged with viewer, subject, fields and route', async () => {
    const id = await userId('subadmin');
    const res = await t.get(`/admin/user/desensitizationGetUser?id=${id}`, { token: admin });
    expect(res.body.data).toMatchObject({
      realName: 'Alpha Sub Admin',
      phone: '13800000004',
      nameMasked: false,
    });
    const phone = await t.get(`/admin/user/getPhone?id=${id}`, { token: admin });
    expect(phone.body.data).toBe('13800000004');
    const log = await t.get(`/admin/user/accessLog?subjectId=${id}`, { token: admin });
    expect(log.status, log.raw).toBe(200);
    expect(log.body.data.records.slice(0, 2)).toMatchObject([
      { viewerId: await userId('admin'), fields: ['phone'], route: 'GET /admin/user/getPhone' },
      { fields: ['realName', 'phone'], route: 'GET /admin/user/desensitizationGetUser' },
    ]);
  });

  it('getPhone and the access log need admin_userInfo_sensitive; other users are out of scope', async () => {
    const id = await userId('student');
    expect((await t.get(`/admin/user/getPhone?id=${id}`, { token: sub })).status).toBe(403);
    expect((await t.get('/admin/user/accessLog', { token: sub })).status).toBe(403);
    expect((await t.get(`/admin/user/getUser?id=${await userId('admin')}`, { token: sub })).status).toBe(403);
    expect((await t.get('/admin/user/getUser?id=999999', { token: admin })).status).toBe(404);
  });

  it('updateUserPhone and updateUserIdCard change their field only, in scope', async () => {
    const id = await userId('student');
    expect(
      (await t.post('/admin/user/updateUserPhone', { id, phone: '13711112222' }, { token: sub })).status,
    ).toBe(200);
    const bad = await t.post(
      '/admin/user/updateUserIdCard',
      { id, idType: 1, idCard: '123' },
      { token: sub },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toMatch(/^idCard: /);
    expect(
      (await t.post('/admin/user/updateUserIdCard', { id, idType: 7, idCard: 'E12345678' }, { token: sub }))
        .status,
    ).toBe(200);
    const [row] = await rows<{ phone: string; id_card: string; id_type: number }>(
      sql`select phone, id_card, id_type from sys_user where id = ${id}`,
    );
    expect(row).toMatchObject({ phone: '13711112222', id_card: 'E12345678', id_type: 7 });
    const outside = await t.post(
      '/admin/user/updateUserPhone',
      { id: await userId('counsellor'), phone: '13711112222' },
      { token: sub },
    );
    expect(outside.status).toBe(403);
  });
});

describe('delete, batch delete, audit, simple and admin password reset', () => {
  it('batchDel with nothing ticked is refused [spec:S0.5.17]', async () => {
    const res = await t.post(
      '/admin/user/batchDel',
      { ids: [] },
      { token: admin, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('ids: please tick the data to delete');
  });

  it('cannot delete yourself or the initial administrator; a sub-administrator only in scope', async () => {
    expect((await t.get(`/admin/user/delete/${await userId('admin')}`, { token: admin })).status).toBe(400);
    expect((await t.get(`/admin/user/delete/${await userId('counsellor')}`, { token: sub })).status).toBe(
      403,
    );
    const batch = await t.post(
      '/admin/user/batchDel',
      { ids: [await userId('counsellor'), await userId('student')] },
      { token: sub },
    );
    expect(batch.status).toBe(403);
    expect((await rows(sql`select 1 from sys_user where username = 'student' and not del_flag`)).length).toBe(
      1,
    );
  });

  it('deletes softly and ends the sessions of the deleted user', async () => {
    const created = await t.post('/admin/v2/user/addUser', form(), { token: admin });
    const { id, username, initialPassword } = created.body.data;
    const login = await t.login(username, { password: initialPassword });
    const token = login.body.data.access_token;
    const res = await t.post('/admin/user/batchDel', { ids: [id] }, { token: sub });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.deleted).toBe(1);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
    expect((await rows(sql`select 1 from sys_user where id = ${id} and del_flag`)).length).toBe(1);
  });

  it('audit disables (sessions end) and approves users in scope', async () => {
    const created = await t.post('/admin/v2/user/addUser', form(), { token: admin });
    const { id, username, initialPassword } = created.body.data;
    const token = (await t.login(username, { password: initialPassword })).body.data.access_token;
    const off = await t.post('/admin/user/audit', { ids: [id], status: 'locked' }, { token: sub });
    expect(off.status, off.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
    expect((await t.login(username, { password: initialPassword })).status).toBe(403);
    const on = await t.post('/admin/user/audit', { ids: [id], status: 'active' }, { token: sub });
    expect(on.body.data.updated).toBe(1);
    const outside = await t.post(
      '/admin/user/audit',
      { ids: [await userId('counsellor')], status: 'locked' },
      { token: sub },
    );
    expect(outside.status).toBe(403);
  });

  it('simple lists active users in scope, by name, capped', async () => {
    const all = await t.get('/admin/user/simple?name=alpha&limit=2', { token: admin });
    expect(all.body.data).toHaveLength(2);
    const scoped = await t.get('/admin/user/simple?name=alpha', { token: sub });
    expect(scoped.body.data.map((u: { username: string }) => u.username).sort()).toEqual([
      'student',
      'subadmin',
    ]);
  });

  it('suPwd sets the password by the rules, ends every session and asks for a change [spec:S0.5.5] [spec:S0.7.10]', async () => {
    const id = await userId('student');
    const token = await t.tokenFor('student');
    const weak = await t.post(
      '/admin/user/suPwd',
      { uid: id, pwd: await encrypted('student') },
      { token: sub },
    );
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toMatch(/^pwd: /);
    const ok = await t.post(
      '/admin/user/suPwd',
      { uid: id, pwd: await encrypted('New#Pass2026') },
      { token: sub },
    );
    expect(ok.status, ok.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token })).status).toBe(401);
    const login = await t.login('student', { password: 'New#Pass2026' });
    expect(login.status).toBe(200);
    const outside = await t.post(
      '/admin/user/suPwd',
      { uid: await userId('counsellor'), pwd: await encrypted('New#Pass2026') },
      { token: sub },
    );
    expect(outside.status).toBe(403);
    const noKey = await t.post('/admin/user/suPwd', { uid: id, pwd: 'New#Pass2026' }, { token: admin });
    expect(noKey.status).toBe(400);
    const counsellor = await t.tokenFor('counsellor');
    expect((await t.post('/admin/user/suPwd', { uid: id, pwd: 'x' }, { token: counsellor })).status).toBe(
      403,
    );
  });
});

describe('departments [spec:S0.3.11] [spec:S0.7.17]', () => {
  it('lazy children, name search with ancestors, and the scoped tree of a sub-administrator', async () => {
    const root = (await t.get('/admin/dept/tree', { token: admin })).body.data[0];
    const lazy = await t.get(`/admin/dept/tree?parentId=${root.id}`, { token: admin });
    expect(lazy.body.data.map((d: { name: string }) => d.name)).toEqual(['Psychology Centre', 'Engineering']);
    expect(lazy.body.data[1]).toMatchObject({
      isChild: true,
      children: [],
      nameRelaTion: '组织机构-Engineering',
    });
    const search = await t.get('/admin/dept/tree?name=class', { token: admin });
    expect(search.body.data[0].children.map((d: { name: string }) => d.name)).toEqual(['Engineering']);
    expect(search.body.data[0].children[0].children[0].nameRelaTion).toBe('组织机构-Engineering-Class 2024');
    const scoped = await t.get('/admin/dept/inner/tree', { token: sub });
    expect(scoped.body.data.map((d: { name: string }) => d.name)).toEqual(['Engineering']);
    const full = await t.get('/admin/dept/inner/tree', { token: admin });
    expect(full.body.data[0].name).toBe('组织机构');
  });

  it('ancestor paths, in and out of the data scope', async () => {
    const id = deptIds['Class 2024']!;
    const path = await t.get(`/admin/dept/findDeptByChild?id=${id}`, { token: sub });
    expect(path.body.data.map((d: { name: string }) => d.name)).toEqual([
      '组织机构',
      'Engineering',
      'Class 2024',
    ]);
    const scoped = await t.get(`/admin/dept/findDeptByChildAndDataScope?id=${id}`, { token: sub });
    expect(scoped.body.data.map((d: { name: string }) => d.name)).toEqual(['Engineering', 'Class 2024']);
    const outside = await t.get(
      `/admin/dept/findDeptByChildAndDataScope?id=${deptIds['Psychology Centre']}`,
      { token: sub },
    );
    expect(outside.status).toBe(403);
    const byId = await t.get(`/admin/dept/treeById?id=${deptIds.Engineering}`, { token: sub });
    expect(byId.body.data[0].children[0].name).toBe('Class 2024');
    const region = await t.get('/admin/inner/dept/region');
    expect(region.status, region.raw).toBe(200);
    expect(region.body.data[0].label).toBe('组织机构');
  });

  it('creates, renames and deletes departments with the rules (no cycle, not with users or children)', async () => {
    const created = await t.request(
      'POST',
      '/admin/dept',
      { parentId: deptIds.Engineering, name: 'Class 2025' },
      {
        token: sub,
      },
    );
    expect(created.status, created.raw).toBe(200);
    expect(created.body.data.nameRelaTion).toBe('组织机构-Engineering-Class 2025');
    const dup = await t.request(
      'POST',
      '/admin/dept',
      { parentId: deptIds.Engineering, name: 'class 2025' },
      {
        token: sub,
      },
    );
    expect(dup.status).toBe(400);
    const outside = await t.request(
      'POST',
      '/admin/dept',
      { parentId: deptIds['Psychology Centre'], name: 'X' },
      {
        token: sub,
      },
    );
    expect(outside.status).toBe(403);
    const cycle = await t.request(
      'PUT',
      '/admin/dept',
      { id: deptIds.Engineering, parentId: created.body.data.id },
      { token: admin },
    );
    expect(cycle.status).toBe(400);
    expect(cycle.body.msg).toMatch(/^parentId: 机构不能移到自身或其下级机构之下/);
    const withUsers = await t.request('DELETE', `/admin/dept/${deptIds['Class 2024']}`, undefined, {
      token: admin,
    });
    expect(withUsers.status).toBe(400);
    expect(withUsers.body.msg).toMatch(/^id: 该机构有 \d+ 名用户/);
    const withChildren = await t.request('DELETE', `/admin/dept/${deptIds.Engineering}`, undefined, {
      token: admin,
    });
    expect(withChildren.status).toBe(400);
    const gone = await t.request('DELETE', `/admin/dept/${created.body.data.id}`, undefined, { token: sub });
    expect(gone.status, gone.raw).toBe(200);
    const counsellor = await t.tokenFor('counsellor');
    expect(
      (
        await t.request(
          'POST',
          '/admin/dept',
          { parentId: deptIds.Engineering, name: 'Y' },
          { token: counsellor },
        )
      ).status,
    ).toBe(403);
  });
});
