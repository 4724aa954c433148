import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { rowsOf } from '../../core/db/rows';
import type { MenuNode } from '@psy/contracts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe('products and menus [spec:S0.1.1] [spec:S0.3.7] [spec:S0.7.7]', () => {
  it('lists the products the user has menus in, with favourite flag and order', async () => {
    const token = await t.tokenFor('counsellor');
    const res = await t.get('/admin/products/findTenantProductList', { token });
    expect(res.status).toBe(200);
    const codes = res.body.data.map((p: { productCode: string }) => p.productCode);
    // Counsellors report crisis signals they meet (docs/crisis.md), so CRISIS is among theirs.
    expect(codes).toEqual(expect.arrayContaining(['CONSULT', 'APPOINTMENT', 'SUPERVISION', 'CRISIS']));
    expect(codes).not.toContain('ACTIVITY');
    expect(res.body.data[0]).toMatchObject({ tuck: 0, userSort: null, type: 1 });
  });

  it('an administrator sees every enabled product; a disabled product disappears', async () => {
    const token = await t.tokenFor('admin');
    const all = await t.get('/admin/products/findTenantProductList', { token });
    expect(all.body.data).toHaveLength(13);
    await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(
        sql`update tenant_product set enabled = false where product_id = (select id from product where product_code = 'SLEEP')`,
      ),
    );
    const fewer = await t.get('/admin/products/findTenantProductList', { token });
    expect(fewer.body.data.map((p: { productCode: string }) => p.productCode)).not.toContain('SLEEP');
  });

  it('names products in the caller language', async () => {
    const token = await t.tokenFor('counsellor');
    const en = await t.get('/admin/products/findTenantProductList', {
      token,
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.body.data.find((p: { productCode: string }) => p.productCode === 'CONSULT').productName).toBe(
      'Consultation',
    );
  });

  it('answers the menu tree of a product for the active role, buttons left out [spec:S0.6.4]', async () => {
    const token = await t.tokenFor('counsellor');
    const products = (await t.get('/admin/products/findTenantProductList', { token })).body.data;
    const consult = products.find((p: { productCode: string }) => p.productCode === 'CONSULT');
    const res = await t.get(`/admin/menu/getUserProductMenu?productId=${consult.id}`, { token });
    expect(res.status).toBe(200);
    const tree = res.body.data as MenuNode[];
    const container = tree.find((n) => n.menuCode === 'consult_records')!;
    expect(container.children.map((c) => c.permission)).toEqual([
      'appointment_consult_record_tab',
      'appointment_consult_record_wait_tab',
      'appointment_consult_audit_wait_tab',
    ]);
    expect(flatten(tree).every((n) => n.type === 0)).toBe(true);
    expect(flatten(tree).find((n) => n.menuCode === 'consult_ai')?.isHidden).toBe(true);
  });

  it('drops entries whose meta.roles excludes the active role and removed paths [spec:S0.6.4]', async () => {
    await t.database.withTenant(t.alpha.tenantId, async ({ tx, tenantId }) => {
      const product = sql`(select id from product where product_code = 'CONSULT')`;
      const role = t.alpha.roleIds.ROLE_CONSULTANT!;
      await tx.execute(sql`
        with m as (
          insert into menu (tenant_id, product_id, menu_code, name, path, permission, meta) values
            (${tenantId}, ${product}, 'only_supervisors', 'Only supervisors', '/x/sup', 'only_supervisors', '{"roles":["ROLE_SUPERVISOR"]}'),
            (${tenantId}, ${product}, 'only_consultants', 'Only consultants', '/x/con', 'only_consultants', '{"roles":["ROLE_CONSULTANT"]}'),
            (${tenantId}, ${product}, 'easy_time', 'Easy time', '/easyTimeMoilbeShow/a', 'easy_time', '{}')
          returning id)
        insert into role_menu (tenant_id, role_id, menu_id) select ${tenantId}, ${role}, id from m`);
    });
    const token = await t.tokenFor('counsellor');
    const products = (await t.get('/admin/products/findTenantProductList', { token })).body.data;
    const consult = products.find((p: { productCode: string }) => p.productCode === 'CONSULT');
    const codes = flatten(
      (await t.get(`/admin/menu/getUserProductMenu?productId=${consult.id}`, { token })).body.data,
    ).map((n) => n.menuCode);
    expect(codes).toContain('only_consultants');
    expect(codes).not.toContain('only_supervisors');
    expect(codes).not.toContain('easy_time');
  });

  it('answers no menu of a product the role has no grant in', async () => {
    const token = await t.tokenFor('student');
    const admin = await t.tokenFor('admin');
    const products = (await t.get('/admin/products/findTenantProductList', { token: admin })).body.data;
    const system = products.find((p: { productCode: string }) => p.productCode === 'SYSTEM');
    const res = await t.get(`/admin/menu/getUserProductMenu?productId=${system.id}`, { token });
    expect(
      flatten(res.body.data)
        .map((n) => n.menuCode)
        .sort(),
    ).toEqual([
      'page_messageManageDetails',
      'page_noticeList_detail',
      'page_pdfPreview',
      'page_signature',
      'page_userinfo_index',
      'sys_files',
      'sys_message',
      'sys_notice',
    ]);
  });

  it('never answers another school menus', async () => {
    const token = await t.tokenFor('admin', t.beta.tenantId);
    const products = (
      await t.get('/admin/products/findTenantProductList', { token, tenantId: t.beta.tenantId })
    ).body.data;
    const consult = products.find((p: { productCode: string }) => p.productCode === 'CONSULT');
    const res = await t.get(`/admin/menu/getUserProductMenu?productId=${consult.id}`, {
      token,
      tenantId: t.beta.tenantId,
    });
    const ids = flatten(res.body.data).map((n) => n.id);
    const alphaIds = await t.database.withTenant(t.alpha.tenantId, async ({ tx }) =>
      rowsOf<{ id: unknown }>(await tx.execute(sql`select id from menu`)).map((r) => Number(r.id)),
    );
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.filter((id) => alphaIds.includes(id))).toEqual([]);
  });

  it('refuses a missing productId, naming it', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.get('/admin/menu/getUserProductMenu', { token });
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^productId/);
  });
});

