import { and, asc, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import {
  deptsView,
  findUserPhones,
  rolesView,
  userRolesView,
  usersView,
  usersWithPhoneView,
} from '../identity';
import { menusView, roleMenusView } from '../products';
import { crisisCoverage, crisisDormitory, crisisDormitoryMember } from './crisis.table';

// Identity's read views under the table names, so the statements read as they did on the tables.
const sysUser = usersView('sys_user');
const dept = deptsView('dept');
const role = rolesView('role');
const userRole = userRolesView('user_role');
/** A record's subject with the phone its pages show. */
const student = usersWithPhoneView('sys_user');

/** Depth limit of the recursive department walks (a cycle, which writes refuse, cannot loop). */
const MAX_DEPTH = 64;

export interface StudentRow {
  id: number;
  realName: string;
  numberName: string | null;
  deptId: number | null;
  deptName: string | null;
  phone: string | null;
}

const studentColumns = {
  id: student.id,
  realName: student.realName,
  numberName: student.numberName,
  deptId: student.deptId,
  deptName: dept.name,
  phone: student.phone,
};

/** A live user of the school (the subject of a record), with their department. */
export async function findStudent({ tx, tenantId }: TenantScope, id: number): Promise<StudentRow | null> {
  const [row] = await tx
    .select(studentColumns)
    .from(student)
    .leftJoin(dept, and(eq(dept.tenantId, student.tenantId), eq(dept.id, student.deptId)))
    .where(and(eq(student.tenantId, tenantId), eq(student.id, id), eq(student.delFlag, false)));
  return row ?? null;
}

/** Students by id (deleted ones too: records keep naming them). */
export async function findStudents(
  { tx, tenantId }: TenantScope,
  ids: number[],
): Promise<Map<number, StudentRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select(studentColumns)
    .from(student)
    .leftJoin(dept, and(eq(dept.tenantId, student.tenantId), eq(dept.id, student.deptId)))
    .where(and(eq(student.tenantId, tenantId), inArray(student.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Names of people by id. */
export async function findPeople({ tx, tenantId }: TenantScope, ids: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: sysUser.id, realName: sysUser.realName })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, unique)));
  return new Map(rows.map((r) => [r.id, r.realName]));
}

/** Live, active users of the school among `ids`. */
export async function findLiveUserIds({ tx, tenantId }: TenantScope, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  const rows = await tx
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        inArray(sysUser.id, unique),
        eq(sysUser.delFlag, false),
        eq(sysUser.status, 'active'),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Phone numbers of people (for SMS). */
export function findPhones(scope: TenantScope, ids: number[]): Promise<Map<number, string | null>> {
  return findUserPhones(scope, ids);
}

const list = (values: readonly (string | number)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The holders of `roleCodes` who cover a department: the centre and overall heads always; others when a
 * coverage row names the department or an ancestor, or, with no coverage row for that role, when their
 * own department is it or an ancestor (docs/crisis.md 1). Active, live users only.
 */
export async function findCoveringHolders(
  { tx, tenantId }: TenantScope,
  deptId: number | null,
  roleCodes: readonly string[],
): Promise<{ userId: number; roleCode: string }[]> {
  if (roleCodes.length === 0) return [];
  const res = await tx.execute(sql`
    with recursive anc as (
      select id, parent_id, 0 as depth from ${deptsView('dept')} where tenant_id = ${tenantId} and id = ${deptId ?? -1}
      union all
      select d.id, d.parent_id, anc.depth + 1 from ${deptsView('d')}
      join anc on d.tenant_id = ${tenantId} and d.id = anc.parent_id
      where anc.depth < ${MAX_DEPTH}
    )
    select distinct u.id as user_id, r.role_code
    from ${usersView('u')}
    join ${userRolesView('ur')} on ur.tenant_id = u.tenant_id and ur.user_id = u.id
    join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
    where u.tenant_id = ${tenantId} and not u.del_flag and u.status = 'active'
      and r.role_code in (${list(roleCodes)})
      and (
        r.role_code in ('CRISIS_ROLE_CENTER_SUPERINTENDENT', 'CRISIS_ROLE_SUPERINTENDENT')
        or exists (select 1 from crisis_coverage c where c.tenant_id = u.tenant_id and c.user_id = u.id
          and c.role_code = r.role_code and c.dept_id in (select id from anc))
        or (not exists (select 1 from crisis_coverage c where c.tenant_id = u.tenant_id and c.user_id = u.id
          and c.role_code = r.role_code) and u.dept_id in (select id from anc))
      )
    order by u.id`);
  return rowsOf<{ user_id: unknown; role_code: string }>(res).map((r) => ({
    userId: toNumber(r.user_id),
    roleCode: r.role_code,
  }));
}

/** Active holders of any of the roles (school-wide), e.g. the administrators. */
export async function findRoleHolders({ tx, tenantId }: TenantScope, roleCodes: readonly string[]) {
  if (roleCodes.length === 0) return [];
  const rows = await tx
    .selectDistinct({ userId: sysUser.id, roleCode: role.roleCode })
    .from(sysUser)
    .innerJoin(userRole, and(eq(userRole.tenantId, sysUser.tenantId), eq(userRole.userId, sysUser.id)))
    .innerJoin(role, and(eq(role.tenantId, userRole.tenantId), eq(role.id, userRole.roleId)))
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        eq(sysUser.delFlag, false),
        eq(sysUser.status, 'active'),
        eq(role.delFlag, false),
        inArray(role.roleCode, [...roleCodes]),
      ),
    )
    .orderBy(asc(sysUser.id));
  return rows;
}

