import { and, eq, lt, sql } from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { authToken } from '../auth/auth.table';
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

/**
 * True while the login of a token is alive: the token, or a token rotated from it (same family), is
 * neither revoked nor past its refresh expiry. Rotation revokes the old token, so the family is checked.
 */
export async function isLoginLive({ db }: SystemScope, tenantId: number, tokenId: number) {
  const rows = await db
    .select({ id: authToken.id })
    .from(authToken)
    .where(
      and(
        eq(authToken.tenantId, tenantId),
        sql`${authToken.familyId} = (select t.family_id from auth_token t where t.tenant_id = ${tenantId} and t.id = ${tokenId})`,
        sql`${authToken.revokedAt} is null`,
        sql`${authToken.refreshExpiresAt} > now()`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function findUserMessage({ tx, tenantId }: TenantScope, userId: number, id: number) {
  const [row] = await tx
    .select()
    .from(message)
    .where(and(eq(message.tenantId, tenantId), eq(message.userId, userId), eq(message.id, id)))
    .limit(1);
  return row ?? null;
}
