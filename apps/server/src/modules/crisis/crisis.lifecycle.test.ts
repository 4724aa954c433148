import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedNetwork, type NetworkFixture } from './crisis.fixtures';
import { reportSignal } from './index';

let t: TestContext;
let n: NetworkFixture;

beforeAll(async () => {
  t = await createTestContext();
  n = await seedNetwork(t);
});
afterAll(() => t?.close());

/** A calendar day in China time, `days` from today. */
const day = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

const newRecord = async (student = 'studenta') =>
  (
    await t.database.withTenant(n.tenantId, (scope) =>
      reportSignal(scope, { source: 'report', studentId: n.ids[student]!, reporterId: n.ids.classrep! }),
    )
  ).recordId;

const assessment = (extra: Record<string, unknown> = {}) => ({
  isCrisisStatus: 1,
  collegeLevelcrisis: 2,
  currentStatus: [2, 9],
  trackDate: day(),
  ...extra,
});

const record = async (id: number, user = 'facultyconsult') =>
  (await n.get(user, `/biz/crisis/record/detail?id=${id}`)).body.data;
const flagOf = async (student: string) =>
  rowsOf<{ flag: number }>(
    await t.database.db.execute(
      sql`select flag from crisis_warning where tenant_id = ${n.tenantId} and student_id = ${n.ids[student]}`,
    ),
  )[0]?.flag ?? 1;

