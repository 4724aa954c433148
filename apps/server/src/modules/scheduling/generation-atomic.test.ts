import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, mondayOf } from '@psy/scheduling';
import { hashPassword } from '../../core/security/password';
import { createTestContext, onPostgres, PASSWORD, type TestContext } from '../../test/harness';
import { createSite, dayFromToday, expectOk, makeUser, query } from '../../test/scheduling-fixtures';

/**
 * Generating a large term is one operation for the user, all or nothing (docs/appointments.md,
 * "Generating a term"). On PostgreSQL a term of 10,000 slots or more is written by two transactions at
 * once; on PGlite by one. A failure while writing (here a trigger that refuses one counsellor's rows,
 * standing for any fault of the database) must keep no slot of the term, in either half.
 */
const engine = onPostgres() ? 'PostgreSQL (two transactions)' : 'PGlite (one transaction)';
const COUNSELLORS = 20;
const HOURS = ['08:00', '09:00', '10:00', '11:00', '14:00', '15:00', '16:00', '17:00'];

let t: TestContext;
let admin: string;
const counsellorIds: number[] = [];

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  const site = await createSite(
    t,
    admin,
    'Centre',
    Array.from({ length: COUNSELLORS }, (_, i) => `Room ${i + 1}`),
  );
  const hash = await hashPassword(PASSWORD);
  for (let i = 0; i < COUNSELLORS; i += 1) {
    const id = await makeUser(t, t.alpha, `gen${i}`, `Counsellor ${i}`, ['ROLE_CONSULTANT'], { hash });
    counsellorIds.push(id);
    expectOk(
      await t.post(
        '/biz/consult/schedule/template/save',
        {
          counsellorId: id,
          items: [1, 2, 3, 4, 5].flatMap((week) =>
            HOURS.map((h) => ({
              week,
              startTime: h,
              endTime: `${String(Number(h.slice(0, 2)) + 1).padStart(2, '0')}:00`,
              siteId: site.id,
              roomId: site.rooms[i]!.id,
              category: 2,
            })),
          ),
        },
        { token: admin },
      ),
    );
  }
}, 300_000);
afterAll(() => t?.close());

const countSlots = async () =>
  Number(
    (
      await query<{ n: string }>(
        t,
        sql`select count(*) as n from schedule_slot where deleted_at is null
          and counsellor_id in (${sql.join(
            counsellorIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
      )
    )[0]!.n,
  );

describe(`generating a term of ${COUNSELLORS} counsellors on ${engine} [spec:S1.7.11]`, () => {
  // 14 weeks from a Monday: 20 counsellors x 5 days x 8 hours x 14 weeks = 11,200 slots, less holidays.
  const startDate = mondayOf(dayFromToday(14));
  const body = () => ({ counsellorIds, startDate, endDate: addDays(startDate, 14 * 7 - 1) });

  it('keeps nothing when writing one half fails, then generates the whole term', async () => {
    // The last counsellor's rows fail: on PostgreSQL the other half has been written by then.
    await t.database.db.execute(
      sql.raw(`create function gen_test_fail() returns trigger language plpgsql as $$
        begin
          if new.counsellor_id = ${counsellorIds.at(-1)} then raise exception 'write failed (test)'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        `create trigger gen_test_fail before insert on schedule_slot for each row execute function gen_test_fail()`,
      ),
    );
    try {
      const res = await t.post('/biz/consult/schedule/generate', body(), { token: admin });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await countSlots()).toBe(0);
    } finally {
      await t.database.db.execute(sql.raw(`drop trigger gen_test_fail on schedule_slot`));
      await t.database.db.execute(sql.raw(`drop function gen_test_fail()`));
    }
    const done = expectOk(await t.post('/biz/consult/schedule/generate', body(), { token: admin }));
    expect(done.counsellors).toBe(COUNSELLORS);
    expect(done.created).toBe(11_200 - done.skipped.holiday);
    expect(done.created).toBeGreaterThanOrEqual(10_000);
    expect(await countSlots()).toBe(done.created);
    const again = expectOk(await t.post('/biz/consult/schedule/generate', body(), { token: admin }));
    expect(again).toMatchObject({ created: 0, skipped: { conflict: done.created } });
  }, 300_000);
});
