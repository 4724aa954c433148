import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../core/security/password';
import { createTestContext, onPostgres, PASSWORD, type TestContext } from '../../test/harness';
import { addSlots, createSite, dayFromToday, makeUser, query } from '../../test/scheduling-fixtures';

/**
 * No double booking, ever (issue 13): concurrent bookings of one slot, and overlapping times written past
 * the code straight into the tables. On PostgreSQL (the suite's second run) the bookings really race on
 * separate connections; PGlite has one connection and runs them one after another, which still checks
 * that exactly one wins.
 */
const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';
const STUDENTS = 40;

let t: TestContext;
let admin: string;
let siteId: number;
let roomId: number;
let counsellorId: number;
const tokens: string[] = [];
const ids: number[] = [];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  const site = await createSite(t, admin, 'Centre', ['Room 1']);
  siteId = site.id;
  roomId = site.rooms[0]!.id;
  counsellorId = t.alpha.userIds.counsellor!;
  const hash = await hashPassword(PASSWORD);
  for (let i = 0; i < STUDENTS; i += 1) {
    ids.push(
      await makeUser(t, t.alpha, `racer${i}`, `Racer ${i}`, ['ROLE_GENERAL'], { dept: 'Class 2024', hash }),
    );
    tokens.push(await t.tokenFor(`racer${i}`));
  }
}, 180_000);
afterAll(() => t?.close());

describe(`no double booking under concurrency on ${engine} [spec:S1.4.4]`, () => {
  it(`lets exactly one of ${STUDENTS} concurrent bookings of one slot win; the others are told it was taken`, async () => {
    const [slotId] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      roomId,
      date: dayFromToday(3),
      times: [['09:00', '10:00']],
    });
    const results = await Promise.all(
      tokens.map((token) => t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token })),
    );
    const won = results.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(r.body.data.reason).toBe('slotTaken');
      expect(r.body.msg.length).toBeGreaterThan(0);
    }
    const [n] = await query<{ n: number }>(
      t,
      sql`select count(*)::int as n from appointment where slot_id = ${slotId!}`,
    );
    expect(n!.n).toBe(1);
  });

  it.skipIf(!onPostgres())(
    'does not wait for a booking in progress of the same slot: refused at once as taken, and free again after [PostgreSQL only: PGlite has one connection]',
    async () => {
      const [slotId] = await addSlots(t, admin, {
        counsellorId,
        siteId,
        roomId,
        date: dayFromToday(8),
        times: [['09:00', '10:00']],
      });
      // A student with no booking yet (a racer of the test above may hold their one upcoming booking).
      await makeUser(t, t.alpha, 'patient', 'Patient', ['ROLE_GENERAL'], { dept: 'Class 2024' });
      const token = await t.tokenFor('patient');
      // Another transaction holds the slot's row as a booking does between taking it and committing.
      const holder = await t.database.pool!.connect();
      try {
        await holder.query('begin');
        await holder.query('select id from schedule_slot where id = $1 for no key update', [slotId]);
        const booking = t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token });
        const waited = new Promise<'waited'>((r) => setTimeout(() => r('waited'), 5_000));
        const first = await Promise.race([booking, waited]);
        expect(first).not.toBe('waited');
        const refused = await booking;
        expect(refused.status).toBe(409);
        expect(refused.body.data.reason).toBe('slotTaken');
      } finally {
        await holder.query('rollback');
        holder.release();
      }
      // The holder gave the slot up: it is bookable, and the refused booking changed nothing.
      const again = await t.post('/biz/consult/appointment/book', { slotId, type: 2 }, { token });
      expect(again.status).toBe(200);
      const [n] = await query<{ n: number }>(
        t,
        sql`select count(*)::int as n from appointment where slot_id = ${slotId!}`,
      );
      expect(n!.n).toBe(1);
    },
  );

  it('refuses, in the database, a second live appointment of a counsellor, a visitor or a room at an overlapping time', async () => {
    const [slotId] = await addSlots(t, admin, {
      counsellorId,
      siteId,
      date: dayFromToday(4),
      times: [['09:00', '10:00']],
    });
    const start = (
      await query<{ starts_at: Date }>(t, sql`select starts_at from schedule_slot where id = ${slotId!}`)
    )[0]!.starts_at;
    const at = (minutes: number) => new Date(new Date(start).getTime() + minutes * 60_000).toISOString();
    const insert = (
      visitor: number,
      counsellor: number,
      room: number | null,
      from: number,
      slot: number | null = null,
    ) =>
      t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
        tx.execute(sql`insert into appointment (tenant_id, visitor_id, counsellor_id, slot_id, room_id, type, category,
          starts_at, ends_at, source, term_key) values (${t.alpha.tenantId}, ${visitor}, ${counsellor}, ${slot}, ${room},
          2, 2, ${at(from)}, ${at(from + 60)}, 12, 'x')`),
      );
    const constraintOf = async (p: Promise<unknown>) => {
      const err = (await p.then(() => null).catch((e: unknown) => e)) as {
        cause?: { constraint?: string };
      } | null;
      return err?.cause?.constraint ?? (err as { constraint?: string } | null)?.constraint ?? null;
    };
    await insert(ids[0]!, counsellorId, roomId, 0, slotId!);
    // The same slot again, with other people: the slot's unique key.
    expect(await constraintOf(insert(ids[1]!, t.alpha.userIds.teacher!, null, 0, slotId!))).toBe(
      'appointment_slot_uq',
    );
    // The counsellor half an hour later, without a slot.
    expect(await constraintOf(insert(ids[2]!, counsellorId, null, 30))).toBe('appointment_counsellor_excl');
    // The visitor with another counsellor at the same time.
    expect(await constraintOf(insert(ids[0]!, t.alpha.userIds.teacher!, null, 15))).toBe(
      'appointment_visitor_excl',
    );
    // The room with other people.
    expect(await constraintOf(insert(ids[3]!, t.alpha.userIds.teacher!, roomId, 45))).toBe(
      'appointment_room_excl',
    );
    // Back to back is fine.
    expect(await constraintOf(insert(ids[4]!, counsellorId, roomId, 60))).toBeNull();
  });

  it('refuses overlapping slots of a counsellor or a room written at the same time from two connections', async () => {
    const day = dayFromToday(6);
    const save = (counsellor: number, from: string, to: string) =>
      t.post(
        '/biz/consult/schedule/save',
        {
          counsellorId: counsellor,
          siteId,
          roomId,
          category: 2,
          slots: [{ date: day, startTime: from, endTime: to }],
        },
        { token: admin },
      );
    const results = await Promise.all([
      save(counsellorId, '09:00', '10:00'),
      save(counsellorId, '09:30', '10:30'),
      save(t.alpha.userIds.teacher!, '09:45', '10:15'),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status).toBe(409);
      expect(['counsellorBusy', 'roomBusy']).toContain(r.body.data.reason);
    }
  });
});
