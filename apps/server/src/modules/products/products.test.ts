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
    expect(codes).toEqual(expect.arrayContaining(['CONSULT', 'APPOINTMENT', 'SUPERVISION']));
    expect(codes).not.toContain('CRISIS');
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
