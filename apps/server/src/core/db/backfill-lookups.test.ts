import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './rows';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Migration 0013 gives schools created before it what a new school is seeded with. The test plays an
 * "old" school by removing the seeded rows, runs the migration's statements again as the owner, and
 * checks the school got them once (a second run changes nothing, a school that has them keeps its own).
 */
let t: TestContext;
const statements = readFileSync(
  new URL('../../../drizzle/0013_backfill_lookups.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const run = async () => {
  for (const s of statements) await t.database.db.execute(sql.raw(s));
};
const counts = async (tenantId: number) =>
  rowsOf<{ items: number; focus: number }>(
    await t.database.db.execute(sql`
      select
        (select count(*)::int from dict_item i join dict_type d on d.tenant_id = i.tenant_id and d.id = i.dict_id
          where d.tenant_id = ${tenantId} and d.name = 'activitySchemeCategory') as items,
        (select count(*)::int from focus_setting where tenant_id = ${tenantId}) as focus`),
  )[0]!;

describe('migration 0013: lookups for schools created before it [spec:S0.7.21] [spec:S1.7.7]', () => {
  it('adds the scheme categories and key-person lists to a school without them, once', async () => {
    const alpha = t.alpha.tenantId;
    const seeded = await counts(alpha);
    expect(seeded.items).toBe(5);
    expect(seeded.focus).toBeGreaterThan(0);

    await t.database.db.execute(sql`delete from focus_setting where tenant_id = ${alpha}`);
    await t.database.db.execute(
      sql`delete from dict_type where tenant_id = ${alpha} and name = 'activitySchemeCategory'`,
    );
    expect(await counts(alpha)).toEqual({ items: 0, focus: 0 });

    await run();
    expect(await counts(alpha)).toEqual(seeded);
    await run();
    expect(await counts(alpha)).toEqual(seeded);
  });

  it("leaves a school's own lists alone", async () => {
    const beta = t.beta.tenantId;
    await t.database.db.execute(sql`delete from focus_setting where tenant_id = ${beta} and type = 4`);
    await t.database.db.execute(sql`
      insert into focus_setting (tenant_id, type, name, name_en, sort) values (${beta}, 4, '自定义', 'Own', 1)`);
    const before = await counts(beta);
    await run();
    const names = rowsOf<{ name: string }>(
      await t.database.db.execute(sql`select name from focus_setting where tenant_id = ${beta} and type = 4`),
    );
    expect(names.map((r) => r.name)).toEqual(['自定义']);
    expect(await counts(beta)).toEqual(before);
  });
});
