import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';

/*
 * Set-based reads and writes of users for bulk import (modules/user-import): one round trip per
 * statement per chunk of rows (arrays through unnest), look-ups by index (docs/user-import.md "Speed").
 */

/** The user fields a bulk write sets (a blank field: null or absent). */
export interface BulkUser {
  username: string;
  realName?: string;
  numberName?: string;
  phone?: string;
  sex?: number;
  birthday?: string;
  idType?: number | null;
  idCard?: string | null;
  email?: string | null;
  yearInfo?: string | null;
  nation?: string | null;
  politicCountenance?: string | null;
  educationalLevel?: string | null;
  religiousBelief?: string | null;
  isMarriage?: string | null;
  schoolRegister?: string | null;
}

const arr = (values: readonly unknown[], type: string) => sql`${sql.param([...values])}::${sql.raw(type)}[]`;

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

const col = <K extends keyof BulkUser>(users: readonly BulkUser[], k: K) =>
  users.map((u) => (u[k] === undefined ? null : u[k]));

/**
 * Creates users in one statement, each with its password hash; a login account taken meanwhile is
 * skipped (ON CONFLICT) and left out of the answer. Answers lower(username) -> new id.
 */
export async function insertUsers(
  { tx, tenantId }: TenantScope,
  users: readonly BulkUser[],
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
  rows: readonly { id: number; user: BulkUser }[],
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
