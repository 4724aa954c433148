import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  addSlots,
  createSite,
  dayFromToday,
  expectOk,
  makeUser,
  query,
} from '../../test/scheduling-fixtures';
import ExcelJS from 'exceljs';
import type { ModuleDeps } from '../../core/module';
import { formAnswerExport } from '../forms/forms.export';
import { riskExport } from './cases.export';
import { lockRecordsPastDue } from './index';

/** Case work through the real app (docs/cases.md): a visitor's sessions, records, signatures, locks, transfers. */

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const SAVE = '/biz/consult/inner/profiles/save/forms';

let t: TestContext;
let admin: string;
let counsellor: string;
let teacher: string; // counsellor and supervisor
let student: string;
let other: string; // another counsellor
let student2: string;
let betaAdmin: string;
let siteId: number;
let counsellorId: number;
let teacherId: number;
let otherId: number;
let studentId: number;
let day = 1;

/** A counselling session of the student with a counsellor that has ended (status success). */
async function endedSession(withToken = counsellor, withId = () => counsellorId, visitorId = studentId) {
  // One session a day keeps the counsellor's and the visitor's times apart.
  const [slotId] = await addSlots(t, admin, {
    counsellorId: withId(),
    siteId,
    date: dayFromToday(day++),
    times: [['09:00', '09:50']],
  });
  const a = expectOk(
    await t.post('/biz/consult/appointment/book', { slotId, type: 2, visitorId }, { token: admin }),
    'book',
  );
  for (const action of ['start', 'end'])
    expectOk(
      await t.post('/biz/consult/appointment/action', { id: a.id, action }, { token: withToken }),
      action,
    );
  return a.id as number;
}
const appointmentStatus = async (id: number) =>
  expectOk(await t.get(`/biz/consult/appointment/detail?id=${id}`, { token: admin })).status as string;
const note = (text: string, extra: Record<string, unknown> = {}) => ({ sessionNote: text, ...extra });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  counsellor = await t.tokenFor('counsellor');
  teacher = await t.tokenFor('teacher');
  student = await t.tokenFor('student');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  otherId = await makeUser(t, t.alpha, 'counsellor2', 'Alpha Second Counsellor', ['ROLE_CONSULTANT']);
  other = await t.tokenFor('counsellor2');
  await makeUser(t, t.alpha, 'student2', 'Alpha Second Student', ['ROLE_GENERAL'], { dept: 'Class 2024' });
  student2 = await t.tokenFor('student2');
  siteId = (await createSite(t, admin, 'Centre', ['Room 1'])).id;
  counsellorId = t.alpha.userIds.counsellor!;
  teacherId = t.alpha.userIds.teacher!;
  studentId = t.alpha.userIds.student!;
  // Several sessions a term for the walk below.
  expectOk(
    await t.post(
      '/biz/consult/schedule/policy',
      { sessionsPerTerm: 20, maxUpcomingPerVisitor: 5 },
      { token: admin },
    ),
  );
}, 180_000);
afterAll(() => t?.close());

let caseId: number;
let agreedAppointmentId: number;
let firstRecordId: number;
let firstAppointmentId: number;

describe('a case from the first session to its close [spec:S1.4.3] [spec:S1.3.11]', () => {
  it('the first record of a session opens the visitor’s case (wait → running) and keeps its history', async () => {
    firstAppointmentId = await endedSession();
    const isFirst = expectOk(
      await t.get(`/biz/consult/inner/profiles/reserve/isFirst/data?appointmentId=${firstAppointmentId}`, {
        token: counsellor,
      }),
    );
    expect(isFirst).toMatchObject({ isFirst: true, kind: 'first_interview', caseId: null });
    const saved = expectOk(
      await t.post(
        SAVE,
        { appointmentId: firstAppointmentId, kind: 'session', answers: note('First talk') },
        { token: counsellor },
      ),
    );
    expect(saved.outcome).toBe('created');
    expect(saved.record).toMatchObject({ kind: 'session', state: 'open', canEdit: true });
    caseId = saved.caseId;
    firstRecordId = saved.record.id;
    const detail = expectOk(await t.get(`/biz/consult/case/detail?id=${caseId}`, { token: counsellor }));
    expect(detail).toMatchObject({ status: 'running', repeatStatus: 1, baseStatus: null });
    expect(detail.events.map((e: { action: string }) => e.action)).toEqual(['open', 'start']);
    expect(detail.actions).toEqual(['finish', 'transfer', 'pass', 'break']);
  });

  it('refuses a move the state machine does not allow, with the allowed ones', async () => {
    const res = await t.post(
      '/biz/consult/case/transition',
      { id: caseId, action: 'start' },
      { token: counsellor },
    );
    expect(res.status).toBe(409);
    expect(res.body.data.allowed).toEqual(['finish', 'transfer', 'pass', 'break']);
  });

  it('refuses an invalid record naming the field, and saves nothing', async () => {
    const appointmentId = await endedSession();
    const res = await t.post(SAVE, { appointmentId, answers: { tensionLevel: 3 } }, { token: counsellor });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('sessionNote');
    const rows = await query(t, sql`select id from case_record where appointment_id = ${appointmentId}`);
    expect(rows).toHaveLength(0);
  });

  it('finishing needs a signed closing summary', async () => {
    const res = await t.post(
      '/biz/consult/case/transition',
      { id: caseId, action: 'finish' },
      { token: counsellor },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields?.[0]?.field ?? res.body.msg).toMatch(/closing/);
  });
});

