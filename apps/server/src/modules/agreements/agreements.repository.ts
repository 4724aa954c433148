import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { countRows, preferCustomPlans, type ListTotal } from '../../core/db/paging';
import { deptsView, rolesView, userRolesView, usersView } from '../identity';
import { agreementRecord } from './agreements.table';

// Identity's read views (its tables are its own): who agreed, their department, roles.
const users = usersView('sys_user');
const depts = deptsView('dept');
const roles = rolesView('role');
const userRoles = userRolesView('user_role');

export async function findAgreement({ tx, tenantId }: TenantScope, userId: number, formName: string) {
  const [row] = await tx
    .select()
    .from(agreementRecord)
    .where(
      and(
        eq(agreementRecord.tenantId, tenantId),
        eq(agreementRecord.userId, userId),
        eq(agreementRecord.formName, formName),
      ),
    );
  return row ?? null;
}

/** Records the agreement unless it exists; answers the stored record (the first one wins). */
export async function insertAgreement(
  scope: TenantScope,
  rec: { userId: number; formName: string; formId: number | null; formAnswerId: number | null },
) {
  const [inserted] = await scope.tx
    .insert(agreementRecord)
    .values({ ...rec, tenantId: scope.tenantId })
    .onConflictDoNothing()
    .returning();
  return inserted ?? (await findAgreement(scope, rec.userId, rec.formName))!;
}

export interface AgreementFilterInput {
  keyword?: string;
  roleId?: number;
  formName?: string;
  /** agreed_at >= from */
  from?: Date;
  /** agreed_at < to */
  to?: Date;
}

const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(tenantId: number, f: AgreementFilterInput): SQL | undefined {
  return and(
    eq(agreementRecord.tenantId, tenantId),
    f.formName ? eq(agreementRecord.formName, f.formName) : undefined,
    f.from ? gte(agreementRecord.agreedAt, f.from) : undefined,
    f.to ? lt(agreementRecord.agreedAt, f.to) : undefined,
    f.keyword
      ? or(
          ilike(users.realName, containsPattern(f.keyword)),
          ilike(users.username, containsPattern(f.keyword)),
          ilike(users.numberName, containsPattern(f.keyword)),
        )
      : undefined,
    f.roleId !== undefined
      ? sql`exists (select 1 from ${userRolesView('ur')} where ur.tenant_id = "agreement_record"."tenant_id"
          and ur.user_id = "agreement_record"."user_id" and ur.role_id = ${f.roleId})`
      : undefined,
  );
}

/** The user's live role names, in role order (outer row by qualified names, not the subquery's). */
const roleNamesSql = sql<
  string[]
>`coalesce((select array_agg(r.role_name order by r.id) from ${userRolesView('ur')}
  join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
  where ur.tenant_id = "agreement_record"."tenant_id" and ur.user_id = "agreement_record"."user_id"), '{}')`;

/** The records matching the filter (the user's row is joined only when the keyword needs it). */
function matching(tx: TenantScope['tx'], tenantId: number, filter: AgreementFilterInput) {
  const base = tx
    .select({ id: agreementRecord.id, agreedAt: agreementRecord.agreedAt })
    .from(agreementRecord);
  const joined = filter.keyword
    ? base.innerJoin(
        users,
        and(eq(users.tenantId, agreementRecord.tenantId), eq(users.id, agreementRecord.userId)),
      )
    : base;
  return joined.where(whereOf(tenantId, filter));
}

/**
 * Agreements with who gave them, newest first; `page` omitted: all (exports, capped by the caller). The
 * page's ids come first (from the (tenant, time, id) index when there is no keyword), then their rows.
 */
export async function findAgreementRecords(
  { tx, tenantId }: TenantScope,
  filter: AgreementFilterInput,
  page: { offset: number; limit: number },
) {
  await preferCustomPlans(tx);
  const ids = matching(tx, tenantId, filter)
    .orderBy(desc(agreementRecord.agreedAt), desc(agreementRecord.id))
    .limit(page.limit)
    .offset(page.offset)
    .as('p');
  const rows = await tx
    .select({
      id: agreementRecord.id,
      userId: agreementRecord.userId,
      username: users.username,
      realName: users.realName,
      numberName: users.numberName,
      deptName: depts.name,
      roleNames: roleNamesSql,
      formName: agreementRecord.formName,
      formId: agreementRecord.formId,
      formAnswerId: agreementRecord.formAnswerId,
      agreedAt: agreementRecord.agreedAt,
    })
    .from(ids)
    .innerJoin(agreementRecord, and(eq(agreementRecord.tenantId, tenantId), eq(agreementRecord.id, ids.id)))
    .innerJoin(users, and(eq(users.tenantId, agreementRecord.tenantId), eq(users.id, agreementRecord.userId)))
    .leftJoin(depts, and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId)))
    .orderBy(desc(ids.agreedAt), desc(ids.id));
  return rows;
}

/** Records matching the filter: exact up to `limit` (EXACT_COUNT_LIMIT by default), estimated beyond. */
export async function countAgreementRecords(
  { tx, tenantId }: TenantScope,
  filter: AgreementFilterInput,
  limit?: number,
): Promise<ListTotal> {
  return countRows(tx, matching(tx, tenantId, filter).getSQL(), limit);
}

/** Per live role: users holding it, and how many of them agreed to `formName`. */
export async function countAgreementsByRole({ tx, tenantId }: TenantScope, formName: string) {
  return tx
    .select({
      roleId: roles.id,
      roleCode: roles.roleCode,
      roleName: roles.roleName,
      userCount: sql<number>`count(distinct ${userRoles.userId})::int`,
      agreedCount: sql<number>`count(distinct ${agreementRecord.userId})::int`,
    })
    .from(roles)
    .leftJoin(userRoles, and(eq(userRoles.tenantId, roles.tenantId), eq(userRoles.roleId, roles.id)))
    .leftJoin(
      agreementRecord,
      and(
        eq(agreementRecord.tenantId, userRoles.tenantId),
        eq(agreementRecord.userId, userRoles.userId),
        eq(agreementRecord.formName, formName),
      ),
    )
    .where(and(eq(roles.tenantId, tenantId), eq(roles.delFlag, false)))
    .groupBy(roles.id, roles.roleCode, roles.roleName)
    .orderBy(asc(roles.id));
}
