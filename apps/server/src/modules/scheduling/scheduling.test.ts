import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { createTestContext, type TestContext } from '../../test/harness';
import { createLocalFileStorage } from '../../core/storage/file-storage';
import { createScheduleExportJob } from './index';
import {
  addSlots,
  createSite,
  dayFromToday,
  expectOk,
  makeUser,
  query,
} from '../../test/scheduling-fixtures';

let t: TestContext;
let admin: string;
let counsellor: string;
let student: string;
let betaAdmin: string;
let siteId: number;
let roomId: number;
let room2: number;
let counsellorId: number;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  counsellor = await t.tokenFor('counsellor');
  student = await t.tokenFor('student');
  betaAdmin = await t.tokenFor('admin', t.beta.tenantId);
  const site = await createSite(t, admin, 'Centre', ['Room 1', 'Room 2']);
  siteId = site.id;
  roomId = site.rooms[0]!.id;
  room2 = site.rooms[1]!.id;
  counsellorId = t.alpha.userIds.counsellor!;
}, 180_000);
afterAll(() => t?.close());

describe('duty schedules [spec:S1.7.11] [spec:S1.4.4]', () => {
  it('adds slots on a day in the school’s zone, as instants, bookable (status 1)', async () => {
    const day = dayFromToday(3);
    const ids = await addSlots(t, admin, {
      counsellorId,
      siteId,
      roomId,
      date: day,
      times: [
        ['09:00', '10:00'],
        ['10:00', '11:00'],
      ],
    });
    expect(ids).toHaveLength(2);
    const detail = expectOk(await t.get(`/biz/consult/schedule/workForId/${ids[0]}`, { token: admin }));
    expect(detail).toMatchObject({
      status: 1,
      kind: 'consult',
      category: 2,
      roomName: 'Room 1',
      counsellorName: 'Alpha Counsellor',
    });
    expect(detail.startTime).toBe(new Date(`${day}T09:00:00+08:00`).toISOString());
  });

  it('refuses a counsellor in two places at once, by the database (409 counsellorBusy), saving nothing', async () => {
    const day = dayFromToday(4);
    await addSlots(t, admin, { counsellorId, siteId, date: day, times: [['09:00', '10:00']] });
    const res = await t.post(
      '/biz/consult/schedule/save',
      {
        counsellorId,
        siteId,
        category: 2,
        slots: [
          { date: day, startTime: '13:00', endTime: '14:00' },
          { date: day, startTime: '09:30', endTime: '10:30' },
        ],
      },
      { token: admin },
    );
    expect(res.status).toBe(409);
    expect(res.body.data.reason).toBe('counsellorBusy');
    const [n] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from schedule_slot
      where counsellor_id = ${counsellorId} and starts_at >= ${new Date(`${day}T12:00:00+08:00`).toISOString()}::timestamptz
      and starts_at < ${new Date(`${day}T23:00:00+08:00`).toISOString()}::timestamptz`,
    );
    expect(n!.n).toBe(0);
  });

  it('refuses a room holding two slots at once (409 roomBusy)', async () => {
    const day = dayFromToday(5);
    await addSlots(t, admin, { counsellorId, siteId, roomId: room2, date: day, times: [['09:00', '10:00']] });
    const res = await t.post(
      '/biz/consult/schedule/save',
      {
        counsellorId: t.alpha.userIds.teacher,
        siteId,
        roomId: room2,
        category: 2,
        slots: [{ date: day, startTime: '09:30', endTime: '10:30' }],
      },
      { token: admin },
    );
    expect(res.status).toBe(409);
    expect(res.body.data.reason).toBe('roomBusy');
  });

  it('generates a range from week templates, skipping holidays and clashes; again adds nothing', async () => {
    const start = dayFromToday(14);
    const end = addDaysLocal(start, 13);
    expectOk(
      await t.post(
        '/biz/consult/schedule/template/save',
        {
          counsellorId: t.alpha.userIds.teacher,
          items: [1, 2, 3, 4, 5].map((week) => ({
            week,
            startTime: '14:00',
            endTime: '15:00',
            siteId,
            category: 18,
          })),
        },
        { token: admin },
      ),
    );
    const first = expectOk(
      await t.post(
        '/biz/consult/schedule/generate',
        { counsellorIds: [t.alpha.userIds.teacher], startDate: start, endDate: end },
        { token: admin },
      ),
    );
    expect(first.created).toBe(10);
    const again = expectOk(
      await t.post(
        '/biz/consult/schedule/generate',
        { counsellorIds: [t.alpha.userIds.teacher], startDate: start, endDate: end },
        { token: admin },
      ),
    );
    expect(again).toMatchObject({ created: 0, skipped: { conflict: 10 } });
  });

  it('shows a counsellor only their own schedule, and refuses students', async () => {
    const own = expectOk(
      await t.post('/biz/consult/schedule/page', { current: 1, size: 50 }, { token: counsellor }),
    );
    expect(own.records.every((s: { counsellorId: number }) => s.counsellorId === counsellorId)).toBe(true);
    const other = await t.post(
      '/biz/consult/schedule/page',
      { current: 1, size: 50, counsellorId: t.alpha.userIds.teacher },
      { token: counsellor },
    );
    expect(other.status).toBe(403);
    expect(
      (await t.post('/biz/consult/schedule/page', { current: 1, size: 10 }, { token: student })).status,
    ).toBe(403);
    expect(
      (
        await t.post(
          '/biz/consult/schedule/save',
          { counsellorId, siteId, category: 2, slots: [] },
          { token: counsellor },
        )
      ).status,
    ).toBe(403);
  });

  it('keeps another school’s slots invisible', async () => {
    const res = await t.post(
      '/biz/consult/schedule/page',
      { current: 1, size: 50 },
      { token: betaAdmin, tenantId: t.beta.tenantId },
    );
    expect(res.body.data.total).toBe(0);
    const slot = (
      await query<{ id: number }>(
        t,
        sql`select id from schedule_slot where tenant_id = ${t.alpha.tenantId} limit 1`,
      )
    )[0]!;
    expect(
      (
        await t.get(`/biz/consult/schedule/workForId/${slot.id}`, {
          token: betaAdmin,
          tenantId: t.beta.tenantId,
        })
      ).status,
    ).toBe(404);
  });
});

describe('booking rules, terms and holidays [spec:S1.7.3]', () => {
  it('answers the defaults until saved; refuses an unknown zone or key on its field', async () => {
    const d = expectOk(await t.get('/biz/consult/schedule/policy', { token: student }));
    expect(d).toMatchObject({
      saved: false,
      policy: { timeZone: 'Asia/Shanghai', sessionsPerTerm: 6, leaveDeadlineHour: 17 },
    });
    const bad = await t.post('/biz/consult/schedule/policy', { timeZone: 'Mars/Olympus' }, { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('timeZone');
    const unknown = await t.post('/biz/consult/schedule/policy', { sessionPerTerm: 5 }, { token: admin });
    expect(unknown.status).toBe(400);
    const approver = await t.post(
      '/biz/consult/schedule/policy',
      { approvals: { '2': { approverIds: [999999] } } },
      { token: admin },
    );
    expect(approver.body.data.fields[0].field).toBe('approvals.2.approverIds[0]');
    expect((await t.post('/biz/consult/schedule/policy', {}, { token: counsellor })).status).toBe(403);
  });

  it('offers as approvers every holder of consult_approve, counsellor or not, and those already named; saves only holders [spec:S1.4.5] [spec:S1.9.3]', async () => {
    const clerkId = await makeUser(t, t.alpha, 'approver-clerk', 'Alpha Clerk', ['ROLE_APPOINTMENT']);
    const directorRole = t.alpha.roleIds.CRISIS_ROLE_CENTER_SUPERINTENDENT!;
    const directorId = await makeUser(t, t.alpha, 'director', 'Alpha Director', [
      'CRISIS_ROLE_CENTER_SUPERINTENDENT',
    ]);
    const gone = await makeUser(t, t.alpha, 'locked-clerk', 'Locked Clerk', ['ROLE_APPOINTMENT']);
    await t.database.db.execute(sql`update sys_user set status = 'locked' where id = ${gone}`);
    const candidates = async (token = admin, tenantId?: number) =>
      expectOk(
        await t.get('/biz/consult/schedule/approverCandidates', { token, tenantId }),
        'approver candidates',
      ) as { id: number; realName: string; holdsApprove: boolean }[];
    const ids = (list: { id: number }[]) => list.map((c) => c.id);
    const alpha = t.alpha.userIds;

    // The administrator (not a counsellor here) and the clerk hold it; counsellors, students and a
    // locked clerk are not offered.
    const before = await candidates();
    expect(ids(before)).toEqual(expect.arrayContaining([alpha.admin, clerkId]));
    expect(ids(before)).not.toContain(alpha.counsellor);
    expect(ids(before)).not.toContain(alpha.student);
    expect(ids(before)).not.toContain(directorId);
    expect(ids(before)).not.toContain(gone);
    expect(before.every((c) => c.holdsApprove)).toBe(true);

    // The school gives the centre director's role the approvals button: the director is offered.
    await t.database.db.execute(sql`
      insert into role_menu (tenant_id, role_id, menu_id)
      select m.tenant_id, ${directorRole}, m.id from menu m
      where m.tenant_id = ${t.alpha.tenantId} and m.permission = 'consult_approve'`);
    try {
      const after = await candidates();
      expect(after.find((c) => c.id === directorId)).toMatchObject({
        realName: 'Alpha Director',
        holdsApprove: true,
      });
      // Named in the rules, the director decides a step; a clerk named before who has lost the
      // permission since stays listed, flagged.
      expectOk(
        await t.post(
          '/biz/consult/schedule/policy',
          { approvals: { '3': { required: true, mode: 1, approverIds: [directorId, clerkId] } } },
          { token: admin },
        ),
      );
      await t.database.db.execute(sql`delete from user_role where user_id = ${clerkId}`);
      const named = await candidates();
      expect(named.find((c) => c.id === clerkId)).toMatchObject({ holdsApprove: false });
      expect(named.find((c) => c.id === directorId)).toMatchObject({ holdsApprove: true });

      // Saving names only holders: a counsellor, or the clerk now, is refused by field and nothing saved.
      for (const [approverIds, field] of [
        [[directorId, alpha.counsellor!], 'approvals.2.approverIds[1]'],
        [[clerkId], 'approvals.2.approverIds[0]'],
        [[gone], 'approvals.2.approverIds[0]'],
      ] as const) {
        const refused = await t.post(
          '/biz/consult/schedule/policy',
          { approvals: { '2': { required: true, mode: 1, approverIds } } },
          { token: admin, headers: { 'accept-language': 'en-US' } },
        );
        expect(refused.status).toBe(400);
        expect(refused.body.data.fields[0]).toMatchObject({ field });
        expect(JSON.stringify(refused.body)).toContain('approval permission');
      }
      const zh = await t.post(
        '/biz/consult/schedule/policy',
        { approvals: { '2': { required: true, mode: 1, approverIds: [alpha.counsellor!] } } },
        { token: admin },
      );
      expect(zh.status).toBe(400);
      expect(JSON.stringify(zh.body)).toContain('不是持有审批权限的在职用户');
      const kept = expectOk(await t.get('/biz/consult/schedule/policy', { token: admin }));
      expect(kept.policy.approvals['3'].approverIds).toEqual([directorId, clerkId]);
      expect(kept.policy.approvals['2']?.approverIds ?? []).toEqual([]);
    } finally {
      await t.database.db.execute(sql`delete from role_menu where tenant_id = ${t.alpha.tenantId}
        and role_id = ${directorRole} and menu_id in (select id from menu where permission = 'consult_approve')`);
      await t.database.db.execute(sql`delete from scheduling_policy`);
    }

    // Only those who edit the rules ask; another school sees its own people only.
    expect((await t.get('/biz/consult/schedule/approverCandidates', { token: counsellor })).status).toBe(403);
    expect((await t.get('/biz/consult/schedule/approverCandidates', { token: student })).status).toBe(403);
    const beta = await candidates(betaAdmin, t.beta.tenantId);
    expect(ids(beta)).toContain(t.beta.userIds.admin);
    expect(ids(beta)).not.toContain(alpha.admin);
    expect(ids(beta)).not.toContain(clerkId);
  });

  it('keeps terms from overlapping (the database refuses: 409 termOverlap)', async () => {
    expectOk(
      await t.post(
        '/biz/consult/schedule/term/save',
        { name: 'Spring', startDate: '2031-02-20', endDate: '2031-07-05' },
        { token: admin },
      ),
    );
    const clash = await t.post(
      '/biz/consult/schedule/term/save',
      { name: 'Summer', startDate: '2031-07-01', endDate: '2031-08-31' },
      { token: admin },
    );
    expect(clash.status).toBe(409);
    expect(clash.body.data.reason).toBe('termOverlap');
    const reversed = await t.post(
      '/biz/consult/schedule/term/save',
      { name: 'X', startDate: '2031-09-02', endDate: '2031-09-01' },
      { token: admin },
    );
    expect(reversed.body.data.fields[0].field).toBe('endDate');
    expect(
      expectOk(await t.get('/biz/consult/schedule/term/list', { token: student })).map(
        (x: { name: string }) => x.name,
      ),
    ).toEqual(['Spring']);
  });

  it('generates in the school’s zone across daylight saving (Europe/Berlin), skipping holidays', async () => {
    expectOk(await t.post('/biz/consult/schedule/policy', { timeZone: 'Europe/Berlin' }, { token: admin }));
    try {
      const c = await makeUser(t, t.alpha, 'berlin', 'Berlin Counsellor', ['ROLE_CONSULTANT']);
      expectOk(
        await t.post(
          '/biz/consult/schedule/template/save',
          {
            counsellorId: c,
            items: [1, 2, 3, 4, 5, 6, 7].map((week) => ({
              week,
              startTime: '09:00',
              endTime: '10:00',
              siteId,
              category: 2,
            })),
          },
          { token: admin },
        ),
      );
      expectOk(
        await t.post(
          '/biz/consult/schedule/holiday/save',
          { name: 'Closed', startDate: '2031-03-31', endDate: '2031-03-31' },
          { token: admin },
        ),
      );
      const g = expectOk(
        await t.post(
          '/biz/consult/schedule/generate',
          { counsellorIds: [c], startDate: '2031-03-29', endDate: '2031-04-01' },
          { token: admin },
        ),
      );
      expect(g).toMatchObject({ created: 3, skipped: { holiday: 1 } });
      const slots = await query<{ starts_at: Date }>(
        t,
        sql`select starts_at from schedule_slot where counsellor_id = ${c} order by starts_at`,
      );
      // 30 March 2031 is the first day of summer time in Berlin: 09:00 is 07:00Z instead of 08:00Z.
      expect(slots.map((x) => new Date(x.starts_at).toISOString())).toEqual([
        '2031-03-29T08:00:00.000Z',
        '2031-03-30T07:00:00.000Z',
        '2031-04-01T07:00:00.000Z',
      ]);
    } finally {
      await t.database.db.execute(sql`delete from scheduling_policy`);
    }
  });
});

describe('sites by department and by type, notices, rooms [spec:S1.7.13]', () => {
  it('serves a site only to the departments it names (with their subtrees); staff see every site', async () => {
    const eng = await createSite(t, admin, 'Engineering Room', ['E1']);
    expectOk(
      await t.post(
        '/biz/consult/site/profile/save',
        {
          siteId: eng.id,
          deptIds: [t.alpha.deptIds.Engineering],
          categories: [2],
          notice: 'Bring your card',
        },
        { token: admin },
      ),
    );
    const psych = await createSite(t, admin, 'Psychology Room', ['P1']);
    expectOk(
      await t.post(
        '/biz/consult/site/profile/save',
        { siteId: psych.id, deptIds: [t.alpha.deptIds['Psychology Centre']], categories: [18] },
        { token: admin },
      ),
    );
    const mine = expectOk(await t.get('/biz/consult/common/site/list', { token: student }));
    const names = mine.map((s: { name: string }) => s.name);
    expect(names).toContain('Engineering Room');
    expect(names).not.toContain('Psychology Room');
    expect(expectOk(await t.get('/biz/consult/common/site/list', { token: admin })).length).toBeGreaterThan(
      names.length,
    );
    const verify = expectOk(await t.get('/biz/consult/site/deptVerify', { token: student }));
    expect(verify.verified).toBe(true);
    expect(verify.siteIds).toContain(eng.id);
    expect(expectOk(await t.get('/biz/consult/site/singleDeptSite', { token: student })).id).toBe(eng.id);
    const byType = expectOk(
      await t.get('/biz/consult/common/site/permission/findSiteListByType?type=18', { token: student }),
    );
    expect(byType.map((s: { id: number }) => s.id)).not.toContain(eng.id);
    const multi = expectOk(
      await t.get(
        `/biz/consult/site/findMultiDeptSiteListPC?deptIds=${t.alpha.deptIds['Psychology Centre']}`,
        { token: admin },
      ),
    );
    expect(multi.map((s: { id: number }) => s.id)).toContain(psych.id);
    expect(
      (await t.get(`/biz/consult/site/findMultiDeptSiteListPC?deptIds=1`, { token: student })).status,
    ).toBe(403);
    expect(
      expectOk(await t.get(`/biz/consult/room/findRoomList?siteId=${eng.id}`, { token: student })).map(
        (r: { name: string }) => r.name,
      ),
    ).toEqual(['E1']);
  });

  it('shows a site’s notice once per user until its text changes', async () => {
    const s = await createSite(t, admin, 'Notice Site', []);
    expectOk(
      await t.post(
        '/biz/consult/site/profile/save',
        { siteId: s.id, notice: 'Please arrive early' },
        { token: admin },
      ),
    );
    expect(
      expectOk(await t.get(`/biz/consult/common/site/existNoticeCache?siteId=${s.id}`, { token: student })),
    ).toMatchObject({ exist: false, notice: 'Please arrive early' });
    expect(
      expectOk(await t.get(`/biz/consult/common/site/saveNoticeCache?siteId=${s.id}`, { token: student }))
        .exist,
    ).toBe(true);
    expect(
      expectOk(await t.get(`/biz/consult/common/site/existNoticeCache?siteId=${s.id}`, { token: student }))
        .exist,
    ).toBe(true);
    expectOk(
      await t.post(
        '/biz/consult/site/profile/save',
        { siteId: s.id, notice: 'New rules from March' },
        { token: admin },
      ),
    );
    expect(
      expectOk(await t.get(`/biz/consult/common/site/existNoticeCache?siteId=${s.id}`, { token: student }))
        .exist,
    ).toBe(false);
  });

  it('shows rooms with what occupies them, free rooms of a period, and assigns rooms to slots', async () => {
    const day = dayFromToday(8);
    const [slotId] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      date: day,
      times: [['10:00', '11:00']],
    });
    expectOk(
      await t.post('/biz/consult/schedule/updateScheduleRoom', { ids: [slotId], roomId }, { token: admin }),
    );
    const status = expectOk(
      await t.post('/biz/consult/schedule/findRoomsWithStatus', { siteId, date: day }, { token: admin }),
    );
    const r1 = status.find((r: { id: number }) => r.id === roomId);
    expect(r1).toMatchObject({ free: false, busy: [{ slotId, counsellorName: 'Alpha Counsellor' }] });
    const from = new Date(`${day}T10:30:00+08:00`).toISOString();
    const to = new Date(`${day}T11:30:00+08:00`).toISOString();
    const free = expectOk(
      await t.post(
        '/biz/consult/schedule/findFreeRooms',
        { siteId, startTime: from, endTime: to },
        { token: admin },
      ),
    );
    expect(free.map((r: { id: number }) => r.id)).toEqual([room2]);
    const search = expectOk(
      await t.post(
        '/biz/consult/schedule/searchFreeRoomWithStatus',
        { name: 'Room', startTime: from, endTime: to },
        { token: admin },
      ),
    );
    expect(search[0].free).toBe(true);
    // Another slot at the same time cannot take the same room.
    const [other] = await addSlots(t, admin, {
      counsellorId: t.alpha.userIds.teacher!,
      siteId,
      date: day,
      times: [['10:30', '11:30']],
    });
    const clash = await t.post(
      '/biz/consult/schedule/updateScheduleRoom',
      { ids: [other], roomId },
      { token: admin },
    );
    expect(clash.body.data.reason).toBe('roomBusy');
    expect(
      (
        await t.post(
          '/biz/consult/schedule/findFreeRooms',
          { startTime: from, endTime: to },
          { token: student },
        )
      ).status,
    ).toBe(403);
  });
});

describe('views and the booking calendar [spec:S1.7.11]', () => {
  it('answers week, month and per-counsellor views; days and slots bookable for a type', async () => {
    const day = dayFromToday(9);
    await addSlots(t, admin, {
      counsellorId,
      siteId,
      date: day,
      times: [
        ['14:00', '15:00'],
        ['15:00', '16:00'],
      ],
    });
    const week = expectOk(
      await t.post('/biz/consult/schedule/week', { date: day, counsellorId }, { token: admin }),
    );
    expect(week.days).toHaveLength(7);
    expect(week.days.find((d: { date: string }) => d.date === day).slots.length).toBeGreaterThanOrEqual(2);
    const month = expectOk(
      await t.post('/biz/consult/schedule/month', { month: day.slice(0, 7) }, { token: admin }),
    );
    expect(month.days.find((d: { date: string }) => d.date === day).bookable).toBeGreaterThanOrEqual(2);
    const user = expectOk(
      await t.post('/biz/consult/schedule/user', { startDate: day, endDate: day }, { token: admin }),
    );
    expect(user.map((u: { counsellorId: number }) => u.counsellorId)).toContain(counsellorId);
    const own = expectOk(
      await t.get(`/biz/consult/schedule/workScheduleList?startDate=${day}&endDate=${day}`, {
        token: counsellor,
      }),
    );
    expect(own.length).toBeGreaterThanOrEqual(2);
    const dates = expectOk(await t.get('/biz/consult/schedule/consultDateList?type=2', { token: student }));
    expect(dates.find((d: { date: string }) => d.date === day)?.count).toBeGreaterThanOrEqual(2);
    const free = expectOk(
      await t.post('/biz/consult/schedule/freeSlots', { date: day, type: 2 }, { token: student }),
    );
    expect(
      free.every(
        (s: { appointments: unknown[]; status: number }) =>
          s.appointments.length === 0 && [1, 10].includes(s.status),
      ),
    ).toBe(true);
    expect(
      (await t.post('/biz/consult/schedule/workDateList', { counsellorId }, { token: student })).status,
    ).toBe(200);
    const card = expectOk(
      await t.get(`/biz/consult/schedule/counselor/detail?uid=${counsellorId}`, { token: student }),
    );
    expect(card).toMatchObject({ id: counsellorId, realName: 'Alpha Counsellor' });
    expect(card.nextSlots.length).toBeGreaterThan(0);
    expect((await t.post('/biz/consult/schedule/month', { month: '2031-13' }, { token: admin })).status).toBe(
      400,
    );
  });

  it('exports the schedule as XLSX through a download task', async () => {
    const day = dayFromToday(9);
    const task = expectOk(
      await t.post(
        '/biz/consult/schedule/scheduleExport',
        { startDate: day, endDate: day },
        { token: admin },
      ),
    );
    const [job] = await query<{ id: number; payload: Record<string, unknown> }>(
      t,
      sql`select id, payload from job where queue = 'scheduling.export' order by id desc limit 1`,
    );
    const files = createLocalFileStorage(path.join(os.tmpdir(), `psy-sched-export-${Date.now()}`));
    await createScheduleExportJob({ database: t.database, files })(
      {
        id: Number(job!.id),
        tenantId: t.alpha.tenantId,
        queue: 'scheduling.export',
        payload: job!.payload as never,
        attempts: 1,
        maxAttempts: 3,
      },
      { signal: new AbortController().signal, isCancelled: async () => false },
    );
    const done = expectOk(
      await t.get(`/biz/download/taskProgress/getTaskProgressById?id=${task.id}`, { token: admin }),
    );
    expect(done.taskStatus).toBe(2);
    expect(done.isDownload).toBe(1);
  });
});

describe('workforce calls that need the schedule [spec:S1.7.12]', () => {
  it('lists counsellors on duty, their upcoming free slots per category, and dual identity', async () => {
    const at = new Date(Date.now() + 5 * 60_000);
    const date = new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
    const manned = await makeUser(t, t.alpha, 'onduty', 'On Duty', ['ROLE_CONSULTANT', 'ROLE_GENERAL']);
    const startLocal = new Date(at.getTime() - 10 * 60_000 + 8 * 3_600_000).toISOString().slice(11, 16);
    const endLocal = new Date(at.getTime() + 50 * 60_000 + 8 * 3_600_000).toISOString().slice(11, 16);
    if (startLocal < endLocal) {
      await addSlots(t, admin, {
        counsellorId: manned,
        siteId,
        kind: 'manned',
        date,
        times: [[startLocal, endLocal]],
      });
      const on = expectOk(
        await t.post(
          '/biz/consult/workforce/schedule/freeUser/manned',
          { at: at.toISOString() },
          { token: admin },
        ),
      );
      expect(on.map((c: { id: number }) => c.id)).toEqual([manned]);
    }
    expect(
      (await t.post('/biz/consult/workforce/schedule/freeUser/manned', {}, { token: student })).status,
    ).toBe(403);
    const dual = expectOk(
      await t.get(`/biz/consult/workforce/doubleIdentity?userId=${manned}`, { token: admin }),
    );
    expect(dual).toEqual({ userId: manned, counsellor: true, visitor: true, dual: true });
    expectOk(
      await t.post(
        '/biz/consult/workforce/workForTeacher',
        { userId: counsellorId, categoryIds: [2, 18] },
        { token: admin },
      ),
    );
    const all = expectOk(
      await t.get(`/biz/consult/workforce/userAll/${counsellorId}`, { token: counsellor }),
    );
    expect(
      all.categories.find((c: { categoryId: number }) => c.categoryId === 2).upcomingFree,
    ).toBeGreaterThan(0);
    const list = expectOk(await t.get('/admin/user/getCounselorListAndDataScope', { token: admin }));
    expect(list.map((c: { id: number }) => c.id)).toContain(counsellorId);
    expect((await t.get('/admin/user/getCounselorListAndDataScope', { token: student })).status).toBe(403);
  });

  it('lists telephone duty shifts apart from slots, closes one and deletes one (the duty tab) [spec:S1.4.4]', async () => {
    const date = dayFromToday(12);
    const [first, second] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      kind: 'telephone',
      date,
      times: [
        ['13:00', '14:00'],
        ['14:00', '15:00'],
      ],
    });
    const page = (kind: string) =>
      t.post(
        '/biz/consult/schedule/page',
        { current: 1, size: 50, kind, startDate: date, endDate: date },
        { token: admin },
      );
    const shifts = expectOk(await page('telephone'));
    expect(shifts.records.map((s: { id: number }) => s.id)).toEqual([first, second]);
    expect(shifts.records[0]).toMatchObject({ kind: 'telephone', status: null, dutyStatus: 'ok' });
    expect(expectOk(await page('consult')).records.map((s: { id: number }) => s.id)).not.toContain(first);
    const listed = expectOk(
      await t.post(
        '/biz/consult/schedule/telephoneWorkList',
        { startDate: date, endDate: date },
        { token: counsellor },
      ),
    );
    expect(listed.map((s: { id: number }) => s.id)).toEqual([first, second]);
    const closed = expectOk(
      await t.post('/biz/consult/schedule/duty/complete', { id: first }, { token: admin }),
    );
    expect(closed.dutyStatus).toBe('complete');
    expectOk(await t.post('/biz/consult/schedule/delete', { ids: [second] }, { token: admin }));
    expect(expectOk(await page('telephone')).records.map((s: { id: number }) => s.id)).toEqual([first]);
    // A shift clashing with the counsellor's own time is refused, whatever its kind.
    const clash = await t.post(
      '/biz/consult/schedule/save',
      { counsellorId, siteId, kind: 'manned', slots: [{ date, startTime: '13:30', endTime: '14:30' }] },
      { token: admin },
    );
    expect(clash.status).toBe(409);
  });

  it('refuses removing a slot that holds an appointment (409 hasBookings)', async () => {
    const [slotId] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      date: dayFromToday(10),
      times: [['09:00', '10:00']],
    });
    expectOk(await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token: student }));
    const res = await t.post('/biz/consult/schedule/delete', { ids: [slotId] }, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.data.reason).toBe('hasBookings');
  });
});

function addDaysLocal(d: string, n: number) {
  return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
