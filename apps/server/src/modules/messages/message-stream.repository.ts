import { and, eq, lt } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { message } from './messages.table';
import { messageStreamTicket } from './message-stream.table';

/** Stores a ticket, and drops the tenant's expired ones. */
export async function insertStreamTicket(
  { tx, tenantId }: TenantScope,
  row: { ticketHash: string; userId: number; tokenId: number; expiresAt: Date },
) {
  await tx
    .delete(messageStreamTicket)
    .where(and(eq(messageStreamTicket.tenantId, tenantId), lt(messageStreamTicket.expiresAt, new Date())));
  await tx.insert(messageStreamTicket).values({ ...row, tenantId });
}

/**
 * Deletes the ticket and answers it if it was still valid: a ticket opens one stream, once. System
 * context: the stream request has no token, only the ticket.
 */
export async function consumeStreamTicket({ db }: SystemScope, tenantId: number, ticketHash: string) {
  const [row] = await db
    .delete(messageStreamTicket)
    .where(and(eq(messageStreamTicket.tenantId, tenantId), eq(messageStreamTicket.ticketHash, ticketHash)))
    .returning();
  return row && row.expiresAt.getTime() > Date.now() ? row : null;
}

export async function findUserMessage({ tx, tenantId }: TenantScope, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(message)
    .where(and(eq(message.tenantId, tenantId), eq(message.userId, userId), eq(message.id, id)))
    .limit(1);
  return row ?? null;
}
