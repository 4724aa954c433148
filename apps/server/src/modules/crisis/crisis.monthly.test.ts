import os from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createLocalFileStorage } from '../../core/storage/file-storage';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedNetwork, type NetworkFixture } from './crisis.fixtures';
import { reportSignal } from './index';
import { createMonthlyExportJob, remindMonthlyReports } from './monthly.service';

let t: TestContext;
let n: NetworkFixture;
const thisMonth = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);

beforeAll(async () => {
  t = await createTestContext();
  n = await seedNetwork(t);
  await t.database.withTenant(n.tenantId, (scope) =>
    reportSignal(scope, { source: 'report', studentId: n.ids.studenta!, reporterId: n.ids.classrep! }),
  );
});
afterAll(() => t?.close());

const status = async (user: string, month = thisMonth, kind = 'crisis') =>
  (await n.get(user, `/biz/crisis/monthlyReport/collegeReportStatus?month=${month}&kind=${kind}`)).body.data;

describe('monthly reporting [spec:S0.7.29]', () => {
  it("lists each faculty's status; a faculty head writes only their own faculty's report", async () => {
    const before = await status('centrehead');
    expect(before.faculties.map((f: { deptName: string; status: string }) => [f.deptName, f.status])).toEqual(
      [
        ['Engineering', 'missing'],
        ['Arts', 'missing'],
      ],
    );
    expect(before.counts).toMatchObject({ missing: 2 });
    // A faculty head sees their faculty only.
    expect((await status('facultyhead')).faculties.map((f: { deptName: string }) => f.deptName)).toEqual([
      'Engineering',
    ]);
    const other = await n.post('facultyhead', '/biz/crisis/monthlyReport/save', {
      deptId: n.depts.Arts,
      month: thisMonth,
      kind: 'crisis',
    });
    expect(other.status).toBe(403);
    const notFaculty = await n.post('centrehead', '/biz/crisis/monthlyReport/save', {
      deptId: n.depts['Class A'],
      month: thisMonth,
      kind: 'crisis',
    });
    expect(notFaculty.body.data.fields[0].field).toBe('deptId');
  });

  it('the crisis figures come from the records; nothing-to-report is refused when there is something', async () => {
    const draft = await n.post('facultyhead', '/biz/crisis/monthlyReport/save', {
      deptId: n.depts.Engineering,
      month: thisMonth,
      kind: 'crisis',
      narrative: 'One new signal',
    });
    expect(draft.status, draft.raw).toBe(200);
    expect(draft.body.data).toMatchObject({
      status: 1,
      figures: { newRecords: 1, openAtMonthEnd: 1, bySource: { report: 1 } },
    });
    expect((await status('centrehead')).faculties[0].status).toBe('draft');
    const zero = await n.post('facultyhead', '/biz/crisis/monthlyReport/submit', {
      deptId: n.depts.Engineering,
      month: thisMonth,
      kind: 'crisis',
      nothingToReport: true,
    });
    expect(zero.status).toBe(400);
    expect(zero.body.data.fields[0].field).toBe('nothingToReport');
    const submitted = await n.post('facultyhead', '/biz/crisis/monthlyReport/submit', {
      deptId: n.depts.Engineering,
      month: thisMonth,
      kind: 'crisis',
    });
    expect(submitted.status, submitted.raw).toBe(200);
    expect(submitted.body.data).toMatchObject({
      status: 2,
      narrative: 'One new signal',
      submittedBy: { id: n.ids.facultyhead },
    });
    const again = await n.post('facultyhead', '/biz/crisis/monthlyReport/save', {
      deptId: n.depts.Engineering,
      month: thisMonth,
      kind: 'crisis',
    });
    expect(again.body.data.fields[0].field).toBe('month');
  });

  it('a faculty with nothing to report submits the zero report', async () => {
    const zero = await n.post('artshead', '/biz/crisis/monthlyReport/submit', {
      deptId: n.depts.Arts,
      month: thisMonth,
      kind: 'crisis',
      nothingToReport: true,
    });
    expect(zero.status, zero.raw).toBe(200);
    expect(zero.body.data).toMatchObject({ status: 2, nothingToReport: true });
    const s = await status('centrehead');
    expect(s.faculties.map((f: { status: string }) => f.status)).toEqual(['submitted', 'zero']);
    expect(s.counts).toMatchObject({ submitted: 1, zero: 1, missing: 0 });
  });

  it('consultation reports carry the figures entered; months in the future are refused', async () => {
    const noFigures = await n.post('artshead', '/biz/crisis/monthlyReport/submit', {
      deptId: n.depts.Arts,
      month: thisMonth,
      kind: 'consultation',
    });
    expect(noFigures.body.data.fields[0].field).toBe('figures');
    const ok = await n.post('artshead', '/biz/crisis/monthlyReport/submit', {
      deptId: n.depts.Arts,
      month: thisMonth,
      kind: 'consultation',
      figures: { sessions: 12, hours: 10.5, students: 7, referrals: 1 },
    });
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body.data.figures).toEqual({ sessions: 12, hours: 10.5, students: 7, referrals: 1 });
    const future = await n.post('artshead', '/biz/crisis/monthlyReport/save', {
      deptId: n.depts.Arts,
      month: '2999-01',
      kind: 'consultation',
    });
    expect(future.body.data.fields[0].field).toBe('month');
  });

  it('a month long past without a report is overdue; heads of late faculties are reminded', async () => {
    const old = await status('centrehead', '2020-01');
    expect(old.faculties.map((f: { status: string }) => f.status)).toEqual(['overdue', 'overdue']);
    const told = await t.database.withTenant(n.tenantId, (scope) => remindMonthlyReports(scope));
    expect(told).toBe(2);
  });

  it('exports the month as XLSX through a download task', async () => {
    const res = await n.post('centrehead', '/biz/crisis/monthlyReport/export', {
      month: thisMonth,
      kind: 'crisis',
    });
    expect(res.status, res.raw).toBe(200);
    const [job] = rowsOf<{ id: number; payload: string; tenant_id: number }>(
      await t.database.db.execute(
        sql`select id, payload::text as payload, tenant_id from job where queue = 'crisis.monthly.export' order by id desc limit 1`,
      ),
    );
    const files = createLocalFileStorage(path.join(os.tmpdir(), `crisis-export-${Date.now()}`));
    await createMonthlyExportJob({ database: t.database, files })({
      id: Number(job!.id),
      tenantId: Number(job!.tenant_id),
      queue: 'crisis.monthly.export',
      payload: JSON.parse(job!.payload),
      attempts: 1,
      maxAttempts: 3,
    });
    const [task] = rowsOf<{ task_status: number; file_key: string }>(
      await t.database.db.execute(
        sql`select task_status, file_key from task_progress where id = ${res.body.data.id}`,
      ),
    );
    expect(task!.task_status).toBe(2);
    const zip = await JSZip.loadAsync((await files.get(task!.file_key))!);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const strings = (await zip.file('xl/sharedStrings.xml')?.async('string')) ?? sheet;
    expect(strings + sheet).toMatch(/Engineering/);
    expect(strings + sheet).toMatch(/无上报/);
  });
});