/** The coverage rows of a person: departments per role. */
export function findCoverageOf({ tx, tenantId }: TenantScope, userId: number) {
  return tx
    .select({ roleCode: crisisCoverage.roleCode, deptId: crisisCoverage.deptId })
    .from(crisisCoverage)
    .where(and(eq(crisisCoverage.tenantId, tenantId), eq(crisisCoverage.userId, userId)));
}

/** The departments under any of `rootIds`, the roots included (live departments). */
export async function findSubtreeIds({ tx, tenantId }: TenantScope, rootIds: number[]): Promise<number[]> {
  const roots = [...new Set(rootIds)];
  if (roots.length === 0) return [];
  const res = await tx.execute(sql`
    with recursive sub as (
      select id, 0 as depth from ${deptsView('dept')} where tenant_id = ${tenantId} and id in (${list(roots)}) and not del_flag
      union all
      select d.id, sub.depth + 1 from ${deptsView('d')} join sub on d.tenant_id = ${tenantId} and d.parent_id = sub.id
      where not d.del_flag and sub.depth < ${MAX_DEPTH}
    )
    select distinct id from sub`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/** Live departments among `ids`, with names. */
export async function findDepts({ tx, tenantId }: TenantScope, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: dept.id, name: dept.name })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), inArray(dept.id, unique), eq(dept.delFlag, false)));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Replaces a person's coverage in a role. */
export async function replaceCoverage(
  { tx, tenantId }: TenantScope,
  userId: number,
  roleCode: string,
  deptIds: number[],
): Promise<void> {
  await tx
    .delete(crisisCoverage)
    .where(
      and(
        eq(crisisCoverage.tenantId, tenantId),
        eq(crisisCoverage.userId, userId),
        eq(crisisCoverage.roleCode, roleCode),
      ),
    );
  if (deptIds.length > 0)
    await tx.insert(crisisCoverage).values(deptIds.map((deptId) => ({ tenantId, userId, roleCode, deptId })));
}

/** The roles a user holds (live roles). */
export async function findRoleCodesOf({ tx, tenantId }: TenantScope, userId: number): Promise<string[]> {
  const rows = await tx
    .select({ code: role.roleCode })
    .from(userRole)
    .innerJoin(role, and(eq(role.tenantId, userRole.tenantId), eq(role.id, userRole.roleId)))
    .where(and(eq(userRole.tenantId, tenantId), eq(userRole.userId, userId), eq(role.delFlag, false)));
  return rows.map((r) => r.code);
}

