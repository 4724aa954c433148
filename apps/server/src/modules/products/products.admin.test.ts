import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMenuNode, TenantProductStatus } from '@psy/contracts';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let admin: string;
let products: TenantProductStatus[];
const byCode = (code: string) => products.find((p) => p.productCode === code)!;
const put = (url: string, body: unknown, token: string, tenantId?: number) =>
  t.request('PUT', url, body, { token, tenantId });
const flatten = (nodes: AdminMenuNode[]): AdminMenuNode[] =>
  nodes.flatMap((n) => [n, ...flatten(n.children)]);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  products = (await t.get('/admin/products/tenant/findTenantProductList', { token: admin })).body.data;
});
afterAll(() => t?.close());

describe('tenant products and their status [spec:S0.1.1] [spec:S0.7.7]', () => {
  it('lists every product of the school with status, SYSTEM locked', async () => {
    expect(products).toHaveLength(13);
    expect(byCode('SYSTEM')).toMatchObject({
      status: 1,
      locked: true,
      productNameEn: 'System administration',
    });
    expect(byCode('CONSULT')).toMatchObject({ status: 1, locked: false, productName: '心理咨询' });
    const en = await t.get('/admin/products/tenant/findTenantProductList', {
      token: admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body.data.find((p: TenantProductStatus) => p.productCode === 'CONSULT').productName).toBe(
      'Consultation',
    );
  });

  it('disables a product: it leaves the navigation of its users, and comes back when enabled [spec:S0.1.1]', async () => {
    const counsellor = await t.tokenFor('counsellor');
    const nav = async () =>
      (await t.get('/admin/products/findTenantProductList', { token: counsellor })).body.data.map(
        (p: { productCode: string }) => p.productCode,
      );
    expect(await nav()).toContain('CONSULT');
    const off = await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: byCode('CONSULT').id, status: 0 },
      { token: admin },
    );
    expect(off.status, off.raw).toBe(200);
    expect(off.body.data).toMatchObject({ productCode: 'CONSULT', status: 0 });
    expect(await nav()).not.toContain('CONSULT');
    await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: byCode('CONSULT').id, status: 1 },
      { token: admin },
    );
    expect(await nav()).toContain('CONSULT');
  });

  it('a disabled product grants no permission keys until it is enabled again [spec:S0.1.1] [spec:S0.6.4]', async () => {
    const counsellor = await t.tokenFor('counsellor');
    const keys = async (): Promise<string[]> =>
      (await t.get('/admin/user/info', { token: counsellor })).body.data.permissions;
    const consultKey = 'consult_case';
    expect(await keys()).toContain(consultKey);
    const set = (status: number) =>
      t.post(
        '/admin/products/updateTenantProductSettingStatus',
        { productId: byCode('CONSULT').id, status },
        { token: admin },
      );
    expect((await set(0)).status).toBe(200);
    expect(await keys()).not.toContain(consultKey);
    expect((await set(1)).status).toBe(200);
    expect(await keys()).toContain(consultKey);
  });

  it('sets and clears a redirect address', async () => {
    const id = byCode('SLEEP').id;
    const set = await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: id, status: 1, productRedirectUrl: 'https://sleep.example.edu/' },
      { token: admin },
    );
    expect(set.body.data.productRedirectUrl).toBe('https://sleep.example.edu/');
    const kept = await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: id, status: 1 },
      { token: admin },
    );
    expect(kept.body.data.productRedirectUrl).toBe('https://sleep.example.edu/');
    const cleared = await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: id, status: 1, productRedirectUrl: null },
      { token: admin },
    );
    expect(cleared.body.data.productRedirectUrl).toBeNull();
  });

  it('never disables the system product', async () => {
    const res = await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: byCode('SYSTEM').id, status: 0 },
      { token: admin, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 1, msg: 'the system administration product cannot be disabled' });
  });

  it('validates the body, naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ productId: byCode('SLEEP').id, status: 2 }, /^status/],
      [{ status: 1 }, /^productId/],
      [
        { productId: byCode('SLEEP').id, status: 1, productRedirectUrl: 'javascript:alert(1)' },
        /^productRedirectUrl/,
      ],
      [{ productId: 999999, status: 1 }, /^productId/],
    ];
    for (const [body, msg] of cases) {
      const res = await t.post('/admin/products/updateTenantProductSettingStatus', body, { token: admin });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
  });

  it('refuses a counsellor (no sys_product)', async () => {
    const token = await t.tokenFor('counsellor');
    expect((await t.get('/admin/products/tenant/findTenantProductList', { token })).status).toBe(403);
    const res = await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: byCode('CONSULT').id, status: 0 },
      { token },
    );
    expect(res.status).toBe(403);
  });

  it('another school status is its own', async () => {
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const id = byCode('CRISIS').id;
    await t.post(
      '/admin/products/updateTenantProductSettingStatus',
      { productId: id, status: 0 },
      { token: beta, tenantId: t.beta.tenantId },
    );
    const alpha = (await t.get('/admin/products/tenant/findTenantProductList', { token: admin })).body.data;
    expect(alpha.find((p: TenantProductStatus) => p.id === id).status).toBe(1);
  });

  it('answers a product by code and the school domain to any signed-in user', async () => {
    const token = await t.tokenFor('student');
    const res = await t.get('/admin/products/getProductByCode?productCode=SLEEP', { token });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ productCode: 'SLEEP', status: 1 });
    expect(
      (await t.get('/admin/products/getProductByCode?productCode=CADRE_EVALUATION', { token })).status,
    ).toBe(404);
    expect((await t.get('/admin/products/getProductByCode?productCode=bad-code', { token })).status).toBe(
      400,
    );
    const domain = await t.get('/admin/products/findTenantDomain', { token });
    expect(domain.body.data).toEqual({ tenantId: t.alpha.tenantId, code: 'alpha', domain: null });
    expect((await t.get('/admin/products/findTenantDomain')).status).toBe(401);
  });
});

