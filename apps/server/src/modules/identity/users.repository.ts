import { PHONE_LENGTH } from '@psy/contracts';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { countRows, preferCustomPlans, type ListTotal } from '../../core/db/paging';
import { rowsOf, toNumber, toNumberOrNull } from '../../core/db/rows';
import { personalDataAccessLog, sysUser, userRole } from './identity.table';
import { roleGrants } from './identity.repository';

/** ASCII letters folded to lower case, the same in SQL (translate) and here: see user_search_keys (migration 0006). */
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const foldAscii = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());

/** Which column a search term is for, and its tag in user_search_keys. */
const SEARCH_COLUMNS = {
  realName: { tag: 'r', column: sql`u.real_name` },
  username: { tag: 'u', column: sql`u.username` },
  numberName: { tag: 'n', column: sql`u.number_name` },
} as const;

export interface UserFilter {
  realName?: string | undefined;
  username?: string | undefined;
  numberName?: string | undefined;
  phone?: string | undefined;
  /** Departments a user must be in; null for no department condition. */
  deptIds: readonly number[] | null;
  userTypeId?: number | undefined;
  roleId?: number | undefined;
  status?: string | undefined;
  /** Only live users (always), and optionally only these statuses. */
}

function whereOf(tenantId: number, f: UserFilter): SQL {
  const conds: SQL[] = [sql`u.tenant_id = ${tenantId}`, sql`not u.del_flag`];
  const keys: SQL[] = [];
  for (const key of ['realName', 'username', 'numberName'] as const) {
    const term = f[key];
    if (!term) continue;
    const { tag, column } = SEARCH_COLUMNS[key];
    keys.push(sql`user_search_term_keys(${tenantId}, ${tag}, ${term})`);
    // The keys narrow the rows through the GIN index; this check makes "contains" exact.
    conds.push(sql`strpos(translate(${column}, ${UPPER}, ${LOWER}), ${foldAscii(term)}) > 0`);
  }
  if (keys.length > 0) {
    // Through the index via user_search_ids (migration 0006): under RLS the planner would not use it.
    // `= any(array(...))`: the ids are found first (one index lookup each), never by walking the list.
    conds.push(sql`u.id = any(array(select user_search_ids(${sql.join(keys, sql` || `)})))`);
  }
  if (f.phone) {
    conds.push(
      f.phone.length === PHONE_LENGTH && /^\d+$/.test(f.phone)
        ? sql`u.phone = ${f.phone}`
        : sql`strpos(u.phone, ${f.phone}) > 0`,
    );
  }
  if (f.deptIds !== null) {
    if (f.deptIds.length === 0) conds.push(sql`false`);
    else conds.push(sql`u.dept_id = any(${sql.param([...f.deptIds])}::bigint[])`);
  }
  if (f.userTypeId !== undefined) conds.push(sql`u.user_type_id = ${f.userTypeId}`);
  if (f.status !== undefined) conds.push(sql`u.status = ${f.status}`);
  if (f.roleId !== undefined) {
    conds.push(
      sql`exists (select 1 from user_role ur where ur.tenant_id = u.tenant_id and ur.user_id = u.id and ur.role_id = ${f.roleId})`,
    );
  }
  return sql.join(conds, sql` and `);
}

export interface UserListRow {
  id: number;
  username: string;
  realName: string;
  numberName: string | null;
  phone: string | null;
  idType: number | null;
  idCard: string | null;
  email: string | null;
  sex: number | null;
  birthday: string | null;
  deptId: number | null;
  deptName: string | null;
  userTypeId: number | null;
  userTypeName: string | null;
  status: string;
  mustChangePassword: boolean;
  isInitializeAdmin: boolean;
  createdAt: Date;
  roles: { roleId: number; roleCode: string; roleName: string; dataScope: string }[];
}

export interface UserFullRow extends UserListRow {
  yearInfo: string | null;
  nation: string | null;
  politicCountenance: string | null;
  educationalLevel: string | null;
  religiousBelief: string | null;
  isMarriage: string | null;
  schoolRegister: string | null;
}

const LIST_COLUMNS = sql`u.id, u.username, u.real_name, u.number_name, u.phone, u.id_type, u.id_card, u.email,
  u.sex, u.birthday::text as birthday, u.dept_id, d.name as dept_name, u.user_type_id, ut.name as user_type_name,
  u.status, u.must_change_password, u.is_initialize_admin, u.created_at,
  coalesce((
    select json_agg(json_build_object('roleId', r.id, 'roleCode', r.role_code, 'roleName', r.role_name,
                                      'dataScope', r.data_scope) order by r.id)
    from user_role ur join role r on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
    where ur.tenant_id = u.tenant_id and ur.user_id = u.id), '[]'::json) as roles`;

