import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { USER_TYPE_USER_COUNT_CAP } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { sysUser, userType } from './identity.table';

/**
 * Users of the type, deleted ones included (their rows still point at it), counted up to
 * USER_TYPE_USER_COUNT_CAP + 1 from the (tenant, type) index alone.
 */
const userCountOf = sql<number>`(
  select count(*)::int from (select 1 from ${sysUser} u
    where u.tenant_id = "user_type"."tenant_id" and u.user_type_id = "user_type"."id"
    limit ${USER_TYPE_USER_COUNT_CAP + 1}) counted)`;

const columns = {
  id: userType.id,
  name: userType.name,
  code: userType.code,
  allowRegister: userType.allowRegister,
  sort: userType.sort,
  userCount: userCountOf,
};

export interface UserTypeRow {
  id: number;
  name: string;
  code: string;
  allowRegister: boolean;
  sort: number;
  userCount: number;
}

/** The school's user types in display order; only those open to registration when asked. */
export async function listUserTypes(
  { tx, tenantId }: TenantScope,
  opts: { registerOnly?: boolean } = {},
): Promise<UserTypeRow[]> {
  const rows = await tx
    .select(columns)
    .from(userType)
    .where(
      and(eq(userType.tenantId, tenantId), opts.registerOnly ? eq(userType.allowRegister, true) : undefined),
    )
    .orderBy(asc(userType.sort), asc(userType.id));
  return rows.map((r) => ({ ...r, userCount: Number(r.userCount) }));
}

export async function findUserType({ tx, tenantId }: TenantScope, id: number): Promise<UserTypeRow | null> {
  const [row] = await tx
    .select(columns)
    .from(userType)
    .where(and(eq(userType.tenantId, tenantId), eq(userType.id, id)));
  return row ? { ...row, userCount: Number(row.userCount) } : null;
}

export async function userTypeCodeTaken(
  { tx, tenantId }: TenantScope,
  code: string,
  exceptId: number | null,
) {
  const [row] = await tx
    .select({ id: userType.id })
    .from(userType)
    .where(
      and(
        eq(userType.tenantId, tenantId),
        eq(userType.code, code),
        exceptId ? ne(userType.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

export interface UserTypeWrite {
  name: string;
  code: string;
  allowRegister: boolean;
  sort: number;
}

export async function insertUserType({ tx, tenantId }: TenantScope, values: UserTypeWrite) {
  const [row] = await tx
    .insert(userType)
    .values({ tenantId, ...values })
    .returning({ id: userType.id });
  return row!.id;
}

export async function updateUserType({ tx, tenantId }: TenantScope, id: number, values: UserTypeWrite) {
  await tx
    .update(userType)
    .set(values)
    .where(and(eq(userType.tenantId, tenantId), eq(userType.id, id)));
}

export async function deleteUserType({ tx, tenantId }: TenantScope, id: number) {
  await tx.delete(userType).where(and(eq(userType.tenantId, tenantId), eq(userType.id, id)));
}
