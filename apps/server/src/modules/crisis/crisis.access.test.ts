import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedNetwork, type NetworkFixture } from './crisis.fixtures';
import { reportSignal } from './index';

let t: TestContext;
let n: NetworkFixture;
const rec: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestContext();
  n = await seedNetwork(t);
  await n.post('admin', '/biz/crisis/network/coverage', {
    userId: n.ids.advisorb,
    roleCode: 'CRISIS_ROLE_CONSULTANT',
    deptIds: [n.depts['Class B']],
  });
  await t.database.withTenant(n.tenantId, async (scope) => {
    for (const s of ['studenta', 'studentb', 'studentc'])
      rec[s] = (
        await reportSignal(scope, { source: 'report', studentId: n.ids[s]!, reporterId: n.ids.counsellor! })
      ).recordId;
  });
});
afterAll(() => t?.close());

const visible = async (username: string) => {
  const res = await n.post(username, '/biz/crisis/record/page', { size: 100 });
  if (res.status !== 200) return res.status;
  return (res.body.data.records as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
};
const ids = (...students: string[]) => students.map((s) => rec[s]!).sort((a, b) => a - b);

describe('who sees what [spec:S1.6.11] [spec:S1.6.12] [spec:S1.6.13] [spec:S1.6.14] [spec:S1.6.15] [spec:S1.6.16] [spec:S1.6.17] [spec:S1.6.18]', () => {
  it('each network role sees the students under it', async () => {
    expect(await visible('advisora')).toEqual(ids('studenta'));
    expect(await visible('advisorb')).toEqual(ids('studentb'));
    expect(await visible('advisorc')).toEqual(ids('studentc'));
    expect(await visible('facultyhead')).toEqual(ids('studenta', 'studentb'));
    expect(await visible('facultyconsult')).toEqual(ids('studenta', 'studentb'));
    expect(await visible('artshead')).toEqual(ids('studentc'));
    expect(await visible('centrehead')).toEqual(ids('studenta', 'studentb', 'studentc'));
    expect(await visible('overallhead')).toEqual(ids('studenta', 'studentb', 'studentc'));
    expect(await visible('admin')).toEqual(ids('studenta', 'studentb', 'studentc'));
    // The crisis query role reads within its coverage (Engineering).
    expect(await visible('crisisquery')).toEqual(ids('studenta', 'studentb'));
    // A class member and a counsellor who only reported see no records (their reports: /report/mine).
    expect(await visible('classrep')).toEqual([]);
    expect(await visible('counsellor')).toEqual([]);
    // The key-person query role has no crisis door; students neither.
    expect(await visible('focusquery')).toBe(403);
    expect(await visible('studenta2')).toBe(403);
  });

  it('out of reach is a 404, in reach but read-only is a 403 for changes', async () => {
    expect((await n.get('advisora', `/biz/crisis/record/detail?id=${rec.studentc}`)).status).toBe(404);
    expect((await n.get('crisisquery', `/biz/crisis/record/detail?id=${rec.studenta}`)).status).toBe(200);
    const start = await n.post('crisisquery', '/biz/crisis/record/transition', {
      id: rec.studenta,
      action: 'start',
    });
    expect(start.status).toBe(403);
    const ack = await n.post('crisisquery', '/biz/crisis/record/acknowledge', { id: rec.studenta });
    expect(ack.status).toBe(403);
    const assess = await n.post('crisisquery', '/biz/crisis/assessment/save', {
      recordId: rec.studenta,
      kind: 'crisis',
      appointmentType: 8,
      answer: {},
    });
    expect(assess.status).toBe(403);
  });

  it('an assignee of an order sees that record, and only that one', async () => {
    const order = await n.post('facultyhead', '/biz/crisis/intervention/save', {
      recordId: rec.studenta,
      measure: 2,
      content: 'Talk with the student today',
      assigneeIds: [n.ids.counsellor],
    });
    expect(order.status, order.raw).toBe(200);
    expect(await visible('counsellor')).toEqual(ids('studenta'));
    expect((await n.get('counsellor', `/biz/crisis/record/detail?id=${rec.studenta}`)).status).toBe(200);
    expect((await n.get('counsellor', `/biz/crisis/record/detail?id=${rec.studentb}`)).status).toBe(404);
  });

  it('every read is logged; the school reach sees who read the record', async () => {
    await n.get('facultyhead', `/biz/crisis/record/detail?id=${rec.studentb}`);
    await n.get('advisorb', `/biz/crisis/record/detail?id=${rec.studentb}`);
    const detail = await n.get('centrehead', `/biz/crisis/record/detail?id=${rec.studentb}`);
    const readers = detail.body.data.readers as { viewer: { id: number }; route: string }[];
    expect(readers.map((r) => r.viewer.id)).toEqual(
      expect.arrayContaining([n.ids.facultyhead, n.ids.advisorb, n.ids.centrehead]),
    );
    expect(readers[0]!.route).toBe('GET /biz/crisis/record/detail');
    const advisorView = await n.get('advisorb', `/biz/crisis/record/detail?id=${rec.studentb}`);
    expect(advisorView.body.data.readers).toBeNull();
    const logged = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from crisis_read_log where tenant_id = ${n.tenantId} and subject_id = ${rec.studentb}`,
      ),
    )[0]!.n;
    expect(logged).toBeGreaterThanOrEqual(4);
  });

  it('phones are masked unless the viewer may see personal data, whose read is in the personal-data log', async () => {
    const masked = await n.get('facultyhead', `/biz/crisis/record/detail?id=${rec.studenta}`);
    expect(masked.body.data.student.phone).toMatch(/\*/);
    const full = await n.get('admin', `/biz/crisis/record/detail?id=${rec.studenta}`);
    expect(full.body.data.student.phone).toBe('13900001001');
    const log = rowsOf<{ route: string }>(
      await t.database.db.execute(
        sql`select route from personal_data_access_log where tenant_id = ${n.tenantId} and viewer_id = ${n.ids.admin} and subject_id = ${n.ids.studenta}`,
      ),
    );
    expect(log.map((l) => l.route)).toContain('GET /biz/crisis/record/detail');
  });

  it('timelines and read logs cannot be rewritten by the application', async () => {
    const err = await t.database
      .withTenant(n.tenantId, ({ tx }) =>
        tx.execute(sql`update crisis_event set kind = 'x' where record_id = ${rec.studenta}`),
      )
      .catch((e: unknown) => e as { cause?: { message?: string }; message?: string });
    expect(
      String((err as { cause?: { message?: string } })?.cause?.message ?? (err as Error)?.message),
    ).toMatch(/permission denied/);
  });
});

describe('isolation between schools', () => {
  it("another school's administrator sees none of these records, even by id", async () => {
    const beta = await t.tokenFor('admin', t.beta.tenantId);
    const list = await t.post('/biz/crisis/record/page', {}, { token: beta, tenantId: t.beta.tenantId });
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(0);
    const detail = await t.get(`/biz/crisis/record/detail?id=${rec.studenta}`, {
      token: beta,
      tenantId: t.beta.tenantId,
    });
    expect(detail.status).toBe(404);
    const ack = await t.post(
      '/biz/crisis/record/acknowledge',
      { id: rec.studenta },
      { token: beta, tenantId: t.beta.tenantId },
    );
    expect(ack.status).toBe(404);
    const board = await t.post('/biz/crisis/board/page', {}, { token: beta, tenantId: t.beta.tenantId });
    expect(board.body.data.total).toBe(0);
  });

  it('a signal cannot name a student of another school', async () => {
    const res = await n.post('centrehead', '/biz/crisis/report/save', {
      studentId: t.beta.userIds.student,
      crisisEvents: 'x',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('studentId');
  });
});

describe('doors', () => {
  it('refuses a signed-out caller and bad input with the field named', async () => {
    expect((await t.post('/biz/crisis/record/page', {}, { tenantId: n.tenantId })).status).toBe(401);
    const bad = await n.post('centrehead', '/biz/crisis/record/page', { size: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('size');
    const empty = await n.post('classrep', '/biz/crisis/report/save', {
      studentId: n.ids.studenta,
      crisisEvents: '  ',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.data.fields[0].field).toBe('crisisEvents');
  });

  it('students reach only their own calls: help, journals, reports', async () => {
    expect((await n.post('studenta2', '/biz/crisis/board/page', {})).status).toBe(403);
    expect((await n.get('studenta2', '/biz/crisis/setting/reporting')).status).toBe(403);
    expect(
      (await n.post('studenta2', '/biz/crisis/report/save', { studentId: n.ids.studenta, crisisEvents: 'x' }))
        .status,
    ).toBe(403);
    expect((await n.get('studenta2', '/biz/crisis/selfHelp/hotlines')).status).toBe(200);
  });
});