const LIST_JOINS = sql`left join dept d on d.tenant_id = u.tenant_id and d.id = u.dept_id
  left join user_type ut on ut.tenant_id = u.tenant_id and ut.id = u.user_type_id`;

function toListRow(r: Record<string, unknown>): UserListRow {
  const roles = typeof r.roles === 'string' ? JSON.parse(r.roles) : r.roles;
  return {
    id: toNumber(r.id),
    username: String(r.username),
    realName: String(r.real_name),
    numberName: (r.number_name as string | null) ?? null,
    phone: (r.phone as string | null) ?? null,
    idType: toNumberOrNull(r.id_type),
    idCard: (r.id_card as string | null) ?? null,
    email: (r.email as string | null) ?? null,
    sex: toNumberOrNull(r.sex),
    birthday: (r.birthday as string | null) ?? null,
    deptId: toNumberOrNull(r.dept_id),
    deptName: (r.dept_name as string | null) ?? null,
    userTypeId: toNumberOrNull(r.user_type_id),
    userTypeName: (r.user_type_name as string | null) ?? null,
    status: String(r.status),
    mustChangePassword: Boolean(r.must_change_password),
    isInitializeAdmin: Boolean(r.is_initialize_admin),
    createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    roles: roles as UserListRow['roles'],
  };
}

/**
 * One page of users matching the filter, newest first, and the number of all matches. With a search
 * term the matching ids are found once (a materialized CTE) for both the count and the page. Otherwise
 * the total is counted up to EXACT_COUNT_LIMIT and estimated beyond (a school of 500,000 users is not
 * counted per request), and the page's ids are found first, from an index alone where the filter allows,
 * before their rows are read: a deep offset then skips index entries, not rows.
 */
export async function searchUsers(
  { tx, tenantId }: TenantScope,
  f: UserFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: UserListRow[]; total: ListTotal }> {
  await preferCustomPlans(tx);
  const where = whereOf(tenantId, f);
  if (f.realName || f.username || f.numberName) {
    const res = await tx.execute(sql`
      with m as materialized (select u.id from sys_user u where ${where}),
        p as (select id from m order by id desc limit ${page.limit} offset ${page.offset})
      select (select count(*) from m) as total, ${LIST_COLUMNS}
      from (select 1) one
      left join (p join sys_user u on u.tenant_id = ${tenantId} and u.id = p.id ${LIST_JOINS}) on true
      order by u.id desc nulls last`);
    const all = rowsOf<Record<string, unknown>>(res);
    const total = all.length ? toNumber(all[0]!.total) : 0;
    return { rows: all.filter((r) => r.id !== null).map(toListRow), total: { total, estimated: false } };
  }
  const total = await countRows(tx, sql`select 1 from sys_user u where ${where}`);
  if (total.total === 0 || (!total.estimated && page.offset >= total.total)) return { rows: [], total };
  const res = await tx.execute(sql`
    select ${LIST_COLUMNS}
    from (select u.id from sys_user u where ${where} order by u.id desc
          limit ${page.limit} offset ${page.offset}) p
    join sys_user u on u.tenant_id = ${tenantId} and u.id = p.id ${LIST_JOINS}
    order by u.id desc`);
  return { rows: rowsOf<Record<string, unknown>>(res).map(toListRow), total };
}

/** Users matching the filter with ids below `beforeId` (keyset paging for exports), newest first. */
export async function searchUsersBatch(
  { tx, tenantId }: TenantScope,
  f: UserFilter,
  beforeId: number | null,
  limit: number,
): Promise<UserFullRow[]> {
  const where = whereOf(tenantId, f);
  const keyset = beforeId === null ? sql`true` : sql`u.id < ${beforeId}`;
  const res = await tx.execute(sql`
    select ${LIST_COLUMNS}, ${FULL_EXTRA} from sys_user u ${LIST_JOINS}
    where ${where} and ${keyset} order by u.id desc limit ${limit}`);
  return rowsOf<Record<string, unknown>>(res).map(toFullRow);
}

const FULL_EXTRA = sql`u.year_info, u.nation, u.politic_countenance, u.educational_level, u.religious_belief,
  u.is_marriage, u.school_register`;

function toFullRow(r: Record<string, unknown>): UserFullRow {
  const text = (v: unknown) => (v as string | null) ?? null;
  return {
    ...toListRow(r),
    yearInfo: text(r.year_info),
    nation: text(r.nation),
    politicCountenance: text(r.politic_countenance),
    educationalLevel: text(r.educational_level),
    religiousBelief: text(r.religious_belief),
    isMarriage: text(r.is_marriage),
    schoolRegister: text(r.school_register),
  };
}

