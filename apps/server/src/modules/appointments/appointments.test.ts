import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  addSlots,
  begun,
  createSite,
  dayFromToday,
  expectOk,
  makeUser,
  query,
  soon,
} from '../../test/scheduling-fixtures';

let t: TestContext;
let admin: string;
let counsellor: string;
let student: string;
let other: string;
let betaAdmin: string;
let siteId: number;
let counsellorId: number;
let studentId: number;

const BOOK = '/biz/consult/appointment/book';
const book = (slotId: number, token = student, extra: Record<string, unknown> = {}) =>
  t.post(BOOK, { slotId, type: 2, ...extra }, { token });
const slotIn = async (days: number, time: [string, string] = ['09:00', '10:00'], category = 2) =>
  (await addSlots(t, admin, { counsellorId, siteId, category, date: dayFromToday(days), times: [time] }))[0]!;
const slotSoon = async (minutes = 120) =>
  (await addSlots(t, admin, { counsellorId, siteId, ...soon(minutes) }))[0]!;
const savePolicy = async (policy: Record<string, unknown>) =>
  expectOk(await t.post('/biz/consult/schedule/policy', policy, { token: admin }), 'save policy');
const messages = (userId: number, title: string) =>
  query<{ n: number }>(
    t,
    sql`select count(*)::int as n from message where user_id = ${userId} and title = ${title}`,
  ).then((r) => r[0]!.n);

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  counsellor = await t.tokenFor('counsellor');
  student = await t.tokenFor('student');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  await makeUser(t, t.alpha, 'student2', 'Alpha Second', ['ROLE_GENERAL'], { dept: 'Class 2024' });
  other = await t.tokenFor('student2');
  siteId = (await createSite(t, admin, 'Centre', ['Room 1'])).id;
  counsellorId = t.alpha.userIds.counsellor!;
  studentId = t.alpha.userIds.student!;
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  // Each test starts from a school without appointments and with the default rules.
  await t.database.db.execute(sql`delete from appointment`);
  await t.database.db.execute(sql`delete from booking_override`);
  await t.database.db.execute(sql`delete from approval_request`);
  await t.database.db.execute(sql`delete from schedule_slot`);
  await t.database.db.execute(sql`delete from scheduling_policy`);
});

describe('booking [spec:S1.9.2] [spec:S1.4.1]', () => {
  it('books a free slot for the student: status appointment / interview 1, slot booked, both told', async () => {
    const slotId = await slotIn(3);
    const res = await book(slotId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'appointment',
      interviewStatus: 1,
      type: 2,
      visitorId: studentId,
      counsellorId,
      slotId,
      source: 12,
      actions: expect.arrayContaining(['arrive', 'visitorLeave', 'visitorCancel']),
    });
    const slot = expectOk(await t.get(`/biz/consult/schedule/workForId/${slotId}`, { token: admin }));
    expect(slot.status).toBe(2);
    expect(slot.appointments[0].visitorName).toBe('Alpha Student');
    expect(await messages(studentId, '预约成功')).toBe(1);
    expect(await messages(counsellorId, '预约成功')).toBe(1);
  });

  it('refuses a second booking of the same slot with 409 slotTaken', async () => {
    const slotId = await slotIn(3);
    expect((await book(slotId)).status).toBe(200);
    const again = await book(slotId, other);
    expect(again.status).toBe(409);
    expect(again.body.data.reason).toBe('slotTaken');
  });

  it('refuses a type the school has not switched on, and a slot of another category [spec:S1.4.10]', async () => {
    const slotId = await slotIn(3, ['09:00', '10:00'], 10);
    const res = await book(slotId, student, { type: 10 });
    expect(res.status).toBe(400);
    expect(res.body.data.reason).toBe('typeDisabled');
    const mismatch = await book(await slotIn(4, ['09:00', '10:00'], 18));
    expect(mismatch.body.data.reason).toBe('typeMismatch');
  });

  it('refuses booking outside the window: beyond 14 days, or within the minimum notice [spec:S1.9.6]', async () => {
    const far = await book(await slotIn(20));
    expect(far.status).toBe(400);
    expect(far.body.data.reason).toBe('outsideWindow');
    const close = await book(await slotSoon(20));
    expect(close.body.data.reason).toBe('outsideWindow');
  });

  it('allows one upcoming counselling appointment at a time', async () => {
    expect((await book(await slotIn(3))).status).toBe(200);
    const second = await book(await slotIn(4));
    expect(second.body.data.reason).toBe('upcomingLimit');
  });

  it('lets a clerk book for a visitor, with no minimum notice (source 3)', async () => {
    const res = await book(await slotSoon(20), admin, { visitorId: studentId });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ visitorId: studentId, source: 3 });
    // A student may not book for someone else.
    const refused = await book(await slotIn(5), other, { visitorId: studentId });
    expect(refused.status).toBe(403);
  });

  it('never lets a counsellor book themselves', async () => {
    const res = await book(await slotIn(3), admin, { visitorId: counsellorId });
    expect(res.body.data.reason).toBe('self');
  });
});