describe('signatures by role [spec:S1.6.20] [spec:S1.5.8]', () => {
  it('the counsellor signs sign_teacher; the signed record completes its appointment (success → complete)', async () => {
    expect(await appointmentStatus(firstAppointmentId)).toBe('success');
    const signed = expectOk(
      await t.post(
        '/biz/consult/case/record/sign',
        { recordId: firstRecordId, field: 'sign_teacher', image: SIGNATURE },
        { token: counsellor },
      ),
    );
    expect(signed.state).toBe('signed');
    expect(signed.answer.sign_teacher_signRealName).toBe('Alpha Counsellor');
    // The supervisor's field is left for a supervisor: the counsellor is not offered it.
    expect(signed.signable).not.toContain('sign_supervisor');
    expect(await appointmentStatus(firstAppointmentId)).toBe('complete');
  });

  it('quoting a stored signature that does not exist answers the spec’s message', async () => {
    const res = await t.post(
      '/biz/consult/case/record/sign',
      { recordId: firstRecordId, field: 'sign_supervisor', quote: true },
      { token: admin },
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1);
  });

  it('the visitor signs sign_student only, and sees no notes', async () => {
    const refused = await t.post(
      '/biz/consult/case/record/sign',
      { recordId: firstRecordId, field: 'sign_teacher', image: SIGNATURE },
      { token: student },
    );
    expect(refused.status).toBe(403);
    const signed = expectOk(
      await t.post(
        '/biz/consult/case/record/sign',
        { recordId: firstRecordId, field: 'sign_student', image: SIGNATURE },
        { token: student },
      ),
    );
    expect(Object.keys(signed.answer).every((k) => k.startsWith('sign_'))).toBe(true);
    const read = expectOk(await t.get(`/biz/consult/case/record?id=${firstRecordId}`, { token: student }));
    expect(read.answer.sessionNote).toBeUndefined();
    expect(read.definition.columns.map((c: { prop: string }) => c.prop)).toEqual(['sign_student']);
  });

  it('a supervisor of the counsellor co-signs sign_supervisor, and cannot change the notes', async () => {
    expect((await t.get(`/biz/consult/case/record?id=${firstRecordId}`, { token: teacher })).status).toBe(
      404,
    );
    expectOk(
      await t.post('/admin/team/editSupervisor', { counsellorId, supervisorId: teacherId }, { token: admin }),
    );
    // The school switches single roles on: the teacher acts as supervisor.
    const asSupervisor = { token: teacher, headers: { 'ROLE-ID': String(t.alpha.roleIds.ROLE_SUPERVISOR) } };
    const res = await t.post(
      SAVE,
      { recordId: firstRecordId, answers: { sessionNote: 'rewritten', sign_supervisor: SIGNATURE } },
      asSupervisor,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.record.answer.sessionNote).toBe('First talk');
    expect(res.body.data.record.answer.sign_supervisor_signRealName).toBe('Alpha Teacher');
  });

  it('the generic form calls do not open a case record, not even to its subject', async () => {
    const answerId = (
      await query<{ answer_id: number }>(
        t,
        sql`select answer_id from case_record where id = ${firstRecordId}`,
      )
    )[0]!.answer_id;
    for (const token of [student, counsellor, admin]) {
      const res = await t.get(`/biz/public/forms/ite/view?answerId=${answerId}`, { token });
      expect(res.status).toBe(403);
    }
  });
});

