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
} from '../../test/scheduling-fixtures';
import { createWaitlistJob } from './index';

let t: TestContext;
let admin: string;
let clerk: string;
let clerkId: number;
let counsellor: string;
let student: string;
let second: string;
let third: string;
let siteId: number;
let counsellorId: number;
let studentId: number;
let secondId: number;
let thirdId: number;

const slotIn = async (days: number, time: [string, string] = ['09:00', '10:00']) =>
  (
    await addSlots(t, admin, { counsellorId, siteId, category: 2, date: dayFromToday(days), times: [time] })
  )[0]!;
const book = async (slotId: number, token = student) =>
  expectOk(await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token }), 'book');
const leave = (id: number, token = student) =>
  t.post('/biz/consult/leave/userLeave', { id, reason: 'exam week' }, { token });
const decide = (id: number, status: 2 | 3, token: string, path = 'leave/updateAudit') =>
  t.post(`/biz/consult/mine/${path}`, { id, status, comment: 'ok' }, { token });
const status = async (id: number) =>
  expectOk(await t.get(`/biz/consult/appointment/detail?id=${id}`, { token: admin })).status;
const leaveApprovals = async (mode: 1 | 2 | 3, approverIds: number[]) =>
  expectOk(
    await t.post(
      '/biz/consult/schedule/policy',
      { approvals: { '2': { required: true, mode, approverIds } } },
      { token: admin },
    ),
  );

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  // The second approver holds consult_approve through the appointment clerk's role, as approvers must.
  clerkId = await makeUser(t, t.alpha, 'clerk', 'Alpha Clerk', ['ROLE_APPOINTMENT']);
  clerk = await t.tokenFor('clerk');
  counsellor = await t.tokenFor('counsellor');
  student = await t.tokenFor('student');
  secondId = await makeUser(t, t.alpha, 'second', 'Second Student', ['ROLE_GENERAL'], { dept: 'Class 2024' });
  thirdId = await makeUser(t, t.alpha, 'third', 'Third Student', ['ROLE_GENERAL'], { dept: 'Class 2024' });
  second = await t.tokenFor('second');
  third = await t.tokenFor('third');
  siteId = (await createSite(t, admin, 'Centre', ['Room 1'])).id;
  counsellorId = t.alpha.userIds.counsellor!;
  studentId = t.alpha.userIds.student!;
}, 180_000);
afterAll(() => t?.close());

beforeEach(async () => {
  for (const table of [
    'waitlist_offer',
    'waitlist_entry',
    'approval_request',
    'appointment',
    'schedule_slot',
    'scheduling_policy',
  ]) {
    await t.database.db.execute(sql.raw(`delete from ${table}`));
  }
});

