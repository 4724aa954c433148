import { and, eq, inArray } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { dept, role, sysUser, userRole, userType } from './identity.table';

/*
 * People of the demo schools' seeds (the crisis module's warning network): plain accounts in the
 * school's departments, written in the seeding transaction. Identity owns the writes; the seeds say
 * who.
 */

/** Inserts the demo network's students (ROLE_GENERAL, student user type) that are not there yet. */
export async function insertDemoStudents(
  { tx, tenantId }: TenantScope,
  students: readonly [username: string, realName: string, deptName: string, phone: string][],
  passwordHash: string,
): Promise<void> {
  const depts = await tx
    .select({ id: dept.id, name: dept.name })
    .from(dept)
    .where(eq(dept.tenantId, tenantId));
  const [type] = await tx
    .select({ id: userType.id })
    .from(userType)
    .where(and(eq(userType.tenantId, tenantId), eq(userType.code, 'student')));
  const [general] = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.roleCode, 'ROLE_GENERAL')));
  for (const [i, [username, realName, deptName, phone]] of students.entries()) {
    const rows = await tx
      .insert(sysUser)
      .values({
        tenantId,
        username,
        realName,
        phone,
        numberName: `2024${String(1001 + i)}`,
        passwordHash,
        sex: i % 2 === 0 ? 2 : 1,
        birthday: '2005-05-01',
        deptId: depts.find((d) => d.name === deptName)?.id ?? null,
        userTypeId: type?.id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: sysUser.id });
    if (rows[0] && general)
      await tx.insert(userRole).values({ tenantId, userId: rows[0].id, roleId: general.id });
  }
}

/** Ids of accounts by user name (the demo seeds act as the people they created). */
export async function findUserIdsByUsername({ tx, tenantId }: TenantScope, usernames: string[]) {
  const rows = await tx
    .select({ id: sysUser.id, username: sysUser.username })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), inArray(sysUser.username, usernames)));
  return Object.fromEntries(rows.map((r) => [r.username, r.id])) as Record<string, number>;
}
