import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { seedNetwork, type NetworkFixture } from './crisis.fixtures';
import { remindDueFollowUps } from './focus.service';

let t: TestContext;
let n: NetworkFixture;
const day = (days = 0) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
let category = 0;
let topic = 0;
let method = 0;

beforeAll(async () => {
  t = await createTestContext();
  n = await seedNetwork(t);
  const opt = async (type: number) =>
    (await n.get('centrehead', `/biz/focus/setting/${type}/all`)).body.data[0].id as number;
  category = await opt(4);
  topic = await opt(5);
  method = await opt(3);
});
afterAll(() => t?.close());

const titles = async (user: string) =>
  rowsOf<{ title: string }>(
    await t.database.db.execute(
      sql`select title from message where tenant_id = ${n.tenantId} and user_id = ${n.ids[user]} order by id`,
    ),
  ).map((m) => m.title);
const recordsOf = async (student: string) =>
  rowsOf<{ id: number; source: string }>(
    await t.database.db.execute(
      sql`select id::int as id, source from crisis_record where tenant_id = ${n.tenantId} and student_id = ${n.ids[student]} order by id`,
    ),
  );

describe('key persons', () => {
  it('an information update proposes a key person; the case audit makes them one with a plan', async () => {
    const report = await n.post('advisora', '/biz/focus/report/save', {
      studentId: n.ids.studenta,
      kind: 1,
      categoryIds: [category],
      proposedLevel: 1,
      content: 'Failing exams, withdrawn',
    });
    expect(report.status, report.raw).toBe(200);
    expect(report.body.data.status).toBe(1);
    expect(await titles('facultyhead')).toContain('重点关注信息待审核');
    const pending = await n.get('facultyhead', '/biz/crisis/emphasis/report/emphasisReportPending');
    expect(pending.body.data.reportsToAudit).toBe(1);
    const notAuditor = await n.post('advisora', '/biz/focus/report/audit', {
      id: report.body.data.id,
      approve: true,
    });
    expect(notAuditor.status).toBe(403);
    const audited = await n.post('facultyhead', '/biz/focus/report/audit', {
      id: report.body.data.id,
      approve: true,
    });
    expect(audited.status, audited.raw).toBe(200);
    expect(audited.body.data).toMatchObject({ status: 2, focusId: expect.any(Number) });
    const person = await n.get('facultyhead', `/biz/focus/person/detail?id=${audited.body.data.focusId}`);
    expect(person.body.data).toMatchObject({ level: 1, status: 1, nextDue: day(7), warningFlag: 3 });
    expect(person.body.data.categories[0].id).toBe(category);
    const twice = await n.post('facultyhead', '/biz/focus/report/audit', {
      id: report.body.data.id,
      approve: false,
    });
    expect(twice.status).toBe(400);
  });

  it('a follow-up moves the plan on; due follow-ups and the daily reminder once per due date', async () => {
    const list = await n.post('advisora', '/biz/focus/person/page', {});
    const focusId = list.body.data.records[0].id as number;
    const follow = await n.post('advisora', '/biz/crisis/followup/save', {
      focusId,
      trackDate: day(),
      methodId: method,
      content: 'Phone call',
    });
    expect(follow.status, follow.raw).toBe(200);
    expect(follow.body.data.method.id).toBe(method);
    let person = (await n.get('advisora', `/biz/focus/person/detail?id=${focusId}`)).body.data;
    // Level 1 (close attention): the next follow-up is due a week after this one.
    expect(person).toMatchObject({ lastTrackDate: day(), nextDue: day(7), overdue: false });
    expect(person.followUps).toHaveLength(1);

    const notYet = await n.post('advisora', '/biz/focus/followup/due', {});
    expect(notYet.body.data.records.map((r: { id: number }) => r.id)).not.toContain(focusId);
    const due = await n.post('advisora', '/biz/focus/followup/due', { dueBy: day(7) });
    expect(due.body.data.records.map((r: { id: number }) => r.id)).toContain(focusId);
    // The school has advisors told a week ahead.
    const setting = await n.post('centrehead', '/biz/crisis/setting/followUp', {
      version: (await n.get('centrehead', '/biz/crisis/setting/followUp')).body.data.version,
      followUpDays: { 1: 7, 2: 14, 3: 30 },
      remindDaysBefore: 7,
    });
    expect(setting.status, setting.raw).toBe(200);
    const before = (await titles('advisora')).filter((x) => x === '重点关注回访到期').length;
    await t.database.withTenant(n.tenantId, (scope) => remindDueFollowUps(scope));
    await t.database.withTenant(n.tenantId, (scope) => remindDueFollowUps(scope));
    expect((await titles('advisora')).filter((x) => x === '重点关注回访到期').length).toBe(before + 1);
    person = (await n.get('advisora', `/biz/focus/person/detail?id=${focusId}`)).body.data;
    expect(person.followUps[0].trackDate).toBe(day());
  });

  it('the key-person query role reads within its coverage and changes nothing; others see nothing', async () => {
    const list = await n.post('focusquery', '/biz/focus/person/page', {});
    expect(list.body.data.total).toBe(1);
    const focusId = list.body.data.records[0].id;
    expect((await n.get('focusquery', `/biz/focus/person/detail?id=${focusId}`)).status).toBe(200);
    expect(
      (await n.post('focusquery', '/biz/focus/person/release', { id: focusId, reason: 'x' })).status,
    ).toBe(403);
    expect((await n.post('advisorc', '/biz/focus/person/page', {})).body.data.total).toBe(0);
    expect((await n.get('advisorc', `/biz/focus/person/detail?id=${focusId}`)).status).toBe(404);
    const other = await t.tokenFor('admin', t.beta.tenantId);
    const beta = await t.get(`/biz/focus/person/detail?id=${focusId}`, {
      token: other,
      tenantId: t.beta.tenantId,
    });
    expect(beta.status).toBe(404);
  });

  it('release ends the attention with a reason', async () => {
    const list = await n.post('facultyhead', '/biz/focus/person/page', {});
    const focusId = list.body.data.records[0].id;
    const noReason = await n.post('facultyhead', '/biz/focus/person/release', { id: focusId, reason: '' });
    expect(noReason.body.data.fields[0].field).toBe('reason');
    const released = await n.post('facultyhead', '/biz/focus/person/release', {
      id: focusId,
      reason: 'Stable for a term',
    });
    expect(released.status, released.raw).toBe(200);
    expect(released.body.data.focus).toMatchObject({ status: 2, releaseReason: 'Stable for a term' });
    const active = await n.post('facultyhead', '/biz/focus/person/page', {});
    expect(active.body.data.total).toBe(0);
    const readd = await n.post('facultyhead', '/biz/focus/person/save', {
      studentId: n.ids.studenta,
      categoryIds: [category],
      level: 3,
    });
    expect(readd.status, readd.raw).toBe(200);
    expect(readd.body.data.nextDue).toBe(day(30));
    const dup = await n.post('facultyhead', '/biz/focus/person/save', {
      studentId: n.ids.studenta,
      categoryIds: [category],
      level: 3,
    });
    expect(dup.body.data.fields[0].field).toBe('studentId');
  });
});

