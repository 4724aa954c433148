import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { tenantIdColumn, tenantIsolation } from '../../core/db/columns';

/**
 * Single-use tickets that open a message stream (an EventSource cannot send the bearer token). Stored
 * only as SHA-256 hashes in the database, so any server process accepts a ticket another issued. The
 * ticket text starts with its tenant id (`<tenantId>.<random>`), so it is found within that tenant.
 */
export const messageStreamTicket = pgTable(
  'message_stream_ticket',
  {
    tenantId: tenantIdColumn(),
    ticketHash: text('ticket_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The access token the ticket was issued to; the stream closes once its login is revoked. */
    tokenId: bigint('token_id', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ticketHash] }),
    index('message_stream_ticket_expiry_idx').on(t.tenantId, t.expiresAt),
    tenantIsolation(),
  ],
);