describe('the crisis record from report to close [spec:S1.4.6]', () => {
  it('assessment, intervention, receipt, follow-ups and closing', async () => {
    const id = await newRecord();
    expect(await flagOf('studenta')).toBe(5);
    expect((await record(id)).actions).toEqual(['start', 'close']);

    // S1.3.10 fields with the S1.4.16 rule: psyAssistanceSystem 1 needs feedback and process.
    const missing = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      recordId: id,
      kind: 'crisis',
      appointmentType: 8,
      answer: assessment({ psyAssistanceSystem: 1 }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('expertsFeedback');
    expect(missing.body.msg).toMatch(/专家反馈/);
    const wrongType = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      recordId: id,
      kind: 'crisis',
      appointmentType: 12,
      answer: assessment(),
    });
    expect(wrongType.body.data.fields[0].field).toBe('appointmentType');

    const saved = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      recordId: id,
      kind: 'crisis',
      appointmentType: 11,
      appointmentId: 4242,
      answer: assessment({
        psyAssistanceSystem: 1,
        expertsFeedback: 'Psychiatry referral',
        managementProcess: 'Escorted',
      }),
    });
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body.data).toMatchObject({
      collegeLevel: 2,
      isCrisisStatus: 1,
      appointmentId: 4242,
      edition: 1,
    });
    // The assessment acknowledged the signal and started the work (1 -> 2).
    let r = await record(id);
    expect(r).toMatchObject({ status: 2, collegeLevel: 2, isCrisisStatus: 1 });
    expect(r.acknowledgedBy.id).toBe(n.ids.facultyconsult);
    expect(r.actions).toEqual(['close']);
    expect(await flagOf('studenta')).toBe(5);

    // An edit within the day is an edition; the history keeps the last value.
    const edited = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      id: saved.body.data.id,
      kind: 'crisis',
      appointmentType: 11,
      answer: { ...saved.body.data.answer, isCrisisStatus: 2 },
    });
    expect(edited.status, edited.raw).toBe(200);
    expect(edited.body.data.edition).toBe(2);
    expect(edited.body.data.answer.isCrisisStatus_lastValue).toBe(1);
    const editions = await n.get(
      'facultyconsult',
      `/biz/crisis/assessment/editions?id=${saved.body.data.id}`,
    );
    expect(editions.body.data.map((e: { kind: string }) => e.kind)).toEqual(['create', 'edit']);
    expect(await flagOf('studenta')).toBe(4);

    const order = await n.post('facultyconsult', '/biz/crisis/intervention/save', {
      recordId: id,
      measure: 1,
      content: 'Observe daily and report',
      assigneeIds: [n.ids.advisora],
    });
    expect(order.status, order.raw).toBe(200);
    expect(order.body.data).toMatchObject({ status: 1, measure: 1 });
    const notAssignee = await n.post('facultyhead', '/biz/crisis/intervention/receipt', {
      interventionId: order.body.data.id,
      content: 'done',
    });
    expect(notAssignee.status).toBe(403);
    const receipt = await n.post('advisora', '/biz/crisis/intervention/receipt', {
      interventionId: order.body.data.id,
      content: 'Observed, sleeping better',
    });
    expect(receipt.status, receipt.raw).toBe(200);
    expect(receipt.body.data.status).toBe(2);
    expect(receipt.body.data.receipts).toHaveLength(1);

    // trackDate: not in the future, at most 7 days back (S1.5.10).
    const future = await n.post('advisora', '/biz/crisis/followup/save', {
      recordId: id,
      trackDate: day(1),
      content: 'x',
    });
    expect(future.status).toBe(400);
    expect(future.body.data.fields[0].field).toBe('trackDate');
    const old = await n.post('advisora', '/biz/crisis/followup/save', {
      recordId: id,
      trackDate: day(-8),
      content: 'x',
    });
    expect(old.status).toBe(400);
    const ok = await n.post('advisora', '/biz/crisis/followup/save', {
      recordId: id,
      trackDate: day(-7),
      content: 'Visited in the dormitory',
    });
    expect(ok.status, ok.raw).toBe(200);

    // A close needs its reason and, for a record being worked, a summary.
    const noReason = await n.post('facultyconsult', '/biz/crisis/record/transition', { id, action: 'close' });
    expect(noReason.body.data.fields[0].field).toBe('closeReason');
    const noSummary = await n.post('facultyconsult', '/biz/crisis/record/transition', {
      id,
      action: 'close',
      closeReason: 1,
    });
    expect(noSummary.body.data.fields[0].field).toBe('summary');
    const startAgain = await n.post('facultyconsult', '/biz/crisis/record/transition', {
      id,
      action: 'start',
    });
    expect(startAgain.status).toBe(400);
    expect(startAgain.body.data.fields[0].field).toBe('action');
    const closed = await n.post('facultyconsult', '/biz/crisis/record/transition', {
      id,
      action: 'close',
      closeReason: 1,
      summary: 'Stable; followed as a key person',
    });
    expect(closed.status, closed.raw).toBe(200);
    expect(closed.body.data.record.status).toBe(3);
    r = await record(id);
    expect(r.timeline.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining([
        'created',
        'acknowledged',
        'transition',
        'assessment',
        'intervention',
        'receipt',
        'followup',
      ]),
    );

    // The assessed level (2, key) makes the student a key person with a follow-up plan.
    const focus = await n.post('facultyconsult', '/biz/focus/person/page', {});
    const person = focus.body.data.records.find(
      (f: { student: { id: number } }) => f.student.id === n.ids.studenta,
    );
    expect(person).toMatchObject({ level: 2, status: 1, sourceRecordId: id, nextDue: day(14) });
    expect(await flagOf('studenta')).toBe(3);

    // A closed record reopens with a reason, and only with the close permission.
    const advisorReopen = await n.post('advisora', '/biz/crisis/record/transition', {
      id,
      action: 'reopen',
      reason: 'again',
    });
    expect(advisorReopen.status).toBe(403);
    const reopen = await n.post('facultyconsult', '/biz/crisis/record/transition', {
      id,
      action: 'reopen',
      reason: 'Relapse',
    });
    expect(reopen.body.data.record.status).toBe(2);
  });

  it('a new report can be closed as a duplicate of another record of the same student', async () => {
    const first = await newRecord('studentb');
    const second = await newRecord('studentb');
    const other = await newRecord('studenta2');
    const wrong = await n.post('facultyhead', '/biz/crisis/record/transition', {
      id: second,
      action: 'close',
      closeReason: 4,
      duplicateOf: other,
    });
    expect(wrong.body.data.fields[0].field).toBe('duplicateOf');
    const dup = await n.post('facultyhead', '/biz/crisis/record/transition', {
      id: second,
      action: 'close',
      closeReason: 4,
      duplicateOf: first,
    });
    expect(dup.status, dup.raw).toBe(200);
    expect((await record(second, 'facultyhead')).duplicateOf).toBe(first);
  });

  it('an amendment after a day needs its reason', async () => {
    const id = await newRecord('studenta2');
    const saved = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      recordId: id,
      kind: 'crisis',
      appointmentType: 8,
      answer: assessment(),
    });
    await t.database.db.execute(
      sql`update crisis_assessment set created_at = now() - interval '2 days' where id = ${saved.body.data.id}`,
    );
    const body = {
      id: saved.body.data.id,
      kind: 'crisis',
      appointmentType: 8,
      answer: assessment({ collegeLevelcrisis: 1 }),
    };
    const noReason = await n.post('facultyconsult', '/biz/crisis/assessment/save', body);
    expect(noReason.body.data.fields[0].field).toBe('reason');
    const amended = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      ...body,
      reason: 'Level reviewed',
    });
    expect(amended.status, amended.raw).toBe(200);
    const editions = await n.get(
      'facultyconsult',
      `/biz/crisis/assessment/editions?id=${saved.body.data.id}`,
    );
    expect(editions.body.data[1]).toMatchObject({ kind: 'amendment', reason: 'Level reviewed' });
    expect(editions.body.data[1].changes[0]).toMatchObject({ key: 'collegeLevelcrisis', from: 2, to: 1 });
  });
});

