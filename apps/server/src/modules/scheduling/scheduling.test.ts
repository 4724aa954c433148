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

function addDaysLocal(d: string, n: number) {
  return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}
void makeUser;
