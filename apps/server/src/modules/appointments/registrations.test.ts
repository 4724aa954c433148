import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  addSlots,
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
let interviewerId: number;
let interviewer: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  counsellor = await t.tokenFor('counsellor');
  student = await t.tokenFor('student');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  await makeUser(t, t.alpha, 'other', 'Other Student', ['ROLE_GENERAL'], { dept: 'Class 2024' });
  other = await t.tokenFor('other');
  interviewerId = await makeUser(t, t.alpha, 'iv', 'Ivy Interviewer', ['ROLE_INTERVIEWER']);
  interviewer = await t.tokenFor('iv');
  siteId = (await createSite(t, admin, 'Centre', ['Room 1', 'Room 2'])).id;
  counsellorId = t.alpha.userIds.counsellor!;
  studentId = t.alpha.userIds.student!;
  expectOk(await t.post('/biz/consult/schedule/policy', { maxUpcomingPerVisitor: 10 }, { token: admin }));
}, 180_000);
afterAll(() => t?.close());

describe('registration with the willingness form [spec:S1.3.4] [spec:S1.5.7] [spec:S1.7.16]', () => {
  it('registers a student with their willingness answers; registering again updates the term’s one', async () => {
    const r = expectOk(
      await t.post(
        '/biz/consult/register/visitorRegister',
        { oneConsultWishes: 2, teamConsultWishes: 1, note: 'sleep' },
        { token: student },
      ),
    );
    expect(r).toMatchObject({
      visitorId: studentId,
      kind: 'individual',
      oneConsultWishes: 2,
      teamConsultWishes: 1,
      status: 'ready',
      source: 12,
      isRepeat: false,
    });
    const again = expectOk(
      await t.post(
        '/biz/consult/register/visitorRegister',
        { oneConsultWishes: 1, teamConsultWishes: 2 },
        { token: student },
      ),
    );
    expect(again.id).toBe(r.id);
    expect(again.oneConsultWishes).toBe(1);
    expect(expectOk(await t.get('/biz/consult/register/lately', { token: student })).id).toBe(r.id);
    expect(expectOk(await t.get('/biz/consult/register/syncRegister', { token: student })).id).toBe(r.id);
  });

  it("refuses a missing willingness answer with '{label} must be filled' on its field", async () => {
    const res = await t.post(
      '/biz/consult/register/visitorRegister',
      { teamConsultWishes: 1 },
      { token: student },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0]).toEqual({
      field: 'oneConsultWishes',
      message: '请填写 oneConsultWishes',
    });
    const bad = await t.post(
      '/biz/consult/register/visitorRegister',
      { oneConsultWishes: 4, teamConsultWishes: 1 },
      { token: student },
    );
    expect(bad.body.data.fields[0].field).toBe('oneConsultWishes');
  });

  it('lets a clerk register for a visitor, and a student only for themselves', async () => {
    const r = expectOk(
      await t.post(
        '/biz/consult/register/visitorRegister',
        { visitorId: studentId, oneConsultWishes: 1, teamConsultWishes: 2 },
        { token: admin },
      ),
    );
    expect(r.visitorId).toBe(studentId);
    const refused = await t.post(
      '/biz/consult/register/visitorRegister',
      { visitorId: studentId, oneConsultWishes: 1, teamConsultWishes: 2 },
      { token: other },
    );
    expect(refused.status).toBe(403);
    expect(
      (await t.get(`/biz/consult/register/visitorRegisterInfo?userId=${studentId}`, { token: other })).status,
    ).toBe(403);
    expect(
      expectOk(await t.get(`/biz/consult/register/visitorRegisterInfo?userId=${studentId}`, { token: admin }))
        .length,
    ).toBe(1);
  });

  it('asks for the intake form answer while the school binds one', async () => {
    const [form] = await query<{ id: number }>(
      t,
      sql`select id from form where tenant_id = ${t.alpha.tenantId} limit 1`,
    );
    await t.database.db.execute(sql`update form set purpose = 'intake' where id = ${form!.id}`);
    await t.database.db.execute(sql`insert into smart_form_setting (tenant_id, code, form_id, enabled)
      values (${t.alpha.tenantId}, 'intake', ${form!.id}, true)
      on conflict (tenant_id, code) do update set form_id = excluded.form_id, enabled = true`);
    try {
      const res = await t.post(
        '/biz/consult/register/visitorRegister',
        { oneConsultWishes: 1, teamConsultWishes: 2 },
        { token: other },
      );
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toBe('formAnswerId');
      const wrong = await t.post(
        '/biz/consult/register/visitorRegister',
        { oneConsultWishes: 1, teamConsultWishes: 2, formAnswerId: 999999 },
        { token: other },
      );
      expect(wrong.body.data.fields[0].field).toBe('formAnswerId');
    } finally {
      await t.database.db.execute(sql`update smart_form_setting set enabled = false where code = 'intake'`);
    }
  });

  it('registers for group counselling and says whether groups take registrations', async () => {
    const r = expectOk(
      await t.post('/biz/consult/register/teamRegister', { note: 'social anxiety' }, { token: other }),
    );
    expect(r).toMatchObject({ kind: 'team', teamConsultWishes: 1 });
    expect(expectOk(await t.get('/biz/consult/register/latelyTeamRegister', { token: other })).id).toBe(r.id);
    expect(expectOk(await t.get('/biz/consult/teamRegistration/checkGroup', { token: other }))).toEqual({
      open: true,
      registered: true,
    });
  });

  it('answers the sessions left this term', async () => {
    expect(
      expectOk(await t.get('/biz/consult/register/getCanInterviewCount', { token: student })),
    ).toMatchObject({ count: 6, allowed: 6, used: 0 });
  });
});