describe('menu tree editing [spec:S0.6.4] [spec:S0.7.7]', () => {
  const tree = async (q = '') =>
    (await t.get(`/admin/menu?productId=${byCode('SYSTEM').id}${q}`, { token: admin })).body
      .data as AdminMenuNode[];

  it('answers the whole tree with buttons, the first level, or a subtree', async () => {
    const all = await tree();
    const users = all.find((n) => n.menuCode === 'sys_user')!;
    expect(users.children.some((c) => c.type === 1 && c.menuCode === 'admin_userInfo_add')).toBe(true);
    expect(all.find((n) => n.menuCode === 'sys_product')!.hideable).toBe(false);
    const top = await tree('&type=top');
    expect(top.map((n) => n.id)).toEqual(all.map((n) => n.id));
    expect(top.every((n) => n.children.length === 0)).toBe(true);
    const sub = await tree(`&parentId=${users.id}`);
    expect(sub.map((n) => n.menuCode)).toContain('admin_userInfo_add');
    const bad = await t.get(`/admin/menu?productId=${byCode('SYSTEM').id}&parentId=999999`, { token: admin });
    expect(bad.status).toBe(400);
    expect((await t.get('/admin/menu', { token: admin })).body.msg).toMatch(/^productId/);
  });

  it('renames, hides and sets keep-alive; the user menu follows [spec:S0.6.4]', async () => {
    const notices = (await tree()).find((n) => n.menuCode === 'sys_notice')!;
    const res = await put(
      '/admin/menu',
      { id: notices.id, name: '通知公告', nameEn: 'Announcements', isHidden: true, keepAlive: false },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '通知公告',
      nameEn: 'Announcements',
      isHidden: true,
      keepAlive: false,
    });
    expect(res.body.data.path).toBe(notices.path);
    const student = await t.tokenFor('student');
    const menu = await t.get(`/admin/menu/getUserProductMenu?productId=${byCode('SYSTEM').id}`, {
      token: student,
      headers: { 'accept-language': 'en-US' },
    });
    const entry = flatten(menu.body.data).find((n) => n.menuCode === 'sys_notice')!;
    expect(entry).toMatchObject({ label: 'Announcements', isHidden: true, keepAlive: false });
  });

  it('refuses hiding the way back, flags on buttons, unknown and foreign entries', async () => {
    const all = await tree();
    const product = all.find((n) => n.menuCode === 'sys_product')!;
    const hide = await put('/admin/menu', { id: product.id, isHidden: true }, admin);
    expect(hide.body.code).toBe(1);
    const button = flatten(all).find((n) => n.type === 1)!;
    expect((await put('/admin/menu', { id: button.id, isHidden: true }, admin)).body.code).toBe(1);
    expect((await put('/admin/menu', { id: button.id, name: '新增' }, admin)).status).toBe(200);
    expect((await put('/admin/menu', { id: button.id, name: '' }, admin)).body.msg).toMatch(/^name/);
    expect((await put('/admin/menu', { id: button.id, path: '/x' }, admin)).status).toBe(200);
    expect(flatten(await tree()).find((n) => n.id === button.id)!.path).toBeNull();
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    expect((await put('/admin/menu', { id: product.id, name: 'X' }, beta, t.beta.tenantId)).status).toBe(404);
    const counsellor = await t.tokenFor('counsellor');
    expect((await put('/admin/menu', { id: product.id, name: 'X' }, counsellor)).status).toBe(403);
    expect((await t.get(`/admin/menu?productId=${byCode('SYSTEM').id}`, { token: counsellor })).status).toBe(
      403,
    );
  });

  it('reorders the first level; every sibling must be listed once', async () => {
    const top = await tree('&type=top');
    const reversed = top.map((n) => n.id).reverse();
    const res = await put(
      '/admin/menu/sort',
      { productId: byCode('SYSTEM').id, parentId: null, ids: reversed },
      admin,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.map((n: AdminMenuNode) => n.id)).toEqual(reversed);
    expect((await tree('&type=top')).map((n) => n.id)).toEqual(reversed);
    const missing = await put(
      '/admin/menu/sort',
      { productId: byCode('SYSTEM').id, parentId: null, ids: reversed.slice(1) },
      admin,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toMatch(/^ids/);
    const twice = await put(
      '/admin/menu/sort',
      { productId: byCode('SYSTEM').id, parentId: null, ids: [reversed[0], reversed[0]] },
      admin,
    );
    expect(twice.body.msg).toMatch(/^ids/);
    const wrongProduct = await put(
      '/admin/menu/sort',
      { productId: byCode('CONSULT').id, parentId: null, ids: reversed },
      admin,
    );
    expect(wrongProduct.status).toBe(400);
  });
});

describe('API paths and web page paths', () => {
  it('no GET call of the API captures a page path of the menu catalogue (the server serves those pages)', async () => {
    const { MENUS } = await import('../../seed/catalog');
    const { SYSTEM_ROUTE_PATHS } = await import('@psy/contracts');
    const pages = new Set<string>(SYSTEM_ROUTE_PATHS);
    const walk = (list: { path?: string; children?: unknown[] }[]) => {
      for (const m of list) {
        if (m.path) pages.add(m.path);
        walk((m.children ?? []) as { path?: string; children?: unknown[] }[]);
      }
    };
    for (const list of Object.values(MENUS)) walk(list);
    const patterns = t.app.routes
      .filter((r) => r.endpoint.method === 'GET' && r.endpoint.path.includes(':'))
      .map((r) => ({
        path: r.endpoint.path,
        re: new RegExp(`^${r.endpoint.path.replace(/:\w+/g, '[^/]+')}$`),
      }));
    const clashes = [...pages].flatMap((page) =>
      patterns.filter((p) => p.re.test(page)).map((p) => `${page} -> ${p.path}`),
    );
    expect(clashes).toEqual([]);
  });
});