describe('the rules shown before acting [spec:S1.1.10] [spec:S1.9.6]', () => {
  it('answers the rule state with the information note in the caller’s language', async () => {
    const zh = expectOk(await t.get('/biz/consult/assessments/appointPreCheck?type=2', { token: student }));
    expect(zh).toMatchObject({
      allowed: true,
      sessions: { allowed: 6, used: 0, remaining: 6 },
      leaves: { used: 0, limit: 2 },
      block: { blocked: false, limit: 2 },
      leaveDeadlineHour: 17,
      arriveEarlyMinutes: 15,
      timeZone: 'Asia/Shanghai',
    });
    expect(zh.note).toContain('15 分钟');
    const en = expectOk(
      await t.get('/biz/consult/assessments/appointPreCheck?type=2', {
        token: student,
        headers: { 'accept-language': 'en-US' },
      }),
    );
    expect(en.note).toContain('15 minutes early');
  });

  it('tells the visitor to arrive 15 minutes early and when leave stops being free [spec:S1.4.15]', async () => {
    const a = expectOk(await book(await slotIn(3)));
    expect(Date.parse(a.startTime) - Date.parse(a.arriveBy)).toBe(15 * 60_000);
    const d = expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: student }));
    expect(d.leave).toMatchObject({ countsAsNoShowNow: false, leavesUsed: 0, leaveLimit: 2 });
    const deadline = new Date(d.leave.deadline);
    // 17:00 in Shanghai is 09:00 UTC, on the day before the session.
    expect(deadline.getUTCHours()).toBe(9);
    expect(Date.parse(a.startTime) - deadline.getTime()).toBeGreaterThan(0);
    expect(Date.parse(a.startTime) - deadline.getTime()).toBeLessThanOrEqual(31 * 3_600_000);
  });
});