describe('visitor selection for booking on behalf [spec:S1.3.3] [spec:S1.7.14]', () => {
  it('lists visitors with their consultation count and last date; staff only', async () => {
    const slotId = (await addSlots(t, admin, { counsellorId, siteId, ...soon(90) }))[0]!;
    const a = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId },
        { token: admin },
      ),
    );
    expectOk(
      await t.post('/biz/consult/appointment/action', { id: a.id, action: 'start' }, { token: counsellor }),
    );
    expectOk(
      await t.post('/biz/consult/appointment/action', { id: a.id, action: 'end' }, { token: counsellor }),
    );
    const page = expectOk(
      await t.get('/biz/consult/register/userForAppoint?keyword=Alpha%20Student', { token: admin }),
    );
    expect(page.records[0]).toMatchObject({
      visitorId: studentId,
      visitorName: 'Alpha Student',
      userName: 'student',
      count: 1,
    });
    expect(page.records[0].lastDate).toBe(a.startTime);
    expect((await t.get('/biz/consult/register/userForAppoint', { token: student })).status).toBe(403);
    // Registering now is a repeat visit.
    await t.database.db.execute(sql`delete from visitor_registration where visitor_id = ${studentId}`);
    const r = expectOk(
      await t.post(
        '/biz/consult/register/visitorRegister',
        { oneConsultWishes: 1, teamConsultWishes: 2 },
        { token: student },
      ),
    );
    expect(r.isRepeat).toBe(true);
  });
});