describe('heart-to-heart talks and dormitory reports', () => {
  it('a talk report; a risk finding raises a signal', async () => {
    const future = await n.post('advisora', '/biz/focus/talk/save', {
      studentId: n.ids.studenta2,
      talkDate: day(1),
      topicIds: [topic],
      content: 'x',
      finding: 1,
    });
    expect(future.body.data.fields[0].field).toBe('talkDate');
    const normal = await n.post('advisora', '/biz/focus/talk/save', {
      studentId: n.ids.studenta2,
      talkDate: day(),
      topicIds: [topic],
      content: 'Exams stress',
      finding: 2,
    });
    expect(normal.body.data.recordId).toBeNull();
    const risk = await n.post('advisora', '/biz/focus/talk/save', {
      studentId: n.ids.studenta2,
      talkDate: day(),
      topicIds: [],
      content: 'Said he has a plan to end his life',
      finding: 3,
    });
    expect(risk.status, risk.raw).toBe(200);
    expect(risk.body.data.recordId).toBeGreaterThan(0);
    expect((await recordsOf('studenta2')).map((r) => r.source)).toEqual(['talk']);
    const manage = await n.post('facultyhead', '/biz/focus/talk/page', {});
    expect(manage.body.data.total).toBe(2);
    expect((await n.post('advisorc', '/biz/focus/talk/page', {})).body.data.total).toBe(0);
  });

  it("a dormitory leader's report: nothing abnormal, or items; an item at risk raises a signal", async () => {
    const dorm = await n.post('centrehead', '/biz/crisis/dormitory/save', {
      name: '3号楼 402',
      leaderId: n.ids.studentb,
      memberIds: [n.ids.studentb, n.ids.studentc],
    });
    expect(dorm.status, dorm.raw).toBe(200);
    const clash = await n.post('centrehead', '/biz/crisis/dormitory/save', {
      name: '4号楼 101',
      memberIds: [n.ids.studentc],
    });
    expect(clash.body.data.fields[0].field).toBe('memberIds');
    const dormId = dorm.body.data.id;

    // The leader finds the dormitory they lead (with its members); anyone else finds none.
    const led = await n.get('studentb', '/biz/crisis/dormitory/mine');
    expect(led.status, led.raw).toBe(200);
    expect(led.body.data).toMatchObject([{ id: dormId, name: '3号楼 402', leader: { id: n.ids.studentb } }]);
    expect(led.body.data[0].members.map((m: { id: number }) => m.id).sort()).toEqual(
      [n.ids.studentb, n.ids.studentc].sort(),
    );
    expect((await n.get('studentc', '/biz/crisis/dormitory/mine')).body.data).toEqual([]);

    const notLeader = await n.post('studentc', '/biz/focus/dormReport/save', {
      dormitoryId: dormId,
      reportDate: day(),
      nothingAbnormal: true,
    });
    expect(notLeader.status).toBe(403);
    const quiet = await n.post('studentb', '/biz/focus/dormReport/save', {
      dormitoryId: dormId,
      reportDate: day(),
      nothingAbnormal: true,
    });
    expect(quiet.status, quiet.raw).toBe(200);
    const contradictory = await n.post('studentb', '/biz/focus/dormReport/save', {
      dormitoryId: dormId,
      reportDate: day(),
      nothingAbnormal: true,
      items: [{ studentId: n.ids.studentc, note: 'x' }],
    });
    expect(contradictory.body.data.fields[0].field).toBe('items');
    const stranger = await n.post('studentb', '/biz/focus/dormReport/save', {
      dormitoryId: dormId,
      reportDate: day(),
      nothingAbnormal: false,
      items: [{ studentId: n.ids.studenta, note: 'x' }],
    });
    expect(stranger.body.data.fields[0].field).toBe('items');
    const risky = await n.post('studentb', '/biz/focus/dormReport/save', {
      dormitoryId: dormId,
      reportDate: day(),
      nothingAbnormal: false,
      items: [{ studentId: n.ids.studentc, note: 'Has not eaten for two days, cutting', risk: true }],
    });
    expect(risky.status, risky.raw).toBe(200);
    const recordId = risky.body.data.items[0].recordId;
    expect(recordId).toBeGreaterThan(0);
    expect((await recordsOf('studentc')).find((r) => r.id === recordId)?.source).toBe('dormitory');
    // The leader reports about their dormitory through the normal report call too.
    const report = await n.post('studentb', '/biz/crisis/report/save', {
      studentId: n.ids.studentc,
      crisisEvents: 'Crying at night',
    });
    expect(report.status, report.raw).toBe(200);
    expect(report.body.data.source).toBe('dormitory');
    const mine = await n.post('studentb', '/biz/focus/dormReport/page', {});
    expect(mine.body.data.total).toBe(2);
    // The advisor of a member's class reads the dormitory's reports.
    const advisor = await n.post('advisorc', '/biz/focus/dormReport/page', {});
    expect(advisor.body.data.total).toBe(2);
    const ladder = await n.get('centrehead', `/biz/crisis/network/ladder?studentId=${n.ids.studentc}`);
    expect(ladder.body.data.dormitory).toMatchObject({ name: '3号楼 402', leader: { id: n.ids.studentb } });
    expect(ladder.body.data.ladder.map((r: { level: number }) => r.level)).toEqual([1, 2, 3, 4]);
  });
});

