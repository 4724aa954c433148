import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../core/db/database';
import { role, sysUser, userRole } from '../modules/identity/identity.table';
import { counsellorWorkforce } from '../modules/workforce/workforce.table';

/** Service categories of the demo counsellors: consultation, first interview, counselling (docs/workforce.md). */
export const DEMO_WORKFORCE_CATEGORIES = [2, 15, 18];

/** Gives every ROLE_CONSULTANT holder of the demo school the demo categories (idempotent). */
export async function seedDemoWorkforce(database: Database, tenantId: number): Promise<void> {
  await database.db.transaction(async (tx) => {
    const counsellors = await tx
      .selectDistinct({ id: sysUser.id })
      .from(sysUser)
      .innerJoin(userRole, and(eq(userRole.tenantId, sysUser.tenantId), eq(userRole.userId, sysUser.id)))
      .innerJoin(role, and(eq(role.tenantId, userRole.tenantId), eq(role.id, userRole.roleId)))
      .where(and(eq(sysUser.tenantId, tenantId), inArray(role.roleCode, ['ROLE_CONSULTANT'])));
    if (counsellors.length === 0) return;
    await tx
      .insert(counsellorWorkforce)
      .values(
        counsellors.flatMap((c) =>
          DEMO_WORKFORCE_CATEGORIES.map((categoryId) => ({ tenantId, userId: c.id, categoryId })),
        ),
      )
      .onConflictDoNothing();
  });
}
