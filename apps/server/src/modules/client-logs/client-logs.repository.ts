import type { TenantScope } from '../../core/db/database';
import { clientLog } from './client-logs.table';

export interface NewClientLog {
  userId: number;
  type: string;
  url: string;
  message: string;
  stack: string | null;
  info: string | null;
  time: string;
}

/** Inserts the entries in one statement; answers how many. */
export async function insertClientLogs({ tx, tenantId }: TenantScope, rows: NewClientLog[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(clientLog)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .returning({ id: clientLog.id });
  return inserted.length;
}
