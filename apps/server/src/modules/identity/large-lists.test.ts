import { ROLE_USER_COUNT_CAP, USER_TYPE_USER_COUNT_CAP } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT, countRows } from '../../core/db/paging';
import { createTestContext, type TestContext } from '../../test/harness';

// Lists of a school with more users than a list counts (docs/users-and-departments.md "Lists at 500,000
// users"): totals beyond EXACT_COUNT_LIMIT are estimates and say so, per-row counts stop at their cap.
let t: TestContext;
let admin: string;
const EXTRA = EXACT_COUNT_LIMIT + 50;
let seeded = 0;
let userTypeId = 0;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return t.database.withTenant(t.alpha.tenantId, async ({ tx }) => {
    const res = await tx.execute(query);
    return (res as unknown as { rows: T[] }).rows;
  });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  const tenantId = t.alpha.tenantId;
  userTypeId = Number(
    (await rows<{ id: unknown }>(sql`select id from user_type where code = 'student'`))[0]!.id,
  );
  await rows(sql`
    insert into sys_user (tenant_id, username, real_name, dept_id, user_type_id, status)
    select ${tenantId}, 'bulk' || lpad(g::text, 6, '0'), 'Bulk ' || g, ${t.alpha.deptIds['Class 2024']!},
      ${userTypeId}, case when g % 1000 = 0 then 'locked' else 'active' end
    from generate_series(1, ${EXTRA}::int) g`);
  await rows(sql`
    insert into user_role (tenant_id, user_id, role_id)
    select tenant_id, id, ${t.alpha.roleIds.ROLE_GENERAL!} from sys_user where username like 'bulk%'`);
  seeded = Number(
    (await rows<{ n: unknown }>(sql`select count(*) as n from sys_user where not del_flag`))[0]!.n,
  );
}, 120_000);
afterAll(() => t?.close());

describe('lists beyond the exact count [spec:S0.7.11]', () => {
  it('countRows counts exactly up to its limit and answers a flagged estimate of at least limit + 1 beyond', async () => {
    await t.database.withTenant(t.alpha.tenantId, async ({ tx }) => {
      const q = sql`select 1 from sys_user u where u.tenant_id = ${t.alpha.tenantId} and not u.del_flag`;
      expect(await countRows(tx, q, seeded)).toEqual({ total: seeded, estimated: false });
      const over = await countRows(tx, q, 100);
      expect(over.estimated).toBe(true);
      expect(over.total).toBeGreaterThan(100);
    });
  });

  it('the user list answers an estimate flagged estimated when unfiltered, exact totals for narrow filters', async () => {
    const all = await t.get('/admin/user/page?current=1&size=10', { token: admin });
    expect(all.status, all.raw).toBe(200);
    expect(all.body.data.estimated).toBe(true);
    expect(all.body.data.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(all.body.data.records).toHaveLength(10);
    const ids = all.body.data.records.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));

    const locked = await t.get('/admin/user/page?current=1&size=100&status=locked', { token: admin });
    expect(locked.body.data.total).toBe(Math.floor(EXTRA / 1000));
    expect(locked.body.data).not.toHaveProperty('estimated');
  });

  it('a deep page past the exact count still answers its rows (the last page of the school)', async () => {
    const last = Math.ceil(seeded / 10);
    const res = await t.get(`/admin/user/page?current=${last}&size=10`, { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.records).toHaveLength(seeded - (last - 1) * 10);
    const beyond = await t.get(`/admin/user/page?current=${last + 1}&size=10`, { token: admin });
    expect(beyond.body.data.records).toEqual([]);
  });

  it('a role and a user type held by more users than their cap answer cap + 1', async () => {
    const roles = await t.get('/admin/role/page?current=1&size=100', { token: admin });
    const general = roles.body.data.records.find((r: { roleCode: string }) => r.roleCode === 'ROLE_GENERAL');
    expect(general.userCount).toBe(ROLE_USER_COUNT_CAP + 1);
    const consultant = roles.body.data.records.find(
      (r: { roleCode: string }) => r.roleCode === 'ROLE_CONSULTANT',
    );
    expect(consultant.userCount).toBe(2);
    const types = await t.get('/admin/uType/getUserTypeNoPage', { token: admin });
    const student = types.body.data.find((u: { id: number }) => u.id === userTypeId);
    expect(student.userCount).toBe(USER_TYPE_USER_COUNT_CAP + 1);
  });

  it('a deleted user holds no role any more, so a role counts its holders from its links alone', async () => {
    const [victim] = await rows<{ id: unknown }>(sql`select id from sys_user where username = 'teacher'`);
    const id = Number(victim!.id);
    const res = await t.post('/admin/user/batchDel', { ids: [id] }, { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(await rows(sql`select 1 from user_role where user_id = ${id}`)).toEqual([]);
    const roles = await t.get('/admin/role/page?current=1&size=100', { token: admin });
    const consultant = roles.body.data.records.find(
      (r: { roleCode: string }) => r.roleCode === 'ROLE_CONSULTANT',
    );
    expect(consultant.userCount).toBe(1);
  });
});
