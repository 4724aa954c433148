import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrantMenuNode, RoleMenus } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
});
afterAll(() => t?.close());

const put = (url: string, body: unknown, token: string, tenantId?: number) =>
  t.request('PUT', url, body, { token, tenantId });
const del = (url: string, token: string, tenantId?: number) =>
  t.request('DELETE', url, undefined, { token, tenantId });
const flatten = (nodes: GrantMenuNode[]): GrantMenuNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);
const menuIdOf = (tree: RoleMenus, code: string) =>
  flatten(tree.products.flatMap((p) => p.menus)).find((n) => n.menuCode === code)!.id;
const newRole = (over: Record<string, unknown> = {}) => ({
  roleName: 'Duty officer',
  roleCode: `ROLE_DUTY_${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
  roleDesc: 'answers the hotline',
  portPermission: ['pc', 'h5'],
  dataScope: 'all',
  ...over,
});

describe('GET /admin/role/page and /admin/inner/role/list [spec:S0.6.1] [spec:S0.7.17]', () => {
  it('pages the school roles with holders counted and the built-in administrator marked', async () => {
    const res = await t.get('/admin/role/page?current=1&size=5', { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ current: 1, size: 5 });
    expect(res.body.data.records).toHaveLength(5);
    expect(res.body.data.total).toBeGreaterThan(10);
    const adminRole = res.body.data.records.find((r: { roleCode: string }) => r.roleCode === 'ROLE_ADMIN');
    expect(adminRole).toMatchObject({
      builtIn: true,
      userCount: 1,
      portPermission: ['pc'],
      dataScope: 'all',
    });
    const filtered = await t.get('/admin/role/page?roleName=sub_adm', { token: admin });
    expect(filtered.body.data.records.map((r: { roleCode: string }) => r.roleCode)).toEqual([
      'ROLE_SUB_ADMIN',
    ]);
    expect(filtered.body.data.records[0].dataScope).toBe('dept_tree');
  });

  it('refuses a page size over 100, naming it', async () => {
    const res = await t.get('/admin/role/page?size=101', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^size/);
  });

  it('refuses a counsellor (no sys_role)', async () => {
    const token = await t.tokenFor('counsellor');
    expect((await t.get('/admin/role/page', { token })).status).toBe(403);
    expect((await t.get('/admin/inner/role/list', { token })).status).toBe(403);
  });

  it('gives the role picker list to user administrators too', async () => {
    const token = await t.tokenFor('subadmin');
    const res = await t.get('/admin/inner/role/list', { token });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.find((r: { roleCode: string }) => r.roleCode === 'ROLE_ADMIN')).toMatchObject({
      id: t.alpha.roleIds.ROLE_ADMIN,
      roleId: t.alpha.roleIds.ROLE_ADMIN,
    });
    // The department administrator may grant only the ordinary user's role (the default delegation).
    const grantable = res.body.data
      .filter((r: { grantable: boolean }) => r.grantable)
      .map((r: { roleCode: string }) => r.roleCode);
    expect(grantable).toEqual(['ROLE_GENERAL']);
    const all = await t.get('/admin/inner/role/list', { token: admin });
    expect(all.body.data.every((r: { grantable: boolean }) => r.grantable)).toBe(true);
  });

  it('never shows another school roles', async () => {
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const res = await t.get('/admin/role/page?size=100', { token: beta, tenantId: t.beta.tenantId });
    const ids = res.body.data.records.map((r: { id: number }) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id: number) => Object.values(t.alpha.roleIds).includes(id))).toEqual([]);
    const other = await t.get(`/admin/role/details/${t.alpha.roleIds.ROLE_CONSULTANT}`, {
      token: beta,
      tenantId: t.beta.tenantId,
    });
    expect(other.status).toBe(404);
  });
});

describe('POST, PUT, DELETE /admin/role [spec:S0.6.1] [spec:S0.6.2]', () => {
  it('creates a role with port permission and data scope, and shows it in detail', async () => {
    const body = newRole({ roleName: '  Duty officer  ', roleDesc: '' });
    const res = await t.post('/admin/role', body, { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      roleName: 'Duty officer',
      roleCode: body.roleCode,
      roleDesc: null,
      portPermission: ['pc', 'h5'],
      dataScope: 'all',
      delegable: false,
      builtIn: false,
      userCount: 0,
    });
    const detail = await t.get(`/admin/role/details/${res.body.data.id}`, { token: admin });
    expect(detail.body.data).toEqual(res.body.data);
  });

  it('lets only a school-wide administrator make a department-scoped role (or the ordinary user one) delegable [spec:S0.1.2]', async () => {
    const EN = { headers: { 'accept-language': 'en-US' } };
    const narrow = await t.post('/admin/role', newRole({ dataScope: 'dept_tree', delegable: true }), {
      token: admin,
    });
    expect(narrow.status, narrow.raw).toBe(200);
    expect(narrow.body.data.delegable).toBe(true);
    // Absent: unchanged.
    const { id, roleName, roleCode, roleDesc, portPermission, dataScope } = narrow.body.data;
    const kept = await put(
      '/admin/role',
      { id, roleName, roleCode, roleDesc, portPermission, dataScope },
      admin,
    );
    expect(kept.body.data.delegable).toBe(true);
    // Widening a delegable role to the whole school, or delegating a school-wide one, is refused.
    const widened = await put('/admin/role', { ...kept.body.data, dataScope: 'all' }, admin, undefined);
    expect(widened.status).toBe(400);
    expect(widened.body.data.fields[0].field).toBe('delegable');
    const counsellor = (
      await t.get(`/admin/role/details/${t.alpha.roleIds.ROLE_CONSULTANT}`, { token: admin })
    ).body.data;
    const wide = await t.request(
      'PUT',
      '/admin/role',
      { ...counsellor, delegable: true },
      { token: admin, ...EN },
    );
    expect(wide.status).toBe(400);
    expect(wide.body.msg).toBe(
      'delegable: only a role limited to the department subtree, or the ordinary user role, can be granted by department administrators',
    );
    const general = (await t.get(`/admin/role/details/${t.alpha.roleIds.ROLE_GENERAL}`, { token: admin }))
      .body.data;
    expect(general.delegable).toBe(true);
    const wideAfter = (
      await t.get(`/admin/role/details/${t.alpha.roleIds.ROLE_CONSULTANT}`, { token: admin })
    ).body.data;
    expect(wideAfter.delegable).toBe(false);
  });

  it('validates every field, naming it', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ roleName: '' }, /^roleName/],
      [{ roleName: 'x'.repeat(31) }, /^roleName/],
      [{ roleCode: 'role_lower' }, /^roleCode/],
      [{ roleCode: 'R' }, /^roleCode/],
      [{ portPermission: [] }, /^portPermission/],
      [{ portPermission: ['pc', 'tv'] }, /^portPermission/],
      [{ portPermission: ['pc', 'pc'] }, /^portPermission/],
      [{ dataScope: 'everything' }, /^dataScope/],
      [{ roleDesc: 'x'.repeat(201) }, /^roleDesc/],
    ];
    for (const [over, msg] of cases) {
      const res = await t.post('/admin/role', newRole(over), { token: admin });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
  });

  it('refuses a code already used, in the caller language', async () => {
    const res = await t.post('/admin/role', newRole({ roleCode: 'ROLE_CONSULTANT' }), { token: admin });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1, msg: '角色编码已存在' });
  });

  it('refuses creating, editing and deleting without the button keys', async () => {
    const token = await t.tokenFor('subadmin');
    expect((await t.post('/admin/role', newRole(), { token })).status).toBe(403);
    expect((await put('/admin/role', { ...newRole(), id: 1 }, token)).status).toBe(403);
    expect((await del(`/admin/role/${t.alpha.roleIds.ROLE_RECEPTIONIST}`, token)).status).toBe(403);
  });

  it('edits a role; the change reaches its holders on their next request [spec:S0.6.2] [spec:S0.6.3]', async () => {
    const token = await t.tokenFor('counsellor');
    const before = await t.get('/admin/role/getUserPortPermission', { token });
    expect(before.body.data[0]).toMatchObject({ roleCode: 'ROLE_CONSULTANT', hasPortPermission: true });
    const id = t.alpha.roleIds.ROLE_CONSULTANT!;
    const current = (await t.get(`/admin/role/details/${id}`, { token: admin })).body.data;
    const edited = await put(
      '/admin/role',
      { id, roleName: '咨询师', roleCode: current.roleCode, portPermission: ['h5', 'app'], dataScope: 'all' },
      admin,
    );
    expect(edited.status, edited.raw).toBe(200);
    expect(edited.body.data.portPermission).toEqual(['h5', 'app']);
    // Same token, no new login: the role is no longer usable from the pc client.
    const after = await t.get('/admin/role/getUserPortPermission', { token });
    expect(after.body.data[0]).toMatchObject({ roleCode: 'ROLE_CONSULTANT', hasPortPermission: false });
    await put('/admin/role', { ...current, id, portPermission: ['pc', 'h5'] }, admin);
    const restored = await t.get('/admin/role/getUserPortPermission', { token });
    expect(restored.body.data[0].hasPortPermission).toBe(true);
  });

  it('keeps the built-in administrator code, data scope and pc port', async () => {
    const id = t.alpha.roleIds.ROLE_ADMIN!;
    const base = { id, roleName: 'Admin', roleCode: 'ROLE_ADMIN', portPermission: ['pc'], dataScope: 'all' };
    expect((await put('/admin/role', base, admin)).status).toBe(200);
    for (const over of [{ roleCode: 'ROLE_BOSS' }, { dataScope: 'dept_tree' }, { portPermission: ['h5'] }]) {
      const res = await put('/admin/role', { ...base, ...over }, admin);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.body.code).toBe(1);
    }
  });

  it('refuses editing to a code already used and editing an unknown or foreign role', async () => {
    const created = (await t.post('/admin/role', newRole(), { token: admin })).body.data;
    const taken = await put(
      '/admin/role',
      { ...newRole({ roleCode: 'ROLE_GENERAL' }), id: created.id },
      admin,
    );
    expect(taken.body).toMatchObject({ code: 1 });
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const foreign = await put('/admin/role', { ...newRole(), id: created.id }, beta, t.beta.tenantId);
    expect(foreign.status).toBe(404);
    expect((await t.get(`/admin/role/details/${created.id}`, { token: admin })).body.data.roleCode).toBe(
      created.roleCode,
    );
  });

  it('deletes an unused role; refuses one users hold and the built-in administrator', async () => {
    const created = (await t.post('/admin/role', newRole(), { token: admin })).body.data;
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    expect((await del(`/admin/role/${created.id}`, beta, t.beta.tenantId)).status).toBe(404);
    const res = await del(`/admin/role/${created.id}`, admin);
    expect(res.status, res.raw).toBe(200);
    expect((await t.get(`/admin/role/details/${created.id}`, { token: admin })).status).toBe(404);
    const inUse = await t.request('DELETE', `/admin/role/${t.alpha.roleIds.ROLE_CONSULTANT}`, undefined, {
      token: admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(inUse.body).toMatchObject({
      code: 1,
      msg: 'users still hold this role, remove it from them first',
    });
    expect((await del(`/admin/role/${t.alpha.roleIds.ROLE_ADMIN}`, admin)).body.code).toBe(1);
    expect((await del('/admin/role/abc', admin)).status).toBe(400);
  });

  it('a deleted role that a token had chosen no longer applies to it', async () => {
    const created = (await t.post('/admin/role', newRole({ portPermission: ['pc'] }), { token: admin })).body
      .data;
    const teacherId = t.alpha.userIds.teacher!;
    await t.database.withTenant(t.alpha.tenantId, ({ tx, tenantId }) =>
      tx.execute(
        sql`insert into user_role (tenant_id, user_id, role_id) values (${tenantId}, ${teacherId}, ${created.id})`,
      ),
    );
    const token = await t.tokenFor('teacher');
    const chosen = await t.get(`/admin/v2/user/toggleRole?roleId=${created.id}`, { token });
    expect(chosen.status, chosen.raw).toBe(200);
    expect((await t.get('/admin/user/info', { token })).body.data.activeRoleId).toBe(created.id);
    expect((await del(`/admin/role/${created.id}`, admin)).body.code).toBe(1);
    // The user form takes the role away, then the role can go.
    await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(sql`delete from user_role where role_id = ${created.id}`),
    );
    expect((await del(`/admin/role/${created.id}`, admin)).status).toBe(200);
    const info = await t.get('/admin/user/info', { token });
    expect(info.status, info.raw).toBe(200);
    expect(info.body.data.activeRoleId).toBeNull();
    expect(info.body.data.roleList.map((r: { roleId: number }) => r.roleId)).not.toContain(created.id);
    const pinned = await t.get('/admin/user/info', { token, headers: { 'role-id': String(created.id) } });
    expect(pinned.status).toBe(403);
  });
});

describe('role menus and buttons [spec:S0.6.4] [spec:S0.7.6]', () => {
  it('answers the grant tree per enabled product with the role grants', async () => {
    const res = await t.get(`/admin/role/${t.alpha.roleIds.ROLE_SUB_ADMIN}/menus`, { token: admin });
    expect(res.status, res.raw).toBe(200);
    const tree = res.body.data as RoleMenus;
    expect(tree.editable).toBe(true);
    const system = tree.products.find((p) => p.productCode === 'SYSTEM')!;
    const users = system.menus.find((m) => m.menuCode === 'sys_user')!;
    expect(users.children.map((c) => c.menuCode)).toContain('admin_userInfo_add');
    expect(users.children.find((c) => c.menuCode === 'admin_userInfo_add')!.type).toBe(1);
    expect(tree.menuIds).toContain(users.id);
    expect(tree.menuIds).not.toContain(menuIdOf(tree, 'admin_userInfo_del'));
    const adminTree = (await t.get(`/admin/role/${t.alpha.roleIds.ROLE_ADMIN}/menus`, { token: admin })).body
      .data as RoleMenus;
    expect(adminTree.editable).toBe(false);
  });

  it('grants a set of menus; ancestors come along; it applies on the next request [spec:S0.6.4]', async () => {
    const token = await t.tokenFor('counsellor');
    expect((await t.get('/admin/role/page', { token })).status).toBe(403);
    const roleId = t.alpha.roleIds.ROLE_CONSULTANT!;
    const tree = (await t.get(`/admin/role/${roleId}/menus`, { token: admin })).body.data as RoleMenus;
    const rolePage = menuIdOf(tree, 'sys_role');
    const addButton = menuIdOf(tree, 'admin_role_add');
    const res = await put('/admin/role/menus', { roleId, menuIds: [...tree.menuIds, addButton] }, admin);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.menuIds).toEqual(expect.arrayContaining([rolePage, addButton]));
    // The same token, no new login.
    expect((await t.get('/admin/role/page', { token })).status).toBe(200);
    const info = await t.get('/admin/user/info', { token });
    expect(info.body.data.permissions).toEqual(expect.arrayContaining(['sys_role', 'admin_role_add']));
    // Taking them away again.
    const back = await put('/admin/role/menus', { roleId, menuIds: tree.menuIds }, admin);
    expect(back.body.data.menuIds).toEqual(tree.menuIds);
    expect((await t.get('/admin/role/page', { token })).status).toBe(403);
  });

  it('refuses menus of another school, unknown ids and the administrator role', async () => {
    const roleId = t.alpha.roleIds.ROLE_RECEPTIONIST!;
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const betaTree = (
      await t.get(`/admin/role/${t.beta.roleIds.ROLE_RECEPTIONIST}/menus`, {
        token: beta,
        tenantId: t.beta.tenantId,
      })
    ).body.data as RoleMenus;
    const betaMenu = menuIdOf(betaTree, 'sys_user');
    const foreign = await put('/admin/role/menus', { roleId, menuIds: [betaMenu] }, admin);
    expect(foreign.status).toBe(400);
    expect(foreign.body.msg).toMatch(/^menuIds\[0\]/);
    const bad = await put('/admin/role/menus', { roleId, menuIds: ['x'] }, admin);
    expect(bad.body.msg).toMatch(/^menuIds\.0|^menuIds\[0\]/);
    const fixed = await put('/admin/role/menus', { roleId: t.alpha.roleIds.ROLE_ADMIN, menuIds: [] }, admin);
    expect(fixed.body.code).toBe(1);
    expect(
      (
        await put(
          '/admin/role/menus',
          { roleId: t.alpha.roleIds.ROLE_RECEPTIONIST, menuIds: [] },
          beta,
          t.beta.tenantId,
        )
      ).status,
    ).toBe(404);
    const counsellor = await t.tokenFor('counsellor');
    expect((await put('/admin/role/menus', { roleId, menuIds: [] }, counsellor)).status).toBe(403);
    expect((await t.get(`/admin/role/${roleId}/menus`, { token: counsellor })).status).toBe(403);
  });

  it('keeps grants in a disabled product and shows them again when it is enabled', async () => {
    const roleId = t.alpha.roleIds.ROLE_SUPERVISOR!;
    const before = (await t.get(`/admin/role/${roleId}/menus`, { token: admin })).body.data as RoleMenus;
    const supervision = before.products.find((p) => p.productCode === 'SUPERVISION')!;
    const setStatus = (status: 0 | 1) =>
      t.post(
        '/admin/products/updateTenantProductSettingStatus',
        { productId: supervision.productId, status },
        {
          token: admin,
        },
      );
    expect((await setStatus(0)).status).toBe(200);
    const during = (await t.get(`/admin/role/${roleId}/menus`, { token: admin })).body.data as RoleMenus;
    expect(during.products.map((p) => p.productCode)).not.toContain('SUPERVISION');
    await put('/admin/role/menus', { roleId, menuIds: during.menuIds }, admin);
    await setStatus(1);
    const after = (await t.get(`/admin/role/${roleId}/menus`, { token: admin })).body.data as RoleMenus;
    expect(after.menuIds).toEqual(before.menuIds);
  });

  it('lets a role editor grant only keys they hold themselves', async () => {
    // The sub-administrator becomes a role editor.
    const subRole = t.alpha.roleIds.ROLE_SUB_ADMIN!;
    const tree = (await t.get(`/admin/role/${subRole}/menus`, { token: admin })).body.data as RoleMenus;
    const editKeys = ['sys_role', 'admin_role_edit'].map((c) => menuIdOf(tree, c));
    expect(
      (await put('/admin/role/menus', { roleId: subRole, menuIds: [...tree.menuIds, ...editKeys] }, admin))
        .status,
    ).toBe(200);
    const token = await t.tokenFor('subadmin');
    const created = await t.post('/admin/role', newRole({ dataScope: 'dept_tree' }), { token: admin });
    const target = created.body.data.id as number;
    const targetTree = (await t.get(`/admin/role/${target}/menus`, { token })).body.data as RoleMenus;
    const refused = await put(
      '/admin/role/menus',
      { roleId: target, menuIds: [...targetTree.menuIds, menuIdOf(targetTree, 'sys_product')] },
      token,
    );
    expect(refused.status).toBe(400);
    // No Accept-Language: the refusal comes in zh-CN, the default.
    expect(refused.body.msg).toMatch(/您不能授予自己没有的权限/);
    const allowed = await put(
      '/admin/role/menus',
      { roleId: target, menuIds: [...targetTree.menuIds, menuIdOf(targetTree, 'sys_user')] },
      token,
    );
    expect(allowed.status, allowed.raw).toBe(200);
    await put('/admin/role/menus', { roleId: subRole, menuIds: tree.menuIds }, admin);
  });

  it('lets a department administrator manage only department-scoped roles [spec:S0.6.1]', async () => {
    const subRole = t.alpha.roleIds.ROLE_SUB_ADMIN!;
    const tree = (await t.get(`/admin/role/${subRole}/menus`, { token: admin })).body.data as RoleMenus;
    const roleKeys = ['sys_role', 'admin_role_add', 'admin_role_edit', 'admin_role_del'].map((c) =>
      menuIdOf(tree, c),
    );
    expect(
      (await put('/admin/role/menus', { roleId: subRole, menuIds: [...tree.menuIds, ...roleKeys] }, admin))
        .status,
    ).toBe(200);
    try {
      const token = await t.tokenFor('subadmin');
      const EN = { headers: { 'accept-language': 'en-US' } };
      const wide = await t.post('/admin/role', newRole({ dataScope: 'all' }), { token, ...EN });
      expect(wide.status).toBe(400);
      expect(wide.body.msg).toBe(
        'dataScope: a department administrator can only manage roles limited to the department subtree',
      );
      const narrow = await t.post('/admin/role', newRole({ dataScope: 'dept_tree' }), { token });
      expect(narrow.status, narrow.raw).toBe(200);
      const own = narrow.body.data as { id: number; roleCode: string };
      // Which roles they may grant is not theirs to decide, not even for their own roles.
      for (const attempt of [
        await t.post('/admin/role', newRole({ dataScope: 'dept_tree', delegable: true }), { token, ...EN }),
        await t.request('PUT', '/admin/role', { ...narrow.body.data, delegable: true }, { token, ...EN }),
      ]) {
        expect(attempt.status).toBe(403);
        expect(attempt.body.msg).toBe(
          'delegable: only a school-wide administrator decides which roles department administrators may grant',
        );
      }
      const widen = await put(
        '/admin/role',
        { ...newRole({ dataScope: 'all' }), ...own, dataScope: 'all' },
        token,
      );
      expect(widen.status).toBe(400);
      expect(widen.body.msg).toMatch(/^dataScope: /);

      const schoolWide = t.alpha.roleIds.ROLE_RECEPTIONIST!;
      const current = (await t.get(`/admin/role/details/${schoolWide}`, { token: admin })).body.data;
      const edit = await put(
        '/admin/role',
        {
          id: schoolWide,
          roleName: 'Front desk',
          roleCode: current.roleCode,
          portPermission: current.portPermission,
          dataScope: 'dept_tree',
        },
        token,
      );
      expect(edit.status).toBe(400);
      expect(edit.body.msg).toMatch(/^id: /);
      const grants = await put('/admin/role/menus', { roleId: schoolWide, menuIds: [] }, token);
      expect(grants.status).toBe(400);
      expect(grants.body.msg).toMatch(/^roleId: /);
      expect((await del(`/admin/role/${schoolWide}`, token)).status).toBe(400);
      expect((await del(`/admin/role/${own.id}`, token)).status).toBe(200);
    } finally {
      await put('/admin/role/menus', { roleId: subRole, menuIds: tree.menuIds }, admin);
    }
  });
});

/** A form of the school, made with the builder's call (form permissions must name one). */
async function newForm(token = admin, tenantId?: number): Promise<number> {
  const name = { 'zh-CN': 'Record', 'en-US': 'Record' };
  const res = await t.request(
    'POST',
    '/biz/public/forms/ite',
    { purpose: 'other', name, columns: [{ prop: 'q1', label: name, type: 'input' }] },
    { token, tenantId },
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.data.form.id;
}

describe('form permissions per role [spec:S0.7.6]', () => {
  it('stores view and edit per form (edit implies view) and answers the caller merged view', async () => {
    const roleId = t.alpha.roleIds.ROLE_CONSULTANT!;
    const [f1, f2, f3] = [await newForm(), await newForm(), await newForm()];
    const res = await put(
      '/admin/role/form/permissions',
      {
        roleId,
        items: [
          { formId: f1, view: false, edit: true },
          { formId: f2, view: true, edit: false },
          { formId: f3, view: false, edit: false },
        ],
      },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual([
      { formId: f1, roleId, view: true, edit: true },
      { formId: f2, roleId, view: true, edit: false },
      { formId: f3, roleId, view: false, edit: false },
    ]);
    const stored = await t.get(`/admin/role/form/permissions?roleId=${roleId}`, { token: admin });
    expect(stored.body.data).toEqual(res.body.data);
    const token = await t.tokenFor('counsellor');
    const mine = await t.get('/admin/role/form/findRoleFormPermission', { token });
    expect(mine.status, mine.raw).toBe(200);
    expect(mine.body.data).toEqual([
      { formId: f1, view: true, edit: true },
      { formId: f2, view: true, edit: false },
      { formId: f3, view: false, edit: false },
    ]);
    const one = await t.get(`/admin/role/form/findRoleFormPermission?formId=${f2}`, { token });
    expect(one.body.data).toEqual([{ formId: f2, view: true, edit: false }]);
    // A student's role has no rows: every form follows its own rules.
    const student = await t.tokenFor('student');
    expect((await t.get('/admin/role/form/findRoleFormPermission', { token: student })).body.data).toEqual(
      [],
    );
  });

  it('validates the items and refuses a counsellor and another school', async () => {
    const roleId = t.alpha.roleIds.ROLE_CONSULTANT!;
    const dup = await put(
      '/admin/role/form/permissions',
      {
        roleId,
        items: [
          { formId: 1, view: true, edit: false },
          { formId: 1, view: true, edit: true },
        ],
      },
      admin,
    );
    expect(dup.status).toBe(400);
    expect(dup.body.msg).toMatch(/^items/);
    const badId = await t.get('/admin/role/form/findRoleFormPermission?formId=0', { token: admin });
    expect(badId.status).toBe(400);
    const counsellor = await t.tokenFor('counsellor');
    expect((await put('/admin/role/form/permissions', { roleId, items: [] }, counsellor)).status).toBe(403);
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const foreign = await t.get(`/admin/role/form/permissions?roleId=${roleId}`, {
      token: beta,
      tenantId: t.beta.tenantId,
    });
    expect(foreign.status).toBe(404);
  });

  it("refuses a form that does not exist or is another school's, naming the item, and stores nothing", async () => {
    const roleId = t.alpha.roleIds.ROLE_GENERAL!;
    const own = await newForm();
    const before = await put('/admin/role/form/permissions', { roleId, items: [] }, admin);
    expect(before.status).toBe(200);
    const betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
    const betaForm = await newForm(betaAdmin, t.beta.tenantId);
    for (const [formId, index] of [
      [999999, 1],
      [betaForm, 1],
    ] as const) {
      const res = await put(
        '/admin/role/form/permissions',
        {
          roleId,
          items: [
            { formId: own, view: true, edit: true },
            { formId, view: true, edit: true },
          ],
        },
        admin,
      );
      expect(res.status, `form ${formId}`).toBe(400);
      expect(res.body.data.fields).toEqual([
        // No Accept-Language: the detail is in zh-CN, the default.
        { field: `items[${index}].formId`, message: '表单不存在' },
      ]);
      const stored = await t.get(`/admin/role/form/permissions?roleId=${roleId}`, { token: admin });
      expect(stored.body.data).toEqual([]);
    }
    // The database keeps the reference too, whatever writes the row.
    await expect(
      t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
        tx.execute(sql`insert into role_form_permission (tenant_id, role_id, form_id, can_view, can_edit)
          values (${t.alpha.tenantId}, ${roleId}, ${betaForm}, true, true)`),
      ),
    ).rejects.toThrow();
  });
});