describe('POST /admin/products/saveUserProduct [spec:S0.4.5] [spec:S0.7.7]', () => {
  type P = { id: number; productCode: string; tuck: number; userSort: number | null };
  const list = async (token: string, tenantId?: number): Promise<P[]> =>
    (await t.get('/admin/products/findTenantProductList', { token, tenantId })).body.data;
  const save = (token: string, body: unknown, opts: { lang?: string; tenantId?: number } = {}) =>
    t.post('/admin/products/saveUserProduct', body, {
      token,
      tenantId: opts.tenantId,
      headers: opts.lang ? { 'accept-language': opts.lang } : undefined,
    });
  const clear = () => t.database.system.db.execute(sql`delete from user_product`);

  it('stores stars and order; the list then follows userSort, then catalogue order', async () => {
    await clear();
    const token = await t.tokenFor('counsellor');
    const before = await list(token);
    expect(before.every((p) => p.tuck === 0 && p.userSort === null)).toBe(true);
    const [a, b, c] = before;
    const body = [
      { productId: c!.id, userSort: 1, tuck: 1 },
      { productId: a!.id, userSort: 2, tuck: 0 },
    ];
    const res = await save(token, body);
    expect(res.status, res.raw).toBe(200);
    const after = await list(token);
    expect(res.body.data).toEqual(after);
    expect(after.slice(0, 3).map((p) => [p.id, p.tuck, p.userSort])).toEqual([
      [c!.id, 1, 1],
      [a!.id, 0, 2],
      [b!.id, 0, null],
    ]);
    // Toggling the star back to 0 and renumbering by a drag.
    await save(token, [
      { productId: a!.id, userSort: 1, tuck: 0 },
      { productId: c!.id, userSort: 2, tuck: 0 },
    ]);
    expect((await list(token)).slice(0, 2).map((p) => [p.id, p.tuck, p.userSort])).toEqual([
      [a!.id, 0, 1],
      [c!.id, 0, 2],
    ]);
  });

  it('keeps products left out of the list as they were, and is per user', async () => {
    await clear();
    const token = await t.tokenFor('counsellor');
    const [a, b] = await list(token);
    await save(token, [{ productId: a!.id, userSort: 5, tuck: 1 }]);
    await save(token, [{ productId: b!.id, userSort: 1, tuck: 1 }]);
    const after = await list(token);
    expect(after.find((p) => p.id === a!.id)).toMatchObject({ tuck: 1, userSort: 5 });
    const other = await list(await t.tokenFor('teacher'));
    expect(other.every((p) => p.tuck === 0 && p.userSort === null)).toBe(true);
  });

  it('refuses more than 7 favourites with business code 1, in both languages, and saves nothing [spec:S0.5.16] [spec:S0.9.4]', async () => {
    await clear();
    const token = await t.tokenFor('admin');
    const products = await list(token);
    expect(products.length).toBeGreaterThan(8);
    const seven = products.slice(0, 7).map((p, i) => ({ productId: p.id, userSort: i + 1, tuck: 1 }));
    expect((await save(token, seven)).status).toBe(200);
    const eighth = { productId: products[7]!.id, userSort: 8, tuck: 1 };
    const en = await save(token, [eighth], { lang: 'en-US' });
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      code: 1,
      msg: 'at most 7 main products can be shown, cancel one first',
    });
    const zh = await save(token, [eighth]);
    expect(zh.body).toMatchObject({ code: 1, msg: '最多只能展示 7 个主产品，请先取消一个' });
    expect((await list(token)).filter((p) => p.tuck === 1)).toHaveLength(7);
    // Cancelling one first makes room, in the same call.
    const swap = await save(token, [{ ...seven[0]!, tuck: 0 }, eighth]);
    expect(swap.status, swap.raw).toBe(200);
    expect((await list(token)).filter((p) => p.tuck === 1).map((p) => p.id)).toContain(eighth.productId);
  });

  it('refuses a product the user cannot see, naming its index', async () => {
    const token = await t.tokenFor('counsellor');
    const admin = await list(await t.tokenFor('admin'));
    const activity = admin.find((p) => p.productCode === 'ACTIVITY')!;
    const mine = await list(token);
    const res = await save(token, [
      { productId: mine[0]!.id, userSort: 1, tuck: 1 },
      { productId: activity.id, userSort: 2, tuck: 1 },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/^\[1\]\.productId: /);
    expect(res.body.data.fields[0].field).toBe('[1].productId');
    const unknown = await save(token, [{ productId: 999999, userSort: 1, tuck: 1 }]);
    expect(unknown.body.msg).toMatch(/^\[0\]\.productId: /);
    const twice = await save(token, [
      { productId: mine[0]!.id, userSort: 1, tuck: 1 },
      { productId: mine[0]!.id, userSort: 2, tuck: 0 },
    ]);
    expect(twice.status).toBe(400);
    expect(twice.body.msg).toBe('[1].productId: 出现了多次');
  });

  it('validates the items and never answers 500', async () => {
    const token = await t.tokenFor('counsellor');
    const id = (await list(token))[0]!.id;
    const cases: [unknown, RegExp][] = [
      [undefined, /^body: /],
      [{ productId: id }, /^body: /],
      [[{ productId: id, userSort: 1, tuck: 2 }], /^\[0\]\.tuck: /],
      [[{ productId: id, userSort: 0, tuck: 1 }], /^\[0\]\.userSort: /],
      [[{ productId: id, userSort: 1.5, tuck: 1 }], /^\[0\]\.userSort: /],
      [[{ productId: 'x', userSort: 1, tuck: 1 }], /^\[0\]\.productId: /],
      [[{ userSort: 1, tuck: 1 }], /^\[0\]\.productId: /],
      [Array.from({ length: 101 }, (_, i) => ({ productId: id, userSort: i + 1, tuck: 0 })), /^body: /],
    ];
    for (const [body, msg] of cases) {
      const res = await save(token, body);
      expect(res.status, String(JSON.stringify(body)).slice(0, 80)).toBe(400);
      expect(res.body.msg).toMatch(msg);
    }
    expect((await save(token, [])).status).toBe(200);
  });

  it('a user of another school never changes this school favourites', async () => {
    await clear();
    const betaToken = await t.tokenFor('admin', t.beta.tenantId);
    const betaProducts = await list(betaToken, t.beta.tenantId);
    const res = await save(betaToken, [{ productId: betaProducts[0]!.id, userSort: 1, tuck: 1 }], {
      tenantId: t.beta.tenantId,
    });
    expect(res.status, res.raw).toBe(200);
    const alpha = await list(await t.tokenFor('admin'));
    expect(alpha.every((p) => p.tuck === 0 && p.userSort === null)).toBe(true);
    const refused = await save(betaToken, [{ productId: betaProducts[0]!.id, userSort: 1, tuck: 1 }], {
      tenantId: t.alpha.tenantId,
    });
    expect(refused.status).toBe(401);
  });
});
