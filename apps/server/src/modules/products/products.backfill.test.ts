import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { backfillSchools } from '../../seed/school';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

/** A school's menus with their product, parent and the roles holding each, as one comparable list. */
async function menusOf(tenantId: number) {
  return rowsOf<{ code: string; product: string; parent: string | null; type: number; roles: string }>(
    await t.database.db.execute(sql`
      select m.menu_code as code, p.product_code as product, pm.menu_code as parent, m.type,
             coalesce((select string_agg(r.role_code, ',' order by r.role_code)
                         from role_menu rm join role r on r.tenant_id = rm.tenant_id and r.id = rm.role_id
                        where rm.tenant_id = m.tenant_id and rm.menu_id = m.id), '') as roles
        from menu m
        join product p on p.id = m.product_id
        left join menu pm on pm.tenant_id = m.tenant_id and pm.id = m.parent_id
       where m.tenant_id = ${tenantId}
       order by m.menu_code`),
  );
}

const find = (rows: Awaited<ReturnType<typeof menusOf>>, code: string) => rows.find((r) => r.code === code);

describe('backfill of catalogue menus into existing schools', () => {
  it('gives a school the menu it lacks with its button and grants, once, and never re-grants a removed grant', async () => {
    const alpha = t.alpha.tenantId;
    // A school made before the sign-on module: no `sys_sso` (its button and grants go with it).
    await t.database.db.execute(sql`delete from menu where tenant_id = ${alpha} and menu_code = 'sys_sso'`);
    const before = await menusOf(alpha);
    expect(find(before, 'sys_sso')).toBeUndefined();
    expect(find(before, 'sys_sso_edit')).toBeUndefined();
    expect(find(before, 'sys_product')!.roles).toContain('ROLE_ADMIN');
    // Its administrator took the products page away from the administrators' role.
    await t.database.db.execute(sql`
      delete from role_menu rm using menu m, role r
       where rm.tenant_id = ${alpha} and m.tenant_id = rm.tenant_id and m.id = rm.menu_id
         and r.tenant_id = rm.tenant_id and r.id = rm.role_id
         and m.menu_code = 'sys_product' and r.role_code = 'ROLE_ADMIN'`);
    const adminBefore = await t.tokenFor('admin');
    expect((await t.get('/admin/sso/provider/list', { token: adminBefore })).status).toBe(403);

    await backfillSchools(t.database);

    const after = await menusOf(alpha);
    // The same as a school seeded with it (beta): product, parent, type and the roles holding it.
    const beta = await menusOf(t.beta.tenantId);
    expect(find(after, 'sys_sso')).toEqual(find(beta, 'sys_sso'));
    expect(find(after, 'sys_sso_edit')).toEqual(find(beta, 'sys_sso_edit'));
    expect(find(after, 'sys_sso')).toMatchObject({ product: 'SYSTEM', parent: null, type: 0 });
    expect(find(after, 'sys_sso_edit')).toMatchObject({ product: 'SYSTEM', parent: 'sys_sso', type: 1 });
    expect(find(after, 'sys_sso')!.roles).toContain('ROLE_ADMIN');
    expect(find(after, 'sys_sso_edit')!.roles).toContain('ROLE_ADMIN');
    // The grant the administrator removed from a menu the school had stays removed.
    expect(find(after, 'sys_product')!.roles).not.toContain('ROLE_ADMIN');
    // Nothing else changed.
    expect(after.filter((r) => !r.code.startsWith('sys_sso'))).toEqual(
      before.map((r) =>
        r.code === 'sys_product'
          ? {
              ...r,
              roles: r.roles
                .split(',')
                .filter((x) => x !== 'ROLE_ADMIN')
                .join(','),
            }
          : r,
      ),
    );
    // The school's administrator now reaches the settings page's call.
    const admin = await t.tokenFor('admin');
    expect((await t.get('/admin/sso/provider/list', { token: admin })).status).toBe(200);

    // A second run changes nothing, in either school.
    await backfillSchools(t.database);
    expect(await menusOf(alpha)).toEqual(after);
    expect(await menusOf(t.beta.tenantId)).toEqual(beta);
  });

  it('grants a new button only to roles that still hold its menu', async () => {
    const alpha = t.alpha.tenantId;
    // The administrator took `sys_sso` itself away from the administrators; then the button is new.
    await t.database.db.execute(sql`
      delete from role_menu rm using menu m, role r
       where rm.tenant_id = ${alpha} and m.tenant_id = rm.tenant_id and m.id = rm.menu_id
         and r.tenant_id = rm.tenant_id and r.id = rm.role_id
         and m.menu_code = 'sys_sso' and r.role_code = 'ROLE_ADMIN'`);
    await t.database.db.execute(
      sql`delete from menu where tenant_id = ${alpha} and menu_code = 'sys_sso_edit'`,
    );
    await backfillSchools(t.database);
    const rows = await menusOf(alpha);
    expect(find(rows, 'sys_sso_edit')).toMatchObject({ parent: 'sys_sso', type: 1 });
    expect(find(rows, 'sys_sso_edit')!.roles).not.toContain('ROLE_ADMIN');
    expect(find(rows, 'sys_sso')!.roles).not.toContain('ROLE_ADMIN');
  });
});
