import { sql } from 'drizzle-orm';
import { addDays, zonedDate, zonedTime } from '@psy/scheduling';
import { hashPassword } from '../core/security/password';
import { rowsOf, toNumber } from '../core/db/rows';
import { PASSWORD, type TestContext, type TestResponse } from './harness';

/** Test helpers of the scheduling and appointment tests: sites, people, days, slots through the real API. */

export const ZONE = 'Asia/Shanghai';

/** A calendar day `n` days from today in the school's zone. */
export const dayFromToday = (n: number, zone = ZONE) => addDays(zonedDate(new Date(), zone), n);

export function expectOk(res: TestResponse, what = 'request'): any {
  if (res.status !== 200 || res.body.code !== 0) {
    throw new Error(`${what} failed: ${res.status} ${res.raw.slice(0, 500)}`);
  }
  return res.body.data;
}

/** A site with rooms, created by the school's administrator through the settings call. */
export async function createSite(
  t: TestContext,
  token: string,
  name: string,
  rooms: string[] = ['Room 1'],
  tenantId?: number,
) {
  const res = await t.post(
    '/biz/public/setting/site',
    { name, rooms: rooms.map((r) => ({ name: r })) },
    { token, tenantId },
  );
  return expectOk(res, 'create site') as { id: number; rooms: { id: number; name: string }[] };
}

/** One argon2id hash of the test password per file: people made here all sign in with it. */
let passwordHash: Promise<string> | undefined;

/** A user of a school made as the owner, with roles and a department. */
export async function makeUser(
  t: TestContext,
  school: { tenantId: number; roleIds: Record<string, number>; deptIds: Record<string, number> },
  username: string,
  realName: string,
  roles: string[],
  opts: { dept?: string; phone?: string; hash?: string } = {},
) {
  const hash = opts.hash ?? (await (passwordHash ??= hashPassword(PASSWORD)));
  const res = await t.database.db.execute(sql`
    insert into sys_user (tenant_id, username, real_name, dept_id, phone, password_hash)
    values (${school.tenantId}, ${username}, ${realName}, ${opts.dept ? school.deptIds[opts.dept]! : null},
      ${opts.phone ?? null}, ${hash}) returning id`);
  const id = toNumber(rowsOf<{ id: unknown }>(res)[0]!.id);
  for (const r of roles) {
    await t.database.db.execute(sql`
      insert into user_role (tenant_id, user_id, role_id) values (${school.tenantId}, ${id}, ${school.roleIds[r]!})`);
  }
  return id;
}

/** Adds slots on a day at wall-clock times (school zone) for a counsellor; answers their ids. */
export async function addSlots(
  t: TestContext,
  token: string,
  input: {
    counsellorId: number;
    siteId: number;
    roomId?: number | null;
    category?: number;
    kind?: 'consult' | 'telephone' | 'manned';
    date: string;
    times: [string, string][];
  },
  tenantId?: number,
): Promise<number[]> {
  const res = await t.post(
    '/biz/consult/schedule/save',
    {
      counsellorId: input.counsellorId,
      siteId: input.siteId,
      roomId: input.roomId ?? null,
      kind: input.kind ?? 'consult',
      category: input.kind && input.kind !== 'consult' ? undefined : (input.category ?? 2),
      slots: input.times.map(([startTime, endTime]) => ({ date: input.date, startTime, endTime })),
    },
    { token, tenantId },
  );
  return (expectOk(res, 'save slots').created as { id: number }[]).map((s) => s.id);
}

/**
 * A slot time starting `minutes` from now (rounded to 5 minutes), `length` minutes long, as a school day
 * and wall-clock times; moved when it would run past midnight (a slot ends on its own day).
 */
export function soon(minutes: number, length = 30, zone = ZONE): { date: string; times: [string, string][] } {
  const wanted = Math.ceil((Date.now() + minutes * 60_000) / 300_000) * 300_000;
  const endOf = (d: Date) => new Date(d.getTime() + length * 60_000);
  const sameDay = (d: Date) => zonedDate(endOf(d), zone) === zonedDate(d, zone);
  let start = new Date(wanted);
  // Near midnight: earlier first (callers space their slots by more than a slot's length, so a slot moved
  // a little earlier meets no other), but never nearer than half the wanted lead, so 'soon' stays in the
  // future; else just after midnight. Moving two hours later had landed one test's slot on another's.
  const earliest = Date.now() + (minutes * 60_000) / 2;
  while (!sameDay(start) && start.getTime() - 300_000 >= earliest)
    start = new Date(start.getTime() - 300_000);
  while (!sameDay(start)) start = new Date(start.getTime() + 300_000);
  return { date: zonedDate(start, zone), times: [[zonedTime(start, zone), zonedTime(endOf(start), zone)]] };
}

/**
 * The clock reaches an appointment: it began `minutesAgo` minutes ago, as long as it was (as if the test had
 * waited for it), so a no-show can be recorded. Appointments of one person moved so must not overlap.
 */
export async function begun(t: TestContext, appointmentId: number, minutesAgo = 1) {
  await t.database.db.execute(
    sql`update appointment
           set starts_at = now() - make_interval(mins => ${minutesAgo}),
               ends_at = now() - make_interval(mins => ${minutesAgo}) + (ends_at - starts_at)
         where id = ${appointmentId}`,
  );
}

/** Rows of a raw query as the owner (no RLS). */
export async function query<T = Record<string, unknown>>(t: TestContext, q: ReturnType<typeof sql>) {
  return rowsOf<T>(await t.database.db.execute(q));
}