describe('locks and amendments [spec:S1.9.3] [spec:S1.9.9]', () => {
  it('a signed record changes only by amendment with a reason, keeping the original', async () => {
    const noReason = await t.post(
      SAVE,
      { recordId: firstRecordId, answers: note('First talk, corrected') },
      { token: counsellor },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields[0].field).toBe('reason');
    const amended = expectOk(
      await t.post(
        SAVE,
        { recordId: firstRecordId, answers: note('First talk, corrected'), reason: 'typo' },
        { token: counsellor },
      ),
    );
    expect(amended.outcome).toBe('amended');
    expect(amended.record.amendmentCount).toBe(1);
    const editions = expectOk(
      await t.get(`/biz/consult/case/record/editions?id=${firstRecordId}`, { token: counsellor }),
    );
    const amendment = editions.find((e: { kind: string }) => e.kind === 'amendment');
    expect(amendment).toMatchObject({ reason: 'typo', createByName: 'Alpha Counsellor' });
    const edition = expectOk(
      await t.get(`/biz/consult/case/record/edition?id=${firstRecordId}&edition=${amendment.edition}`, {
        token: counsellor,
      }),
    );
    expect(edition.original.sessionNote).toBe('First talk');
    expect(edition.answer.sessionNote).toBe('First talk, corrected');
    expect(edition.changes[0]).toMatchObject({
      key: 'sessionNote',
      from: 'First talk',
      to: 'First talk, corrected',
    });
  });

  it('an unsigned record past its deadline locks (job), counts as pending, and opens again by an approved unlock', async () => {
    const appointmentId = await endedSession();
    const saved = expectOk(
      await t.post(SAVE, { appointmentId, answers: note('Second talk') }, { token: counsellor }),
    );
    const recordId = saved.record.id as number;
    await t.database.db.execute(
      sql`update case_record set lock_due_at = now() - interval '1 minute' where id = ${recordId}`,
    );
    const locked = await t.database.withTenant(t.alpha.tenantId, (scope) => lockRecordsPastDue(scope));
    expect(locked).toBe(1);
    const msg = await query(
      t,
      sql`select id from message where user_id = ${counsellorId} and title = '咨询记录已锁定'`,
    );
    expect(msg.length).toBe(1);
    expect(
      expectOk(await t.get('/biz/consult/appointment/lockRecordPending', { token: counsellor })),
    ).toMatchObject({ total: 1, locked: 1 });
    const refused = await t.post(
      SAVE,
      { recordId, answers: note('Second talk, late') },
      { token: counsellor },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.data.reason).toBe('recordLocked');
    const req = expectOk(
      await t.post(
        '/biz/consult/inner/approve/consultation',
        { option: 8, appointmentId, reason: 'forgot to sign' },
        { token: counsellor },
      ),
    );
    expectOk(await t.post('/biz/consult/mine/updateAudit', { id: req.id, status: 2 }, { token: admin }));
    const reopened = expectOk(
      await t.post(SAVE, { recordId, answers: note('Second talk, late') }, { token: counsellor }),
    );
    expect(reopened.record.state).toBe('open');
    expect(
      expectOk(await t.get('/biz/consult/appointment/lockRecordPending', { token: counsellor })).locked,
    ).toBe(0);
  });

  it('an approved extension (option 7) moves the deadline by its days', async () => {
    const appointmentId = await endedSession();
    const saved = expectOk(
      await t.post(SAVE, { appointmentId, answers: note('Third talk') }, { token: counsellor }),
    );
    await t.database.db.execute(
      sql`update case_record set lock_due_at = now() - interval '1 minute' where id = ${saved.record.id}`,
    );
    const req = expectOk(
      await t.post(
        '/biz/consult/inner/approve/consultation',
        { option: 7, appointmentId, extraDays: 2, reason: 'busy week' },
        { token: counsellor },
      ),
    );
    expectOk(await t.post('/biz/consult/mine/updateAudit', { id: req.id, status: 2 }, { token: admin }));
    expect(await t.database.withTenant(t.alpha.tenantId, (scope) => lockRecordsPastDue(scope))).toBe(0);
    const read = expectOk(
      await t.get(`/biz/consult/case/record?id=${saved.record.id}`, { token: counsellor }),
    );
    expect(read.state).toBe('open');
  });
});