describe('first interview, assessment and telephone assessment [spec:S1.7.17] [spec:S1.7.18]', () => {
  it('books the first interview of a registration waiting for it (zxyyms assessMode 15) [spec:S1.4.9]', async () => {
    expectOk(
      await t.post(
        '/biz/public/setting/manage',
        { type: 'zxyyms', enable: true, value: { assessMode: 15 } },
        { token: admin },
      ),
    );
    try {
      const reg = expectOk(
        await t.post(
          '/biz/consult/register/visitorRegister',
          { oneConsultWishes: 1, teamConsultWishes: 2 },
          { token: other },
        ),
      );
      expect(reg.status).toBe('assessing');
      const queue = expectOk(
        await t.get('/biz/consult/inner/register/forAssessment?status=assessing', { token: admin }),
      );
      expect(queue.records.map((r: { id: number }) => r.id)).toContain(reg.id);
      const slotId = (
        await addSlots(t, admin, {
          counsellorId: interviewerId,
          siteId,
          category: 15,
          date: dayFromToday(2),
          times: [['10:00', '11:00']],
        })
      )[0]!;
      const a = expectOk(
        await t.post(
          '/biz/consult/inner/register/forAssessment/firstInterview',
          { registrationId: reg.id, slotId },
          { token: admin },
        ),
      );
      expect(a).toMatchObject({ type: 15, source: 9, registrationId: reg.id, counsellorId: interviewerId });
      const list = expectOk(
        await t.post(
          '/biz/consult/mine/firstInterviewList',
          { current: 1, size: 10 },
          { token: interviewer },
        ),
      );
      expect(list.records.map((r: { id: number }) => r.id)).toEqual([a.id]);
      const cancelled = await t.post(
        '/biz/consult/inner/first/appointment/cancel',
        { id: a.id },
        { token: interviewer },
      );
      expect(cancelled.body.data).toMatchObject({ status: 'cancel', interviewStatus: 5 });
    } finally {
      await t.post(
        '/biz/public/setting/manage',
        { type: 'zxyyms', enable: false, value: {} },
        { token: admin },
      );
    }
  });

  it('books an assessment (17) and, after it, makes the registration ready for counselling (source 2)', async () => {
    const slotId = (await addSlots(t, admin, { counsellorId, siteId, category: 17, ...soon(150) }))[0]!;
    const a = expectOk(
      await t.post(
        '/biz/consult/assessments/subscribe',
        { slotId, type: 17, visitorId: studentId },
        { token: admin },
      ),
    );
    expect(a).toMatchObject({ type: 17, source: 1 });
    expectOk(
      await t.post(
        '/biz/consult/assessments/assessmentAction',
        { id: a.id, action: 'start' },
        { token: counsellor },
      ),
    );
    expectOk(
      await t.post(
        '/biz/consult/assessments/assessmentAction',
        { id: a.id, action: 'end' },
        { token: counsellor },
      ),
    );
    const reg = expectOk(await t.get(`/biz/consult/assessments/toConsult?id=${a.id}`, { token: counsellor }));
    expect(reg).toMatchObject({ status: 'ready', source: 2, visitorId: studentId });
    // The assessment call refuses an appointment of another group.
    const wrong = await t.post(
      '/biz/consult/manned/assessmentAction',
      { id: a.id, action: 'arrive' },
      { token: admin },
    );
    expect(wrong.body.data.reason).toBe('wrongGroup');
  });

  it('books a telephone assessment (13) within a telephone duty; the duty shows it (S1.4.4 duty status)', async () => {
    expectOk(
      await t.post(
        '/biz/public/setting/manage',
        { type: 'zxyyms', enable: true, value: { assessMode: 13 } },
        { token: admin },
      ),
    );
    try {
      const day = dayFromToday(2);
      const [dutyId] = await addSlots(t, admin, {
        counsellorId,
        siteId,
        kind: 'telephone',
        date: day,
        times: [['14:00', '17:00']],
      });
      const duty = expectOk(
        await t.post(
          '/biz/consult/schedule/telephoneWorkList',
          { startDate: day, endDate: day },
          { token: admin },
        ),
      );
      expect(duty[0]).toMatchObject({ id: dutyId, kind: 'telephone', dutyStatus: 'ok', category: 13 });
      const pre = expectOk(await t.post('/biz/consult/telephone/visitor/preCheck', {}, { token: other }));
      expect(pre.enabledTypes).toContain(13);
      const startTime = new Date(`${day}T14:30:00+08:00`).toISOString();
      const a = expectOk(
        await t.post(
          '/biz/consult/telephone/visitor/appointment',
          { dutyId, startTime, minutes: 30 },
          { token: other },
        ),
      );
      expect(a).toMatchObject({ type: 13, mode: 3, source: 8, counsellorId });
      expect(
        expectOk(await t.get(`/biz/consult/schedule/workForId/${dutyId}`, { token: admin })).dutyStatus,
      ).toBe('appointment');
      // The counsellor cannot take two calls at once.
      const clash = await t.post(
        '/biz/consult/telephone/visitor/appointment',
        { dutyId, startTime, minutes: 30, visitorId: studentId },
        { token: admin },
      );
      expect(clash.status).toBe(409);
      expect(clash.body.data.reason).toBe('counsellorBusy');
      // Outside the duty: refused.
      const outside = await t.post(
        '/biz/consult/telephone/visitor/appointment',
        { dutyId, startTime: new Date(`${day}T18:00:00+08:00`).toISOString() },
        { token: student },
      );
      expect(outside.body.data.reason).toBe('noDuty');
      const records = expectOk(
        await t.post('/biz/consult/telephone/visitor/recordList', { current: 1, size: 10 }, { token: other }),
      );
      expect(records.total).toBe(1);
      const onDuty = expectOk(
        await t.post(
          '/biz/consult/workforce/schedule/freeUser/fromTelephone',
          { at: startTime },
          { token: admin },
        ),
      );
      expect(onDuty.map((d: { id: number }) => d.id)).toEqual([counsellorId]);
      expectOk(await t.post('/biz/consult/telephone/visitor/cancel', { id: a.id }, { token: other }));
      expect(
        expectOk(await t.get(`/biz/consult/schedule/workForId/${dutyId}`, { token: admin })).dutyStatus,
      ).toBe('ok');
    } finally {
      await t.post(
        '/biz/public/setting/manage',
        { type: 'zxyyms', enable: false, value: {} },
        { token: admin },
      );
    }
  });
});

