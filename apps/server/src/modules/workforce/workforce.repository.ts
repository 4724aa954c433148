import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { deptsView, rolesView, userRolesView, usersView } from '../identity';
import { counsellorAvailability, counsellorWorkforce } from './workforce.table';

// Identity's read views (modules/identity/identity.views.ts): counsellors, their departments and roles.
const users = usersView('sys_user');
const depts = deptsView('dept');

/** A live (not deleted) user of the school with their department and role codes of live roles. */
export async function findWorkforceSubject({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      deptId: users.deptId,
      roleCodes: sql<
        string[]
      >`coalesce((select array_agg(r.role_code order by r.id) from ${userRolesView('ur')}
        join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
        where ur.tenant_id = "sys_user"."tenant_id" and ur.user_id = "sys_user"."id"), '{}')`,
    })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId), eq(users.delFlag, false)));
  return row ?? null;
}

/** The user's categories (ascending) and accepting flag (true without a row). */
export async function findWorkforce({ tx, tenantId }: TenantScope, userId: number) {
  const categories = await tx
    .select({ categoryId: counsellorWorkforce.categoryId })
    .from(counsellorWorkforce)
    .where(and(eq(counsellorWorkforce.tenantId, tenantId), eq(counsellorWorkforce.userId, userId)))
    .orderBy(asc(counsellorWorkforce.categoryId));
  const [availability] = await tx
    .select({ accepting: counsellorAvailability.accepting })
    .from(counsellorAvailability)
    .where(and(eq(counsellorAvailability.tenantId, tenantId), eq(counsellorAvailability.userId, userId)));
  return { categoryIds: categories.map((c) => c.categoryId), accepting: availability?.accepting ?? true };
}

/** Replaces the user's categories and sets the accepting flag. */
export async function replaceWorkforce(
  { tx, tenantId }: TenantScope,
  input: { userId: number; categoryIds: number[]; accepting: boolean; updatedBy: number },
) {
  await tx
    .delete(counsellorWorkforce)
    .where(and(eq(counsellorWorkforce.tenantId, tenantId), eq(counsellorWorkforce.userId, input.userId)));
  if (input.categoryIds.length > 0) {
    await tx
      .insert(counsellorWorkforce)
      .values(input.categoryIds.map((categoryId) => ({ tenantId, userId: input.userId, categoryId })));
  }
  await tx
    .insert(counsellorAvailability)
    .values({ tenantId, userId: input.userId, accepting: input.accepting, updatedBy: input.updatedBy })
    .onConflictDoUpdate({
      target: [counsellorAvailability.tenantId, counsellorAvailability.userId],
      set: { accepting: input.accepting, updatedBy: input.updatedBy, updatedAt: sql`now()` },
    });
}

/** Removes the user's categories and accepting flag. */
export async function deleteWorkforce({ tx, tenantId }: TenantScope, userId: number) {
  await tx
    .delete(counsellorWorkforce)
    .where(and(eq(counsellorWorkforce.tenantId, tenantId), eq(counsellorWorkforce.userId, userId)));
  await tx
    .delete(counsellorAvailability)
    .where(and(eq(counsellorAvailability.tenantId, tenantId), eq(counsellorAvailability.userId, userId)));
}

/**
 * Users free for a category: active, not deleted, holding a live role of `roleCodes`, assigned the
 * category and accepting (no availability row counts as accepting); by real name, then id.
 */
export async function findFreeCounsellors(
  { tx, tenantId }: TenantScope,
  categoryId: number,
  roleCodes: readonly string[],
) {
  return tx
    .select({ id: users.id, realName: users.realName, deptName: depts.name })
    .from(counsellorWorkforce)
    .innerJoin(
      users,
      and(eq(users.tenantId, counsellorWorkforce.tenantId), eq(users.id, counsellorWorkforce.userId)),
    )
    .leftJoin(
      counsellorAvailability,
      and(
        eq(counsellorAvailability.tenantId, counsellorWorkforce.tenantId),
        eq(counsellorAvailability.userId, counsellorWorkforce.userId),
      ),
    )
    .leftJoin(
      depts,
      and(eq(depts.tenantId, users.tenantId), eq(depts.id, users.deptId), eq(depts.delFlag, false)),
    )
    .where(
      and(
        eq(counsellorWorkforce.tenantId, tenantId),
        eq(counsellorWorkforce.categoryId, categoryId),
        eq(users.delFlag, false),
        eq(users.status, 'active'),
        sql`coalesce(${counsellorAvailability.accepting}, true)`,
        sql`exists (select 1 from ${userRolesView('ur')} join ${rolesView('r')}
          on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
          where ur.tenant_id = ${users.tenantId} and ur.user_id = ${users.id}
          and ${inArray(sql`r.role_code`, [...roleCodes])})`,
      ),
    )
    .orderBy(asc(users.realName), asc(users.id));
}
