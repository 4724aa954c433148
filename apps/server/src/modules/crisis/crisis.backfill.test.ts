import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

/**
 * Migration 0021 gives schools created before it the crisis and key-person menus and grants a new school
 * is seeded with. The test plays an "old" school by putting back what the catalogue had before (the three
 * detail pages, no new menus or grants), runs the migration's statements as the owner, and compares with a
 * school seeded today.
 */
let t: TestContext;
const statements = readFileSync(
  new URL('../../../drizzle/0021_backfill_crisis_menus.sql', import.meta.url),
  'utf8',
)
  .split('--> statement-breakpoint')
  .map((s) => s.trim())
  .filter(Boolean);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const NEW_MENUS = [
  'crisis_board',
  'crisis_suspension',
  'crisis_monthly',
  'crisis_network',
  'crisis_setting',
  'crisis_close',
  'crisis_warning_flag',
  'crisis_network_edit',
  'crisis_setting_edit',
  'crisis_monthly_submit',
  'focus_person',
  'focus_person_edit',
  'focus_journal',
];
const RENAMED: [string, string][] = [
  ['focus_audit', 'page_auditCaseInfo'],
  ['focus_talk', 'page_heartTalkReportManageInfo'],
  ['focus_dorm_report', 'page_dormitoryLeaderReportInfo'],
];

const grants = async (tenantId: number) =>
  rowsOf<{ role_code: string; menu_code: string }>(
    await t.database.db.execute(sql`
      select r.role_code, m.menu_code from role_menu rm
      join role r on r.tenant_id = rm.tenant_id and r.id = rm.role_id
      join menu m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id
      join product p on p.id = m.product_id
      where rm.tenant_id = ${tenantId} and p.product_code in ('CRISIS', 'IMPORTANT_FOCUS_ON')
      order by 1, 2`),
  ).map((g) => `${g.role_code}:${g.menu_code}`);
const menus = async (tenantId: number) =>
  rowsOf<{ menu_code: string; path: string | null; hidden: boolean; parent: string | null }>(
    await t.database.db.execute(sql`
      select m.menu_code, m.path, m.is_hidden as hidden, p.menu_code as parent from menu m
      left join menu p on p.tenant_id = m.tenant_id and p.id = m.parent_id
      join product pr on pr.id = m.product_id
      where m.tenant_id = ${tenantId} and pr.product_code in ('CRISIS', 'IMPORTANT_FOCUS_ON')
      order by 1`),
  );

describe('migration 0021: crisis menus and grants for schools created before it', () => {
  it('brings an old school to what a new school gets, once', async () => {
    const alpha = t.alpha.tenantId;
    const expectedMenus = await menus(alpha);
    const expectedGrants = await grants(alpha);

    // Back to before: the new menus (and their grants) gone, the three pages hidden under their old codes.
    await t.database.db.execute(sql`
      delete from role_menu where tenant_id = ${alpha} and menu_id in (
        select id from menu where tenant_id = ${alpha} and menu_code in (${sql.join(
          NEW_MENUS.map((c) => sql`${c}`),
          sql`, `,
        )}))`);
    await t.database.db.execute(sql`delete from menu where tenant_id = ${alpha} and parent_id in (
      select id from menu where tenant_id = ${alpha} and menu_code in (${sql.join(
        NEW_MENUS.map((c) => sql`${c}`),
        sql`, `,
      )}))`);
    await t.database.db.execute(
      sql`delete from menu where tenant_id = ${alpha} and menu_code in (${sql.join(
        NEW_MENUS.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
    for (const [code, old] of RENAMED) {
      await t.database.db.execute(
        sql`update menu set menu_code = ${old}, permission = ${old}, is_hidden = true where tenant_id = ${alpha} and menu_code = ${code}`,
      );
    }
    // A grant the catalogue now gives an existing menu (advisors read intervention orders) is added too.
    await t.database.db.execute(sql`
      delete from role_menu where tenant_id = ${alpha} and role_id in (
        select id from role where tenant_id = ${alpha} and role_code = 'CRISIS_ROLE_CONSULTANT')
        and menu_id in (select id from menu where tenant_id = ${alpha} and menu_code = 'crisis_intervention')`);
    expect((await menus(alpha)).length).toBeLessThan(expectedMenus.length);

    for (const s of statements) await t.database.db.execute(sql.raw(s));
    expect(await menus(alpha)).toEqual(expectedMenus);
    expect(await grants(alpha)).toEqual(expectedGrants);
    for (const s of statements) await t.database.db.execute(sql.raw(s));
    expect(await grants(alpha)).toEqual(expectedGrants);
    expect(await menus(t.beta.tenantId)).toEqual(expectedMenus);
  });
});