describe('maintenance: delete and restore appointments [spec:S1.7.19]', () => {
  it('deletes a booking (freeing its slot), lists it as deleted and restores it while its slot is free', async () => {
    const slotId = (
      await addSlots(t, admin, { counsellorId, siteId, date: dayFromToday(6), times: [['15:00', '16:00']] })
    )[0]!;
    const a = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId },
        { token: admin },
      ),
    );
    expect(
      expectOk(await t.get(`/biz/consult/register/deleteAppoint/preCheck?id=${a.id}`, { token: admin })),
    ).toEqual({ deletable: true, reason: null });
    expect(
      (await t.post('/biz/consult/register/deleteAppoint/delete', { ids: [a.id] }, { token: counsellor }))
        .status,
    ).toBe(403);
    expect(
      expectOk(await t.post('/biz/consult/register/deleteAppoint/delete', { ids: [a.id] }, { token: admin })),
    ).toEqual({ deleted: 1 });
    expect(expectOk(await t.get(`/biz/consult/schedule/workForId/${slotId}`, { token: admin })).status).toBe(
      10,
    );
    const deleted = expectOk(
      await t.post('/biz/consult/register/searchDeleteAppoint', { current: 1, size: 10 }, { token: admin }),
    );
    expect(deleted.records.map((r: { id: number }) => r.id)).toContain(a.id);
    const restored = expectOk(
      await t.get(`/biz/consult/register/deleteAppoint/restore?id=${a.id}`, { token: admin }),
    );
    expect(restored.status).toBe('appointment');
    expect(expectOk(await t.get(`/biz/consult/schedule/workForId/${slotId}`, { token: admin })).status).toBe(
      2,
    );
    // Deleted again and the slot taken meanwhile: restoring is refused.
    expectOk(await t.post('/biz/consult/register/deleteAppoint/delete', { ids: [a.id] }, { token: admin }));
    expectOk(await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token: other }));
    const refused = await t.get(`/biz/consult/register/deleteAppoint/restore?id=${a.id}`, { token: admin });
    expect(refused.status).toBe(409);
  });

  it('refuses deleting a session in progress, and takes registrations off the queue', async () => {
    const slotId = (await addSlots(t, admin, { counsellorId, siteId, ...soon(200) }))[0]!;
    const a = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId },
        { token: admin },
      ),
    );
    expectOk(
      await t.post('/biz/consult/appointment/action', { id: a.id, action: 'start' }, { token: counsellor }),
    );
    expect(
      expectOk(await t.get(`/biz/consult/register/deleteAppoint/preCheck?id=${a.id}`, { token: admin }))
        .deletable,
    ).toBe(false);
    expect(
      (await t.post('/biz/consult/register/deleteAppoint/delete', { ids: [a.id] }, { token: admin })).status,
    ).toBe(400);
    const reg = expectOk(
      await t.post(
        '/biz/consult/register/visitorRegister',
        { oneConsultWishes: 3, teamConsultWishes: 2 },
        { token: other },
      ),
    );
    expect(
      expectOk(await t.get(`/biz/consult/register/delForAssessment?id=${reg.id}`, { token: admin })),
    ).toEqual({ deleted: 1 });
    expect(
      (await t.post('/biz/consult/register/delForAssessment/batch', { ids: [] }, { token: admin })).body.data
        .fields[0].message,
    ).toBe('请勾选要删除的数据');
  });
});