/** Network members (holders of `roleCodes`) with their own department, paged by name. */
export async function findNetworkPage(
  { tx, tenantId }: TenantScope,
  filter: { roleCodes: readonly string[]; keyword?: string | undefined },
  page: { offset: number; limit: number },
) {
  const pattern = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(sysUser.tenantId, tenantId),
    eq(sysUser.delFlag, false),
    eq(role.delFlag, false),
    inArray(role.roleCode, [...filter.roleCodes]),
    pattern ? sql`(${sysUser.realName} ilike ${pattern} or ${sysUser.username} ilike ${pattern})` : undefined,
  );
  const base = () =>
    tx
      .select({
        userId: sysUser.id,
        realName: sysUser.realName,
        deptId: sysUser.deptId,
        deptName: dept.name,
        roleCode: role.roleCode,
      })
      .from(sysUser)
      .innerJoin(userRole, and(eq(userRole.tenantId, sysUser.tenantId), eq(userRole.userId, sysUser.id)))
      .innerJoin(role, and(eq(role.tenantId, userRole.tenantId), eq(role.id, userRole.roleId)))
      .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
      .where(where);
  const rows = await base()
    .orderBy(asc(role.roleCode), asc(sysUser.realName), asc(sysUser.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx
    .select({ n: count() })
    .from(sysUser)
    .innerJoin(userRole, and(eq(userRole.tenantId, sysUser.tenantId), eq(userRole.userId, sysUser.id)))
    .innerJoin(role, and(eq(role.tenantId, userRole.tenantId), eq(role.id, userRole.roleId)))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Coverage rows of several people, with department names. */
export async function findCoverageRows({ tx, tenantId }: TenantScope, userIds: number[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({
      userId: crisisCoverage.userId,
      roleCode: crisisCoverage.roleCode,
      deptId: crisisCoverage.deptId,
      deptName: dept.name,
    })
    .from(crisisCoverage)
    .innerJoin(dept, and(eq(dept.tenantId, crisisCoverage.tenantId), eq(dept.id, crisisCoverage.deptId)))
    .where(and(eq(crisisCoverage.tenantId, tenantId), inArray(crisisCoverage.userId, [...new Set(userIds)])))
    .orderBy(asc(dept.sort), asc(dept.id));
}

/**
 * Students (holders of ROLE_GENERAL) a caller may report on: in `deptIds` (null: the school) or among
 * `studentIds`; by name or number.
 */
export async function searchReportableStudents(
  { tx, tenantId }: TenantScope,
  filter: { deptIds: number[] | null; studentIds: number[] | null; keyword?: string | undefined },
  page: { offset: number; limit: number },
) {
  const pattern = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const scopeCond: SQL[] = [];
  if (filter.deptIds !== null)
    scopeCond.push(filter.deptIds.length ? inArray(sysUser.deptId, filter.deptIds) : sql`false`);
  if (filter.studentIds !== null)
    scopeCond.push(filter.studentIds.length ? inArray(sysUser.id, filter.studentIds) : sql`false`);
  const where = and(
    eq(sysUser.tenantId, tenantId),
    eq(sysUser.delFlag, false),
    sql`exists (select 1 from ${userRolesView('ur')} join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id
      where ur.tenant_id = ${sysUser.tenantId} and ur.user_id = ${sysUser.id} and r.role_code = 'ROLE_GENERAL')`,
    scopeCond.length ? sql`(${sql.join(scopeCond, sql` or `)})` : undefined,
    pattern
      ? sql`(${sysUser.realName} ilike ${pattern} or ${sysUser.numberName} ilike ${pattern})`
      : undefined,
  );
  const rows = await tx
    .select({
      id: sysUser.id,
      realName: sysUser.realName,
      numberName: sysUser.numberName,
      deptName: dept.name,
    })
    .from(sysUser)
    .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
    .where(where)
    .orderBy(asc(sysUser.realName), asc(sysUser.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(sysUser).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- dormitories

export type DormitoryRow = typeof crisisDormitory.$inferSelect;

const liveDorm = (tenantId: number) =>
  and(eq(crisisDormitory.tenantId, tenantId), isNull(crisisDormitory.deletedAt));

export async function findDormitory({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(crisisDormitory)
    .where(and(liveDorm(tenantId), eq(crisisDormitory.id, id)));
  return row ?? null;
}

export async function findDormitoryByName({ tx, tenantId }: TenantScope, name: string) {
  const [row] = await tx
    .select()
    .from(crisisDormitory)
    .where(and(liveDorm(tenantId), sql`lower(${crisisDormitory.name}) = lower(${name})`));
  return row ?? null;
}

/** The live dormitories a person leads. */
export function findDormitoriesLedBy({ tx, tenantId }: TenantScope, leaderId: number) {
  return tx
    .select()
    .from(crisisDormitory)
    .where(and(liveDorm(tenantId), eq(crisisDormitory.leaderId, leaderId)));
}

/** The dormitory a student lives in, if any. */
export async function findDormitoryOfStudent({ tx, tenantId }: TenantScope, studentId: number) {
  const [row] = await tx
    .select({ dorm: crisisDormitory })
    .from(crisisDormitoryMember)
    .innerJoin(
      crisisDormitory,
      and(
        eq(crisisDormitory.tenantId, crisisDormitoryMember.tenantId),
        eq(crisisDormitory.id, crisisDormitoryMember.dormitoryId),
      ),
    )
    .where(
      and(
        eq(crisisDormitoryMember.tenantId, tenantId),
        eq(crisisDormitoryMember.studentId, studentId),
        isNull(crisisDormitory.deletedAt),
      ),
    );
  return row?.dorm ?? null;
}

export async function findDormitoryMembers({ tx, tenantId }: TenantScope, dormitoryIds: number[]) {
  if (dormitoryIds.length === 0) return [];
  return tx
    .select({ dormitoryId: crisisDormitoryMember.dormitoryId, studentId: crisisDormitoryMember.studentId })
    .from(crisisDormitoryMember)
    .where(
      and(
        eq(crisisDormitoryMember.tenantId, tenantId),
        inArray(crisisDormitoryMember.dormitoryId, dormitoryIds),
      ),
    );
}

export async function findDormitoryPage(
  { tx, tenantId }: TenantScope,
  filter: { keyword?: string | undefined },
  page: { offset: number; limit: number },
) {
  const pattern = filter.keyword ? `%${filter.keyword.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(liveDorm(tenantId), pattern ? sql`${crisisDormitory.name} ilike ${pattern}` : undefined);
  const rows = await tx
    .select()
    .from(crisisDormitory)
    .where(where)
    .orderBy(asc(crisisDormitory.name), asc(crisisDormitory.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisDormitory).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Students among `studentIds` who live in a dormitory other than `exceptId`. */
export async function findMembersElsewhere(
  { tx, tenantId }: TenantScope,
  studentIds: number[],
  exceptId: number | null,
) {
  if (studentIds.length === 0) return [];
  const rows = await tx
    .select({ studentId: crisisDormitoryMember.studentId })
    .from(crisisDormitoryMember)
    .innerJoin(
      crisisDormitory,
      and(
        eq(crisisDormitory.tenantId, crisisDormitoryMember.tenantId),
        eq(crisisDormitory.id, crisisDormitoryMember.dormitoryId),
      ),
    )
    .where(
      and(
        eq(crisisDormitoryMember.tenantId, tenantId),
        inArray(crisisDormitoryMember.studentId, studentIds),
        isNull(crisisDormitory.deletedAt),
        exceptId !== null ? sql`${crisisDormitoryMember.dormitoryId} <> ${exceptId}` : undefined,
      ),
    );
  return rows.map((r) => r.studentId);
}

export async function saveDormitory(
  { tx, tenantId }: TenantScope,
  id: number | null,
  values: { name: string; deptId: number | null; leaderId: number | null },
  memberIds: number[],
): Promise<DormitoryRow> {
  let row: DormitoryRow;
  if (id === null) {
    [row] = (await tx
      .insert(crisisDormitory)
      .values({ tenantId, ...values })
      .returning()) as [DormitoryRow];
  } else {
    [row] = (await tx
      .update(crisisDormitory)
      .set({ ...values, updatedAt: new Date() })
      .where(and(liveDorm(tenantId), eq(crisisDormitory.id, id)))
      .returning()) as [DormitoryRow];
    await tx
      .delete(crisisDormitoryMember)
      .where(and(eq(crisisDormitoryMember.tenantId, tenantId), eq(crisisDormitoryMember.dormitoryId, id)));
  }
  // A deleted dormitory's members are free to move: its rows go when a student is placed elsewhere.
  if (memberIds.length > 0) {
    await tx
      .delete(crisisDormitoryMember)
      .where(
        and(
          eq(crisisDormitoryMember.tenantId, tenantId),
          inArray(crisisDormitoryMember.studentId, memberIds),
        ),
      );
    await tx
      .insert(crisisDormitoryMember)
      .values(memberIds.map((studentId) => ({ tenantId, dormitoryId: row.id, studentId })));
  }
  return row;
}

export async function softDeleteDormitory({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .update(crisisDormitory)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(liveDorm(tenantId), eq(crisisDormitory.id, id)))
    .returning({ id: crisisDormitory.id });
  if (rows.length === 0) return false;
  await tx
    .delete(crisisDormitoryMember)
    .where(and(eq(crisisDormitoryMember.tenantId, tenantId), eq(crisisDormitoryMember.dormitoryId, id)));
  return true;
}

/**
 * The faculties: the departments faculty heads cover (their assigned departments, else their own), with
 * their heads. Monthly reports are per faculty.
 */
export async function findFaculties({ tx, tenantId }: TenantScope) {
  const res = await tx.execute(sql`
    with heads as (
      select distinct u.id as user_id, u.dept_id
      from ${usersView('u')}
      join ${userRolesView('ur')} on ur.tenant_id = u.tenant_id and ur.user_id = u.id
      join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
      where u.tenant_id = ${tenantId} and not u.del_flag and u.status = 'active'
        and r.role_code = 'CRISIS_ROLE_FACULTY_SUPERINTENDENT'
    ),
    covered as (
      select c.dept_id, h.user_id from heads h
      join crisis_coverage c on c.tenant_id = ${tenantId} and c.user_id = h.user_id
        and c.role_code = 'CRISIS_ROLE_FACULTY_SUPERINTENDENT'
      union
      select h.dept_id, h.user_id from heads h
      where h.dept_id is not null and not exists (select 1 from crisis_coverage c where c.tenant_id = ${tenantId}
        and c.user_id = h.user_id and c.role_code = 'CRISIS_ROLE_FACULTY_SUPERINTENDENT')
    )
    select d.id, d.name, array_agg(c.user_id order by c.user_id) as heads
    from covered c join ${deptsView('d')} on d.tenant_id = ${tenantId} and d.id = c.dept_id and not d.del_flag
    group by d.id, d.name, d.sort
    order by d.sort, d.id`);
  return rowsOf<{ id: unknown; name: string; heads: unknown }>(res).map((r) => ({
    id: toNumber(r.id),
    name: r.name,
    headIds: (typeof r.heads === 'string'
      ? r.heads.replace(/[{}]/g, '').split(',').filter(Boolean)
      : (r.heads as unknown[])
    ).map((x) => toNumber(x)),
  }));
}

/**
 * The school's live roles of `roleCodes`, each with the permission keys among `keys` it holds through
 * live menu entries (a role holding none of them is answered with none).
 */
export async function findRoleKeys(
  { tx, tenantId }: TenantScope,
  roleCodes: readonly string[],
  keys: readonly string[],
): Promise<{ roleId: number; roleCode: string; keys: string[] }[]> {
  if (roleCodes.length === 0) return [];
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const res = await tx.execute(sql`
    select r.id, r.role_code,
      coalesce(json_agg(distinct m.permission) filter (where m.permission is not null), '[]'::json) as keys
    from ${rolesView('r')}
    left join ${roleMenusView('rm')} on rm.tenant_id = r.tenant_id and rm.role_id = r.id
    left join ${menusView('m')} on m.tenant_id = rm.tenant_id and m.id = rm.menu_id and not m.del_flag
      and m.permission in (${list(keys.length ? keys : [''])})
    where r.tenant_id = ${tenantId} and not r.del_flag and r.role_code in (${list(roleCodes)})
    group by r.id, r.role_code
    order by r.id`);
  return rowsOf<{ id: unknown; role_code: string; keys: string[] | string }>(res).map((r) => ({
    roleId: toNumber(r.id),
    roleCode: r.role_code,
    keys: typeof r.keys === 'string' ? (JSON.parse(r.keys) as string[]) : r.keys,
  }));
}
