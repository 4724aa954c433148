import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { backfillSchools } from '../../seed/school';
import { createTestContext, type TestContext } from '../../test/harness';
import { NETWORK_SCHOOL, seedNetwork, type NetworkFixture } from './crisis.fixtures';
import { JOURNAL_PAGE_ROLES, JOURNAL_PAGES_MARK, backfillJournalPageGrants } from './journal-pages.service';

/**
 * The journal pages' grants (docs/crisis.md 12): a school seeded before the catalogue gave the network
 * roles `/openFollowDetail`, `/writeJournal`, `/feedbackDetail` and `/feedbackStatistics` gets them from
 * the crisis module's backfill at server start, once, without undoing an administrator's edits.
 */
let t: TestContext;
let n: NetworkFixture;

const PAGES = [
  'page_feedbackDetail',
  'page_feedbackStatistics',
  'page_openFollowDetail',
  'page_writeJournal',
];
const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The journal pages each network role of the school holds, as 'ROLE:page'. */
async function journalGrants(tenantId: number) {
  const rows = rowsOf<{ role_code: string; menu_code: string }>(
    await t.database.db.execute(sql`
      select r.role_code, m.menu_code from role_menu rm
      join role r on r.tenant_id = rm.tenant_id and r.id = rm.role_id
      join menu m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id
      where rm.tenant_id = ${tenantId} and m.menu_code in (${list(PAGES)})
        and r.role_code in (${list(JOURNAL_PAGE_ROLES)})`),
  );
  // Sorted here: the database's collation may order underscores otherwise.
  return rows.map((r) => `${r.role_code}:${r.menu_code}`).sort();
}

/** Every network role with all four pages. */
const ALL_GRANTED = JOURNAL_PAGE_ROLES.flatMap((role) => PAGES.map((p) => `${role}:${p}`)).sort();

/** Takes grants away as an administrator saving the role's grant tree would. */
async function revoke(tenantId: number, roleCode: string, menuCodes: readonly string[]) {
  await t.database.db.execute(sql`
    delete from role_menu where tenant_id = ${tenantId}
      and role_id in (select id from role where tenant_id = ${tenantId} and role_code = ${roleCode})
      and menu_id in (select id from menu where tenant_id = ${tenantId} and menu_code in (${list(menuCodes)}))`);
}

async function mark(tenantId: number) {
  const rows = rowsOf<{ value: unknown }>(
    await t.database.db.execute(
      sql`select value from crisis_setting where tenant_id = ${tenantId} and section = ${JOURNAL_PAGES_MARK}`,
    ),
  );
  return rows[0]?.value ?? null;
}

beforeAll(async () => {
  t = await createTestContext();
  n = await seedNetwork(t);
});
afterAll(() => t?.close());

describe('journal pages: grants for schools seeded before the catalogue gave them', () => {
  it('a new school has them and is marked, so the backfill never touches it', async () => {
    expect(await journalGrants(n.tenantId)).toEqual(ALL_GRANTED);
    expect(await mark(n.tenantId)).toEqual({ seeded: true });

    // An administrator takes the pages from the advisors before the next start: they stay taken.
    await revoke(n.tenantId, 'CRISIS_ROLE_CONSULTANT', PAGES);
    await backfillSchools(t.database);
    const after = await journalGrants(n.tenantId);
    expect(after.filter((g) => g.startsWith('CRISIS_ROLE_CONSULTANT:'))).toEqual([]);
    expect(after).toHaveLength(ALL_GRANTED.length - PAGES.length);
  });

  it('gives an old school the grants once, leaving the roles an administrator edited', async () => {
    const old = await seedNetwork(t, { ...NETWORK_SCHOOL, code: 'network-old', name: 'Old University' });
    const other = await journalGrants(n.tenantId);
    // The school as it was before: no mark, and no network role holds any of the pages.
    await t.database.db.execute(
      sql`delete from crisis_setting where tenant_id = ${old.tenantId} and section = ${JOURNAL_PAGES_MARK}`,
    );
    for (const role of JOURNAL_PAGE_ROLES) await revoke(old.tenantId, role, PAGES);
    // Edits of an administrator: the faculty consultants keep one page; the overall heads lose the journals.
    await t.database.db.execute(sql`
      insert into role_menu (tenant_id, role_id, menu_id)
      select ${old.tenantId}::bigint, r.id, m.id from role r, menu m
      where r.tenant_id = ${old.tenantId} and r.role_code = 'CRISIS_ROLE_FACULTY_CONSULT'
        and m.tenant_id = ${old.tenantId} and m.menu_code = 'page_feedbackStatistics'`);
    await revoke(old.tenantId, 'CRISIS_ROLE_SUPERINTENDENT', ['focus_journal']);
    expect(await journalGrants(old.tenantId)).toEqual([
      'CRISIS_ROLE_FACULTY_CONSULT:page_feedbackStatistics',
    ]);

    // Two processes starting at once give them once (the second waits on the mark, then finds it).
    await Promise.all(
      [1, 2].map(() => t.database.withTenant(old.tenantId, (scope) => backfillJournalPageGrants(scope))),
    );

    const granted = [
      'CRISIS_ROLE_CENTER_SUPERINTENDENT',
      'CRISIS_ROLE_CONSULTANT',
      'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
    ];
    expect(await journalGrants(old.tenantId)).toEqual(
      [
        ...granted.flatMap((role) => PAGES.map((p) => `${role}:${p}`)),
        'CRISIS_ROLE_FACULTY_CONSULT:page_feedbackStatistics',
      ].sort(),
    );
    expect(await mark(old.tenantId)).toEqual({ grantedTo: expect.arrayContaining(granted) });
    expect(((await mark(old.tenantId)) as { grantedTo: string[] }).grantedTo).toHaveLength(granted.length);
    // Another school is left as it was.
    expect(await journalGrants(n.tenantId)).toEqual(other);

    // The advisor of the old school may now open a journal's page: the pages are among their keys.
    const advisor = await old.get('advisora', '/admin/user/info');
    expect(advisor.status).toBe(200);
    expect(advisor.body.data.permissions).toEqual(expect.arrayContaining(PAGES));

    // Once given, a later removal stays: the next start grants nothing again.
    await revoke(old.tenantId, 'CRISIS_ROLE_CONSULTANT', PAGES);
    await backfillSchools(t.database);
    expect(
      (await journalGrants(old.tenantId)).filter((g) => g.startsWith('CRISIS_ROLE_CONSULTANT:')),
    ).toEqual([]);
  });
});