describe('leave and cancel: before 17:00 the day before, else a no-show [spec:S1.4.15]', () => {
  it('records an early leave as leave (interview 3) and frees the slot as released-bookable (10)', async () => {
    const slotId = await slotIn(3);
    const a = expectOk(await book(slotId));
    const res = await t.post(
      '/biz/consult/leave/userLeave',
      { id: a.id, reason: 'exam' },
      { token: student },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'userTakeLeave',
      interviewStatus: 3,
      countsAsNoShow: false,
      approvalId: null,
    });
    expect(expectOk(await t.get(`/biz/consult/schedule/workForId/${slotId}`, { token: admin })).status).toBe(
      10,
    );
    expect(await messages(counsellorId, '预约已取消')).toBe(1);
  });

  it('counts a leave after 17:00 the day before as a no-show', async () => {
    const a = expectOk(await book(await slotSoon(120), admin, { visitorId: studentId }));
    const res = await t.post('/biz/consult/leave/userLeave', { id: a.id }, { token: student });
    expect(res.body.data).toMatchObject({
      status: 'userTakeLeave',
      countsAsNoShow: true,
      noShowReason: 'late_leave',
    });
    expect(await messages(studentId, '爽约记录')).toBe(1);
  });

  it('counts a cancel after the deadline as a no-show, and one before as a plain cancel', async () => {
    const late = expectOk(await book(await slotSoon(120), admin, { visitorId: studentId }));
    const l = await t.post(
      '/biz/consult/consultations/appointment/cancel',
      { id: late.id },
      { token: student },
    );
    expect(l.body.data).toMatchObject({
      status: 'cancel',
      interviewStatus: 2,
      countsAsNoShow: true,
      noShowReason: 'late_cancel',
    });
    const early = expectOk(await book(await slotIn(3)));
    const e = await t.post(
      '/biz/consult/consultations/appointment/cancel',
      { id: early.id },
      { token: student },
    );
    expect(e.body.data).toMatchObject({ status: 'cancel', countsAsNoShow: false });
  });

  it('counts the third leave of a term as a no-show however early [spec:S1.9.6]', async () => {
    const results = [];
    for (const day of [3, 4, 5]) {
      const a = expectOk(await book(await slotIn(day)));
      results.push(expectOk(await t.post('/biz/consult/leave/userLeave', { id: a.id }, { token: student })));
    }
    expect(results.map((r) => r.countsAsNoShow)).toEqual([false, false, true]);
    expect(results[2].noShowReason).toBe('leave_limit');
  });

  it('refuses a cancel through another type’s call, and a leave of someone else’s appointment', async () => {
    const a = expectOk(await book(await slotIn(3)));
    const wrong = await t.post(
      '/biz/consult/inner/first/appointment/cancel',
      { id: a.id },
      { token: student },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.reason).toBe('wrongGroup');
    const notMine = await t.post('/biz/consult/leave/userLeave', { id: a.id }, { token: other });
    expect(notMine.status).toBe(404);
  });

  it('lets the counsellor cancel (the centre’s cancel, interview 5) and tells the visitor', async () => {
    const a = expectOk(await book(await slotIn(3)));
    const res = await t.post(
      '/biz/consult/consultations/appointment/cancel',
      { id: a.id, reason: 'ill' },
      { token: counsellor },
    );
    expect(res.body.data).toMatchObject({ status: 'cancel', interviewStatus: 5, countsAsNoShow: false });
    expect(await messages(studentId, '预约已取消')).toBe(1);
  });
});

describe('no-shows stop booking for the rest of the term [spec:S1.4.15] [spec:S1.9.6]', () => {
  /** A booked session, then its time passes without the visitor: it began `minutes` ago. */
  const noShow = async (minutes: number) => {
    const a = expectOk(await book(await slotSoon(minutes), admin, { visitorId: studentId }));
    await begun(t, a.id, minutes);
    return t.post('/biz/consult/appointment/action', { id: a.id, action: 'visitorNoShow' }, { token: admin });
  };

  it('blocks booking at the second no-show, saying when it lifts; an administrator’s override lifts it (logged)', async () => {
    const first = await noShow(60);
    expect(first.body.data).toMatchObject({ status: 'userBreakAppointment', interviewStatus: 4 });
    await noShow(150);
    const refused = await book(await slotIn(3));
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1);
    expect(refused.body.data).toMatchObject({ reason: 'blocked', noShows: 2 });
    expect(refused.body.data.liftsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(refused.body.msg).toContain(refused.body.data.liftsOn);
    const state = expectOk(
      await t.get('/biz/consult/assessments/appointPreCheck?type=2', { token: student }),
    );
    expect(state.block).toMatchObject({ blocked: true, liftsOn: refused.body.data.liftsOn });

    // Only holders of the override key may lift it.
    expect(
      (
        await t.post(
          '/biz/consult/appointment/override',
          { visitorId: studentId, reason: 'x' },
          { token: counsellor },
        )
      ).status,
    ).toBe(403);
    const o = await t.post(
      '/biz/consult/appointment/override',
      { visitorId: studentId, reason: 'illness, certificate seen' },
      { token: admin },
    );
    expect(o.status).toBe(200);
    const [log] = await query<{ reason: string; granted_by: number }>(
      t,
      sql`select reason, granted_by from booking_override`,
    );
    expect(log).toMatchObject({ reason: 'illness, certificate seen' });
    expect(Number(log!.granted_by)).toBe(t.alpha.userIds.admin);
    expect((await book(await slotIn(4))).status).toBe(200);
  });
});