/** One live user with every form field and roles; null if absent (or deleted). */
export async function findUserFull({ tx, tenantId }: TenantScope, id: number): Promise<UserFullRow | null> {
  const res = await tx.execute(sql`
    select ${LIST_COLUMNS}, ${FULL_EXTRA} from sys_user u ${LIST_JOINS}
    where u.tenant_id = ${tenantId} and u.id = ${id} and not u.del_flag`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  return row ? toFullRow(row) : null;
}

/** Live users among `ids` with what the batch calls check. */
export async function findUsersBrief({ tx, tenantId }: TenantScope, ids: readonly number[]) {
  return tx
    .select({ id: sysUser.id, deptId: sysUser.deptId, isInitializeAdmin: sysUser.isInitializeAdmin })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, [...ids]), eq(sysUser.delFlag, false)));
}

/** Whether a user name is taken in the tenant (deleted users keep theirs), ignoring case. */
export async function usernameTaken(
  { tx, tenantId }: TenantScope,
  username: string,
  exceptId: number | null,
): Promise<boolean> {
  const res = await tx.execute(sql`
    select 1 from sys_user where tenant_id = ${tenantId} and lower(username) = lower(${username})
      and id is distinct from ${exceptId} limit 1`);
  return rowsOf(res).length > 0;
}

/** Roles of the tenant among `ids`, with their permission keys. */
export async function findRolesWithPermissions({ tx, tenantId }: TenantScope, ids: readonly number[]) {
  const res = await tx.execute(sql`
    select r.id, r.role_code, r.data_scope, r.delegable,
      ${roleGrants.get().permissionsOfRoleSql(sql`r.tenant_id`, sql`r.id`)} as permissions
    from role r where r.tenant_id = ${tenantId} and r.id = any(${sql.param([...ids])}::bigint[]) and not r.del_flag`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    roleCode: String(r.role_code),
    dataScope: String(r.data_scope),
    delegable: r.delegable === true || r.delegable === 't',
    permissions: (r.permissions as string[] | null) ?? [],
  }));
}

export async function userTypeExists({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const res = await tx.execute(sql`select 1 from user_type where tenant_id = ${tenantId} and id = ${id}`);
  return rowsOf(res).length > 0;
}

/** Columns a user-administration write may set. */
export interface UserWrite {
  username?: string;
  passwordHash?: string;
  mustChangePassword?: boolean;
  passwordChangedAt?: Date;
  realName?: string;
  numberName?: string;
  phone?: string;
  deptId?: number;
  sex?: number;
  birthday?: string;
  idType?: number | null;
  idCard?: string | null;
  email?: string | null;
  userTypeId?: number | null;
  status?: string;
  yearInfo?: string | null;
  nation?: string | null;
  politicCountenance?: string | null;
  educationalLevel?: string | null;
  religiousBelief?: string | null;
  isMarriage?: string | null;
  schoolRegister?: string | null;
}

export async function insertUser(
  { tx, tenantId }: TenantScope,
  v: UserWrite & { username: string; realName: string },
): Promise<number> {
  const [row] = await tx
    .insert(sysUser)
    .values({ ...v, tenantId })
    .returning({ id: sysUser.id });
  return row!.id;
}

export async function updateUser(
  { tx, tenantId }: TenantScope,
  id: number,
  patch: UserWrite,
): Promise<boolean> {
  const rows = await tx
    .update(sysUser)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, id), eq(sysUser.delFlag, false)))
    .returning({ id: sysUser.id });
  return rows.length === 1;
}

/** Replaces the roles of a user. */
export async function replaceUserRoles(
  { tx, tenantId }: TenantScope,
  userId: number,
  roleIds: readonly number[],
) {
  await tx.delete(userRole).where(and(eq(userRole.tenantId, tenantId), eq(userRole.userId, userId)));
  if (roleIds.length > 0) {
    await tx.insert(userRole).values([...new Set(roleIds)].map((roleId) => ({ tenantId, userId, roleId })));
  }
}

/** Soft-deletes live users; answers how many changed. */
export async function softDeleteUsers(
  { tx, tenantId }: TenantScope,
  ids: readonly number[],
): Promise<number> {
  const rows = await tx
    .update(sysUser)
    .set({ delFlag: true, updatedAt: new Date() })
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, [...ids]), eq(sysUser.delFlag, false)))
    .returning({ id: sysUser.id });
  // A deleted user holds no role: role links then count holders without a join to sys_user.
  if (rows.length > 0) {
    await tx.delete(userRole).where(
      and(
        eq(userRole.tenantId, tenantId),
        inArray(
          userRole.userId,
          rows.map((r) => r.id),
        ),
      ),
    );
  }
  return rows.length;
}

