import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedNetwork, type NetworkFixture } from './crisis.fixtures';
import { escalateRecord, reportSignal } from './index';

let t: TestContext;
let n: NetworkFixture;

beforeAll(async () => {
  t = await createTestContext();
  n = await seedNetwork(t);
  // Advisor B covers Class B only (a coverage row), not the whole faculty they belong to.
  const res = await n.post('admin', '/biz/crisis/network/coverage', {
    userId: n.ids.advisorb,
    roleCode: 'CRISIS_ROLE_CONSULTANT',
    deptIds: [n.depts['Class B']],
  });
  expect(res.status, res.raw).toBe(200);
});
afterAll(() => t?.close());

const inbox = async (userId: number) =>
  rowsOf<{ title: string; type_code: string }>(
    await t.database.db.execute(
      sql`select title, type_code from message where tenant_id = ${n.tenantId} and user_id = ${userId} order by id`,
    ),
  );
const jobsOf = async (queue: string) =>
  rowsOf<{ id: number; payload: { recordId?: number; step?: number; deliveryId?: number }; run_at: string }>(
    await t.database.db.execute(
      sql`select id, payload, run_at from job where tenant_id = ${n.tenantId} and queue = ${queue} order by id`,
    ),
  );

describe('one intake for every signal', () => {
  it('a class member reports from the class: a record, the advisor told at once, escalation queued [spec:S1.6.15] [spec:S1.4.6]', async () => {
    const before = (await inbox(n.ids.advisora!)).length;
    const res = await n.post('classrep', '/biz/crisis/report/save', {
      studentId: n.ids.studenta,
      crisisEvents: 'Talked about not wanting to live any more',
      urgent: true,
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ status: 1, acknowledged: false, source: 'report', urgent: true });
    const id = res.body.data.id as number;

    const messages = await inbox(n.ids.advisora!);
    expect(messages.length).toBe(before + 1);
    expect(messages.at(-1)).toMatchObject({ type_code: 'CRISIS_REMIND', title: '新的危机信号，请尽快确认' });
    // The faculty head is not told yet: the class level owns it first.
    expect((await inbox(n.ids.facultyhead!)).length).toBe(0);
    // The reporter hears it arrived.
    expect((await inbox(n.ids.classrep!)).map((m) => m.title)).toContain('上报已送达');

    const escalations = (await jobsOf('crisis.escalate')).filter((j) => j.payload.recordId === id);
    expect(escalations).toHaveLength(1);
    expect(escalations[0]!.payload.step).toBe(0);
    const sms = await jobsOf('crisis.sms');
    expect(sms.length).toBeGreaterThan(0);

    const mine = await n.post('classrep', '/biz/crisis/report/mine', {});
    expect(mine.body.data.records[0]).toMatchObject({ id, status: 1, acknowledged: false });
    // The class member sees the status of their report, not the record with its clinical notes: to them
    // the record is out of reach (404, its existence not revealed beyond their own report).
    const detail = await n.get('classrep', `/biz/crisis/record/detail?id=${id}`);
    expect(detail.status).toBe(404);
  });

  it('a class member may report only on their class', async () => {
    const res = await n.post('classrep', '/biz/crisis/report/save', {
      studentId: n.ids.studentc,
      crisisEvents: 'seen crying',
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('studentId');
    const list = await n.post('classrep', '/biz/crisis/network/students', {});
    expect(list.body.data.records.map((r: { id: number }) => r.id).sort()).toEqual(
      [n.ids.studenta, n.ids.studenta2].sort(),
    );
  });

  it('takes every source kind through reportSignal, each its own record, the same sourceRef once [spec:S1.9.1]', async () => {
    const results = await t.database.withTenant(n.tenantId, async (scope) => {
      const out = [];
      out.push(
        await reportSignal(scope, {
          source: 'case',
          studentId: n.ids.studentb!,
          transferSource: 4,
          sourceRef: 'case:1',
        }),
      );
      out.push(
        await reportSignal(scope, {
          source: 'case',
          studentId: n.ids.studentb!,
          transferSource: 4,
          sourceRef: 'case:1',
        }),
      );
      out.push(
        await reportSignal(scope, {
          source: 'screening',
          studentId: n.ids.studentb!,
          transferSource: 14,
          sourceRef: 'answer:9',
        }),
      );
      out.push(
        await reportSignal(scope, { source: 'grading', studentId: n.ids.studentb!, sourceRef: 'grade:3' }),
      );
      out.push(
        await reportSignal(scope, { source: 'talk', studentId: n.ids.studentb!, sourceRef: 'talk:x' }),
      );
      out.push(
        await reportSignal(scope, { source: 'dormitory', studentId: n.ids.studentb!, sourceRef: 'dorm:x' }),
      );
      out.push(
        await reportSignal(scope, { source: 'journal', studentId: n.ids.studentb!, sourceRef: 'journal:x' }),
      );
      return out;
    });
    expect(results.map((r) => r.created)).toEqual([true, false, true, true, true, true, true]);
    expect(results[1]!.recordId).toBe(results[0]!.recordId);
    const ids = new Set(results.map((r) => r.recordId));
    expect(ids.size).toBe(6);

    // Class B belongs to advisor B by coverage: they own these, advisor A does not.
    const page = await n.post('advisorb', '/biz/crisis/record/page', { size: 50 });
    expect(page.status, page.raw).toBe(200);
    expect(
      page.body.data.records.filter((r: { student: { id: number } }) => r.student.id === n.ids.studentb),
    ).toHaveLength(6);
    expect(page.body.data.records[0].owners.map((o: { id: number }) => o.id)).toEqual([n.ids.advisorb]);
    const sources = page.body.data.records.map((r: { source: string }) => r.source);
    expect(new Set(sources)).toEqual(
      new Set(['case', 'screening', 'grading', 'talk', 'dormitory', 'journal']),
    );
    const screening = page.body.data.records.find((r: { source: string }) => r.source === 'screening');
    expect(screening.transferSource).toBe(14);

    // The detail lists the student's other open records: nothing merged away silently.
    const detail = await n.get('advisorb', `/biz/crisis/record/detail?id=${results[0]!.recordId}`);
    expect(detail.body.data.otherOpenRecords).toHaveLength(5);
  });

  it('refuses an unknown source, transfer source or student', async () => {
    await expect(
      t.database.withTenant(n.tenantId, (scope) =>
        reportSignal(scope, { source: 'x' as never, studentId: n.ids.studentb! }),
      ),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^source/) });
    await expect(
      t.database.withTenant(n.tenantId, (scope) =>
        reportSignal(scope, { source: 'case', studentId: n.ids.studentb!, transferSource: 7 as never }),
      ),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      t.database.withTenant(n.tenantId, (scope) =>
        reportSignal(scope, { source: 'case', studentId: 999_999 }),
      ),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^studentId/) });
  });

  it("the student's help button: a record at once with the hotlines; a second tap is the same record", async () => {
    const hot = await n.get('studentc', '/biz/crisis/selfHelp/hotlines');
    expect(hot.body.data.enabled).toBe(true);
    expect(hot.body.data.hotlines.length).toBeGreaterThan(0);
    const first = await n.post('studentc', '/biz/crisis/selfHelp', {});
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toMatchObject({ repeated: false });
    const again = await n.post('studentc', '/biz/crisis/selfHelp', { note: 'please' });
    expect(again.body.data).toMatchObject({ repeated: true, recordId: first.body.data.recordId });
    const advisorInbox = await inbox(n.ids.advisorc!);
    expect(advisorInbox.filter((m) => m.title === '新的危机信号，请尽快确认')).toHaveLength(1);
  });
});

