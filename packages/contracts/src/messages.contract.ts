import { z } from 'zod';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import { boundedPageQuery, dateTimeSchema, optionalQueryDate, optionalQueryInt } from './common';

/** Message status (spec S0.3.9): 1 unread, 0 read. */
export const MESSAGE_STATUS = { unread: 1, read: 0 } as const;

/**
 * Message type codes the platform sends. The code says what the message is about; `type` says which
 * product it belongs to. Other modules may add codes (spec S1: reminder keys, list not shown).
 */
export const MESSAGE_TYPE_CODE = {
  /** Lock reminder of the consulting product: a record is about to lock (spec S0.4.11, S0.7.29). */
  lockRemind: 'LOCK_REMIND',
  appointmentRemind: 'APPOINTMENT_REMIND',
  crisisRemind: 'CRISIS_REMIND',
  importResult: 'IMPORT_RESULT',
  system: 'SYSTEM',
} as const;

/** Page size cap of the inbox lists. */
export const MESSAGE_PAGE_MAX = 100;
/** At most this many lock reminders are answered (newest first). */
export const LOCK_MESSAGE_LIMIT = 20;

/** An inbox message (spec S0.3.9). */
export const messageSchema = z.object({
  id: z.number().int(),
  status: z.number().int().describe('1 unread, 0 read'),
  type: z.number().int().nullable().describe('id of the product the message belongs to, if any'),
  typeCode: z.string().describe('what the message is about, e.g. LOCK_REMIND'),
  title: z.string(),
  content: z.string(),
  createTime: dateTimeSchema,
  readTime: dateTimeSchema.nullable().describe('when it was read; null while unread'),
});
export type Message = z.infer<typeof messageSchema>;

const statusFilter = optionalQueryInt(0, 1).describe('1 unread only, 0 read only; absent: both');

export const myMessageByTypeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/message/myMessageByType',
  summary: "The signed-in user's messages, newest first, optionally by status and product",
  tags: ['messages'],
  query: boundedPageQuery(MESSAGE_PAGE_MAX).extend({
    status: statusFilter,
    type: optionalQueryInt(1, Number.MAX_SAFE_INTEGER).describe('product id; absent: all products'),
  }),
  response: pageOf(messageSchema),
});

export const myMessageByDateScopeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/message/getMyMessageByStatusAndDateScope',
  summary: "The signed-in user's messages created within a date range, newest first",
  tags: ['messages'],
  query: boundedPageQuery(MESSAGE_PAGE_MAX)
    .extend({
      status: statusFilter,
      startDate: optionalQueryDate.describe('first day, yyyy-MM-dd (China Standard Time), inclusive'),
      endDate: optionalQueryDate.describe('last day, yyyy-MM-dd (China Standard Time), inclusive'),
    })
    .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
      message: 'must not be before startDate',
      path: ['endDate'],
    }),
  response: pageOf(messageSchema),
});

export const messageReadByIdEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/message/messageReadById',
  summary: "Marks one of the signed-in user's messages read and answers it (404 if not theirs)",
  tags: ['messages'],
  query: z.object({ id: idSchema.describe('message id') }),
  response: messageSchema,
});

export const messageReadByUserEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/message/messageReadByUser',
  summary: "Marks all the signed-in user's unread messages read; answers how many were marked",
  tags: ['messages'],
  response: z.number().int().describe('messages marked read'),
});

export const unreadCountSchema = z.object({
  total: z.number().int().describe('unread messages in all'),
  byType: z
    .array(
      z.object({
        type: z.number().int().nullable().describe('product id; null for messages of no product'),
        count: z.number().int(),
      }),
    )
    .describe('unread messages per product, largest count first'),
});

export const unreadMessageCountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/message/unread',
  summary: "Counts of the signed-in user's unread messages, in all and per product",
  tags: ['messages'],
  response: unreadCountSchema,
});

export const lockMessageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/message/message/lockMessage',
  summary: `The signed-in user's unread lock reminders (typeCode LOCK_REMIND), newest first, at most ${LOCK_MESSAGE_LIMIT}`,
  tags: ['messages'],
  response: z.array(messageSchema),
});