describe('follow-up journals', () => {
  it('a journal filed under a key-person entry or a crisis record must be about its student; nothing is opened otherwise', async () => {
    const entries = (await n.post('advisora', '/biz/focus/person/page', {})).body.data.records as {
      id: number;
      student: { id: number };
    }[];
    const other = entries.find((e) => e.student.id !== n.ids.studenta2);
    const before = (await n.post('advisora', '/biz/focus/journal/page', { studentId: n.ids.studenta2 })).body
      .data.total;
    for (const [field, body] of [
      ['focusId', { focusId: other?.id ?? 999_999 }],
      ['focusId', { focusId: 999_999 }],
      ['recordId', { recordId: 999_999 }],
    ] as const) {
      const refused = await n.post('advisora', '/biz/focus/journal/open', {
        studentId: n.ids.studenta2,
        ...body,
      });
      expect(refused.status, refused.raw).toBe(400);
      expect(refused.body.data.fields[0].field).toBe(field);
    }
    const after = (await n.post('advisora', '/biz/focus/journal/page', { studentId: n.ids.studenta2 })).body
      .data.total;
    expect(after).toBe(before);
  });

  it('staff write, the student answers; asking for help raises a signal; statistics by mood', async () => {
    const opened = await n.post('advisora', '/biz/focus/journal/open', { studentId: n.ids.studenta2 });
    expect(opened.status, opened.raw).toBe(200);
    const journalId = opened.body.data.id;
    const entry = await n.post('advisora', '/biz/focus/journal/entry', {
      journalId,
      entryDate: day(),
      content: 'Weekly check',
    });
    expect(entry.body.data.entries).toBe(1);
    const mine = await n.post('studenta2', '/biz/focus/journal/mine', {});
    expect(mine.body.data.records[0]).toMatchObject({ id: journalId, owner: { id: n.ids.advisora } });
    const notTheirs = await n.post('studenta', '/biz/focus/journal/feedback', {
      journalId,
      mood: 3,
      needHelp: 2,
    });
    expect(notTheirs.status).toBe(404);
    const fine = await n.post('studenta2', '/biz/focus/journal/feedback', {
      journalId,
      mood: 4,
      needHelp: 2,
    });
    expect(fine.body.data.recordId).toBeNull();
    const help = await n.post('studenta2', '/biz/focus/journal/feedback', {
      journalId,
      mood: 1,
      needHelp: 1,
      note: 'Bad night',
    });
    expect(help.status, help.raw).toBe(200);
    expect(help.body.data.recordId).toBeGreaterThan(0);
    expect((await recordsOf('studenta2')).map((r) => r.source)).toContain('journal');
    const detail = await n.get('advisora', `/biz/focus/journal/detail?id=${journalId}`);
    expect(detail.body.data.feedbackList).toHaveLength(2);
    expect(detail.body.data.entryList).toHaveLength(1);
    const stats = await n.get('facultyhead', '/biz/focus/journal/feedback/statistics');
    expect(stats.body.data).toMatchObject({ answers: 2, helpRequests: 1, moods: { 1: 1, 4: 1 } });
    const closed = await n.post('advisora', '/biz/focus/journal/transition', {
      id: journalId,
      action: 'close',
    });
    expect(closed.body.data.status).toBe(2);
    const late = await n.post('studenta2', '/biz/focus/journal/feedback', {
      journalId,
      mood: 3,
      needHelp: 2,
    });
    expect(late.status).toBe(400);
  });
});
