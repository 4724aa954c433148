import { and, eq } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { agreementRecord } from './agreements.table';

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
