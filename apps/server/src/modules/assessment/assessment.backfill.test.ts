import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Migration 0015 gives schools created before it what a new school is seeded with (docs/assessment.md):
 * categories, built-in scales, the assessment menus and buttons and their grants. The test plays an "old"
 * school by removing them (and turning the interview menu back into the detail page it was), runs the
 * migration's statements again as the owner and compares with the seed, twice.
 */
let t: TestContext;
const statements = readFileSync(
  new URL('../../../drizzle/0019_assessment_backfill.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const NEW_CODES = [
  'plantest_plan_edit',
  'plantest_result_view',
  'plantest_report_export',
  'plantest_htp',
  'plantest_scale',
  'plantest_scale_edit',
  'plantest_warning',
  'plantest_warning_handle',
  'plantest_warning_notify',
  'plantest_followup',
  'plantest_rainbow',
  'plantest_interview_assign',
  'plantest_transfer',
];

const state = async (tenantId: number) => {
  const db = t.database.db;
  const scales = rowsOf<{ code: string; category: string | null }>(
    await db.execute(sql`select s.code, c.code as category from assessment_scale s
      left join assessment_scale_category c on c.tenant_id = s.tenant_id and c.id = s.category_id
      where s.tenant_id = ${tenantId} order by s.code`),
  );
  const menus = rowsOf<{ code: string; parent: string | null; path: string | null; hidden: boolean }>(
    await db.execute(sql`select m.menu_code as code, p.menu_code as parent, m.path, m.is_hidden as hidden from menu m
      left join menu p on p.tenant_id = m.tenant_id and p.id = m.parent_id
      where m.tenant_id = ${tenantId} and m.menu_code like 'plantest%' order by m.menu_code`),
  );
  const grants = rowsOf<{ role: string; code: string }>(
    await db.execute(sql`select r.role_code as role, m.menu_code as code from role_menu rm
      join role r on r.tenant_id = rm.tenant_id and r.id = rm.role_id
      join menu m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id
      where rm.tenant_id = ${tenantId} and m.menu_code like 'plantest%' order by 1, 2`),
  );
  const categories = rowsOf(
    await db.execute(sql`select code from assessment_scale_category where tenant_id = ${tenantId}`),
  );
  return { scales, menus, grants, categories: categories.length };
};

describe('migration 0015: assessment for schools created before it', () => {
  it('adds categories, built-in scales, menus, buttons and grants as the seed does, once', async () => {
    const alpha = t.alpha.tenantId;
    const seeded = await state(alpha);
    expect(seeded.scales).toHaveLength(8);
    expect(seeded.categories).toBe(9);
    expect(seeded.grants).toContainEqual({
      role: 'CRISIS_ROLE_CENTER_SUPERINTENDENT',
      code: 'plantest_warning_notify',
    });
    expect(seeded.grants).toContainEqual({ role: 'ROLE_INTERVIEWER', code: 'plantest_interview' });

    const db = t.database.db;
    await db.execute(sql`delete from assessment_scale where tenant_id = ${alpha}`);
    await db.execute(sql`delete from assessment_scale_category where tenant_id = ${alpha}`);
    await db.execute(
      sql`delete from menu where tenant_id = ${alpha} and menu_code = any(${sql.param(NEW_CODES)}::text[])`,
    );
    await db.execute(sql`update menu set menu_code = 'page_assessmentInterviewInterviewlist_index',
      permission = 'page_assessmentInterviewInterviewlist_index', is_hidden = true
      where tenant_id = ${alpha} and menu_code = 'plantest_interview'`);
    await db.execute(sql`delete from role_menu rm using role r, menu m
      where rm.tenant_id = ${alpha} and r.tenant_id = rm.tenant_id and r.id = rm.role_id and r.role_code = 'ROLE_INTERVIEWER'
        and m.tenant_id = rm.tenant_id and m.id = rm.menu_id and m.menu_code = 'page_assessmentInterviewInterviewlist_index'`);
    expect((await state(alpha)).scales).toEqual([]);

    for (const s of statements) await db.execute(sql.raw(s));
    expect(await state(alpha)).toEqual(seeded);
    for (const s of statements) await db.execute(sql.raw(s));
    expect(await state(alpha)).toEqual(seeded);
  });
});