describe('approvals of the steps a school wants approved', () => {
  it('a close waits for the centre; approved, it is applied as asked', async () => {
    const set = await n.post('centrehead', '/biz/crisis/setting/approval', {
      version: (await n.get('centrehead', '/biz/crisis/setting/approval')).body.data.version,
      steps: {
        close: true,
        reopen: false,
        suspension: true,
        return: false,
        greenway: false,
        focusRelease: false,
      },
      mode: 3,
      approverLevels: [3],
    });
    expect(set.status, set.raw).toBe(200);
    const id = await newRecord('studenta2');
    const asked = await n.post('facultyhead', '/biz/crisis/record/transition', {
      id,
      action: 'close',
      closeReason: 3,
    });
    expect(asked.status, asked.raw).toBe(200);
    expect(asked.body.data.record.status).toBe(1);
    const approvalId = asked.body.data.approvalId as number;
    expect(approvalId).toBeGreaterThan(0);
    const twice = await n.post('facultyhead', '/biz/crisis/record/transition', {
      id,
      action: 'close',
      closeReason: 3,
    });
    expect(twice.status).toBe(409);

    const waiting = await n.post('centrehead', '/biz/crisis/approval/page', { box: 'toExamine', status: 1 });
    expect(waiting.body.data.records.map((a: { id: number }) => a.id)).toContain(approvalId);
    const notMine = await n.post('facultyhead', '/biz/crisis/approval/decide', {
      id: approvalId,
      approve: true,
    });
    expect(notMine.status).toBe(403);
    const decided = await n.post('centrehead', '/biz/crisis/approval/decide', {
      id: approvalId,
      approve: true,
      comment: 'ok',
    });
    expect(decided.status, decided.raw).toBe(200);
    expect(decided.body.data.status).toBe(2);
    expect((await record(id, 'facultyhead')).status).toBe(3);
    const mine = await n.post('facultyhead', '/biz/crisis/approval/page', { box: 'mine' });
    expect(mine.body.data.records[0]).toMatchObject({ id: approvalId, status: 2, kind: 'close' });
    const again = await n.post('centrehead', '/biz/crisis/approval/decide', {
      id: approvalId,
      approve: false,
    });
    expect(again.status).toBe(400);
  });

  it('settings refuse a payload that does not fit, naming the field', async () => {
    const bad = await n.post('centrehead', '/biz/crisis/setting/reporting', {
      version: 0,
      ackMinutes: { 1: 30, 2: 20, 3: 10, 4: 0 },
      selfHelpEnabled: true,
      hotlines: [],
      reportDueDay: 5,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('ackMinutes.4');
    expect((await n.post('facultyhead', '/biz/crisis/setting/reporting', { version: 0 })).status).toBe(403);
    const read = await n.get('centrehead', '/biz/crisis/setting/followUp');
    expect(read.body.data).toMatchObject({
      version: 0,
      updateTime: null,
      value: { followUpDays: { 1: 7, 2: 14, 3: 30 } },
    });
  });
});

describe('crisis section settings [spec:S1.2.21]', () => {
  const read = async () => (await n.get('centrehead', '/biz/crisis/setting/heartTalk')).body.data;

  it('two saves from the same read: the second is refused 409 in both languages and changes nothing', async () => {
    const before = await read();
    expect(before).toMatchObject({ version: 0, updateTime: null, value: { minPerMonth: 1 } });
    // Two administrators opened the section at once and each saves their own figure.
    const first = await n.post('centrehead', '/biz/crisis/setting/heartTalk', {
      minPerMonth: 2,
      version: before.version,
    });
    expect(first.status, first.raw).toBe(200);
    expect(first.body.data).toMatchObject({ section: 'heartTalk', value: { minPerMonth: 2 }, version: 1 });
    const second = await n.post('centrehead', '/biz/crisis/setting/heartTalk', {
      minPerMonth: 4,
      version: before.version,
    });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('危机设置在读取后已被他人修改：请重新读取');
    const english = await t.post(
      '/biz/crisis/setting/heartTalk',
      { minPerMonth: 4, version: before.version },
      { token: await n.token('centrehead'), tenantId: n.tenantId, headers: { 'accept-language': 'en-US' } },
    );
    expect(english.status).toBe(409);
    expect(english.body.msg).toMatch(/changed elsewhere since they were read/);
    // The first save stands; read again, the second administrator's figure goes through.
    const after = await read();
    expect(after).toMatchObject({ value: { minPerMonth: 2 }, version: 1 });
    const again = await n.post('centrehead', '/biz/crisis/setting/heartTalk', {
      minPerMonth: 4,
      version: after.version,
    });
    expect(again.status, again.raw).toBe(200);
    expect(again.body.data).toMatchObject({ value: { minPerMonth: 4 }, version: 2 });
    // A save from the first saved read, now one version old, is refused too.
    const late = await n.post('centrehead', '/biz/crisis/setting/heartTalk', {
      minPerMonth: 3,
      version: after.version,
    });
    expect(late.status).toBe(409);
    expect(await read()).toMatchObject({ value: { minPerMonth: 4 }, version: 2 });
    const [row] = rowsOf<{ value: unknown; version: number }>(
      await t.database.db.execute(
        sql`select value, version from crisis_setting where tenant_id = ${n.tenantId} and section = 'heartTalk'`,
      ),
    );
    expect(row).toEqual({ value: { minPerMonth: 4 }, version: 2 });
  });

  it('a save without the version it read is refused 400 naming `version`, and changes nothing', async () => {
    const before = await read();
    const missing = await n.post('centrehead', '/biz/crisis/setting/heartTalk', { minPerMonth: 9 });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields.map((f: { field: string }) => f.field)).toEqual(['version']);
    const negative = await n.post('centrehead', '/biz/crisis/setting/heartTalk', {
      minPerMonth: 9,
      version: -1,
    });
    expect(negative.status).toBe(400);
    expect(negative.body.data.fields[0].field).toBe('version');
    // The version is not one of the section's fields: a bad field is still named on its own.
    const bad = await n.post('centrehead', '/biz/crisis/setting/heartTalk', {
      minPerMonth: 101,
      version: before.version,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('minPerMonth');
    expect(await read()).toEqual(before);
  });

  it('two saves from the same read sent at once: exactly one wins, whole', async () => {
    const before = await read();
    const answers = await Promise.all(
      [5, 6].map((minPerMonth) =>
        n.post('centrehead', '/biz/crisis/setting/heartTalk', { minPerMonth, version: before.version }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.data;
    expect(won.version).toBe(before.version + 1);
    expect(await read()).toMatchObject({ value: won.value, version: before.version + 1 });
  });
});

describe('message-notice settings [spec:S1.2.18]', () => {
  it('two saves from the same read: the second is refused 409 in both languages and changes nothing', async () => {
    const read = async () =>
      (await n.get('centrehead', '/biz/crisis/noticeSetting/list')).body.data.find(
        (r: { event: string }) => r.event === 'statusChanged',
      );
    const before = await read();
    expect(before).toMatchObject({
      version: 0,
      updateTime: null,
      sms: false,
      parties: ['reporter', 'owners'],
    });
    // Two administrators opened the page at once: one adds the SMS, the other switches the event off.
    const { updateTime: _, ...row } = before;
    const first = await n.post('centrehead', '/biz/crisis/noticeSetting/save', { ...row, sms: true });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ sms: true, enabled: true, version: 1 });
    const second = await n.post('centrehead', '/biz/crisis/noticeSetting/save', { ...row, enabled: false });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe('通知设置在读取后已被他人修改：请重新读取');
    const english = await t.post(
      '/biz/crisis/noticeSetting/save',
      { ...row, enabled: false },
      { token: await n.token('centrehead'), tenantId: n.tenantId, headers: { 'accept-language': 'en-US' } },
    );
    expect(english.status).toBe(409);
    expect(english.body.msg).toMatch(/changed elsewhere since they were read/);
    // The first save stands whole; read again, the second administrator's change goes through.
    const after = await read();
    expect(after).toMatchObject({ sms: true, enabled: true, version: 1 });
    const again = await n.post('centrehead', '/biz/crisis/noticeSetting/save', {
      ...row,
      ...after,
      updateTime: undefined,
      enabled: false,
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ sms: true, enabled: false, version: 2 });
    // A save from the first read, now two versions old, is refused too.
    expect(
      (await n.post('centrehead', '/biz/crisis/noticeSetting/save', { ...after, updateTime: undefined }))
        .status,
    ).toBe(409);
    expect(await read()).toMatchObject({ sms: true, enabled: false, version: 2 });
  });
});

describe('suspension and return, green channel', () => {
  it('a suspension (approved), the return assessment, and the return only when fit', async () => {
    const asked = await n.post('facultyhead', '/biz/crisis/suspension/save', {
      studentId: n.ids.studentb,
      suspendedOn: day(-30),
      reason: 'Hospital treatment',
      expectedReturn: day(10),
    });
    expect(asked.status, asked.raw).toBe(200);
    expect(asked.body.data.suspension).toBeNull();
    await n.post('centrehead', '/biz/crisis/approval/decide', {
      id: asked.body.data.approvalId,
      approve: true,
    });
    const list = await n.post('facultyhead', '/biz/crisis/suspension/page', { studentId: n.ids.studentb });
    const suspension = list.body.data.records[0];
    expect(suspension).toMatchObject({ status: 1, actions: ['applyReturn'] });

    const early = await n.post('facultyhead', '/biz/crisis/suspension/transition', {
      id: suspension.id,
      action: 'return',
    });
    expect(early.body.data.fields[0].field).toBe('action');
    await n.post('facultyhead', '/biz/crisis/suspension/transition', {
      id: suspension.id,
      action: 'applyReturn',
    });

    const notYet = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      suspensionId: suspension.id,
      kind: 'return',
      appointmentType: 12,
      answer: {
        returnConclusion: 3,
        medicalCertificate: 1,
        currentStatus: [2],
        trackDate: day(),
        returnOpinion: 'Wait a month',
      },
    });
    expect(notYet.status, notYet.raw).toBe(200);
    const refused = await n.post('facultyhead', '/biz/crisis/suspension/transition', {
      id: suspension.id,
      action: 'return',
      assessmentId: notYet.body.data.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('action');
    const fit = await n.post('facultyconsult', '/biz/crisis/assessment/save', {
      suspensionId: suspension.id,
      kind: 'return',
      appointmentType: 12,
      answer: { returnConclusion: 1, medicalCertificate: 1, currentStatus: [1], trackDate: day() },
    });
    const back = await n.post('facultyhead', '/biz/crisis/suspension/transition', {
      id: suspension.id,
      action: 'return',
      assessmentId: fit.body.data.id,
    });
    expect(back.status, back.raw).toBe(200);
    expect(back.body.data.suspension).toMatchObject({
      status: 3,
      returnAssessmentId: fit.body.data.id,
      returnedOn: day(),
    });
    const detail = await n.get('facultyhead', `/biz/crisis/suspension/detail?id=${suspension.id}`);
    expect(detail.body.data.assessments).toHaveLength(2);
  });

  it('a green-channel referral goes referred -> admitted -> back', async () => {
    const id = await newRecord('studenta2');
    const saved = await n.post('facultyhead', '/biz/crisis/greenway/save', {
      recordId: id,
      hospital: 'City Mental Health Centre',
      referredAt: new Date().toISOString(),
      escortIds: [n.ids.advisora],
      guardianNotified: true,
    });
    expect(saved.status, saved.raw).toBe(200);
    const g = saved.body.data.greenway;
    expect(g).toMatchObject({ status: 1, actions: ['admit', 'finish'] });
    const admitted = await n.post('facultyhead', '/biz/crisis/greenway/transition', {
      id: g.id,
      action: 'admit',
    });
    expect(admitted.body.data.status).toBe(2);
    const back = await n.post('facultyhead', '/biz/crisis/greenway/transition', {
      id: g.id,
      action: 'finish',
      result: 'Back on campus',
    });
    expect(back.body.data).toMatchObject({ status: 3, result: 'Back on campus', actions: [] });
    const again = await n.post('facultyhead', '/biz/crisis/greenway/transition', {
      id: g.id,
      action: 'admit',
    });
    expect(again.status).toBe(400);
  });
});

describe('warning flags [spec:S1.4.6]', () => {
  it('the warning list and a flag set by hand that stands until the state changes', async () => {
    const list = await n.post('centrehead', '/biz/crisis/warning/page', {});
    expect(list.status, list.raw).toBe(200);
    expect(list.body.data.records.length).toBeGreaterThan(0);
    expect(list.body.data.records.every((w: { flag: number }) => w.flag >= 2)).toBe(true);
    const before = await flagOf('studentc');
    expect(before).toBe(1);
    const noButton = await n.post('facultyhead', '/biz/crisis/warning/flag', {
      studentId: n.ids.studentb,
      flag: 2,
      reason: 'x',
    });
    expect(noButton.status).toBe(403);
    const set = await n.post('centrehead', '/biz/crisis/warning/flag', {
      studentId: n.ids.studentc,
      flag: 2,
      reason: 'Watch',
    });
    expect(set.status, set.raw).toBe(200);
    expect(set.body.data).toMatchObject({ flag: 2, manual: true, reason: 'Watch' });
    await newRecord('studentc');
    expect(await flagOf('studentc')).toBe(5);
    const detail = await n.get('centrehead', `/biz/crisis/warning/detail?studentId=${n.ids.studentc}`);
    expect(detail.body.data.history.map((h: { flag: number }) => h.flag)).toEqual([5, 2]);
    expect(detail.body.data.records.length).toBeGreaterThan(0);
  });
});

describe('the open-signals board', () => {
  it('shows open records unacknowledged first, with owner, age, deadline and SMS state', async () => {
    const board = await n.post('centrehead', '/biz/crisis/board/page', { size: 100 });
    expect(board.status, board.raw).toBe(200);
    const rows = board.body.data.records as {
      acknowledgedAt: string | null;
      status: number;
      owners: unknown[];
      ackDeadline: string | null;
      ageSeconds: number;
      sms: { pending: number };
    }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status !== 3)).toBe(true);
    const firstAcked = rows.findIndex((r) => r.acknowledgedAt !== null);
    if (firstAcked >= 0) expect(rows.slice(firstAcked).every((r) => r.acknowledgedAt !== null)).toBe(true);
    const open = rows.find((r) => r.acknowledgedAt === null)!;
    expect(open.owners.length).toBeGreaterThan(0);
    expect(open.ackDeadline).not.toBeNull();
    expect(open.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(open.sms.pending).toBeGreaterThan(0);
    const only = await n.post('centrehead', '/biz/crisis/board/page', {
      unacknowledgedOnly: true,
      size: 100,
    });
    expect(
      only.body.data.records.every((r: { acknowledgedAt: string | null }) => r.acknowledgedAt === null),
    ).toBe(true);
    const deliveries = await n.get(
      'centrehead',
      `/biz/crisis/record/deliveries?id=${(open as unknown as { id: number }).id}`,
    );
    expect(deliveries.body.data.map((d: { channel: string }) => d.channel).sort()).toEqual(
      expect.arrayContaining(['inapp', 'sms']),
    );
  });

  it('pending counts and the workbench [spec:S1.7.26]', async () => {
    const id = await newRecord('studentc');
    const pending = await n.get('advisorc', '/biz/focus/intervene/crisisIntervenePending');
    expect(pending.status, pending.raw).toBe(200);
    expect(pending.body.data.unacknowledged).toBeGreaterThan(0);
    await n.post('advisorc', '/biz/crisis/record/acknowledge', { id });
    const after = await n.get('advisorc', '/biz/focus/intervene/crisisIntervenePending');
    expect(after.body.data.unacknowledged).toBe(pending.body.data.unacknowledged - 1);
    const bench = await n.get('centrehead', '/biz/crisis/workbench');
    expect(bench.body.data.openSignals).toBeGreaterThan(0);
    const classrep = await n.get('classrep', '/biz/crisis/workbench');
    expect(classrep.body.data).toMatchObject({ openSignals: 0 });
    expect(classrep.body.data.myReports).toBeGreaterThan(0);
  });
});
