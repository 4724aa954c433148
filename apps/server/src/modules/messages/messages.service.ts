import {
  calendarDayRange,
  LOCK_MESSAGE_LIMIT,
  MESSAGE_STATUS,
  MESSAGE_TYPE_CODE,
  type Lang,
  type Message,
  type MessageParamValues,
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
import { messageTextsFor } from './message-texts';

/** The rows as the reader of `lang` sees them: messages sent by event in that language. */
async function toMessages(scope: TenantScope, rows: MessageRow[], lang: Lang): Promise<Message[]> {
  const texts = await messageTextsFor(scope, rows, lang);
  return rows.map((r, i) => ({
    id: r.id,
    status: r.status,
    type: r.type,
    typeCode: r.typeCode,
    title: texts[i]!.title,
    content: texts[i]!.content,
    createTime: r.createTime.toISOString(),
    readTime: r.readTime ? r.readTime.toISOString() : null,
  }));
}

async function pageOfMessages(
  scope: TenantScope,
  userId: number,
  filter: MessageFilter,
  p: PageRequest,
  lang: Lang,
) {
  const { rows, total } = await findUserMessages(scope, userId, filter, pageWindow(p));
  return pageAnswer(p, await toMessages(scope, rows, lang), total);
}

/** The user's inbox, newest first, by status and product (spec S0.7.23). */
export function listMyMessages(
  scope: TenantScope,
  userId: number,
  q: PageRequest & { status?: number; type?: number },
  lang: Lang,
) {
  return pageOfMessages(scope, userId, { status: q.status, type: q.type }, q, lang);
}

/** The user's inbox within a range of calendar days, both ends included. */
export function listMyMessagesByDateScope(
  scope: TenantScope,
  userId: number,
  q: PageRequest & { status?: number; startDate?: string; endDate?: string },
  lang: Lang,
) {
  return pageOfMessages(
    scope,
    userId,
    {
      status: q.status,
      ...calendarDayRange(q.startDate, q.endDate),
    },
    q,
    lang,
  );
}

/** Opening a message marks it read (spec S0.4.11); only the recipient may, others get 404. */
export async function readMessage(
  scope: TenantScope,
  userId: number,
  id: number,
  lang: Lang,
): Promise<Message> {
  const row = await markMessageRead(scope, userId, id);
  if (!row) throw notFound('message');
  return (await toMessages(scope, [row], lang))[0]!;
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
export async function listLockReminders(scope: TenantScope, userId: number, lang: Lang): Promise<Message[]> {
  const { rows } = await findUserMessages(
    scope,
    userId,
    { status: MESSAGE_STATUS.unread, typeCode: MESSAGE_TYPE_CODE.lockRemind },
    { offset: 0, limit: LOCK_MESSAGE_LIMIT },
  );
  return toMessages(scope, rows, lang);
}

export interface SendMessageInput {
  /** Recipients; duplicates get one message. */
  userIds: number[];
  /** Product id the message belongs to, or null. */
  type: number | null;
  typeCode: string;
  title: string;
  content: string;
  /**
   * The event it is sent by and its placeholder values (`sendMessageByEvent`): readers then get it in
   * their language. Absent for a message a person wrote: it is shown as written.
   */
  event?: string;
  params?: MessageParamValues;
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
      event: input.event ?? null,
      params: input.event ? (input.params ?? {}) : null,
    })),
  );
  return { ids: rows.map((r) => r.id) };
}
