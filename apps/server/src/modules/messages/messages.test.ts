import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { sendMessage } from './index';

let t: TestContext;
let productIds: Record<string, number>;
let tokens: { admin: string; counsellor: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  const rows = rowsOf<{ id: unknown; product_code: string }>(
    await t.database.db.execute(sql`select id, product_code from product`),
  );
  productIds = Object.fromEntries(rows.map((r) => [r.product_code, Number(r.id)]));
  tokens = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

const alphaAdmin = () => t.alpha.userIds.admin!;
const alphaCounsellor = () => t.alpha.userIds.counsellor!;

async function clearMessages() {
  await t.database.db.execute(sql`delete from message`);
}

/** Sends through the module's own entry point, in a tenant transaction as other modules will. */
function send(
  tenantId: number,
  userIds: number[],
  over: Partial<{ type: number | null; typeCode: string; title: string; content: string }> = {},
) {
  return t.database.withTenant(tenantId, (scope) =>
    sendMessage(scope, {
      userIds,
      type: over.type === undefined ? productIds.APPOINTMENT! : over.type,
      typeCode: over.typeCode ?? 'APPOINTMENT_REMIND',
      title: over.title ?? 'New appointment',
      content: over.content ?? 'A student booked Wednesday 14:00.',
    }),
  );
}

/** Moves a message's create time (the inbox orders and filters by it). */
async function setCreateTime(id: number, iso: string) {
  await t.database.db.execute(sql`update message set create_time = ${iso}::timestamptz where id = ${id}`);
}

async function statusOf(id: number): Promise<number> {
  const [row] = rowsOf<{ status: number }>(
    await t.database.db.execute(sql`select status from message where id = ${id}`),
  );
  return Number(row!.status);
}

const beta = () => ({ token: tokens.beta, tenantId: t.beta.tenantId });

beforeEach(clearMessages);

describe('sendMessage', () => {
  it('puts one message in each recipient inbox, once per user, inside the caller transaction', async () => {
    const { ids } = await send(t.alpha.tenantId, [alphaAdmin(), alphaCounsellor(), alphaAdmin()]);
    expect(ids).toHaveLength(2);
    const err = await t.database
      .withTenant(t.alpha.tenantId, async (scope) => {
        await sendMessage(scope, {
          userIds: [alphaAdmin()],
          type: null,
          typeCode: 'SYSTEM',
          title: 'rolled back',
          content: '',
        });
        throw new Error('the caller failed');
      })
      .catch((e: unknown) => e);
    expect((err as Error).message).toBe('the caller failed');
    const n = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from message where title = 'rolled back'`),
    );
    expect(n[0]!.n).toBe(0);
  });
});

describe('inbox list [spec:S0.3.9] [spec:S0.7.23] [spec:S0.2.20]', () => {
  it('answers the signed-in user messages newest first with the message fields, page size 10 by default [spec:S0.9.1]', async () => {
    for (let i = 1; i <= 12; i++) {
      const { ids } = await send(t.alpha.tenantId, [alphaAdmin()], { title: `m${i}` });
      await setCreateTime(ids[0]!, `2026-01-${String(i).padStart(2, '0')}T08:00:00Z`);
    }
    await send(t.alpha.tenantId, [alphaCounsellor()], { title: 'not for the admin' });
    const res = await t.get('/biz/message/message/myMessageByType', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 12, current: 1, size: 10 });
    expect(res.body.data.records.map((m: { title: string }) => m.title)).toEqual([
      'm12',
      'm11',
      'm10',
      'm9',
      'm8',
      'm7',
      'm6',
      'm5',
      'm4',
      'm3',
    ]);
    expect(res.body.data.records[0]).toEqual({
      id: expect.any(Number),
      status: 1,
      type: productIds.APPOINTMENT,
      typeCode: 'APPOINTMENT_REMIND',
      title: 'm12',
      content: 'A student booked Wednesday 14:00.',
      createTime: '2026-01-12T08:00:00.000Z',
      readTime: null,
    });
    const page2 = await t.get('/biz/message/message/myMessageByType?current=2&size=10', {
      token: tokens.admin,
    });
    expect(page2.body.data.records.map((m: { title: string }) => m.title)).toEqual(['m2', 'm1']);
    expect(page2.body.data).toMatchObject({ total: 12, current: 2, size: 10 });
  });

  it('filters by status (1 unread, 0 read) and by product; an empty filter means all', async () => {
    const { ids } = await send(t.alpha.tenantId, [alphaAdmin()], { title: 'appointment' });
    await send(t.alpha.tenantId, [alphaAdmin()], { title: 'crisis', type: productIds.CRISIS! });
    await send(t.alpha.tenantId, [alphaAdmin()], { title: 'platform', type: null, typeCode: 'SYSTEM' });
    await t.get(`/biz/message/message/messageReadById?id=${ids[0]}`, { token: tokens.admin });

    const titles = async (q: string) =>
      (await t.get(`/biz/message/message/myMessageByType?${q}`, { token: tokens.admin })).body.data.records
        .map((m: { title: string }) => m.title)
        .sort();
    expect(await titles('status=1')).toEqual(['crisis', 'platform']);
    expect(await titles('status=0')).toEqual(['appointment']);
    expect(await titles(`type=${productIds.CRISIS}`)).toEqual(['crisis']);
    expect(await titles(`status=1&type=${productIds.APPOINTMENT}`)).toEqual([]);
    expect(await titles('status=&type=')).toEqual(['appointment', 'crisis', 'platform']);
  });

  it('refuses a bad page, size or status with 400 naming the field', async () => {
    for (const [q, field] of [
      ['size=101', 'size'],
      ['size=0', 'size'],
      ['current=0', 'current'],
      ['status=2', 'status'],
      ['status=x', 'status'],
      ['type=-1', 'type'],
    ] as const) {
      const res = await t.get(`/biz/message/message/myMessageByType?${q}`, { token: tokens.admin });
      expect(res.status, q).toBe(400);
      expect(res.body.data.fields[0].field, q).toBe(field);
      expect(res.body.msg.startsWith(`${field}:`), res.body.msg).toBe(true);
    }
    const max = await t.get('/biz/message/message/myMessageByType?size=100', { token: tokens.admin });
    expect(max.status).toBe(200);
  });

  it('lists by status within a date range of whole days, China Standard Time', async () => {
    const at = async (title: string, iso: string) => {
      const { ids } = await send(t.alpha.tenantId, [alphaAdmin()], { title });
      await setCreateTime(ids[0]!, iso);
      return ids[0]!;
    };
    await at('before', '2026-02-28T15:59:59Z'); // 2026-02-28 23:59:59 +08:00
    await at('first day', '2026-02-28T16:00:00Z'); // 2026-03-01 00:00 +08:00
    const read = await at('last day', '2026-03-02T15:59:59Z'); // 2026-03-02 23:59:59 +08:00
    await at('after', '2026-03-02T16:00:00Z');
    await t.get(`/biz/message/message/messageReadById?id=${read}`, { token: tokens.admin });

    const url = '/biz/message/message/getMyMessageByStatusAndDateScope';
    const titles = async (q: string) => {
      const res = await t.get(`${url}?${q}`, { token: tokens.admin });
      expect(res.status, res.raw).toBe(200);
      return res.body.data.records.map((m: { title: string }) => m.title);
    };
    expect(await titles('startDate=2026-03-01&endDate=2026-03-02')).toEqual(['last day', 'first day']);
    expect(await titles('startDate=2026-03-01&endDate=2026-03-02&status=1')).toEqual(['first day']);
    expect(await titles('startDate=2026-03-01&endDate=2026-03-02&status=0')).toEqual(['last day']);
    expect(await titles('startDate=2026-03-02')).toEqual(['after', 'last day']);
    expect(await titles('endDate=2026-02-28')).toEqual(['before']);
    expect(await titles('startDate=&endDate=&size=2')).toEqual(['after', 'last day']);

    for (const [q, field] of [
      ['startDate=2026-3-1', 'startDate'],
      ['startDate=2026-02-30', 'startDate'],
      ['endDate=tomorrow', 'endDate'],
      ['startDate=2026-03-02&endDate=2026-03-01', 'endDate'],
      ['size=500', 'size'],
    ] as const) {
      const res = await t.get(`${url}?${q}`, { token: tokens.admin });
      expect(res.status, q).toBe(400);
      expect(res.body.data.fields[0].field, q).toBe(field);
    }
  });
});

describe('marking read [spec:S0.4.11]', () => {
  it('opening a message marks it read, answers it, and keeps the first read time', async () => {
    const { ids } = await send(t.alpha.tenantId, [alphaAdmin()]);
    const first = await t.get(`/biz/message/message/messageReadById?id=${ids[0]}`, { token: tokens.admin });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id: ids[0], status: 0, title: 'New appointment' });
    expect(Date.parse(first.body.data.readTime)).not.toBeNaN();
    const again = await t.get(`/biz/message/message/messageReadById?id=${ids[0]}`, { token: tokens.admin });
    expect(again.body.data.readTime).toBe(first.body.data.readTime);
  });

  it("answers 404 for another user's message and leaves it unread", async () => {
    const { ids } = await send(t.alpha.tenantId, [alphaCounsellor()]);
    const res = await t.get(`/biz/message/message/messageReadById?id=${ids[0]}`, { token: tokens.admin });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(404);
    expect(await statusOf(ids[0]!)).toBe(1);
    const missing = await t.get('/biz/message/message/messageReadById?id=999999', { token: tokens.admin });
    expect(missing.status).toBe(404);
  });

  it('refuses a missing or malformed id with 400 naming id', async () => {
    for (const q of ['', '?id=', '?id=abc', '?id=0', '?id=1.5']) {
      const res = await t.get(`/biz/message/message/messageReadById${q}`, { token: tokens.admin });
      expect(res.status, q).toBe(400);
      expect(res.body.data.fields[0].field).toBe('id');
    }
  });

  it("marks all the user's unread messages read, answers how many, and touches no one else's", async () => {
    await send(t.alpha.tenantId, [alphaAdmin()]);
    await send(t.alpha.tenantId, [alphaAdmin()]);
    const { ids: other } = await send(t.alpha.tenantId, [alphaCounsellor()]);
    const { ids: foreign } = await send(t.beta.tenantId, [t.beta.userIds.admin!]);
    const res = await t.get('/biz/message/message/messageReadByUser', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(2);
    const again = await t.get('/biz/message/message/messageReadByUser', { token: tokens.admin });
    expect(again.body.data).toBe(0);
    expect(await statusOf(other[0]!)).toBe(1);
    expect(await statusOf(foreign[0]!)).toBe(1);
    const unread = await t.post('/biz/message/message/unread', undefined, { token: tokens.admin });
    expect(unread.body.data).toEqual({ total: 0, byType: [] });
  });
});

describe('unread counts [spec:S0.7.23]', () => {
  it('counts unread messages in all and per product, largest first', async () => {
    await send(t.alpha.tenantId, [alphaAdmin()]);
    await send(t.alpha.tenantId, [alphaAdmin()], { type: productIds.CRISIS! });
    await send(t.alpha.tenantId, [alphaAdmin()], { type: productIds.CRISIS! });
    await send(t.alpha.tenantId, [alphaAdmin()], { type: null, typeCode: 'SYSTEM' });
    const { ids } = await send(t.alpha.tenantId, [alphaAdmin()], { type: productIds.CONSULT! });
    await send(t.alpha.tenantId, [alphaCounsellor()]);
    await t.get(`/biz/message/message/messageReadById?id=${ids[0]}`, { token: tokens.admin });
    const res = await t.post('/biz/message/message/unread', undefined, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.byType[0]).toEqual({ type: productIds.CRISIS, count: 2 });
    expect(res.body.data.byType).toEqual(
      expect.arrayContaining([
        { type: productIds.APPOINTMENT, count: 1 },
        { type: null, count: 1 },
      ]),
    );
    expect(res.body.data.byType).toHaveLength(3);
  });
});

describe('lock reminders [spec:S0.7.29] [spec:S0.4.11]', () => {
  it("answers the user's unread LOCK_REMIND messages, newest first, at most 20", async () => {
    const lock = { typeCode: 'LOCK_REMIND', type: productIds.CONSULT! };
    for (let i = 1; i <= 22; i++) {
      const { ids } = await send(t.alpha.tenantId, [alphaCounsellor()], { ...lock, title: `lock ${i}` });
      await setCreateTime(ids[0]!, `2026-01-${String(i).padStart(2, '0')}T08:00:00Z`);
    }
    const { ids: read } = await send(t.alpha.tenantId, [alphaCounsellor()], { ...lock, title: 'read one' });
    await send(t.alpha.tenantId, [alphaCounsellor()], { title: 'not a lock reminder' });
    await send(t.alpha.tenantId, [alphaAdmin()], { ...lock, title: "admin's" });
    await t.get(`/biz/message/message/messageReadById?id=${read[0]}`, { token: tokens.counsellor });

    const res = await t.get('/biz/message/message/lockMessage', { token: tokens.counsellor });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.data[0]).toMatchObject({ title: 'lock 22', typeCode: 'LOCK_REMIND', status: 1 });
    expect(res.body.data[19].title).toBe('lock 3');
    // Marking all read empties the reminders (the client refreshes them after reading).
    await t.get('/biz/message/message/messageReadByUser', { token: tokens.counsellor });
    const after = await t.get('/biz/message/message/lockMessage', { token: tokens.counsellor });
    expect(after.body.data).toEqual([]);
  });
});

describe('inbox access', () => {
  const calls: [string, string][] = [
    ['GET', '/biz/message/message/myMessageByType'],
    ['GET', '/biz/message/message/getMyMessageByStatusAndDateScope'],
    ['GET', '/biz/message/message/messageReadById?id=1'],
    ['GET', '/biz/message/message/messageReadByUser'],
    ['POST', '/biz/message/message/unread'],
    ['GET', '/biz/message/message/lockMessage'],
  ];

  it('requires a login for every inbox call', async () => {
    for (const [method, url] of calls) {
      const res = await t.request(method, url);
      expect(res.status, url).toBe(401);
    }
  });

  it('another school never sees, counts or marks these messages', async () => {
    const { ids } = await send(t.alpha.tenantId, [alphaAdmin()], {
      typeCode: 'LOCK_REMIND',
      type: productIds.CONSULT!,
    });
    await send(t.beta.tenantId, [t.beta.userIds.admin!], { title: 'beta only' });

    const list = await t.get('/biz/message/message/myMessageByType', beta());
    expect(list.body.data.records.map((m: { title: string }) => m.title)).toEqual(['beta only']);
    const scope = await t.get('/biz/message/message/getMyMessageByStatusAndDateScope', beta());
    expect(scope.body.data.total).toBe(1);
    expect((await t.post('/biz/message/message/unread', undefined, beta())).body.data.total).toBe(1);
    expect((await t.get('/biz/message/message/lockMessage', beta())).body.data).toEqual([]);
    const readForeign = await t.get(`/biz/message/message/messageReadById?id=${ids[0]}`, beta());
    expect(readForeign.status).toBe(404);
    expect((await t.get('/biz/message/message/messageReadByUser', beta())).body.data).toBe(1);
    expect(await statusOf(ids[0]!)).toBe(1);
    // An alpha token sent with beta's TENANT-ID header is refused outright.
    const mixed = await t.get('/biz/message/message/myMessageByType', {
      token: tokens.admin,
      tenantId: t.beta.tenantId,
    });
    expect(mixed.status).toBe(401);
  });
});
