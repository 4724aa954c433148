import { asc, eq, and, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { userImportChunk, userImportError } from './user-import.table';
import type { ImportUser } from './user-import.validate';

/**
 * Set-based statements of the import: one round trip per statement per chunk (arrays through
 * unnest), look-ups by index. They write sys_user / user_role directly because the per-row calls of
 * modules/identity would cost a round trip per row (docs/user-import.md "Speed").
 */

const arr = (values: readonly unknown[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

/**
 * Plans the rest of the transaction's statements for their actual values and table size. The server
 * names frequent statements (core/db/named-statements.ts), and PostgreSQL may then keep a generic plan
 * made while sys_user was small (a sequential scan): during a 100,000-row import the account look-up
 * went from 1 ms to over a second per chunk that way.
 */
export async function preferCustomPlans({ tx }: TenantScope) {
  await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
}

/** Role ids and codes/names of the school (not deleted). */
export async function findRoleNames({ tx, tenantId }: TenantScope) {
  const res = await tx.execute(
    sql`select id, role_code, role_name from role where tenant_id = ${tenantId} and not del_flag order by id`,
  );
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    roleCode: String(r.role_code),
    roleName: String(r.role_name),
  }));
}

/** Which of these login accounts (lower case) exist in the school, deleted users included. */
export async function findTakenAccounts({ tx, tenantId }: TenantScope, keys: readonly string[]) {
  if (keys.length === 0) return new Set<string>();
  const res = await tx.execute(sql`select lower(username) as k from sys_user
    where tenant_id = ${tenantId} and lower(username) = any(${arr(keys, 'text')})`);
  return new Set(rowsOf<{ k: string }>(res).map((r) => r.k));
}

/** Which of these numbers are held by a (not deleted) user of the school. */
export async function findTakenNumbers({ tx, tenantId }: TenantScope, numbers: readonly string[]) {
  if (numbers.length === 0) return new Set<string>();
  const res = await tx.execute(sql`select distinct number_name as n from sys_user
    where tenant_id = ${tenantId} and number_name = any(${arr(numbers, 'text')}) and not del_flag`);
  return new Set(rowsOf<{ n: string }>(res).map((r) => r.n));
}

export interface ExistingUser {
  id: number;
  key: string;
  deptId: number | null;
  /** Holds one of the given (school-wide administrator) roles. */
  isAdmin: boolean;
}

/** The (not deleted) users with these login accounts, for update mode. */
export async function findUsersByAccount(
  { tx, tenantId }: TenantScope,
  keys: readonly string[],
  adminRoleIds: readonly number[],
): Promise<Map<string, ExistingUser>> {
  if (keys.length === 0) return new Map();
  const res = await tx.execute(sql`select u.id, lower(u.username) as k, u.dept_id,
      exists (select 1 from user_role ur where ur.tenant_id = u.tenant_id and ur.user_id = u.id
        and ur.role_id = any(${arr(adminRoleIds, 'bigint')})) as is_admin
    from sys_user u
    where u.tenant_id = ${tenantId} and lower(u.username) = any(${arr(keys, 'text')}) and not u.del_flag`);
  const out = new Map<string, ExistingUser>();
  for (const r of rowsOf<Record<string, unknown>>(res)) {
    out.set(String(r.k), {
      id: toNumber(r.id),
      key: String(r.k),
      deptId: r.dept_id === null ? null : toNumber(r.dept_id),
      isAdmin: r.is_admin === true || r.is_admin === 't',
    });
  }
  return out;
}

const col = <K extends keyof ImportUser>(users: readonly ImportUser[], k: K) =>
  users.map((u) => (u[k] === undefined ? null : u[k]));

/**
 * Creates users in one statement, each with its password hash; a login account taken meanwhile is
 * skipped (ON CONFLICT) and left out of the answer. Answers lower(username) -> new id.
 */