describe('grading and the consistency rule [spec:S1.3.9] [spec:S1.4.12] [spec:S1.5.9]', () => {
  it('the server answers inconsistent against the scale result, and the explanation becomes required', async () => {
    expectOk(
      await t.post(
        '/biz/consult/smartform/saveScaleResult',
        { userId: studentId, scaleName: 'SCL-90', score: 90 },
        { token: admin },
      ),
    );
    const appointmentId = await endedSession();
    const missing = await t.post(
      SAVE,
      { appointmentId, answers: note('Graded', { gradingResults: 3 }) },
      { token: counsellor },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('gradingResultsDesc');
    const tooLong = await t.post(
      SAVE,
      { appointmentId, answers: note('Graded', { gradingResults: 3, gradingResultsDesc: 'x'.repeat(1001) }) },
      { token: counsellor },
    );
    expect(tooLong.status).toBe(400);
    const ok = expectOk(
      await t.post(
        SAVE,
        {
          appointmentId,
          answers: note('Graded', {
            gradingResults: 3,
            gradingResultsDesc: 'calmer than the scale says',
            gradeResult_result: 1,
          }),
        },
        { token: counsellor },
      ),
    );
    expect(ok.record).toMatchObject({ grade: 3, gradeConsistent: false });
    expect(ok.offerCrisis).toBe(false);
    const detail = expectOk(await t.get(`/biz/consult/case/detail?id=${caseId}`, { token: counsellor }));
    expect(detail).toMatchObject({ grade: 3, gradeConsistent: false });
  });

  it('grade 1 agrees with a high score and offers "report crisis"', async () => {
    const appointmentId = await endedSession();
    const ok = expectOk(
      await t.post(
        SAVE,
        { appointmentId, answers: note('Serious', { gradingResults: 1 }) },
        { token: counsellor },
      ),
    );
    expect(ok.record).toMatchObject({ grade: 1, gradeConsistent: true });
    expect(ok.offerCrisis).toBe(true);
    const sta = expectOk(await t.get('/biz/consult/profiles/assessmentLevelSta', { token: admin }));
    expect(sta.levels.find((l: { grade: number }) => l.grade === 1).count).toBe(1);
  });
});

describe('toCrisis and transfer [spec:S1.7.24] [spec:S1.4.16] [spec:S1.9.1]', () => {
  it('hands the visitor to crisis once, whatever the number of asks', async () => {
    const first = expectOk(await t.get(`/biz/consult/profiles/toCrisis?id=${caseId}`, { token: counsellor }));
    const again = expectOk(await t.get(`/biz/consult/profiles/toCrisis?id=${caseId}`, { token: counsellor }));
    expect(again.crisisRecordId).toBe(first.crisisRecordId);
    expect(again.created).toBe(false);
    const rows = await query(
      t,
      sql`select id from crisis_record where id = ${first.crisisRecordId} and student_id = ${studentId}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('refers to a counsellor only among the free ones, and opens their case (source 4)', async () => {
    const notFree = await t.post(
      '/biz/consult/case/transfer',
      { caseId, to: 'referral', transferToType: 2, transferToConsultant: otherId },
      { token: counsellor },
    );
    expect(notFree.status).toBe(400);
    expect(notFree.body.data.fields[0].field).toBe('transferToConsultant');
    expectOk(
      await t.post(
        '/biz/consult/workforce/workForTeacher',
        { userId: otherId, categoryIds: [2], takesNew: true },
        { token: admin },
      ),
    );
    const res = await t.post(
      '/biz/consult/case/transfer',
      { caseId, to: 'referral', transferToType: 2, transferToConsultant: otherId, reason: 'specialist' },
      { token: counsellor },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.case).toMatchObject({ status: 'transfer', baseStatus: 'transfer' });
    const newCaseId = res.body.data.transfer.newCaseId as number;
    const theirs = expectOk(await t.get(`/biz/consult/case/detail?id=${newCaseId}`, { token: other }));
    expect(theirs).toMatchObject({ status: 'wait', source: 4, repeatStatus: 2 });
  });
});

describe('who sees what [spec:S1.6.20]', () => {
  it('another counsellor, another student and another school see nothing', async () => {
    expect((await t.get(`/biz/consult/case/detail?id=${caseId}`, { token: other })).status).toBe(404);
    expect((await t.get(`/biz/consult/case/record?id=${firstRecordId}`, { token: other })).status).toBe(404);
    expect((await t.get(`/biz/consult/case/detail?id=${caseId}`, { token: student2 })).status).toBe(404);
    expect((await t.get(`/biz/consult/case/record?id=${firstRecordId}`, { token: student2 })).status).toBe(
      404,
    );
    expect(
      (await t.get(`/biz/consult/case/detail?id=${caseId}`, { token: betaAdmin, tenantId: t.beta.tenantId }))
        .status,
    ).toBe(404);
    const list = expectOk(
      await t.post(
        '/biz/consult/case/page',
        { current: 1, size: 50 },
        { token: betaAdmin, tenantId: t.beta.tenantId },
      ),
    );
    expect(list.total).toBe(0);
    const otherList = expectOk(
      await t.post('/biz/consult/case/page', { current: 1, size: 50 }, { token: student2 }),
    );
    expect(otherList.total).toBe(0);
  });

  it('the counsellor lists their own, the supervisor their supervisee’s, the administrator all', async () => {
    const ids = async (token: string) =>
      expectOk(await t.post('/biz/consult/case/page', { current: 1, size: 50 }, { token })).records.map(
        (r: { id: number }) => r.id,
      );
    expect(await ids(counsellor)).toEqual([caseId]);
    expect(await ids(teacher)).toEqual([caseId]);
    expect((await ids(admin)).sort()).toHaveLength(2);
    const mine = expectOk(
      await t.post('/biz/consult/case/page', { current: 1, size: 50 }, { token: student }),
    );
    expect(mine.records.every((r: { grade: null }) => r.grade === null)).toBe(true);
  });

  it('every read is in the access log, and the visitor’s file shows its readers to administrators', async () => {
    await t.get(`/biz/consult/case/record?id=${firstRecordId}`, { token: counsellor });
    const log = await query<{ route: string; viewer_id: number }>(
      t,
      // bigint comes back as a string from PostgreSQL (a number from PGlite): cast to compare with the ids.
      sql`select route, viewer_id::int as viewer_id from personal_data_access_log where subject_id = ${studentId} and route like '%/consult/%'`,
    );
    const routes = log.map((l) => l.route);
    expect(routes).toContain('GET /biz/consult/case/detail');
    expect(routes).toContain('GET /biz/consult/case/record');
    expect(routes).toContain('POST /biz/consult/case/page');
    expect(log.some((l) => l.viewer_id === teacherId)).toBe(true);
    const file = expectOk(await t.get(`/biz/consult/profiles/file?visitorId=${studentId}`, { token: admin }));
    expect(file.cases).toHaveLength(2);
    expect(file.readers.map((r: { viewer: { id: number } }) => r.viewer.id)).toContain(counsellorId);
    const counsellorFile = expectOk(
      await t.get(`/biz/consult/profiles/file?visitorId=${studentId}`, { token: counsellor }),
    );
    expect(counsellorFile.readers).toBeNull();
    expect(
      (await t.get(`/biz/consult/profiles/file?visitorId=${studentId}`, { token: student2 })).status,
    ).toBe(404);
  });
});

describe('agreements and feedback [spec:S1.7.22] [spec:S1.7.23] [spec:S1.7.26]', () => {
  it('the visitor agrees per appointment on the path of its kind, and gives feedback once', async () => {
    const [slotId] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      date: dayFromToday(day++),
      times: [['09:00', '09:50']],
    });
    const a = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId },
        { token: admin },
      ),
    );
    agreedAppointmentId = a.id;
    const pending = expectOk(
      await t.get('/biz/consult/appointment/agreementPending', { token: student }),
    ).total;
    expect(pending).toBeGreaterThanOrEqual(1);
    expect(
      (await t.post(`/biz/consult/inner/first/${a.id}/agreements`, { agree: true }, { token: student }))
        .status,
    ).toBe(400);
    expectOk(
      await t.post(
        `/biz/consult/inner/profiles/${a.id}/agreements`,
        { agree: true, image: SIGNATURE },
        { token: student },
      ),
    );
    expect(
      (await t.post(`/biz/consult/inner/profiles/${a.id}/agreements`, { agree: true }, { token: student }))
        .status,
    ).toBe(409);
    expect(expectOk(await t.get('/biz/consult/appointment/agreementPending', { token: student })).total).toBe(
      pending - 1,
    );
    expect(
      (
        await t.post(
          `/biz/consult/feedbacks/appointments/${a.id}`,
          { visitorSatisfaction: 5 },
          { token: student },
        )
      ).status,
    ).toBe(400);
    const bad = await t.post(
      `/biz/consult/feedbacks/appointments/${firstAppointmentId}`,
      { visitorSatisfaction: 6 },
      { token: student },
    );
    expect(bad.status).toBe(400);
    expectOk(
      await t.post(
        `/biz/consult/feedbacks/appointments/${firstAppointmentId}`,
        { visitorSatisfaction: 4, content: 'helpful' },
        { token: student },
      ),
    );
    expect(
      (
        await t.post(
          `/biz/consult/feedbacks/appointments/${firstAppointmentId}`,
          { visitorSatisfaction: 4 },
          { token: student },
        )
      ).status,
    ).toBe(409);
    expect(
      (
        await t.post(
          `/biz/consult/feedbacks/appointments/${firstAppointmentId}`,
          { visitorSatisfaction: 4 },
          { token: student2 },
        )
      ).status,
    ).toBe(404);
  });
});

describe('the calls the web needs: report, question statistics, team, risk export, my sessions [spec:S1.7.24] [spec:S1.7.27] [spec:S1.2.27]', () => {
  it('the personal report is the file in figures, for those who may read the file, and the read is logged', async () => {
    const report = expectOk(
      await t.get(`/biz/consult/profiles/report?visitorId=${studentId}`, { token: counsellor }),
    );
    const file = expectOk(
      await t.get(`/biz/consult/profiles/file?visitorId=${studentId}`, { token: counsellor }),
    );
    const records = file.cases.flatMap((c: { recordList: unknown[] }) => c.recordList);
    expect(report).toMatchObject({
      visitor: { id: studentId },
      cases: file.cases.length,
      signedRecords: records.filter((r: { signedAt: string | null }) => r.signedAt !== null).length,
      averageSatisfaction: 4,
    });
    expect(report.sessions).toBeGreaterThan(0);
    expect(report.byCase).toHaveLength(file.cases.length);
    // The second counsellor holds the referred case now: a third one has no case of this visitor.
    await makeUser(t, t.alpha, 'counsellor3', 'Alpha Third Counsellor', ['ROLE_CONSULTANT']);
    const third = await t.tokenFor('counsellor3');
    for (const [token, tenantId] of [
      [third, undefined],
      [student2, undefined],
      [student, undefined],
      [betaAdmin, t.beta.tenantId],
    ] as const)
      expect(
        (await t.get(`/biz/consult/profiles/report?visitorId=${studentId}`, { token, tenantId })).status,
      ).toBe(404);
    const log = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from personal_data_access_log where subject_id = ${studentId} and route = 'GET /biz/consult/profiles/report'`,
    );
    expect(log[0]!.n).toBeGreaterThan(0);
  });

  it('question statistics count the choice answers of the records within reach, no text', async () => {
    const mine = expectOk(
      await t.post('/biz/consult/questions/statistic', { kind: 'session' }, { token: counsellor }),
    );
    expect(mine.records).toBeGreaterThan(0);
    const grade = mine.questions.find((q: { prop: string }) => q.prop === 'gradingResults');
    expect(grade.options.map((o: { value: string }) => o.value)).toEqual(['1', '2', '3', '4']);
    expect(grade.answered).toBe(grade.options.reduce((n: number, o: { count: number }) => n + o.count, 0));
    expect(grade.answered).toBeGreaterThan(0);
    expect(mine.questions.some((q: { prop: string }) => q.prop === 'sessionNote')).toBe(false);
    const others = expectOk(
      await t.post('/biz/consult/questions/statistic', { kind: 'session' }, { token: other }),
    );
    expect(others.records).toBe(0);
    const beta = expectOk(
      await t.post(
        '/biz/consult/questions/statistic',
        { kind: 'session' },
        { token: betaAdmin, tenantId: t.beta.tenantId },
      ),
    );
    expect(beta.records).toBe(0);
    expect((await t.post('/biz/consult/questions/statistic', {}, { token: student })).status).toBe(403);
    const bad = await t.post('/biz/consult/questions/statistic', { kind: 'notes' }, { token: counsellor });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('kind');
  });

  it('the consulting team lists the counsellors with supervisor and case counts, for administrators only', async () => {
    const page = expectOk(
      await t.post('/admin/team/consult/page', { current: 1, size: 50 }, { token: admin }),
    );
    const row = page.records.find((r: { id: number }) => r.id === counsellorId);
    expect(row).toMatchObject({ supervisor: { id: teacherId }, cases: expect.any(Number) });
    expect(row.cases).toBeGreaterThanOrEqual(1);
    expect(page.records.some((r: { id: number }) => r.id === studentId)).toBe(false);
    const named = expectOk(
      await t.post(
        '/admin/team/consult/page',
        { current: 1, size: 50, realName: 'Second' },
        { token: admin },
      ),
    );
    expect(named.records.map((r: { id: number }) => r.id)).toEqual([otherId]);
    expect(
      (await t.post('/admin/team/consult/page', { current: 1, size: 10 }, { token: counsellor })).status,
    ).toBe(403);
    expect(
      (await t.post('/admin/team/consult/page', { current: 1, size: 10 }, { token: student })).status,
    ).toBe(403);
    const beta = expectOk(
      await t.post(
        '/admin/team/consult/page',
        { current: 1, size: 50 },
        { token: betaAdmin, tenantId: t.beta.tenantId },
      ),
    );
    expect(beta.records.some((r: { id: number }) => r.id === counsellorId)).toBe(false);
  });

  it('the risk list exports to XLSX through the download list with the page’s rows; counsellors are refused', async () => {
    const res = await t.post('/biz/consult/riskAssessment/list/export', {}, { token: admin });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      taskStatus: 0,
      fileName: expect.stringMatching(/^risk-assessment-\d+\.xlsx$/),
    });
    expect((await t.post('/biz/consult/riskAssessment/list/export', {}, { token: counsellor })).status).toBe(
      403,
    );
    const page = expectOk(
      await t.post('/biz/consult/riskAssessment/page', { current: 1, size: 100 }, { token: admin }),
    );
    // The job as the worker runs it, on the payload the request prepared.
    const [job] = await query<{ payload: { filter: object; viewerId: number } }>(
      t,
      sql`select payload from job where queue = 'cases.risk-export' order by id desc limit 1`,
    );
    const bytes = await riskExport.produce(
      { database: t.database } as unknown as ModuleDeps,
      {
        tenantId: t.alpha.tenantId,
        payload: { ...job!.payload, taskId: res.body.data.id, lang: 'en-US' },
      } as never,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]![0]).toBe('Visitor');
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      page.records.map((r: { visitor: { name: string } }) => r.visitor.name),
    );
  });

  it('the visitor learns which of their sessions they agreed to and gave feedback on; nobody else’s', async () => {
    const ids = [agreedAppointmentId, firstAppointmentId];
    const mine = expectOk(
      await t.post('/biz/consult/mine/engagement', { appointmentIds: ids }, { token: student }),
    );
    expect(mine).toEqual({ agreed: [agreedAppointmentId], feedback: [firstAppointmentId] });
    const theirs = expectOk(
      await t.post('/biz/consult/mine/engagement', { appointmentIds: ids }, { token: student2 }),
    );
    expect(theirs).toEqual({ agreed: [], feedback: [] });
    const tooMany = await t.post(
      '/biz/consult/mine/engagement',
      { appointmentIds: Array.from({ length: 101 }, (_, i) => i + 1) },
      { token: student },
    );
    expect(tooMany.status).toBe(400);
  });

  it('a new record’s form comes with isFirst (or record/form for a closing summary), before anything is written', async () => {
    const appointmentId = await endedSession();
    const first = expectOk(
      await t.get(`/biz/consult/inner/profiles/reserve/isFirst/data?appointmentId=${appointmentId}`, {
        token: counsellor,
      }),
    );
    expect(first.recordId).toBeNull();
    expect(first.definition.columns.map((c: { prop: string }) => c.prop)).toContain('gradingResults');
    const closing = expectOk(
      await t.get('/biz/consult/case/record/form?kind=closing', { token: counsellor }),
    );
    expect(closing.columns.map((c: { prop: string }) => c.prop)).toContain('finishMethod');
    expect((await t.get('/biz/consult/case/record/form?kind=closing', { token: student })).status).toBe(403);
    expect((await t.get('/biz/consult/case/record/form?kind=other', { token: counsellor })).status).toBe(400);
  });
});