describe('sessions per term [spec:S1.9.6] [spec:S1.1.10]', () => {
  it('refuses a booking beyond the sessions of the term; an approved extension adds sessions', async () => {
    await savePolicy({ sessionsPerTerm: 1, maxUpcomingPerVisitor: 3 });
    expect((await book(await slotIn(3))).status).toBe(200);
    const refused = await book(await slotIn(4));
    expect(refused.body.data).toMatchObject({ reason: 'sessionLimit', used: 1, allowed: 1 });
    const req = expectOk(
      await t.post(
        '/biz/consult/inner/approve/consultation',
        { option: 3, extraSessions: 2, reason: 'more sessions needed' },
        { token: student },
      ),
    );
    expect(req).toMatchObject({ option: 3, status: 1, extraSessions: 2 });
    expectOk(await t.post('/biz/consult/mine/updateAudit', { id: req.id, status: 2 }, { token: admin }));
    expect((await book(await slotIn(5))).status).toBe(200);
    const left = expectOk(await t.get('/biz/consult/register/getCanInterviewCount', { token: student }));
    expect(left).toMatchObject({ allowed: 3, used: 2, extra: 2, count: 1 });
  });
});

describe('the front desk and the session [spec:S1.4.1] [spec:S1.4.2] [spec:S1.4.4]', () => {
  it('records no no-show ahead of the session: refused and unchanged until its time has begun', async () => {
    const a = expectOk(await book(await slotIn(1), admin, { visitorId: studentId }));
    expect(a.actions).toEqual(expect.arrayContaining(['arrive', 'visitorCancel']));
    expect(a.actions).not.toContain('visitorNoShow');
    expect(a.actions).not.toContain('hostNoShow');
    for (const action of ['visitorNoShow', 'hostNoShow']) {
      const early = await t.post('/biz/consult/appointment/action', { id: a.id, action }, { token: admin });
      expect(early.status).toBe(400);
      expect(early.body).toMatchObject({ code: 1, data: { reason: 'notStarted', startTime: a.startTime } });
      expect(early.body.msg).toBe('预约开始后才能登记爽约');
    }
    const [row] = await query<{ status: string; version: number }>(
      t,
      sql`select status, version from appointment where id = ${a.id}`,
    );
    expect(row).toEqual({ status: 'appointment', version: a.version });

    await begun(t, a.id);
    const seen = expectOk(await t.get(`/biz/consult/appointment/detail?id=${a.id}`, { token: admin }));
    expect(seen.actions).toEqual(expect.arrayContaining(['visitorNoShow', 'hostNoShow']));
    const noShow = expectOk(
      await t.post(
        '/biz/consult/appointment/action',
        { id: a.id, action: 'visitorNoShow' },
        { token: admin },
      ),
    );
    expect(noShow).toMatchObject({ status: 'userBreakAppointment', interviewStatus: 4 });
  });

  it('walks arrival (8), start (running), end (success, interview 7); the slot is completed (3)', async () => {
    const slotId = await slotSoon(90);
    const a = expectOk(await book(slotId, admin, { visitorId: studentId }));
    const arrive = await t.post(
      '/biz/consult/appointment/action',
      { id: a.id, action: 'arrive' },
      { token: admin },
    );
    expect(arrive.body.data).toMatchObject({ status: 'appointment', interviewStatus: 8 });
    // Once arrived, a no-show is no longer possible.
    const noShow = await t.post(
      '/biz/consult/appointment/action',
      { id: a.id, action: 'visitorNoShow' },
      { token: admin },
    );
    expect(noShow.status).toBe(409);
    expect(noShow.body.data.reason).toBe('notAllowed');
    // Only the counsellor starts and ends the session.
    expect(
      (await t.post('/biz/consult/appointment/action', { id: a.id, action: 'start' }, { token: student }))
        .status,
    ).toBe(403);
    const start = await t.post(
      '/biz/consult/appointment/action',
      { id: a.id, action: 'start' },
      { token: counsellor },
    );
    expect(start.body.data.status).toBe('running');
    const end = await t.post(
      '/biz/consult/appointment/action',
      { id: a.id, action: 'end' },
      { token: counsellor },
    );
    expect(end.body.data).toMatchObject({ status: 'success', interviewStatus: 7, actions: ['complete'] });
    expect(expectOk(await t.get(`/biz/consult/schedule/workForId/${slotId}`, { token: admin })).status).toBe(
      3,
    );
    const pending = expectOk(await t.get('/biz/consult/appointment/consultPending', { token: counsellor }));
    expect(pending.recordsToFill).toBe(1);
    const d = expectOk(await t.get(`/biz/consult/appointment/detail?id=${a.id}`, { token: admin }));
    expect(d.events.map((e: { action: string }) => e.action)).toEqual(['book', 'arrive', 'start', 'end']);
  });

  it('lists the day at the front desk and counts today on the workbench', async () => {
    const a = expectOk(await book(await slotSoon(90), admin, { visitorId: studentId }));
    const day = expectOk(
      await t.post('/biz/consult/appointment/dayList', { date: soon(90).date }, { token: admin }),
    );
    expect(day.records.map((r: { id: number }) => r.id)).toContain(a.id);
    const stats = expectOk(
      await t.post('/biz/consult/statReserve/todayReserveStatStatistics', {}, { token: admin }),
    );
    if (soon(90).date === dayFromToday(0)) expect(stats.waiting).toBeGreaterThanOrEqual(1);
    expect((await t.post('/biz/consult/appointment/dayList', {}, { token: student })).status).toBe(403);
  });
});