export async function insertUsers(
  { tx, tenantId }: TenantScope,
  users: readonly ImportUser[],
  passwordHashes: readonly string[],
  common: { deptId: number; userTypeId: number },
): Promise<Map<string, number>> {
  if (users.length === 0) return new Map();
  const idTypes = users.map((u) => (u.idType ?? (u.idCard ? 1 : null)) as number | null);
  const res = await tx.execute(sql`insert into sys_user (tenant_id, username, password_hash, real_name,
      number_name, phone, email, id_card, id_type, sex, birthday, dept_id, user_type_id, status,
      must_change_password, year_info, nation, politic_countenance, educational_level, religious_belief,
      is_marriage, school_register)
    select ${tenantId}, v.username, v.password_hash, v.real_name, v.number_name, v.phone, v.email,
      v.id_card, v.id_type, v.sex, v.birthday::date, ${common.deptId}, ${common.userTypeId}, 'active', true,
      v.year_info, v.nation, v.politic_countenance, v.educational_level, v.religious_belief, v.is_marriage,
      v.school_register
    from unnest(${arr(col(users, 'username'), 'text')}, ${arr(col(users, 'realName'), 'text')},
      ${arr(col(users, 'numberName'), 'text')}, ${arr(col(users, 'phone'), 'text')},
      ${arr(col(users, 'email'), 'text')}, ${arr(col(users, 'idCard'), 'text')}, ${arr(idTypes, 'smallint')},
      ${arr(col(users, 'sex'), 'smallint')}, ${arr(col(users, 'birthday'), 'text')},
      ${arr(col(users, 'yearInfo'), 'text')}, ${arr(col(users, 'nation'), 'text')},
      ${arr(col(users, 'politicCountenance'), 'text')}, ${arr(col(users, 'educationalLevel'), 'text')},
      ${arr(col(users, 'religiousBelief'), 'text')}, ${arr(col(users, 'isMarriage'), 'text')},
      ${arr(col(users, 'schoolRegister'), 'text')}, ${arr(passwordHashes, 'text')})
      as v(username, real_name, number_name, phone, email, id_card, id_type, sex, birthday, year_info,
        nation, politic_countenance, educational_level, religious_belief, is_marriage, school_register,
        password_hash)
    on conflict (tenant_id, lower(username)) do nothing
    returning id, lower(username) as k`);
  return new Map(rowsOf<Record<string, unknown>>(res).map((r) => [String(r.k), toNumber(r.id)]));
}

export async function insertUserRoles(
  { tx, tenantId }: TenantScope,
  pairs: readonly { userId: number; roleId: number }[],
) {
  if (pairs.length === 0) return;
  await tx.execute(sql`insert into user_role (tenant_id, user_id, role_id)
    select ${tenantId}, v.u, v.r from unnest(${arr(
      pairs.map((p) => p.userId),
      'bigint',
    )}, ${arr(
      pairs.map((p) => p.roleId),
      'bigint',
    )}) as v(u, r)
    on conflict do nothing`);
}

/** Update mode: sets the given (non-null) fields of each user; a blank cell keeps the current value. */
export async function updateUsers(
  { tx, tenantId }: TenantScope,
  rows: readonly { id: number; user: ImportUser }[],
) {
  if (rows.length === 0) return;
  const users = rows.map((r) => r.user);
  const idTypes = users.map((u) => (u.idType ?? (u.idCard ? 1 : null)) as number | null);
  await tx.execute(sql`update sys_user u set
      real_name = coalesce(v.real_name, u.real_name), number_name = coalesce(v.number_name, u.number_name),
      phone = coalesce(v.phone, u.phone), email = coalesce(v.email, u.email),
      id_card = coalesce(v.id_card, u.id_card), id_type = coalesce(v.id_type, u.id_type),
      sex = coalesce(v.sex, u.sex), birthday = coalesce(v.birthday::date, u.birthday),
      year_info = coalesce(v.year_info, u.year_info), nation = coalesce(v.nation, u.nation),
      politic_countenance = coalesce(v.politic_countenance, u.politic_countenance),
      educational_level = coalesce(v.educational_level, u.educational_level),
      religious_belief = coalesce(v.religious_belief, u.religious_belief),
      is_marriage = coalesce(v.is_marriage, u.is_marriage),
      school_register = coalesce(v.school_register, u.school_register), updated_at = now()
    from unnest(${arr(
      rows.map((r) => r.id),
      'bigint',
    )}, ${arr(col(users, 'realName'), 'text')},
      ${arr(col(users, 'numberName'), 'text')}, ${arr(col(users, 'phone'), 'text')},
      ${arr(col(users, 'email'), 'text')}, ${arr(col(users, 'idCard'), 'text')}, ${arr(idTypes, 'smallint')},
      ${arr(col(users, 'sex'), 'smallint')}, ${arr(col(users, 'birthday'), 'text')},
      ${arr(col(users, 'yearInfo'), 'text')}, ${arr(col(users, 'nation'), 'text')},
      ${arr(col(users, 'politicCountenance'), 'text')}, ${arr(col(users, 'educationalLevel'), 'text')},
      ${arr(col(users, 'religiousBelief'), 'text')}, ${arr(col(users, 'isMarriage'), 'text')},
      ${arr(col(users, 'schoolRegister'), 'text')})
      as v(id, real_name, number_name, phone, email, id_card, id_type, sex, birthday, year_info, nation,
        politic_countenance, educational_level, religious_belief, is_marriage, school_register)
    where u.tenant_id = ${tenantId} and u.id = v.id and not u.del_flag`);
}

export interface ErrorRow {
  rowNo: number;
  column: string;
  reason: string;
}

/**
 * Keeps a chunk's refused cells, in row order, while the task has fewer than `cap` kept; the rest are
 * counted on the chunk's marker. Run after the task row is locked (addTaskProgress), so the count of
 * those already kept includes every other chunk's and the cap holds exactly.
 */
