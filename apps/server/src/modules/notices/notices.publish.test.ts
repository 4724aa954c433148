import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { sanitizeNoticeHtml } from './notices.sanitize';

let t: TestContext;
type Who = 'admin' | 'counsellor' | 'teacher' | 'subadmin' | 'student';
const tokens = {} as Record<Who | 'beta', string>;

beforeAll(async () => {
  t = await createTestContext();
  for (const u of ['admin', 'counsellor', 'teacher', 'subadmin', 'student'] as const) {
    tokens[u] = await t.tokenFor(u);
  }
  tokens.beta = await t.tokenFor('admin', t.beta.tenantId);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from notice`);
});

const PUBLISH = '/biz/message/notice/publish';

async function publish(body: Record<string, unknown>, token = tokens.admin): Promise<number> {
  const res = await t.post(PUBLISH, { title: 'Exam week', content: '<p>Hello</p>', ...body }, { token });
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id;
}

const storedContent = async (id: number) =>
  rowsOf<{ content: string }>(
    await t.database.db.execute(sql`select content from notice where id = ${id}`),
  )[0]!.content;

/** Which users see the notice in the list, the count, the detail and can mark it read. */
async function seers(id: number): Promise<Who[]> {
  const out: Who[] = [];
  for (const u of ['admin', 'counsellor', 'teacher', 'subadmin', 'student'] as const) {
    const list = await t.get('/biz/message/notice/page', { token: tokens[u] });
    const inList = list.body.data.records.some((r: { id: number }) => r.id === id);
    const count = (await t.get('/biz/message/notice/unreadCount', { token: tokens[u] })).body.data;
    const detail = (await t.get(`/biz/message/notice/detail?id=${id}`, { token: tokens[u] })).status;
    expect(count, u).toBe(inList ? 1 : 0);
    expect(detail, u).toBe(inList ? 200 : 404);
    if (inList) out.push(u);
  }
  return out;
}

describe('notice publishing [spec:S0.2.14] [spec:S0.7.24]', () => {
  it('publishes to everyone by default; readers see title, text, publisher and time', async () => {
    const id = await publish({});
    expect(await seers(id)).toEqual(['admin', 'counsellor', 'teacher', 'subadmin', 'student']);
    const detail = await t.get(`/biz/message/notice/detail?id=${id}`, { token: tokens.student });
    expect(detail.body.data).toMatchObject({
      id,
      title: 'Exam week',
      content: '<p>Hello</p>',
      publisherName: 'Alpha Admin',
      read: false,
    });
    expect(Date.parse(detail.body.data.publishTime)).not.toBeNaN();
  });

  it('a department audience reaches the members of its subtree only', async () => {
    const eng = await publish({ deptIds: [t.alpha.deptIds.Engineering] });
    expect(await seers(eng)).toEqual(['subadmin', 'student']);
    await t.database.db.execute(sql`delete from notice`);
    const cls = await publish({ deptIds: [t.alpha.deptIds['Class 2024']] });
    expect(await seers(cls)).toEqual(['student']);
  });

  it('a role audience reaches the holders of the roles; departments and roles add up', async () => {
    const consult = await publish({ roleIds: [t.alpha.roleIds.ROLE_CONSULTANT] });
    expect(await seers(consult)).toEqual(['counsellor', 'teacher']);
    await t.database.db.execute(sql`delete from notice`);
    const both = await publish({
      roleIds: [t.alpha.roleIds.ROLE_SUPERVISOR],
      deptIds: [t.alpha.deptIds['Class 2024']],
    });
    expect(await seers(both)).toEqual(['teacher', 'student']);
  });

  it('outside the audience a notice cannot be marked read (404)', async () => {
    const id = await publish({ roleIds: [t.alpha.roleIds.ROLE_CONSULTANT] });
    expect((await t.post('/biz/message/notice/read', { id }, { token: tokens.student })).status).toBe(404);
    expect((await t.post('/biz/message/notice/read', { id }, { token: tokens.counsellor })).status).toBe(200);
  });

  it('removes script, event handlers, javascript: URLs and other unsafe HTML on the server', async () => {
    const payloads: [string, string][] = [
      ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
      ['<img src="x.png" onerror="alert(1)">', '<img src="x.png" />'],
      ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
      ['<a href="JaVaScRiPt&colon;alert(1)">x</a>', '<a>x</a>'],
      ['<a href=" javascript:alert(1)">x</a>', '<a>x</a>'],
      ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
      ['<svg onload="alert(1)"><circle/></svg>ok', 'ok'],
      ['<p style="background:url(javascript:alert(1))" onclick="x()">t</p>', '<p>t</p>'],
      ['<img src="data:text/html;base64,PHNjcmlwdD4=">', ''],
      ['<style>body{display:none}</style><b>bold</b>', '<b>bold</b>'],
      ['<form action="/x"><input name="a"></form>', ''],
      [
        '<a href="https://example.com/x" target="_blank">ok</a>',
        '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">ok</a>',
      ],
      ['<table><tr><td colspan="2">c</td></tr></table>', '<table><tr><td colspan="2">c</td></tr></table>'],
      [
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">',
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot" />',
      ],
    ];
    for (const [input, expected] of payloads) expect(sanitizeNoticeHtml(input), input).toBe(expected);
    const id = await publish({
      content: '<h2>Title</h2><p onmouseover="steal()">Body<script>x()</script></p>',
    });
    expect(await storedContent(id)).toBe('<h2>Title</h2><p>Body</p>');
    const detail = await t.get(`/biz/message/notice/detail?id=${id}`, { token: tokens.student });
    expect(detail.body.data.content).toBe('<h2>Title</h2><p>Body</p>');
  });

  it('refuses a missing title, over-long text or unknown audience ids with 400 naming the field, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'title'],
      [{ title: 'x'.repeat(201) }, 'title'],
      [{ content: 'x'.repeat(100_001) }, 'content'],
      [{ content: undefined }, 'content'],
      [{ deptIds: [999999] }, 'deptIds'],
      [{ roleIds: [t.alpha.roleIds.ROLE_ADMIN, 999999] }, 'roleIds'],
      [{ deptIds: ['x'] }, 'deptIds[0]'],
      // Another school's department or role is unknown here.
      [{ roleIds: [t.beta.roleIds.ROLE_ADMIN] }, 'roleIds'],
    ];
    for (const [over, field] of cases) {
      const res = await t.post(PUBLISH, { title: 'T', content: 'c', ...over }, { token: tokens.admin });
      expect(res.status, field).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(res.body)).toBe(field);
    }
    const n = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from notice`));
    expect(n[0]!.n).toBe(0);
  });

  it('refuses users without sys_notice_publish (403) and anonymous callers (401)', async () => {
    for (const u of ['student', 'subadmin', 'counsellor'] as const) {
      const res = await t.post(PUBLISH, { title: 'T', content: 'c' }, { token: tokens[u] });
      expect(res.status, u).toBe(403);
      const w = await t.post('/biz/message/notice/withdraw', { id: 1 }, { token: tokens[u] });
      expect(w.status, u).toBe(403);
    }
    expect((await t.post(PUBLISH, { title: 'T', content: 'c' })).status).toBe(401);
  });

  it("keeps each school's notices to itself; withdrawing hides a notice from readers", async () => {
    const id = await publish({});
    const beta = await t.get('/biz/message/notice/page', { token: tokens.beta, tenantId: t.beta.tenantId });
    expect(beta.body.data.total).toBe(0);
    const foreign = await t.post(
      '/biz/message/notice/withdraw',
      { id },
      { token: tokens.beta, tenantId: t.beta.tenantId },
    );
    expect(foreign.status).toBe(404);
    expect(await seers(id)).toHaveLength(5);

    const res = await t.post('/biz/message/notice/withdraw', { id }, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(await seers(id)).toEqual([]);
    expect(
      (await t.post('/biz/message/notice/withdraw', { id: 999999 }, { token: tokens.admin })).status,
    ).toBe(404);
    const bad = await t.post('/biz/message/notice/withdraw', { id: 'x' }, { token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('id');
  });
});
