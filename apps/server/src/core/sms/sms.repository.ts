import { eq, sql } from 'drizzle-orm';
import type { SystemScope } from '../db/database';
import { devSmsOutbox } from './sms.table';

export async function insertDevSms(
  { db }: SystemScope,
  row: { tenantId: number | null; phone: string; text: string },
) {
  await db.insert(devSmsOutbox).values(row);
}

export async function listDevSms({ db }: SystemScope, phone: string, limit: number) {
  return db
    .select({ phone: devSmsOutbox.phone, text: devSmsOutbox.text, createdAt: devSmsOutbox.createdAt })
    .from(devSmsOutbox)
    .where(eq(devSmsOutbox.phone, phone))
    .orderBy(sql`${devSmsOutbox.id} desc`)
    .limit(limit);
}