describe('pending counts, statistics, video records [spec:S1.7.24] [spec:S1.7.26]', () => {
  it('records a video consultation when an online appointment starts, and lists it', async () => {
    const slotId = (await addSlots(t, admin, { counsellorId, siteId, ...soon(260) }))[0]!;
    const a = expectOk(
      await t.post(
        '/biz/consult/appointment/book',
        { slotId, type: 2, visitorId: studentId, mode: 2 },
        { token: admin },
      ),
    );
    const upcoming = expectOk(
      await t.post('/biz/consult/video/reserveVideoPage', { current: 1, size: 10 }, { token: counsellor }),
    );
    expect(upcoming.records.map((r: { id: number }) => r.id)).toContain(a.id);
    expectOk(
      await t.post('/biz/consult/appointment/action', { id: a.id, action: 'start' }, { token: counsellor }),
    );
    const page = expectOk(
      await t.post('/biz/consult/video/page', { current: 1, size: 10 }, { token: counsellor }),
    );
    expect(page.records[0]).toMatchObject({ appointmentId: a.id, endedAt: null });
    expect(
      (await t.get(`/biz/consult/video/delVideoRecord/${page.records[0].id}`, { token: student })).status,
    ).toBe(404);
    expect(
      expectOk(await t.get(`/biz/consult/video/delVideoRecord/${page.records[0].id}`, { token: counsellor })),
    ).toEqual({ deleted: 1 });
  });

  it('answers a counsellor their own video sessions only, masked as the other lists; a student is refused; another school sees none [spec:S1.7.24]', async () => {
    const secondId = await makeUser(t, t.alpha, 'second-c', 'Second Counsellor', ['ROLE_CONSULTANT']);
    const second = await t.tokenFor('second-c');
    await makeUser(t, t.beta, 'beta-c', 'Beta Counsellor', ['ROLE_CONSULTANT']);
    const betaCounsellor = await t.tokenFor('beta-c', t.beta.tenantId);
    // Visitors of their own, so that the rules (sessions per term, upcoming) of the other tests' visitors
    // do not decide these bookings.
    const visitorA = await makeUser(t, t.alpha, 'video-a', 'Video Visitor', ['ROLE_GENERAL'], {
      dept: 'Class 2024',
      phone: '13900000077',
    });
    const visitorB = await makeUser(t, t.alpha, 'video-b', 'Video Other', ['ROLE_GENERAL'], {
      dept: 'Class 2024',
    });
    const day = dayFromToday(9);
    const bookOn = async (who: number, time: [string, string], mode: number, visitorId = visitorA) => {
      const [slotId] = await addSlots(t, admin, { counsellorId: who, siteId, date: day, times: [time] });
      return expectOk(
        await t.post('/biz/consult/appointment/book', { slotId, type: 2, visitorId, mode }, { token: admin }),
        'book',
      ) as { id: number };
    };
    const mineOnline = await bookOn(counsellorId, ['08:00', '08:50'], 2);
    const mineInPerson = await bookOn(counsellorId, ['09:00', '09:50'], 1);
    const theirs = await bookOn(secondId, ['10:00', '10:50'], 2, visitorB);
    const list = async (token: string, when: 'upcoming' | 'past', tenantId?: number) =>
      t.post('/biz/consult/mine/videoList', { current: 1, size: 50, when }, { token, tenantId });
    const ids = (page: { records: { appointment: { id: number } }[] }) =>
      page.records.map((r) => r.appointment.id);

    const upcoming = expectOk(await list(counsellor, 'upcoming'));
    expect(ids(upcoming)).toContain(mineOnline.id);
    expect(ids(upcoming)).not.toContain(mineInPerson.id);
    expect(ids(upcoming)).not.toContain(theirs.id);
    const row = upcoming.records.find(
      (r: { appointment: { id: number } }) => r.appointment.id === mineOnline.id,
    );
    expect(row).toMatchObject({ state: 'scheduled', video: null });
    expect(row.appointment).toMatchObject({ visitorName: 'Video Visitor', mode: 2, counsellorId });
    // The phone is masked exactly as in the counsellor's other lists.
    const profiles = expectOk(
      await t.post('/biz/consult/mine/profilesList', { current: 1, size: 50 }, { token: counsellor }),
    );
    const same = profiles.records.find((r: { id: number }) => r.id === mineOnline.id);
    expect(row.appointment.visitorPhone).toBe(same.visitorPhone);
    expect(row.appointment.visitorPhone).toMatch(/^139\*+0077$/);

    // Started: the call is on (a video record); ended: it is past, held, with its length.
    expectOk(
      await t.post(
        '/biz/consult/appointment/action',
        { id: mineOnline.id, action: 'start' },
        { token: counsellor },
      ),
    );
    const inCall = expectOk(await list(counsellor, 'upcoming'));
    const running = inCall.records.find(
      (r: { appointment: { id: number } }) => r.appointment.id === mineOnline.id,
    );
    expect(running).toMatchObject({ state: 'inCall', video: { endedAt: null } });
    expect(running.video.startedAt).toEqual(expect.any(String));
    expectOk(
      await t.post(
        '/biz/consult/appointment/action',
        { id: mineOnline.id, action: 'end' },
        { token: counsellor },
      ),
    );
    expect(ids(expectOk(await list(counsellor, 'upcoming')))).not.toContain(mineOnline.id);
    const past = expectOk(await list(counsellor, 'past'));
    const held = past.records.find(
      (r: { appointment: { id: number } }) => r.appointment.id === mineOnline.id,
    );
    expect(held).toMatchObject({ state: 'held', video: { endedAt: expect.any(String) } });

    // The other counsellor sees their own, not this one's.
    const theirList = expectOk(await list(second, 'upcoming'));
    expect(ids(theirList)).toEqual([theirs.id]);
    expect(ids(expectOk(await list(second, 'past')))).toEqual([]);

    // A student (here the visitor of these sessions) holds none: refused.
    expect((await list(await t.tokenFor('video-a'), 'upcoming')).status).toBe(403);
    expect((await list(student, 'upcoming')).status).toBe(403);
    // Another school's counsellor sees nothing of this school.
    const beta = expectOk(await list(betaCounsellor, 'upcoming', t.beta.tenantId));
    expect(beta.total).toBe(0);
    expect(expectOk(await list(betaCounsellor, 'past', t.beta.tenantId)).total).toBe(0);
    // A bad `when` is refused on its field.
    const bad = await t.post('/biz/consult/mine/videoList', { when: 'soon' }, { token: counsellor });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('when');
  });

  it('keeps another school out of registrations and lists', async () => {
    const r = await t.get(`/biz/consult/register/visitorRegisterInfo?userId=${studentId}`, {
      token: betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(r.status).toBe(400);
    const list = expectOk(
      await t.get('/biz/consult/inner/register/forAssessment', {
        token: betaAdmin,
        tenantId: t.beta.tenantId,
      }),
    );
    expect(list.total).toBe(0);
    const all = await t.get(`/biz/consult/consultations/findAllConsultByVisitorId?visitorId=${studentId}`, {
      token: betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(all.status).toBe(404);
  });

  it('refuses every call without a login (401)', async () => {
    for (const [method, url] of [
      ['POST', '/biz/consult/appointment/book'],
      ['GET', '/biz/consult/mine/detail?id=1'],
      ['POST', '/biz/consult/schedule/page'],
      ['POST', '/biz/consult/register/visitorRegister'],
    ] as const) {
      const res = await t.request(method, url, method === 'POST' ? {} : undefined);
      expect(res.status, url).toBe(401);
    }
  });
});
