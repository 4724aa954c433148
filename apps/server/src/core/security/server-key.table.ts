import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns';

/** The RSA key pair passwords are encrypted with; shared by every server process. */
export const serverKey = pgTable(
  'server_key',
  {
    keyId: text('key_id').primaryKey(),
    purpose: text('purpose').notNull(),
    publicSpki: text('public_spki').notNull(),
    privatePem: text('private_pem').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('server_key_purpose_uq').on(t.purpose)],
).enableRLS();
