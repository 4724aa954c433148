import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { messageSchema, unreadCountSchema } from './messages.contract';

/** Seconds a stream ticket stays valid; it is single-use. */
export const STREAM_TICKET_TTL_SECONDS = 30;
/** Open streams allowed per user, counted per server process. */
export const STREAM_MAX_PER_USER = 5;
/** Interval of the stream's heartbeat comment. */
export const STREAM_HEARTBEAT_MS = 25_000;

export const streamTicketEndpoint = defineEndpoint({
  method: 'POST',
  path: '/biz/message/message/streamTicket',
  summary: `A single-use ticket, valid ${STREAM_TICKET_TTL_SECONDS} s, that opens the signed-in user's message stream`,
  tags: ['messages'],
  response: z.object({
    ticket: z.string(),
    expiresIn: z.number().int().describe('seconds'),
  }),
});

/**
 * Server-sent events of the signed-in user's inbox: `GET` with `?ticket=` (an EventSource cannot send
 * the bearer token) and `&lang=` (zh-CN or en-US, the language of the pushed titles; without it, the
 * request's Accept-Language, which an EventSource takes from the browser, not the app). Not JSON: `text/event-stream`; a refused ticket answers 401 in the usual envelope.
 */
export const MESSAGE_STREAM_PATH = '/biz/message/message/stream';

/** `message` event: a new unread message. */
export const streamMessageEventSchema = messageSchema.pick({
  id: true,
  status: true,
  type: true,
  typeCode: true,
  title: true,
  createTime: true,
});
export type StreamMessageEvent = z.infer<typeof streamMessageEventSchema>;

/** `unread` event: the counts after any change (also sent once when the stream opens). */
export const streamUnreadEventSchema = unreadCountSchema;
