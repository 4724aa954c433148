import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, plannerRows, type TestContext } from '../test/harness';
import { DEMO_USERS, seedDemo } from './demo';

let t: TestContext;
let demo: Awaited<ReturnType<typeof seedDemo>>;
beforeAll(async () => {
  t = await createTestContext();
  demo = await seedDemo(t.database);
});
afterAll(() => t?.close());

describe('demo school', () => {
  it("leaves the planner's statistics up to date (PGlite analyzes nothing on its own)", async () => {
    const { estimated, counted } = await plannerRows(t.database, 'sys_user');
    expect(estimated).toBe(counted);
  });

  it('every demo login works; only newcomer must change the password first [spec:S0.4.1]', async () => {
    expect(demo.logins.map((l) => l.username)).toEqual(DEMO_USERS.map((u) => u.username));
    expect(demo.logins.find((l) => l.username === 'newcomer')?.role).toMatch(/must change the password/);
    const mustChange: string[] = [];
    for (const u of DEMO_USERS) {
      const res = await t.login(u.username, { tenantId: demo.tenantId, password: u.password });
      expect(res.status, `${u.username}: ${res.raw}`).toBe(200);
      if (res.body.data.user_info.mustChangePassword) mustChange.push(u.username);
    }
    expect(mustChange).toEqual(['newcomer']);
  });

  it('the demo counsellors work consultation, first interviews and counselling [spec:S1.7.12]', async () => {
    const res = await t.database.db.execute(sql`
      select u.username, array_agg(w.category_id order by w.category_id) as categories
      from counsellor_workforce w join sys_user u on u.tenant_id = w.tenant_id and u.id = w.user_id
      where w.tenant_id = ${demo.tenantId} group by u.username order by u.username`);
    const rows = (res as unknown as { rows: { username: string; categories: number[] }[] }).rows;
    expect(rows.map((r) => r.username)).toContain('counsellor');
    for (const r of rows) expect(r.categories.map(Number)).toEqual([2, 15, 18]);
  });

  it('the demo shows an open screening with answers, warnings and rainbow codes, and a test for 林同学 [spec:S1.2.4]', async () => {
    const DEMO_PASSWORD = DEMO_USERS.find((u) => u.username === 'assessor')!.password;
    const assessor = (await t.login('assessor', { tenantId: demo.tenantId, password: DEMO_PASSWORD })).body
      .data.access_token;
    const plans = await t.post('/biz/plantest/plan/page', {}, { token: assessor, tenantId: demo.tenantId });
    expect(plans.body.data.records[0]).toMatchObject({
      name: '2026 秋季新生心理普查',
      status: 2,
      answerCount: 40,
    });
    const planId = plans.body.data.records[0].id;
    const scaleId = plans.body.data.records[0].scales[0].scaleId;
    const analysis = await t.post(
      '/biz/plantest/report/comprehensive',
      { planId, scaleId, groupBy: 'grade' },
      { token: assessor, tenantId: demo.tenantId },
    );
    expect(analysis.body.data.all.count).toBe(20);
    const warnings = await t.post(
      '/biz/plantest/warning/page',
      {},
      { token: assessor, tenantId: demo.tenantId },
    );
    expect(warnings.body.data.total).toBeGreaterThan(0);
    const student = DEMO_USERS.find((u) => u.username === 'student')!;
    const token = (await t.login('student', { tenantId: demo.tenantId, password: student.password })).body
      .data.access_token;
    const pending = await t.get('/biz/plantest/userPlan/getMyUpscomingScaleByPage', {
      token,
      tenantId: demo.tenantId,
    });
    expect(pending.body.data.total).toBe(2);
  });
});
