import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
const tokens = {} as Record<'admin' | 'subadmin' | 'student' | 'beta', string>;

beforeAll(async () => {
  t = await createTestContext();
  for (const u of ['admin', 'subadmin', 'student'] as const) tokens[u] = await t.tokenFor(u);
  tokens.beta = await t.tokenFor('admin', t.beta.tenantId);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from notice`);
});

const PUBLISH = '/biz/message/notice/publish';
const MANAGE = '/biz/message/notice/managePage';

async function publish(body: Record<string, unknown>, token = tokens.admin): Promise<number> {
  const res = await t.post(PUBLISH, { title: 'Exam week', content: '<p>Hello</p>', ...body }, { token });
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id;
}

describe('notice publish page list [spec:S0.2.14]', () => {
  it('lists every live notice with its audience names, status and read count, whatever the audience', async () => {
    const eng = await publish({ title: 'Engineering only', deptIds: [t.alpha.deptIds.Engineering] });
    const consult = await publish({ title: 'Counsellors', roleIds: [t.alpha.roleIds.ROLE_CONSULTANT] });
    // Read twice: the count kept with the reads counts a reader once.
    await t.post('/biz/message/notice/read', { id: eng }, { token: tokens.student });
    await t.post('/biz/message/notice/read', { id: eng }, { token: tokens.student });
    await t.post('/biz/message/notice/withdraw', { id: consult }, { token: tokens.admin });

    // The administrator is in neither audience, and still sees both here.
    expect((await t.get('/biz/message/notice/page', { token: tokens.admin })).body.data.total).toBe(0);
    const res = await t.get(MANAGE, { token: tokens.admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.total).toBe(2);
    const byId = new Map(res.body.data.records.map((r: { id: number }) => [r.id, r]));
    expect(byId.get(eng)).toMatchObject({
      title: 'Engineering only',
      status: 1,
      depts: [{ id: t.alpha.deptIds.Engineering, name: 'Engineering' }],
      roles: [],
      readCount: 1,
      publisherName: 'Alpha Admin',
    });
    expect(byId.get(consult)).toMatchObject({
      status: 0,
      depts: [],
      roles: [{ id: t.alpha.roleIds.ROLE_CONSULTANT }],
      readCount: 0,
    });
  });

  it('pages newest first and refuses a page size over 100', async () => {
    const first = await publish({ title: 'first' });
    const second = await publish({ title: 'second' });
    const page = await t.get(`${MANAGE}?current=1&size=1`, { token: tokens.admin });
    expect(page.body.data.records.map((r: { id: number }) => r.id)).toEqual([second]);
    expect(page.body.data.total).toBe(2);
    const next = await t.get(`${MANAGE}?current=2&size=1`, { token: tokens.admin });
    expect(next.body.data.records.map((r: { id: number }) => r.id)).toEqual([first]);
    const bad = await t.get(`${MANAGE}?size=101`, { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('size');
  });

  it('needs sys_notice_publish: a student and a sub-administrator are refused (403)', async () => {
    for (const who of ['student', 'subadmin'] as const) {
      expect((await t.get(MANAGE, { token: tokens[who] })).status, who).toBe(403);
    }
  });

  it('lets a publisher without role administration read the role list for the audience', async () => {
    const grant = sql`insert into role_menu (tenant_id, role_id, menu_id)
      select m.tenant_id, ${t.alpha.roleIds.ROLE_GENERAL}, m.id from menu m
       where m.tenant_id = ${t.alpha.tenantId} and m.permission = 'sys_notice_publish'`;
    expect((await t.get('/admin/inner/role/list', { token: tokens.student })).status).toBe(403);
    await t.database.db.execute(grant);
    try {
      const roles = await t.get('/admin/inner/role/list', { token: tokens.student });
      expect(roles.status, roles.raw).toBe(200);
      expect(roles.body.data.length).toBeGreaterThan(0);
      expect((await t.get(MANAGE, { token: tokens.student })).status).toBe(200);
    } finally {
      await t.database.db.execute(sql`delete from role_menu where tenant_id = ${t.alpha.tenantId}
        and role_id = ${t.alpha.roleIds.ROLE_GENERAL}
        and menu_id in (select id from menu where tenant_id = ${t.alpha.tenantId} and permission = 'sys_notice_publish')`);
    }
  });

  it("does not list another school's notices", async () => {
    await publish({ title: 'alpha' });
    const beta = await t.get(MANAGE, { token: tokens.beta, tenantId: t.beta.tenantId });
    expect(beta.status).toBe(200);
    expect(beta.body.data.total).toBe(0);
  });
});