describe('moving an appointment to another time [spec:S1.4.15] [spec:S1.4.4]', () => {
  const RESCHEDULE = '/biz/consult/appointment/reschedule';

  it('lets the visitor move before the deadline: the new slot is booked, the old one freed (10), one event', async () => {
    const from = await slotIn(3);
    const to = await slotIn(4, ['14:00', '15:00']);
    const a = expectOk(await book(from));
    const moved = expectOk(await t.post(RESCHEDULE, { id: a.id, slotId: to }, { token: student }));
    expect(moved).toMatchObject({ id: a.id, slotId: to, status: 'appointment', version: a.version + 1 });
    const slot = async (id: number) =>
      expectOk(await t.get(`/biz/consult/schedule/workForId/${id}`, { token: admin })).status;
    expect(await slot(from)).toBe(10);
    expect(await slot(to)).toBe(2);
    const d = expectOk(await t.get(`/biz/consult/appointment/detail?id=${a.id}`, { token: admin }));
    expect(d.events.filter((e: { action: string }) => e.action === 'reschedule')).toHaveLength(1);
    // Another visitor may neither see nor move it.
    expect((await t.post(RESCHEDULE, { id: a.id, slotId: from }, { token: other })).status).toBe(404);
  });

  it('refuses the visitor after the deadline (deadlinePassed) but lets the clerk move it; a taken slot is 409', async () => {
    const a = expectOk(await book(await slotSoon(30), admin, { visitorId: studentId }));
    const later = await slotIn(3);
    const late = await t.post(RESCHEDULE, { id: a.id, slotId: later }, { token: student });
    expect(late.status).toBe(400);
    expect(late.body.data.reason).toBe('deadlinePassed');
    const taken = await slotIn(5);
    expectOk(await book(taken, other));
    const clash = await t.post(RESCHEDULE, { id: a.id, slotId: taken }, { token: admin });
    expect(clash.status).toBe(409);
    expect(clash.body.data.reason).toBe('slotTaken');
    expect(expectOk(await t.post(RESCHEDULE, { id: a.id, slotId: later }, { token: admin })).slotId).toBe(
      later,
    );
  });
});