export async function insertImportErrors(
  { tx, tenantId }: TenantScope,
  taskId: number,
  chunkNo: number,
  rows: ErrorRow[],
  cap: number,
) {
  if (rows.length === 0) return;
  const seq = new Map<number, number>();
  const seqs = rows.map((r) => {
    const n = (seq.get(r.rowNo) ?? 0) + 1;
    seq.set(r.rowNo, n);
    return n;
  });
  const res =
    await tx.execute(sql`insert into user_import_error (tenant_id, task_id, row_no, seq, column_name, reason)
    select ${tenantId}, ${taskId}, v.r, v.s, v.c, v.m
    from unnest(${arr(
      rows.map((r) => r.rowNo),
      'int',
    )}, ${arr(seqs, 'int')}, ${arr(
      rows.map((r) => r.column),
      'text',
    )}, ${arr(
      rows.map((r) => r.reason),
      'text',
    )}) as v(r, s, c, m)
    order by v.r, v.s
    limit greatest(0, ${cap} - (select count(*) from user_import_error e
      where e.tenant_id = ${tenantId} and e.task_id = ${taskId}))
    on conflict do nothing
    returning 1`);
  const omitted = rows.length - rowsOf(res).length;
  if (omitted > 0) {
    await tx
      .update(userImportChunk)
      .set({ errorsOmitted: omitted })
      .where(
        and(
          eq(userImportChunk.tenantId, tenantId),
          eq(userImportChunk.taskId, taskId),
          eq(userImportChunk.chunkNo, chunkNo),
        ),
      );
  }
}

/** Refused cells of a task not kept (over the cap). */
export async function countOmittedErrors({ tx, tenantId }: TenantScope, taskId: number) {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${userImportChunk.errorsOmitted}), 0)::int` })
    .from(userImportChunk)
    .where(and(eq(userImportChunk.tenantId, tenantId), eq(userImportChunk.taskId, taskId)));
  return Number(row?.n ?? 0);
}

/** The refused rows of a task, in row order. */
export async function findImportErrors({ tx, tenantId }: TenantScope, taskId: number) {
  return tx
    .select({
      rowNo: userImportError.rowNo,
      column: userImportError.columnName,
      reason: userImportError.reason,
    })
    .from(userImportError)
    .where(and(eq(userImportError.tenantId, tenantId), eq(userImportError.taskId, taskId)))
    .orderBy(asc(userImportError.rowNo), asc(userImportError.seq));
}

/** Marks a chunk of a task as written; false if it already was (the caller then writes nothing). */
export async function claimChunk(
  { tx, tenantId }: TenantScope,
  taskId: number,
  chunkNo: number,
  rows: number,
) {
  const out = await tx
    .insert(userImportChunk)
    .values({ tenantId, taskId, chunkNo, rows })
    .onConflictDoNothing()
    .returning({ chunkNo: userImportChunk.chunkNo });
  return out.length === 1;
}

/** Records the users a chunk created and their rows (its transaction, after the insert). */
export async function setChunkUsers(
  { tx, tenantId }: TenantScope,
  taskId: number,
  chunkNo: number,
  created: readonly { userId: number; rowNo: number }[],
) {
  if (created.length === 0) return;
  await tx
    .update(userImportChunk)
    .set({ userIds: created.map((c) => c.userId), rowNos: created.map((c) => c.rowNo) })
    .where(
      and(
        eq(userImportChunk.tenantId, tenantId),
        eq(userImportChunk.taskId, taskId),
        eq(userImportChunk.chunkNo, chunkNo),
      ),
    );
}

/** The users each chunk of a task created with their rows, in chunk order (chunks that created none left out). */
export async function findChunkUsers({ tx, tenantId }: TenantScope, taskId: number) {
  const chunks = await tx
    .select({ userIds: userImportChunk.userIds, rowNos: userImportChunk.rowNos })
    .from(userImportChunk)
    .where(and(eq(userImportChunk.tenantId, tenantId), eq(userImportChunk.taskId, taskId)))
    .orderBy(asc(userImportChunk.chunkNo));
  return chunks.filter((c) => c.userIds.length > 0);
}

/** Login accounts and names of these users (deleted ones left out), in the order given, with their rows. */
export async function findUserNames(
  { tx, tenantId }: TenantScope,
  users: { userIds: readonly number[]; rowNos: readonly number[] },
) {
  const res = await tx.execute(sql`select v.row_no, u.username, coalesce(u.real_name, '') as real_name
    from unnest(${arr(users.userIds, 'bigint')}, ${arr(users.rowNos, 'int')}) with ordinality as v(id, row_no, n)
    join sys_user u on u.tenant_id = ${tenantId} and u.id = v.id and not u.del_flag
    order by v.n`);
  return rowsOf<{ row_no: unknown; username: string; real_name: string }>(res).map((r) => ({
    rowNo: toNumber(r.row_no),
    username: r.username,
    realName: r.real_name,
  }));
}

/** The chunk numbers of a task already written. */
export async function findDoneChunks({ tx, tenantId }: TenantScope, taskId: number) {
  const rows = await tx
    .select({ chunkNo: userImportChunk.chunkNo })
    .from(userImportChunk)
    .where(and(eq(userImportChunk.tenantId, tenantId), eq(userImportChunk.taskId, taskId)));
  return new Set(rows.map((r) => r.chunkNo));
}