describe('escalation', () => {
  it('a missed deadline moves the signal up one level, then on to the centre and the overall head', async () => {
    const { recordId } = await t.database.withTenant(n.tenantId, (scope) =>
      reportSignal(scope, { source: 'report', studentId: n.ids.studenta2!, reporterId: n.ids.classrep! }),
    );
    const levels: number[] = [];
    for (let step = 0; step < 4; step += 1) {
      const r = await t.database.withTenant(n.tenantId, (scope) => escalateRecord(scope, recordId, step));
      expect(r.escalated).toBe(true);
      levels.push((r as { level: number }).level);
    }
    expect(levels).toEqual([2, 3, 4, 4]);
    // A rerun of a step already done does nothing (a job run twice after a crash).
    const again = await t.database.withTenant(n.tenantId, (scope) => escalateRecord(scope, recordId, 1));
    expect(again.escalated).toBe(false);
    const titles = async (u: string) =>
      (await inbox(n.ids[u]!)).filter((m) => m.title.startsWith('危机信号已升级')).length;
    expect(await titles('facultyhead')).toBeGreaterThan(0);
    expect(await titles('centrehead')).toBeGreaterThan(0);
    expect(await titles('overallhead')).toBeGreaterThan(0);
    // The arts head covers another faculty and hears nothing.
    expect(await titles('artshead')).toBe(0);
  });

  it('an acknowledged signal stops escalating; acknowledgement is for the ladder', async () => {
    const { recordId } = await t.database.withTenant(n.tenantId, (scope) =>
      reportSignal(scope, { source: 'report', studentId: n.ids.studenta2!, reporterId: n.ids.classrep! }),
    );
    const stranger = await n.post('advisorc', '/biz/crisis/record/acknowledge', { id: recordId });
    expect(stranger.status).toBe(404);
    const res = await n.post('facultyhead', '/biz/crisis/record/acknowledge', { id: recordId });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.acknowledgedBy).toMatchObject({ id: n.ids.facultyhead });
    const r = await t.database.withTenant(n.tenantId, (scope) => escalateRecord(scope, recordId, 0));
    expect(r.escalated).toBe(false);
    expect((await inbox(n.ids.classrep!)).map((m) => m.title)).toContain('危机信号已有人接手');
  });
});
