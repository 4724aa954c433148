import { eq } from 'drizzle-orm';
import type { SystemScope } from '../db/database';
import { serverKey } from './server-key.table';

export async function findServerKey({ db }: SystemScope, purpose: string) {
  const [row] = await db.select().from(serverKey).where(eq(serverKey.purpose, purpose));
  return row ?? null;
}

/** Inserts a key unless another process won the race; answers the key that is stored. */
export async function insertServerKeyOnce(
  scope: SystemScope,
  row: { keyId: string; purpose: string; publicSpki: string; privatePem: string },
) {
  await scope.db.insert(serverKey).values(row).onConflictDoNothing();
  return (await findServerKey(scope, row.purpose))!;
}
