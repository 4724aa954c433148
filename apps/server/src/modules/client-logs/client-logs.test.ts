import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await createTestContext();
  token = await t.tokenFor('student');
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from client_log`);
});

const entry = (over: Record<string, unknown> = {}) => ({
  type: 'error',
  url: '/wel/index',
  message: "TypeError: Cannot read properties of undefined (reading 'id')",
  stack: 'at render (index.js:1:2)',
  info: 'WelcomePage',
  time: '2026-03-01 08:30:00',
  ...over,
});

const stored = async () =>
  rowsOf<Record<string, unknown>>(
    await t.database.db.execute(
      sql`select tenant_id, user_id, type, url, message, stack, info, time from client_log order by id`,
    ),
  );

describe('client error logs [spec:S0.7.27] [spec:S0.3.13] [spec:S0.2.26]', () => {
  it('stores a batch of entries for the signed-in user and answers how many', async () => {
    const res = await t.post(
      '/admin/log/logs',
      [entry(), entry({ type: 'promise', stack: undefined, info: null, time: 1772353800000 })],
      { token },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toBe(2);
    const rows = await stored();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      type: 'error',
      url: '/wel/index',
      stack: 'at render (index.js:1:2)',
      info: 'WelcomePage',
      time: '2026-03-01 08:30:00',
    });
    expect(Number(rows[0]!.user_id)).toBe(t.alpha.userIds.student);
    expect(Number(rows[0]!.tenant_id)).toBe(t.alpha.tenantId);
    expect(rows[1]).toMatchObject({
      type: 'promise',
      stack: null,
      info: null,
      time: '2026-03-01T08:30:00.000Z',
    });
  });

  it('accepts entries at the length caps and 100 entries at once', async () => {
    const atCap = entry({
      type: 't'.repeat(40),
      url: 'u'.repeat(2000),
      message: 'm'.repeat(2000),
      stack: 's'.repeat(8000),
      info: 'i'.repeat(4000),
    });
    expect((await t.post('/admin/log/logs', [atCap], { token })).body.data).toBe(1);
    const many = await t.post(
      '/admin/log/logs',
      Array.from({ length: 100 }, (_, i) => entry({ message: `e${i}` })),
      { token },
    );
    expect(many.body.data).toBe(100);
  });

  it('refuses an over-long or malformed entry with 400 naming [i].field, and stores none of the batch', async () => {
    const cases: [unknown, string][] = [
      [[entry(), entry({ message: 'm'.repeat(2001) })], '[1].message'],
      [[entry({ stack: 's'.repeat(8001) })], '[0].stack'],
      [[entry({ url: 'u'.repeat(2001) })], '[0].url'],
      [[entry({ info: 'i'.repeat(4001) })], '[0].info'],
      [[entry({ type: 't'.repeat(41) })], '[0].type'],
      [[entry({ type: '' })], '[0].type'],
      [[entry(), entry(), entry({ time: undefined })], '[2].time'],
      [[entry({ time: -5 })], '[0].time'],
      [[entry({ message: 42 })], '[0].message'],
      [[{ ...entry(), url: undefined }], '[0].url'],
      [[], 'body'],
      [Array.from({ length: 101 }, () => entry()), 'body'],
      [entry(), 'body'],
      [undefined, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await t.post('/admin/log/logs', body, { token });
      expect(res.status, field).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(res.body)).toBe(field);
      expect(res.body.msg.startsWith(`${field}:`), res.body.msg).toBe(true);
    }
    expect(await stored()).toHaveLength(0);
  });

  it('refuses text PostgreSQL cannot store, naming the entry and field, and stores nothing', async () => {
    const res = await t.post('/admin/log/logs', [entry(), entry({ message: 'bad\u0000byte' })], { token });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('[1].message');
    expect(await stored()).toHaveLength(0);
  });

  it('requires a login, and writes only into the caller school', async () => {
    expect((await t.post('/admin/log/logs', [entry()])).status).toBe(401);
    const beta = await t.tokenFor('student', t.beta.tenantId);
    await t.post('/admin/log/logs', [entry()], { token: beta, tenantId: t.beta.tenantId });
    const rows = await stored();
    expect(rows.map((r) => Number(r.tenant_id))).toEqual([t.beta.tenantId]);
    const alphaSees = await t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(sql`select count(*)::int as n from client_log`),
    );
    expect(rowsOf<{ n: number }>(alphaSees)[0]!.n).toBe(0);
  });
});
