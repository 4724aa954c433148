import { MESSAGE_STATUS, type MessageParamValues } from '@psy/contracts';
import {
  bigint,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn, tenantIsolation } from '../../core/db/columns';
import { sysUser } from '../identity/identity.table';
import { product } from '../products/products.table';

/** A message in one user's in-app inbox (spec S0.3.9); one row per recipient. */
export const message = pgTable(
  'message',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** Product the message belongs to (spec: type = product id); null for platform messages. */
    type: bigint('type', { mode: 'number' }),
    typeCode: text('type_code').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    /**
     * The message event it was sent by (`sendMessageByEvent`) and the values of its placeholders: a reader
     * gets title and content rendered from the school's template in the reader's language. Null for a
     * message a person wrote and for rows sent before the columns existed: those show `title`/`content`.
     */
    event: text('event'),
    params: jsonb('params').$type<MessageParamValues>(),
    /** 1 unread, 0 read. */
    status: smallint('status').notNull().default(MESSAGE_STATUS.unread),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    readTime: timestamp('read_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('message_user_status_idx').on(t.tenantId, t.userId, t.status, t.createTime.desc()),
    foreignKey({
      name: 'message_user_fk',
      columns: [t.tenantId, t.userId],
      foreignColumns: [sysUser.tenantId, sysUser.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'message_product_fk', columns: [t.type], foreignColumns: [product.id] }),
    tenantIsolation(),
  ],
);