export async function setUsersStatus(
  { tx, tenantId }: TenantScope,
  ids: readonly number[],
  status: string,
): Promise<number> {
  const rows = await tx
    .update(sysUser)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, [...ids]), eq(sysUser.delFlag, false)))
    .returning({ id: sysUser.id });
  return rows.length;
}

/** Active users for pickers, ordered by name, capped. */
export async function findSimpleUsers(
  { tx, tenantId }: TenantScope,
  name: string | undefined,
  deptIds: readonly number[] | null,
  limit: number,
) {
  const conds: SQL[] = [sql`u.tenant_id = ${tenantId}`, sql`not u.del_flag`, sql`u.status = 'active'`];
  if (name) {
    const folded = foldAscii(name);
    // The candidates through the search keys' GIN index (any of the three columns), as the user list
    // does; the strpos checks make "contains" exact.
    const ids = (['realName', 'username', 'numberName'] as const).map(
      (key) =>
        sql`select user_search_ids(user_search_term_keys(${tenantId}, ${SEARCH_COLUMNS[key].tag}, ${name}))`,
    );
    conds.push(sql`u.id = any(array(${sql.join(ids, sql` union `)}))`);
    conds.push(sql`(strpos(translate(u.real_name, ${UPPER}, ${LOWER}), ${folded}) > 0
      or strpos(translate(u.username, ${UPPER}, ${LOWER}), ${folded}) > 0
      or strpos(translate(coalesce(u.number_name, ''), ${UPPER}, ${LOWER}), ${folded}) > 0)`);
  }
  if (deptIds !== null) {
    conds.push(
      deptIds.length === 0 ? sql`false` : sql`u.dept_id = any(${sql.param([...deptIds])}::bigint[])`,
    );
  }
  await preferCustomPlans(tx);
  const res = await tx.execute(sql`
    select u.id, u.real_name, u.username, u.number_name, u.dept_id from sys_user u
    where ${sql.join(conds, sql` and `)} order by u.real_name, u.id limit ${limit}`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    realName: String(r.real_name),
    username: String(r.username),
    numberName: (r.number_name as string | null) ?? null,
    deptId: toNumberOrNull(r.dept_id),
  }));
}

/** Records unmasked reads of personal data, in the transaction of the read. */
export async function insertAccessLog(
  { tx, tenantId }: TenantScope,
  reads: readonly { viewerId: number; subjectId: number; fields: string[]; route: string }[],
  taskId?: number,
) {
  if (reads.length === 0) return;
  if (taskId === undefined) {
    await tx.insert(personalDataAccessLog).values(reads.map((v) => ({ tenantId, ...v })));
    return;
  }
  // The log is append-only: a retried batch adds a row only for a person with fields the task has not
  // logged yet, holding just those fields.
  await tx.execute(sql`
    insert into personal_data_access_log (tenant_id, viewer_id, subject_id, fields, route, task_id)
    select ${tenantId}, r."viewerId", r."subjectId", fresh.fields, r.route, ${taskId}
    from jsonb_to_recordset(${JSON.stringify(reads)}::jsonb)
      as r(${sql.raw('"viewerId" bigint, "subjectId" bigint, fields text[], route text')})
    cross join lateral (
      select array(
        select distinct f from unnest(r.fields) f
        where not exists (
          select 1 from personal_data_access_log l
          where l.tenant_id = ${tenantId} and l.task_id = ${taskId} and l.subject_id = r."subjectId"
            and f = any(l.fields))
        order by f) as fields
    ) fresh
    where cardinality(fresh.fields) > 0`);
}

/**
 * Deletes the entries of a school older than `days` (the retention setting). Runs as the system role:
 * the app role may not delete from the log. Deletes in batches so one run never holds a long lock.
 */
export async function purgeAccessLogOlderThan(
  { db }: SystemScope,
  tenantId: number,
  days: number,
  batch = 10_000,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const res = await db.execute(sql`
      delete from personal_data_access_log
      where tenant_id = ${tenantId} and id in (
        select id from personal_data_access_log
        where tenant_id = ${tenantId} and created_at < now() - make_interval(days => ${days}::int)
        limit ${batch})
      returning id`);
    const n = rowsOf(res).length;
    purged += n;
    if (n < batch) return purged;
  }
}