describe('the form engine’s answer export leaves case records out [spec:S0.7.28] [spec:S1.6.20]', () => {
  it('exporting the session record form as a form administrator yields no case record; asking by its event is refused', async () => {
    const [rec] = await query<{ form_id: number | string; answer_id: number | string }>(
      t,
      sql`select form_id, answer_id from case_record where id = ${firstRecordId}`,
    );
    const formId = Number(rec!.form_id);
    // The record is a real answer of that form: only the export is kept from it.
    const [answer] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from form_answer where form_id = ${formId} and event_sign like 'case-record:%'`,
    );
    expect(answer!.n).toBeGreaterThan(0);
    const res = await t.post('/biz/public/forms/answer/export', { formId, format: 'xlsx' }, { token: admin });
    expect(res.status, res.raw).toBe(200);
    const [job] = await query<{ payload: Record<string, unknown> }>(
      t,
      sql`select payload from job where queue = 'forms.answer-export' order by id desc limit 1`,
    );
    const bytes = await formAnswerExport.produce(
      { database: t.database } as unknown as ModuleDeps,
      { tenantId: t.alpha.tenantId, payload: { ...job!.payload, taskId: res.body.data.id } } as never,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    // The header only: no row of any case record, and none of the notes.
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('First talk');
    const [logged] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from personal_data_access_log where route = 'POST /biz/public/forms/answer/export'`,
    );
    expect(logged!.n).toBe(0);

    const byEvent = await t.post(
      '/biz/public/forms/answer/export',
      { formId, format: 'xlsx', eventSign: `case-record:${firstRecordId}` },
      { token: admin },
    );
    expect(byEvent.status).toBe(403);
    expect(byEvent.body.msg).toMatch(/通过所属个案/);
  });
});

