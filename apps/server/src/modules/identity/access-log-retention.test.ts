import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { identityModule } from '.';
import { purgeAccessLog } from './access-log-retention';

let t: TestContext;
let admin: string;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
});
afterAll(() => t?.close());

/** Writes an entry as the owner (tests only), `daysAgo` old. */
async function entry(tenantId: number, viewerId: number, subjectId: number, daysAgo: number) {
  await t.database.db.execute(sql`
    insert into personal_data_access_log (tenant_id, viewer_id, subject_id, fields, route, created_at)
    values (${tenantId}, ${viewerId}, ${subjectId}, '{phone}', 'GET /test', now() - make_interval(days => ${daysAgo}::int))`);
}

const ages = async (tenantId: number) =>
  rowsOf<{ age: number }>(
    await t.database.db.execute(sql`
      select extract(day from now() - created_at)::int as age from personal_data_access_log
      where tenant_id = ${tenantId} and route = 'GET /test' order by age`),
  ).map((r) => Number(r.age));

const saveRetention = (enable: boolean, value: Record<string, unknown>) =>
  t.post(
    '/biz/public/setting/manage',
    { type: 'accessLogRetention', enable, value },
    { token: admin, headers: { 'accept-language': 'en-US' } },
  );

beforeEach(async () => {
  await t.database.db.execute(sql`delete from personal_data_access_log where route = 'GET /test'`);
  await t.database.db.execute(sql`delete from setting where type = 'accessLogRetention'`);
});

describe('personal-data access log retention', () => {
  it('is append-only for the application role: updates and deletes are refused by the database', async () => {
    const { alpha } = t;
    await entry(alpha.tenantId, alpha.userIds.admin!, alpha.userIds.student!, 1);
    for (const statement of [
      sql`update personal_data_access_log set fields = '{}' where route = 'GET /test'`,
      sql`delete from personal_data_access_log where route = 'GET /test'`,
    ]) {
      const err: unknown = await t.database
        .withTenant(alpha.tenantId, (scope) => scope.tx.execute(statement))
        .then(
          () => null,
          (e: unknown) => e,
        );
      // Drizzle wraps the database's error: its cause is PostgreSQL's.
      expect(String((err as { cause?: Error } | null)?.cause?.message)).toMatch(/permission denied/);
    }
    // Appending (what every read does) still works.
    await t.database.withTenant(alpha.tenantId, (scope) =>
      scope.tx.execute(sql`
        insert into personal_data_access_log (tenant_id, viewer_id, subject_id, fields, route)
        values (${alpha.tenantId}, ${alpha.userIds.admin!}, ${alpha.userIds.student!}, '{idCard}', 'GET /test')`),
    );
    expect(await ages(alpha.tenantId)).toEqual([0, 1]);
  });

  it("deletes the entries older than the school's setting, only while it is switched on, school by school", async () => {
    const { alpha, beta } = t;
    for (const age of [10, 200, 400]) {
      await entry(alpha.tenantId, alpha.userIds.admin!, alpha.userIds.student!, age);
      await entry(beta.tenantId, beta.userIds.admin!, beta.userIds.student!, age);
    }
    // Never saved, or saved switched off: everything is kept.
    expect(await purgeAccessLog(t.database.system)).toBe(0);
    expect((await saveRetention(false, { days: 180 })).status).toBe(200);
    expect(await purgeAccessLog(t.database.system)).toBe(0);
    expect(await ages(alpha.tenantId)).toEqual([10, 200, 400]);

    expect((await saveRetention(true, { days: 365 })).status).toBe(200);
    expect(await purgeAccessLog(t.database.system)).toBe(1);
    expect(await ages(alpha.tenantId)).toEqual([10, 200]);
    // The other school has no setting: its log is untouched.
    expect(await ages(beta.tenantId)).toEqual([10, 200, 400]);

    expect((await saveRetention(true, { days: 180 })).status).toBe(200);
    expect(await purgeAccessLog(t.database.system)).toBe(1);
    expect(await ages(alpha.tenantId)).toEqual([10]);
  });

  it('refuses a retention shorter than six months or longer than ten years, naming the field', async () => {
    for (const days of [30, 179, 3651, 1.5]) {
      const res = await saveRetention(true, { days });
      expect(res.status, String(days)).toBe(400);
      expect(res.body.data.fields[0].field).toBe('value.days');
    }
    const defaults = await saveRetention(true, {});
    expect(defaults.status, defaults.raw).toBe(200);
    expect(defaults.body.data.value).toEqual({ days: 365 });
  });

  it('runs every night as a recurring job of the queue', () => {
    const schedule = identityModule.schedules?.find((s) => s.queue === 'identity.accessLog.purge');
    expect(schedule?.rule).toEqual({ daily: '03:30', timeZone: 'Asia/Shanghai' });
  });
});