describe('approvals in the three audit modes [spec:S1.4.5] [spec:S1.9.3]', () => {
  const adminId = () => t.alpha.userIds.admin!;

  it('mode 1 sequential: the second approver waits for the first; the leave takes effect when all approved', async () => {
    await leaveApprovals(1, [adminId(), clerkId]);
    const a = await book(await slotIn(3));
    const asked = expectOk(await leave(a.id));
    expect(asked).toMatchObject({ status: 'appointment', approvalId: expect.any(Number) });
    const id = asked.approvalId;
    const early = await decide(id, 2, clerk);
    expect(early.status).toBe(403);
    const mine = expectOk(
      await t.post('/biz/consult/mine/approve', { current: 1, size: 10 }, { token: clerk }),
    );
    expect(mine.total).toBe(0);
    const one = expectOk(await decide(id, 2, admin));
    expect(one.status).toBe(1);
    expect(await status(a.id)).toBe('appointment');
    const listed = expectOk(
      await t.post('/biz/consult/mine/approve', { current: 1, size: 10 }, { token: clerk }),
    );
    expect(listed.records.map((r: { id: number; canDecide: boolean }) => [r.id, r.canDecide])).toEqual([
      [id, true],
    ]);
    const two = expectOk(await decide(id, 2, clerk));
    expect(two).toMatchObject({ status: 2, steps: [{ status: 2 }, { status: 2 }] });
    expect(await status(a.id)).toBe('userTakeLeave');
    const [m] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from message where user_id = ${studentId} and title = '审批结果'`,
    );
    expect(m!.n).toBe(1);
  });

  it('mode 2 all must agree: either order; one rejection rejects and the appointment stays', async () => {
    await leaveApprovals(2, [adminId(), clerkId]);
    const a = await book(await slotIn(3));
    const id = expectOk(await leave(a.id)).approvalId;
    expect(expectOk(await decide(id, 2, clerk)).status).toBe(1);
    const rejected = expectOk(await decide(id, 3, admin));
    expect(rejected.status).toBe(3);
    expect(await status(a.id)).toBe('appointment');
    // Decided: nobody can decide it again.
    expect((await decide(id, 2, admin)).status).toBe(409);
  });

  it('mode 3 any one decides: the first decision is final, the other step is skipped', async () => {
    await leaveApprovals(3, [adminId(), clerkId]);
    const a = await book(await slotIn(3));
    const id = expectOk(await leave(a.id)).approvalId;
    const r = expectOk(await decide(id, 2, clerk));
    expect(r).toMatchObject({ status: 2, steps: [{ status: 0 }, { status: 2 }] });
    expect(await status(a.id)).toBe('userTakeLeave');
  });

  it("lists the approver's own decisions with the comment, newest first; others' and pending steps stay out [spec:S1.4.5]", async () => {
    await leaveApprovals(1, [adminId(), clerkId]);
    const first = await book(await slotIn(3));
    const other = await book(await slotIn(4), second);
    const one = expectOk(await leave(first.id)).approvalId;
    const two = expectOk(await leave(other.id, second)).approvalId;
    expectOk(await decide(one, 2, admin));
    expectOk(
      await t.post(
        '/biz/consult/mine/leave/updateAudit',
        { id: two, status: 3, comment: 'exam' },
        { token: admin },
      ),
    );
    const history = (token: string) =>
      t.post('/biz/consult/mine/approve/decided', { current: 1, size: 10 }, { token });
    const mine = expectOk(await history(admin));
    expect(mine.total).toBe(2);
    expect(mine.records.map((r: { id: number }) => r.id)).toEqual([two, one]);
    expect(mine.records[0]).toMatchObject({ status: 3, myDecision: { status: 3, comment: 'exam' } });
    // The first request still waits for the clerk: my step is decided, the request is not.
    expect(mine.records[1]).toMatchObject({ status: 1, myDecision: { status: 2, comment: 'ok' } });
    expect(expectOk(await history(clerk)).total).toBe(0);
    expect(expectOk(await history(student)).total).toBe(0);
    const bad = await t.post(
      '/biz/consult/mine/approve/decided',
      { current: 1, size: 10, option: 5 },
      { token: admin },
    );
    expect(bad.status).toBe(400);
  });

  it('records who decided a request open to any approver, so it shows in their history', async () => {
    await leaveApprovals(3, []);
    const a = await book(await slotIn(3));
    const id = expectOk(await leave(a.id)).approvalId;
    const r = expectOk(await decide(id, 2, admin));
    expect(r).toMatchObject({
      status: 2,
      steps: [{ seq: 1, approverId: adminId(), status: 2, comment: 'ok' }],
    });
    const mine = expectOk(
      await t.post('/biz/consult/mine/approve/decided', { current: 1, size: 10 }, { token: admin }),
    );
    expect(mine.records.map((x: { id: number }) => x.id)).toEqual([id]);
  });

  it('lets the counsellor ask for an extension lock (7) on their own session and an approver decide it; a student may not [spec:S1.9.3]', async () => {
    const a = await book(await slotIn(3));
    const raise = (token: string, body: Record<string, unknown>) =>
      t.post('/biz/consult/inner/approve/consultation', body, { token });
    const refused = await raise(student, { option: 7, appointmentId: a.id, extraDays: 5, reason: 'late' });
    expect(refused.status).toBe(403);
    const missing = await raise(counsellor, { option: 7, appointmentId: a.id, reason: 'late' });
    expect(missing.status).toBe(400);
    const req = expectOk(
      await raise(counsellor, { option: 7, appointmentId: a.id, extraDays: 5, reason: 'supervision first' }),
    );
    expect(req).toMatchObject({ option: 7, status: 1, extraDays: 5, appointmentId: a.id });
    const pending = expectOk(
      await t.post('/biz/consult/mine/approve', { current: 1, size: 10, option: 7 }, { token: admin }),
    );
    expect(pending.records.map((r: { id: number }) => r.id)).toEqual([req.id]);
    expect(expectOk(await decide(req.id, 2, admin, 'updateAudit')).status).toBe(2);
  });

  it('judges the leave when asked, not when approved: asked before the deadline, it is a plain leave', async () => {
    await leaveApprovals(3, [adminId()]);
    const a = await book(await slotIn(3));
    const id = expectOk(await leave(a.id)).approvalId;
    const req = expectOk(await t.get(`/biz/consult/mine/getAudit?id=${id}`, { token: student }));
    expect(req).toMatchObject({ option: 2, countsAsNoShow: false, canDecide: false });
    expectOk(await decide(id, 2, admin));
    const d = expectOk(await t.get(`/biz/consult/mine/detail?id=${a.id}`, { token: student }));
    expect(d).toMatchObject({ status: 'userTakeLeave', countsAsNoShow: false });
  });

  it('lets the requester withdraw a pending request (audit status 0); nobody else may', async () => {
    await leaveApprovals(3, [adminId()]);
    const a = await book(await slotIn(3));
    const id = expectOk(await leave(a.id)).approvalId;
    expect(
      (await t.post('/biz/consult/approve/quashMyApproveStatus', { id }, { token: second })).status,
    ).toBe(404);
    const w = expectOk(await t.post('/biz/consult/approve/quashMyApproveStatus', { id }, { token: student }));
    expect(w.status).toBe(0);
    expect((await decide(id, 2, admin)).status).toBe(409);
    // The appointment stands, and a new request may be asked.
    expect(await status(a.id)).toBe('appointment');
    expect(expectOk(await leave(a.id)).approvalId).not.toBe(id);
  });

  it('refuses a second pending request for the same appointment (409 pendingApproval)', async () => {
    await leaveApprovals(3, [adminId()]);
    const a = await book(await slotIn(3));
    expectOk(await leave(a.id));
    const again = await leave(a.id);
    expect(again.status).toBe(409);
    expect(again.body.data.reason).toBe('pendingApproval');
  });

  it('confirms bookings while the school requires it (zxyyms.bookingCheckEnable); a rejection frees the slot', async () => {
    expectOk(
      await t.post(
        '/biz/public/setting/manage',
        { type: 'zxyyms', enable: true, value: { bookingCheckEnable: true, assessMode: 0 } },
        { token: admin },
      ),
    );
    try {
      const slotId = await slotIn(3);
      const a = await book(slotId);
      expect(a.awaitingApproval).toBe(true);
      const pending = expectOk(
        await t.get(`/biz/consult/mine/isExamineAndApprove/${a.id}`, { token: admin }),
      );
      expect(pending).toMatchObject({ canDecide: true, pending: { option: 1 } });
      expectOk(await decide(pending.pending.id, 3, admin, 'updateAudit'));
      expect(await status(a.id)).toBe('cancel');
      expect(
        expectOk(await t.get(`/biz/consult/schedule/workForId/${slotId}`, { token: admin })).status,
      ).toBe(10);
    } finally {
      await t.post(
        '/biz/public/setting/manage',
        { type: 'zxyyms', enable: false, value: {} },
        { token: admin },
      );
    }
  });

  it('refuses a leave request through the other decision call, and a decision by a student', async () => {
    await leaveApprovals(3, []);
    const a = await book(await slotIn(3));
    const id = expectOk(await leave(a.id)).approvalId;
    expect((await decide(id, 2, admin, 'updateAudit')).status).toBe(400);
    expect((await decide(id, 2, second)).status).toBe(404);
    // No named approvers: any holder of consult_approve decides.
    expect(expectOk(await decide(id, 2, admin)).status).toBe(2);
    void counsellor;
  });
});

describe('the waiting list promotes visitors fairly [spec:S1.9.1] [spec:S1.9.5]', () => {
  it('offers a freed slot to the first in line, holds it for them, and books it when claimed', async () => {
    const slotId = await slotIn(3);
    const a = await book(slotId);
    // Two visitors join, second first.
    const e2 = expectOk(await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: second }));
    expect(e2).toMatchObject({ status: 'waiting', source: 5, position: 1 });
    const e3 = expectOk(await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: third }));
    expect(e3.position).toBe(2);
    expect(
      (await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: second })).body.data.reason,
    ).toBe('waitlistExists');

    expectOk(await t.post('/biz/consult/consultations/appointment/cancel', { id: a.id }, { token: student }));
    const mine = expectOk(
      await t.post('/biz/consult/mine/WaitReserveList', { current: 1, size: 10 }, { token: second }),
    );
    const offer = mine.records[0].offers[0];
    expect(mine.records[0].status).toBe('offered');
    expect(offer).toMatchObject({ slotId, status: 'open' });
    expect(Date.parse(offer.expiresAt)).toBeGreaterThan(Date.now());
    const [m] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from message where user_id = ${secondId} and title = '候补名额'`,
    );
    expect(m!.n).toBe(1);

    // Held for the offered visitor: the next in line cannot take it.
    const taken = await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token: third });
    expect(taken.status).toBe(409);
    expect(taken.body.data.reason).toBe('offeredToOther');

    const claimed = expectOk(
      await t.post('/biz/consult/waitlist/claim', { offerId: offer.id }, { token: second }),
    );
    expect(claimed).toMatchObject({ visitorId: secondId, slotId, source: 5 });
    const after = expectOk(
      await t.post('/biz/consult/waitlist/page', { current: 1, size: 10 }, { token: admin }),
    );
    expect(after.records.map((r: { visitorId: number; status: string }) => [r.visitorId, r.status])).toEqual([
      [secondId, 'booked'],
      [thirdId, 'waiting'],
    ]);
  });

  it('moves an expired offer on to the next in line (the expiry job), and a declined one too', async () => {
    const slotId = await slotIn(3);
    const a = await book(slotId);
    expectOk(await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: second }));
    expectOk(await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: third }));
    expectOk(await t.post('/biz/consult/consultations/appointment/cancel', { id: a.id }, { token: student }));
    const [open] = await query<{ id: number }>(t, sql`select id from waitlist_offer where status = 'open'`);
    await t.database.db.execute(
      sql`update waitlist_offer set expires_at = now() - interval '1 second' where id = ${open!.id}`,
    );
    const job = createWaitlistJob({ database: t.database, jobs: t.app.jobs });
    const r = await job(
      {
        id: 0,
        tenantId: t.alpha.tenantId,
        queue: 'appointments.waitlist',
        payload: { offerId: Number(open!.id) },
        attempts: 1,
        maxAttempts: 5,
      },
      { signal: new AbortController().signal, isCancelled: async () => false },
    );
    expect(r).toMatchObject({ expired: true });
    const offers = await query<{ visitor_id: number; status: string }>(
      t,
      sql`select visitor_id, status from waitlist_offer order by id`,
    );
    expect(offers.map((o) => [Number(o.visitor_id), o.status])).toEqual([
      [secondId, 'expired'],
      [thirdId, 'open'],
    ]);
    // Running the job again for the expired offer does nothing more.
    const again = await job(
      {
        id: 0,
        tenantId: t.alpha.tenantId,
        queue: 'appointments.waitlist',
        payload: { offerId: Number(open!.id) },
        attempts: 2,
        maxAttempts: 5,
      },
      { signal: new AbortController().signal, isCancelled: async () => false },
    );
    expect(again).toEqual({ expired: false });

    const [third_offer] = await query<{ id: number }>(
      t,
      sql`select id from waitlist_offer where status = 'open'`,
    );
    const declined = expectOk(
      await t.post('/biz/consult/waitlist/decline', { offerId: Number(third_offer!.id) }, { token: third }),
    );
    // Declining keeps the visitor's place in the queue.
    expect(declined.status).toBe('waiting');
    const trail = await query<{ status: string }>(t, sql`select status from waitlist_offer order by id`);
    expect(trail.map((o) => o.status)).toEqual(['expired', 'declined']);
    // Nobody else is waiting who was not offered it: the slot is open to everyone.
    expect(
      (await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token: student })).status,
    ).toBe(200);
  });

  it('passes over a waiting visitor who is blocked by no-shows', async () => {
    const slotId = await slotIn(3);
    const a = await book(slotId);
    expectOk(await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: second }));
    expectOk(await t.post('/biz/consult/waitlist/join', { category: 2 }, { token: third }));
    const policy = expectOk(
      await t.post('/biz/consult/schedule/policy', { noShowLimitPerTerm: 1 }, { token: admin }),
    );
    expect(policy.policy.noShowLimitPerTerm).toBe(1);
    // The second student has a no-show this term.
    const past = (
      await addSlots(t, admin, {
        counsellorId: t.alpha.userIds.teacher!,
        siteId,
        category: 2,
        date: dayFromToday(2),
        times: [['15:00', '16:00']],
      })
    )[0]!;
    const b = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId: past, type: 2, visitorId: secondId },
        { token: admin },
      ),
    );
    await begun(t, b.id);
    expectOk(
      await t.post(
        '/biz/consult/appointment/action',
        { id: b.id, action: 'visitorNoShow' },
        { token: admin },
      ),
    );
    expectOk(await t.post('/biz/consult/consultations/appointment/cancel', { id: a.id }, { token: student }));
    const [offer] = await query<{ visitor_id: number }>(
      t,
      sql`select visitor_id from waitlist_offer where status = 'open'`,
    );
    expect(Number(offer!.visitor_id)).toBe(thirdId);
  });
});
