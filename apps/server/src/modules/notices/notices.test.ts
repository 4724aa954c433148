import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: { admin: string; student: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    admin: await t.tokenFor('admin'),
    student: await t.tokenFor('student'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from notice`);
});

/** Publishing comes later: notices are written straight to the table here. */
async function addNotice(
  tenantId: number,
  title: string,
  opts: { status?: number; delFlag?: boolean; publishTime?: string; publisherId?: number | null } = {},
): Promise<number> {
  const [row] = rowsOf<{ id: unknown }>(
    await t.database.db.execute(sql`
      insert into notice (tenant_id, title, content, publisher_id, publish_time, status, del_flag)
      values (${tenantId}, ${title}, ${`Text of ${title}`}, ${opts.publisherId ?? null},
              ${opts.publishTime ?? '2026-01-01T00:00:00Z'}::timestamptz, ${opts.status ?? 1}, ${opts.delFlag ?? false})
      returning id`),
  );
  return Number(row!.id);
}

const reads = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from notice_read`))[0]!.n;

describe('notices [spec:S0.7.24] [spec:S0.1.3]', () => {
  it('counts published notices the user has not read; drafts and deleted ones do not count', async () => {
    const a = await addNotice(t.alpha.tenantId, 'A');
    await addNotice(t.alpha.tenantId, 'B');
    await addNotice(t.alpha.tenantId, 'draft', { status: 0 });
    await addNotice(t.alpha.tenantId, 'deleted', { delFlag: true });
    await addNotice(t.beta.tenantId, 'beta');
    const count = await t.get('/biz/message/notice/unreadCount', { token: tokens.student });
    expect(count.status).toBe(200);
    expect(count.body.data).toBe(2);

    const read = await t.post('/biz/message/notice/read', { id: a }, { token: tokens.student });
    expect(read.status).toBe(200);
    expect(read.body.data).toBe(true);
    expect((await t.get('/biz/message/notice/unreadCount', { token: tokens.student })).body.data).toBe(1);
    // Reading is per user.
    expect((await t.get('/biz/message/notice/unreadCount', { token: tokens.admin })).body.data).toBe(2);
  });

  it('marking read twice is the same as once', async () => {
    const a = await addNotice(t.alpha.tenantId, 'A');
    await t.post('/biz/message/notice/read', { id: a }, { token: tokens.student });
    const again = await t.post('/biz/message/notice/read', { id: a }, { token: tokens.student });
    expect(again.status).toBe(200);
    expect(await reads()).toBe(1);
  });

  it('answers 404 for an unknown, draft, deleted or other-school notice and records nothing', async () => {
    const draft = await addNotice(t.alpha.tenantId, 'draft', { status: 0 });
    const deleted = await addNotice(t.alpha.tenantId, 'deleted', { delFlag: true });
    const foreign = await addNotice(t.beta.tenantId, 'beta');
    for (const id of [999999, draft, deleted, foreign]) {
      const res = await t.post('/biz/message/notice/read', { id }, { token: tokens.student });
      expect(res.status, String(id)).toBe(404);
      const detail = await t.get(`/biz/message/notice/detail?id=${id}`, { token: tokens.student });
      expect(detail.status, String(id)).toBe(404);
    }
    expect(await reads()).toBe(0);
  });

  it('refuses a missing or malformed id with 400 naming id', async () => {
    for (const body of [undefined, {}, { id: 'x' }, { id: -1 }, { id: 1.5 }]) {
      const res = await t.post('/biz/message/notice/read', body, { token: tokens.student });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe('id');
    }
    const detail = await t.get('/biz/message/notice/detail?id=abc', { token: tokens.student });
    expect(detail.status).toBe(400);
    expect(detail.body.data.fields[0].field).toBe('id');
    expect(await reads()).toBe(0);
  });

  it('pages published notices newest first with the read flag and publisher', async () => {
    for (let i = 1; i <= 12; i++) {
      await addNotice(t.alpha.tenantId, `N${i}`, {
        publishTime: `2026-01-${String(i).padStart(2, '0')}T08:00:00Z`,
        publisherId: t.alpha.userIds.admin!,
      });
    }
    await addNotice(t.alpha.tenantId, 'draft', { status: 0, publishTime: '2026-02-01T00:00:00Z' });
    const page1 = await t.get('/biz/message/notice/page', { token: tokens.student });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toMatchObject({ total: 12, current: 1, size: 10 });
    expect(page1.body.data.records[0]).toEqual({
      id: expect.any(Number),
      title: 'N12',
      publisherName: 'Alpha Admin',
      publishTime: '2026-01-12T08:00:00.000Z',
      read: false,
    });
    await t.post(
      '/biz/message/notice/read',
      { id: page1.body.data.records[0].id },
      { token: tokens.student },
    );
    const page2 = await t.get('/biz/message/notice/page?current=2&size=10', { token: tokens.student });
    expect(page2.body.data.records.map((n: { title: string }) => n.title)).toEqual(['N2', 'N1']);
    const again = await t.get('/biz/message/notice/page?size=1', { token: tokens.student });
    expect(again.body.data.records[0]).toMatchObject({ title: 'N12', read: true });

    const bad = await t.get('/biz/message/notice/page?size=101', { token: tokens.student });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('size');
  });

  it('answers one notice with its text; reading the detail does not mark it read', async () => {
    const id = await addNotice(t.alpha.tenantId, 'Opening hours', { publisherId: null });
    const res = await t.get(`/biz/message/notice/detail?id=${id}`, { token: tokens.student });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      id,
      title: 'Opening hours',
      content: 'Text of Opening hours',
      publisherName: null,
      publishTime: '2026-01-01T00:00:00.000Z',
      read: false,
    });
    expect((await t.get('/biz/message/notice/unreadCount', { token: tokens.student })).body.data).toBe(1);
  });

  it('requires a login, and another school sees none of these notices', async () => {
    await addNotice(t.alpha.tenantId, 'alpha');
    for (const [method, url] of [
      ['GET', '/biz/message/notice/unreadCount'],
      ['POST', '/biz/message/notice/read'],
      ['GET', '/biz/message/notice/page'],
      ['GET', '/biz/message/notice/detail?id=1'],
    ] as const) {
      expect((await t.request(method, url)).status, url).toBe(401);
    }
    const opts = { token: tokens.beta, tenantId: t.beta.tenantId };
    expect((await t.get('/biz/message/notice/unreadCount', opts)).body.data).toBe(0);
    expect((await t.get('/biz/message/notice/page', opts)).body.data).toMatchObject({
      total: 0,
      records: [],
    });
  });
});
