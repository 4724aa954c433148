import {
  calendarDayRange,
  LOCK_MESSAGE_LIMIT,
  MESSAGE_STATUS,
  MESSAGE_TYPE_CODE,
  type Message,
} from '@psy/contracts';
import { pageAnswer, pageWindow, type PageRequest } from '../../core/db/paging';
import type { TenantScope } from '../../core/db/database';
import { notFound } from '../../core/http/app-error';
import {
  countUnreadByType,
  findUserMessages,
  insertMessages,
  markAllMessagesRead,
  markMessageRead,
  type MessageFilter,
  type MessageRow,
} from './messages.repository';

function toMessage(r: MessageRow): Message {
  return {
    id: r.id,
    status: r.status,
    type: r.type,
    typeCode: r.typeCode,
    title: r.title,
    content: r.content,
    createTime: r.createTime.toISOString(),
    readTime: r.readTime ? r.readTime.toISOString() : null,
  };
}

async function pageOfMessages(scope: TenantScope, userId: number, filter: MessageFilter, p: PageRequest) {
  const { rows, total } = await findUserMessages(scope, userId, filter, pageWindow(p));
  return pageAnswer(p, rows.map(toMessage), total);
}

/** The user's inbox, newest first, by status and product (spec S0.7.23). */
export function listMyMessages(
  scope: TenantScope,
  userId: number,
  q: PageRequest & { status?: number; type?: number },
) {
  return pageOfMessages(scope, userId, { status: q.status, type: q.type }, q);
}

/** The user's inbox within a range of calendar days, both ends included. */
export function listMyMessagesByDateScope(
  scope: TenantScope,
  userId: number,
  q: PageRequest & { status?: number; startDate?: string; endDate?: string },
) {
  return pageOfMessages(
    scope,
    userId,
    {
      status: q.status,
      ...calendarDayRange(q.startDate, q.endDate),
    },
    q,
  );
}

/** Opening a message marks it read (spec S0.4.11); only the recipient may, others get 404. */
export async function readMessage(scope: TenantScope, userId: number, id: number): Promise<Message> {
  const row = await markMessageRead(scope, userId, id);
  if (!row) throw notFound('message');
  return toMessage(row);
}

/** Marks every unread message of the user read (spec S0.4.11); answers how many. */
export function readAllMessages(scope: TenantScope, userId: number): Promise<number> {
  return markAllMessagesRead(scope, userId);
}

/** Unread counts in all and per product, largest first. */
export async function countUnreadMessages(scope: TenantScope, userId: number) {
  const byType = (await countUnreadByType(scope, userId))
    .map((r) => ({ type: r.type, count: r.count }))
    .sort((a, b) => b.count - a.count || (a.type ?? 0) - (b.type ?? 0));
  return { total: byType.reduce((n, r) => n + r.count, 0), byType };
}

/** Unread lock reminders of the consulting product (spec S0.4.11, S0.7.29), newest first. */
export async function listLockReminders(scope: TenantScope, userId: number): Promise<Message[]> {
  const { rows } = await findUserMessages(
    scope,
    userId,
    { status: MESSAGE_STATUS.unread, typeCode: MESSAGE_TYPE_CODE.lockRemind },
    { offset: 0, limit: LOCK_MESSAGE_LIMIT },
  );
  return rows.map(toMessage);
}

export interface SendMessageInput {
  /** Recipients; duplicates get one message. */
  userIds: number[];
  /** Product id the message belongs to, or null. */
  type: number | null;
  typeCode: string;
  title: string;
  content: string;
}

/**
 * Puts a message in each recipient's inbox, in the caller's transaction (it exists only if the caller's
 * write commits). The single entry point for sending messages: templates and push come here later.
 */
export async function sendMessage(scope: TenantScope, input: SendMessageInput): Promise<{ ids: number[] }> {
  const userIds = [...new Set(input.userIds)];
  if (!input.typeCode.trim()) throw new Error('sendMessage: typeCode is required');
  if (!input.title.trim()) throw new Error('sendMessage: title is required');
  const rows = await insertMessages(
    scope,
    userIds.map((userId) => ({
      userId,
      type: input.type,
      typeCode: input.typeCode,
      title: input.title,
      content: input.content,
    })),
  );
  return { ids: rows.map((r) => r.id) };
}
