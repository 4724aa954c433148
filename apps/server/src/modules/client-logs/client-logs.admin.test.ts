import { CLIENT_LOG_RATE } from '@psy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: { admin: string; student: string; subadmin: string; counsellor: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    admin: await t.tokenFor('admin'),
    student: await t.tokenFor('student'),
    subadmin: await t.tokenFor('subadmin'),
    counsellor: await t.tokenFor('counsellor'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from client_log`);
  await t.database.db.execute(sql`delete from rate_limit where key like 'client-log:%'`);
});

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'error',
  url: '/wel/index',
  message: 'boom',
  time: '2026-03-01 08:30:00',
  ...over,
});

/** Inserts an entry straight into the table with a chosen stored time. */
async function addLog(tenantId: number, userId: number, type: string, createTime: string) {
  await t.database.db.execute(sql`
    insert into client_log (tenant_id, user_id, type, url, message, time, create_time)
    values (${tenantId}, ${userId}, ${type}, '/x', ${`${type} at ${createTime}`}, 'now', ${createTime}::timestamptz)`);
}

const DYN = '/admin/log/dynamicLog';

describe('client log listing [spec:S0.7.27] [spec:S0.3.13]', () => {
  it('lists stored entries newest first with who uploaded them, paged', async () => {
    const up = await t.post('/admin/log/logs', [entry({ stack: 'at x', info: 'Page' })], {
      token: tokens.student,
    });
    expect(up.status).toBe(200);
    const res = await t.get(DYN, { token: tokens.admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(res.body.data.records[0]).toEqual({
      id: expect.any(Number),
      userId: t.alpha.userIds.student,
      username: 'student',
      realName: 'Alpha Student',
      type: 'error',
      url: '/wel/index',
      message: 'boom',
      stack: 'at x',
      info: 'Page',
      time: '2026-03-01 08:30:00',
      createTime: expect.any(String),
    });
  });

  it('filters by type, user and days stored (China Standard Time, both ends included)', async () => {
    const a = t.alpha.tenantId;
    const student = t.alpha.userIds.student!;
    const counsellor = t.alpha.userIds.counsellor!;
    await addLog(a, student, 'error', '2026-02-28T15:59:59Z'); // 02-28 23:59 CST
    await addLog(a, student, 'promise', '2026-02-28T16:00:00Z'); // 03-01 00:00 CST
    await addLog(a, counsellor, 'error', '2026-03-02T15:59:59Z'); // 03-02 23:59 CST
    await addLog(a, counsellor, 'error', '2026-03-02T16:00:00Z'); // 03-03 CST
    const messages = async (q: string) => {
      const res = await t.get(`${DYN}?${q}`, { token: tokens.admin });
      expect(res.status, res.raw).toBe(200);
      return res.body.data.records.map((r: { message: string }) => r.message);
    };
    expect(await messages('startDate=2026-03-01&endDate=2026-03-02')).toEqual([
      'error at 2026-03-02T15:59:59Z',
      'promise at 2026-02-28T16:00:00Z',
    ]);
    expect(await messages('type=promise')).toEqual(['promise at 2026-02-28T16:00:00Z']);
    expect(await messages(`userId=${student}&type=error`)).toEqual(['error at 2026-02-28T15:59:59Z']);
    expect(await messages('type=&userId=&startDate=&endDate=&size=1&current=4')).toEqual([
      'error at 2026-02-28T15:59:59Z',
    ]);
  });

  it('refuses bad filters with 400 naming the field', async () => {
    for (const [q, field] of [
      ['size=101', 'size'],
      ['current=0', 'current'],
      ['userId=x', 'userId'],
      ['startDate=2026-02-30', 'startDate'],
      ['startDate=2026-03-02&endDate=2026-03-01', 'endDate'],
      [`type=${'t'.repeat(41)}`, 'type'],
    ] as const) {
      const res = await t.get(`${DYN}?${q}`, { token: tokens.admin });
      expect(res.status, q).toBe(400);
      expect(res.body.data.fields[0].field, q).toBe(field);
    }
  });

  it('needs admin_log_view: a student, a counsellor and a sub-administrator are refused (403)', async () => {
    for (const token of [tokens.student, tokens.counsellor, tokens.subadmin]) {
      expect((await t.get(DYN, { token })).status).toBe(403);
    }
    expect((await t.get(DYN)).status).toBe(401);
  });

  it("does not show another school's entries", async () => {
    await addLog(t.beta.tenantId, t.beta.userIds.admin!, 'error', '2026-03-01T00:00:00Z');
    expect((await t.get(DYN, { token: tokens.admin })).body.data.total).toBe(0);
    const beta = await t.get(DYN, { token: tokens.beta, tenantId: t.beta.tenantId });
    expect(beta.body.data.total).toBe(1);
  });
});

describe('client log upload rate limit [spec:S0.7.27]', () => {
  it(`accepts ${CLIENT_LOG_RATE.uploads} uploads per user and window, then answers 429 and stores nothing more`, async () => {
    for (let i = 0; i < CLIENT_LOG_RATE.uploads; i++) {
      const res = await t.post('/admin/log/logs', [entry({ message: `m${i}` })], {
        token: tokens.counsellor,
      });
      expect(res.status, String(i)).toBe(200);
    }
    const over = await t.post('/admin/log/logs', [entry()], { token: tokens.counsellor });
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBe(String(CLIENT_LOG_RATE.windowSeconds));
    // Another user has a window of their own.
    expect((await t.post('/admin/log/logs', [entry()], { token: tokens.student })).status).toBe(200);
    const n = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from client_log`),
    );
    expect(n[0]!.n).toBe(CLIENT_LOG_RATE.uploads + 1);
    // A new window starts once the old one has passed.
    await t.database.db.execute(
      sql`update rate_limit set window_start = now() - interval '2 minutes' where key like 'client-log:%'`,
    );
    expect((await t.post('/admin/log/logs', [entry()], { token: tokens.counsellor })).status).toBe(200);
  });
});