export async function findAccessLog(
  { tx, tenantId }: TenantScope,
  f: { subjectId?: number | undefined; viewerId?: number | undefined },
  page: { offset: number; limit: number },
) {
  const conds: SQL[] = [sql`l.tenant_id = ${tenantId}`];
  if (f.subjectId !== undefined) conds.push(sql`l.subject_id = ${f.subjectId}`);
  if (f.viewerId !== undefined) conds.push(sql`l.viewer_id = ${f.viewerId}`);
  const where = sql.join(conds, sql` and `);
  // Counted up to EXACT_COUNT_LIMIT (the log grows by every unmasked read); the page's ids from the
  // (tenant, time, id) index first, then their rows: a deep offset skips index entries only.
  const total = await countRows(tx, sql`select 1 from personal_data_access_log l where ${where}`);
  const res = await tx.execute(sql`
    select l.id, l.viewer_id, v.real_name as viewer_name, l.subject_id, s.real_name as subject_name,
      l.fields, l.route, l.created_at
    from (select l.id, l.created_at from personal_data_access_log l where ${where}
          order by l.created_at desc, l.id desc limit ${page.limit} offset ${page.offset}) p
    join personal_data_access_log l on l.tenant_id = ${tenantId} and l.id = p.id
    left join sys_user v on v.tenant_id = l.tenant_id and v.id = l.viewer_id
    left join sys_user s on s.tenant_id = l.tenant_id and s.id = l.subject_id
    order by p.created_at desc, p.id desc`);
  return {
    total,
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      id: toNumber(r.id),
      viewerId: toNumber(r.viewer_id),
      viewerName: (r.viewer_name as string | null) ?? null,
      subjectId: toNumber(r.subject_id),
      subjectName: (r.subject_name as string | null) ?? null,
      fields: (r.fields as string[] | null) ?? [],
      route: String(r.route),
      createdAt: r.created_at instanceof Date ? r.created_at : new Date(String(r.created_at)),
    })),
  };
}

/**
 * Names, numbers and departments of users by id, for modules that show people they only hold ids of
 * (docs/cases.md); deleted users are included (a record keeps naming its author).
 */
export async function findUserBriefs({ tx, tenantId }: TenantScope, ids: readonly number[]) {
  const out = new Map<number, { name: string | null; number: string | null; deptId: number | null }>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return out;
  const res = await tx.execute(sql`
    select id, real_name, number_name, dept_id from sys_user
    where tenant_id = ${tenantId} and id = any(${sql.raw(`'{${unique.map(Number).join(',')}}'::bigint[]`)})`);
  for (const r of rowsOf<Record<string, unknown>>(res))
    out.set(toNumber(r.id), {
      name: (r.real_name as string | null) ?? null,
      number: (r.number_name as string | null) ?? null,
      deptId: toNumberOrNull(r.dept_id),
    });
  return out;
}

/**
 * Phones of users by id, deleted users too (who is texted is decided by the caller: the crisis module's
 * escalation SMS and warning network). A function, not a view column: other modules' queries cannot
 * select a phone alongside anything else.
 */
export async function findUserPhones(
  { tx, tenantId }: TenantScope,
  ids: readonly number[],
): Promise<Map<number, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx
    .select({ id: sysUser.id, phone: sysUser.phone })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.id, unique)));
  return new Map(rows.map((r) => [r.id, r.phone]));
}

/** One user's phone (null when none is on file or there is no such user): the number an SMS goes to. */
export async function findUserPhone({ tx, tenantId }: TenantScope, id: number): Promise<string | null> {
  const [row] = await tx
    .select({ phone: sysUser.phone })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, id)));
  return row?.phone ?? null;
}

/** Ids of live users whose name contains the text, at most `limit` (name filters of other modules' lists). */
export async function findUserIdsByName({ tx, tenantId }: TenantScope, name: string, limit = 1000) {
  const res = await tx.execute(sql`
    select id from sys_user where tenant_id = ${tenantId} and not del_flag
      and real_name ilike ${'%' + name.replace(/[\\%_]/g, (c) => '\\' + c) + '%'} limit ${limit}`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

/** Ids of live users in the given departments (a sub-administrator's subtree). */
export async function findUserIdsInDepts({ tx, tenantId }: TenantScope, deptIds: readonly number[]) {
  if (deptIds.length === 0) return [];
  const res = await tx.execute(sql`
    select id from sys_user where tenant_id = ${tenantId} and not del_flag
      and dept_id = any(${sql.raw(`'{${deptIds.map(Number).join(',')}}'::bigint[]`)})`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}