describe('an agreement is kept as it was given [spec:S1.7.23]', () => {
  const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
  const imageBytes = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1]!, 'base64');
  let agreementId: number;

  async function bookedSession() {
    const [slotId] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      date: dayFromToday(day++),
      times: [['09:00', '09:50']],
    });
    return expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId },
        { token: admin },
      ),
      'book',
    ).id as number;
  }

  it('keeps the text, its version and the signature image; a later text of the school changes none of it', async () => {
    const before = expectOk(
      await t.get(`/biz/consult/agreement/text?appointmentId=${agreedAppointmentId}`, { token: student }),
    );
    expect(before.kind).toBe('profiles');
    agreementId = before.agreement.id;
    const given = expectOk(
      await t.get(`/biz/consult/agreement/detail?id=${agreementId}`, { token: student }),
    );
    expect(given).toMatchObject({ appointmentId: agreedAppointmentId, signed: true, kept: true });
    expect(given.text).toMatchObject({ source: 'default', title: before.text.title });
    expect(given.text.textVersion).toBe(
      createHash('sha256').update(`${given.text.title}\n\n${given.text.content}`).digest('hex'),
    );
    expect(given.signature.source).toBe('drawn');
    expect(given.signature.image).toMatch(/^data:image\/png;base64,/);
    expect(sha256(imageBytes(given.signature.image))).toBe(given.signature.sha256);

    // The school writes its own text: new agreements take it, the given one stays as it was.
    expectOk(
      await t.post(
        '/biz/public/setting/manage',
        {
          type: 'consultAgreement',
          enable: true,
          value: { title: 'Alpha consent', content: 'Version 2 of the text' },
        },
        { token: admin },
      ),
    );
    const again = expectOk(
      await t.get(`/biz/consult/agreement/detail?id=${agreementId}`, { token: student }),
    );
    expect(again.text).toEqual(given.text);
    expect(again.signature).toEqual(given.signature);

    const next = await bookedSession();
    const shown = expectOk(
      await t.get(`/biz/consult/agreement/text?appointmentId=${next}`, { token: student }),
    );
    expect(shown).toMatchObject({
      kind: 'profiles',
      agreement: null,
      text: { title: 'Alpha consent', content: 'Version 2 of the text', source: 'school' },
    });
    // Agreeing to a text that is no longer the one shown keeps nothing.
    const stale = await t.post(
      `/biz/consult/inner/profiles/${next}/agreements`,
      { agree: true, image: SIGNATURE, textVersion: given.text.textVersion },
      { token: student },
    );
    expect(stale.status).toBe(409);
    expect(await query(t, sql`select id from consult_agreement where appointment_id = ${next}`)).toHaveLength(
      0,
    );

    // Quoting the stored signature copies it: replacing the stored one later leaves the agreement's image.
    expectOk(await t.post('/biz/consult/visitor/sign', { sign: SIGNATURE }, { token: student }));
    const quoted = expectOk(
      await t.post(
        `/biz/consult/inner/profiles/${next}/agreements`,
        { agree: true, quote: true, textVersion: shown.text.textVersion },
        { token: student },
      ),
    );
    expect(quoted).toMatchObject({ signed: true, textVersion: shown.text.textVersion });
    const kept = expectOk(await t.get(`/biz/consult/agreement/detail?id=${quoted.id}`, { token: student }));
    expect(kept.signature.source).toBe('stored');
    const replacement = await sharp({ create: { width: 4, height: 2, channels: 3, background: '#135' } })
      .png()
      .toBuffer();
    expectOk(
      await t.post(
        '/biz/consult/visitor/sign',
        { sign: `data:image/png;base64,${replacement.toString('base64')}` },
        { token: student },
      ),
    );
    const later = expectOk(await t.get(`/biz/consult/agreement/detail?id=${quoted.id}`, { token: student }));
    expect(later.signature).toEqual(kept.signature);
    expect(later.text).toMatchObject({ title: 'Alpha consent', content: 'Version 2 of the text' });
  });

  it('cannot be rewritten or removed by the application', async () => {
    for (const statement of [
      sql`update consult_agreement set content = 'changed' where id = ${agreementId}`,
      sql`delete from consult_agreement where id = ${agreementId}`,
    ]) {
      const err = await t.database
        .withTenant(t.alpha.tenantId, ({ tx }) => tx.execute(statement))
        .catch((e: unknown) => e as { cause?: { message?: string }; message?: string });
      expect(
        String((err as { cause?: { message?: string } })?.cause?.message ?? (err as Error)?.message),
      ).toMatch(/permission denied/);
    }
  });

  it('the counsellor and consult_case_all read it from the file (access-logged); another counsellor, student or school: 404', async () => {
    const file = expectOk(await t.get(`/biz/consult/profiles/file?visitorId=${studentId}`, { token: admin }));
    expect(file.agreements.find((a: { id: number }) => a.id === agreementId)).toMatchObject({
      appointmentId: agreedAppointmentId,
      signed: true,
      kept: true,
    });
    for (const token of [counsellor, admin]) {
      const res = await t.get(`/biz/consult/agreement/detail?id=${agreementId}`, { token });
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.signature.image).toMatch(/^data:image\//);
    }
    const logged = await query<{ viewer_id: number | string }>(
      t,
      sql`select viewer_id from personal_data_access_log
        where route = 'GET /biz/consult/agreement/detail' and subject_id = ${studentId}`,
    );
    expect(new Set(logged.map((r) => Number(r.viewer_id)))).toEqual(
      new Set([counsellorId, t.alpha.userIds.admin!]),
    );
    // counsellor2 holds the student's referred case and so reaches the file; a third counsellor does not.
    const stranger = await t.tokenFor('counsellor3');
    for (const [token, tenantId] of [
      [stranger, undefined],
      [student2, undefined],
      [betaAdmin, t.beta.tenantId],
    ] as const)
      expect(
        (await t.get(`/biz/consult/agreement/detail?id=${agreementId}`, { token, tenantId })).status,
      ).toBe(404);
    // The visitor's own reads are not logged, and the text of someone else's appointment is not theirs.
    expect(
      (await t.get(`/biz/consult/agreement/text?appointmentId=${agreedAppointmentId}`, { token: student2 }))
        .status,
    ).toBe(404);
  });
});

