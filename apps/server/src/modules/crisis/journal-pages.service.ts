import type { PageCode } from '@psy/contracts';
import { pageCode, type RoleGrant, type SeededRoleCode } from '../../core/catalog';
import type { TenantScope } from '../../core/db/database';
import { addRoleMenus } from '../products';
import { claimSetting, upsertSetting } from './crisis.repository';
import { findRoleKeys } from './network.repository';

/**
 * The follow-up journal's own pages (docs/crisis.md 5). The spec files them under the consultation
 * product, which the network's roles do not hold; without them the journal a person opens from the key
 * case or the journal list answers 403. The student's `/answerQuestions` is not among them: students
 * answer on the workbench card.
 */
export const JOURNAL_PAGE_CODES: readonly PageCode[] = [
  '/openFollowDetail',
  '/writeJournal',
  '/feedbackDetail',
  '/feedbackStatistics',
].map(pageCode);

export const JOURNAL_PAGE_GRANTS: readonly RoleGrant[] = JOURNAL_PAGE_CODES.map(
  (code): RoleGrant => `menu:${code}`,
);

/** The network roles that hold the journal menu (`focus_journal`) in the catalogue. */
export const JOURNAL_PAGE_ROLES: readonly SeededRoleCode[] = [
  'CRISIS_ROLE_SUPERINTENDENT',
  'CRISIS_ROLE_CENTER_SUPERINTENDENT',
  'CRISIS_ROLE_FACULTY_SUPERINTENDENT',
  'CRISIS_ROLE_FACULTY_CONSULT',
  'CRISIS_ROLE_CONSULTANT',
];

/**
 * The school's mark that its roles have had the journal pages (a crisis settings row the settings calls
 * do not serve): written when a school is seeded with them, or when the backfill has given them once.
 */
export const JOURNAL_PAGES_MARK = 'backfill.journalPageGrants';

const JOURNAL_MENU = 'focus_journal';

/** A new school gets the pages from the catalogue: marked done, so a later removal stays removed. */
export async function markJournalPagesSeeded(scope: TenantScope): Promise<void> {
  await claimSetting(scope, JOURNAL_PAGES_MARK, { seeded: true });
}

/**
 * Gives a school seeded before the catalogue granted the journal pages what a new school gets, once
 * (docs/crisis.md 12, "The journal pages' grants"): each of the network roles that holds the journal
 * menu and none of the pages gets the four. A role without the menu, or with some of the pages, was
 * edited by an administrator and is left as it is; once the school is marked, nothing is granted again.
 */
export async function backfillJournalPageGrants(scope: TenantScope): Promise<void> {
  // Claimed first: a second process starting at the same time waits on the key, then finds it done.
  if (!(await claimSetting(scope, JOURNAL_PAGES_MARK, { grantedTo: [] }))) return;
  const roles = await findRoleKeys(scope, JOURNAL_PAGE_ROLES, [JOURNAL_MENU, ...JOURNAL_PAGE_CODES]);
  const grantedTo: string[] = [];
  for (const r of roles) {
    if (!r.keys.includes(JOURNAL_MENU)) continue;
    if (r.keys.some((k) => (JOURNAL_PAGE_CODES as readonly string[]).includes(k))) continue;
    await addRoleMenus(scope, r.roleId, JOURNAL_PAGE_CODES);
    grantedTo.push(r.roleCode);
  }
  if (grantedTo.length) await upsertSetting(scope, JOURNAL_PAGES_MARK, { grantedTo }, null);
}