describe('who sees which appointments', () => {
  it('shows a student only their own; others’ ids are 404', async () => {
    const mine = expectOk(await book(await slotIn(3)));
    const theirs = expectOk(await book(await slotIn(4), other));
    const list = expectOk(
      await t.post('/biz/consult/mine/profilesList', { current: 1, size: 10 }, { token: student }),
    );
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([mine.id]);
    expect((await t.get(`/biz/consult/mine/detail?id=${theirs.id}`, { token: student })).status).toBe(404);
    // A student cannot ask for every appointment.
    expect(
      (
        await t.post(
          '/biz/consult/mine/profilesList',
          { current: 1, size: 10, all: true },
          { token: student },
        )
      ).status,
    ).toBe(403);
    // The counsellor sees both, as their counsellor.
    const c = expectOk(
      await t.post('/biz/consult/mine/profilesList', { current: 1, size: 10 }, { token: counsellor }),
    );
    expect(c.total).toBe(2);
  });

  it('lists a counsellor’s sessions in their own lists whichever of their roles is active [spec:S1.7.20]', async () => {
    const teacherId = t.alpha.userIds.teacher!;
    const [slotId] = await addSlots(t, admin, {
      counsellorId: teacherId,
      siteId,
      category: 2,
      date: dayFromToday(3),
      times: [['11:00', '12:00']],
    });
    const a = expectOk(await book(slotId!));
    const teacher = await t.tokenFor('teacher');
    // The teacher counsels, and is signed in with the supervisor role active.
    const supervisorRole = { 'role-id': String(t.alpha.roleIds.ROLE_SUPERVISOR!) };
    const list = expectOk(
      await t.post(
        '/biz/consult/mine/profilesList',
        { current: 1, size: 10 },
        { token: teacher, headers: supervisorRole },
      ),
    );
    expect(list.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
    // The visitor's own list is unchanged; another student still sees nothing of it.
    const mine = expectOk(
      await t.post('/biz/consult/mine/profilesList', { current: 1, size: 10 }, { token: student }),
    );
    expect(mine.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
    const theirs = expectOk(
      await t.post('/biz/consult/mine/profilesList', { current: 1, size: 10 }, { token: other }),
    );
    expect(theirs.total).toBe(0);
  });

  it('masks phones unless the viewer may see personal data, and logs unmasked reads', async () => {
    await t.database.db.execute(sql`update sys_user set phone = '13912345678' where id = ${studentId}`);
    const a = expectOk(await book(await slotIn(3)));
    const c = expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: counsellor }));
    expect(c.visitorPhone).not.toBe('13912345678');
    const adm = expectOk(await t.get(`/biz/consult/appointment/detail?id=${a.id}`, { token: admin }));
    expect(adm.visitorPhone).toBe('13912345678');
    const [log] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from personal_data_access_log where subject_id = ${studentId}`,
    );
    expect(log!.n).toBeGreaterThan(0);
  });

  it('keeps another school’s appointments invisible', async () => {
    const a = expectOk(await book(await slotIn(3)));
    const res = await t.get(`/biz/consult/appointment/detail?id=${a.id}`, {
      token: betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(res.status).toBe(404);
    const page = expectOk(
      await t.post(
        '/biz/consult/appointment/page',
        { current: 1, size: 10 },
        { token: betaAdmin, tenantId: t.beta.tenantId },
      ),
    );
    expect(page.total).toBe(0);
    const slot = await t.post(
      BOOK,
      { slotId: a.slotId, type: 2 },
      { token: betaAdmin, tenantId: t.beta.tenantId },
    );
    expect(slot.status).toBe(400);
    expect(slot.body.data.reason).toBe('slotUnavailable');
  });
});

describe('time off [spec:S1.4.1]', () => {
  const LEAVE = '/biz/consult/schedule/counsellorLeave';
  const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

  it('a counsellor’s own leave waits for a decision, showing its effect; approved, it ends their appointments (hostTakeLeave) and withdraws their slots', async () => {
    const a = expectOk(await book(await slotIn(3)));
    const free = await slotIn(4);
    const asked = expectOk(
      await t.post(
        `${LEAVE}/save`,
        { startTime: days(1), endTime: days(6), reason: 'conference' },
        { token: counsellor },
      ),
    );
    expect(asked).toMatchObject({ status: 'pending', affectedAppointments: 1, cancelledAppointments: 0 });
    expect(asked.affectedSlots).toBeGreaterThanOrEqual(2);
    // Nothing changed yet.
    expect(expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: student })).status).toBe(
      'appointment',
    );
    const pending = expectOk(await t.post(`${LEAVE}/list`, { status: 'pending' }, { token: admin }));
    expect(pending.map((l: { id: number }) => l.id)).toEqual([asked.id]);
    expect(
      (await t.post(`${LEAVE}/decide`, { id: asked.id, status: 'approved' }, { token: counsellor })).status,
    ).toBe(403);
    const approved = expectOk(
      await t.post(
        `${LEAVE}/decide`,
        { id: asked.id, status: 'approved', comment: 'cover found' },
        { token: admin },
      ),
    );
    expect(approved).toMatchObject({
      status: 'approved',
      cancelledAppointments: 1,
      comment: 'cover found',
      decidedByName: expect.any(String),
    });
    expect(approved.withdrawnSlots).toBeGreaterThanOrEqual(2);
    const d = expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: student }));
    expect(d).toMatchObject({ status: 'hostTakeLeave', interviewStatus: 5 });
    expect((await t.get(`/biz/consult/schedule/workForId/${free}`, { token: admin })).status).toBe(404);
    // Decided once: a second decision is refused.
    const again = await t.post(`${LEAVE}/decide`, { id: asked.id, status: 'rejected' }, { token: admin });
    expect(again.status).toBe(409);
    const mine = expectOk(await t.post(`${LEAVE}/list`, {}, { token: counsellor }));
    expect(mine[0]).toMatchObject({ id: asked.id, status: 'approved', cancelledAppointments: 1 });
  });

  it('a rejected or withdrawn leave changes nothing; only the counsellor withdraws it; staff record one that applies at once', async () => {
    const a = expectOk(await book(await slotIn(3)));
    const ask = async () =>
      expectOk(await t.post(`${LEAVE}/save`, { startTime: days(1), endTime: days(5) }, { token: counsellor }))
        .id;
    const rejectedId = await ask();
    expect(
      expectOk(
        await t.post(
          `${LEAVE}/decide`,
          { id: rejectedId, status: 'rejected', comment: 'exam week' },
          { token: admin },
        ),
      ),
    ).toMatchObject({ status: 'rejected', cancelledAppointments: 0, comment: 'exam week' });
    const withdrawnId = await ask();
    expect((await t.post(`${LEAVE}/withdraw`, { id: withdrawnId }, { token: admin })).status).toBe(403);
    expect((await t.post(`${LEAVE}/withdraw`, { id: withdrawnId }, { token: student })).status).toBe(404);
    expect(
      expectOk(await t.post(`${LEAVE}/withdraw`, { id: withdrawnId }, { token: counsellor })).status,
    ).toBe('withdrawn');
    expect(
      (await t.post(`${LEAVE}/decide`, { id: withdrawnId, status: 'approved' }, { token: admin })).status,
    ).toBe(409);
    expect(expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: student })).status).toBe(
      'appointment',
    );
    const recorded = expectOk(
      await t.post(`${LEAVE}/save`, { counsellorId, startTime: days(1), endTime: days(5) }, { token: admin }),
    );
    expect(recorded).toMatchObject({ status: 'approved', cancelledAppointments: 1 });
    const bad = await t.post(`${LEAVE}/decide`, { id: recorded.id, status: 'maybe' }, { token: admin });
    expect(bad.status).toBe(400);
  });

  it('a holiday cancels its appointments and withdraws its slots', async () => {
    const a = expectOk(await book(await slotIn(3)));
    const day = dayFromToday(3);
    const h = expectOk(
      await t.post(
        '/biz/consult/schedule/holiday/save',
        { name: 'Sports day', startDate: day, endDate: day },
        { token: admin },
      ),
    );
    expect(h).toMatchObject({ cancelledAppointments: 1, withdrawnSlots: 1 });
    const d = expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: student }));
    expect(d).toMatchObject({ status: 'cancel', interviewStatus: 5, cancelReason: 'Sports day' });
  });
});