describe('a transfer to group counselling is a pending group referral [spec:S1.9.1] [spec:S1.3.11]', () => {
  it('opens no individual registration, and is listed for consult_case_all within reach; counsellors are refused', async () => {
    const student2Id = Number(
      (
        await query<{ id: number | string }>(
          t,
          sql`select id from sys_user where tenant_id = ${t.alpha.tenantId} and username = 'student2'`,
        )
      )[0]!.id,
    );
    const appointmentId = await endedSession(counsellor, () => counsellorId, student2Id);
    const saved = expectOk(
      await t.post(
        SAVE,
        { appointmentId, kind: 'session', answers: note('Group would help') },
        { token: counsellor },
      ),
    );
    const registrations = () =>
      query<{ id: unknown }>(t, sql`select id from visitor_registration where visitor_id = ${student2Id}`);
    const before = (await registrations()).length;
    const moved = expectOk(
      await t.post(
        '/biz/consult/case/transfer',
        { caseId: saved.caseId, to: 'group', reason: 'peer support group' },
        { token: counsellor },
      ),
    );
    expect(moved.case.status).toBe('transfer');
    expect(moved.transfer).toMatchObject({ to: 'group' });
    expect(await registrations()).toHaveLength(before);

    const page = expectOk(
      await t.post('/biz/consult/case/groupReferral/page', { current: 1, size: 20 }, { token: admin }),
    );
    expect(page.records[0]).toMatchObject({
      caseId: saved.caseId,
      visitor: { id: student2Id },
      counsellor: { id: counsellorId },
      referredBy: { id: counsellorId },
      reason: 'peer support group',
      status: 'pending',
    });
    const [logged] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from personal_data_access_log
        where route = 'POST /biz/consult/case/groupReferral/page' and subject_id = ${student2Id}`,
    );
    expect(logged!.n).toBeGreaterThan(0);
    expect(
      (await t.post('/biz/consult/case/groupReferral/page', { current: 1, size: 20 }, { token: counsellor }))
        .status,
    ).toBe(403);
    const beta = expectOk(
      await t.post(
        '/biz/consult/case/groupReferral/page',
        { current: 1, size: 20 },
        { token: betaAdmin, tenantId: t.beta.tenantId },
      ),
    );
    expect(beta.total).toBe(0);
  });
});
