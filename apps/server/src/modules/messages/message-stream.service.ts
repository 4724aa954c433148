import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  MESSAGE_STATUS,
  MESSAGE_STREAM_PATH,
  STREAM_HEARTBEAT_MS,
  STREAM_MAX_PER_USER,
  STREAM_TICKET_TTL_SECONDS,
  type StreamMessageEvent,
} from '@psy/contracts';
import type { Database, TenantScope } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import { PUBLIC, type Principal } from '../../core/http/context';
import { langOf } from '../../core/http/register';
import { PushHub, type InboxEvent } from '../../core/push/push-hub';
import { sha256Hex } from '../../core/security/tokens';
import { consumeStreamTicket, findUserMessage, insertStreamTicket } from './message-stream.repository';
import { isLoginLive } from '../auth';
import { countUnreadMessages } from './messages.service';
import { messageTextsFor } from './message-texts';

/** How often an open stream checks that its login was not revoked. */
export const STREAM_RECHECK_MS = 60_000;

const TICKET_PATTERN = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

/** Issues a single-use ticket for the caller's stream: `<tenantId>.<256 random bits>`, stored hashed. */
export async function issueStreamTicket(scope: TenantScope, principal: Principal) {
  const ticket = `${scope.tenantId}.${randomBytes(32).toString('base64url')}`;
  await insertStreamTicket(scope, {
    ticketHash: sha256Hex(ticket),
    userId: principal.userId,
    tokenId: principal.tokenId,
    expiresAt: new Date(Date.now() + STREAM_TICKET_TTL_SECONDS * 1000),
  });
  return { ticket, expiresIn: STREAM_TICKET_TTL_SECONDS };
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export interface MessageStreamOptions {
  /** Overrides for tests. */
  heartbeatMs?: number;
  recheckMs?: number;
}

/**
 * Registers the push hub (started and stopped with the app) and the server-sent-events route of the inbox.
 * The route is PUBLIC to the HTTP core (an EventSource cannot send the bearer token or a signature): it
 * authenticates itself by the single-use ticket, and closes when the login is revoked.
 */
export function registerMessageStream(
  app: FastifyInstance,
  database: Database,
  opts: MessageStreamOptions = {},
) {
  const hub = new PushHub(database, app.log);
  const open = new Set<() => void>();
  app.addHook('onReady', async () => hub.start());
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
  });
  app.addHook('onClose', async () => hub.stop());

  app.get(MESSAGE_STREAM_PATH, { config: { access: PUBLIC } }, async (req: FastifyRequest, reply) => {
    const q = req.query as Record<string, unknown>;
    const raw = q.ticket;
    // An EventSource sends the browser's Accept-Language, not the app's: the app names its language.
    const lang = q.lang === 'en-US' || q.lang === 'zh-CN' ? q.lang : langOf(req);
    const m = typeof raw === 'string' ? TICKET_PATTERN.exec(raw) : null;
    if (!m) throw new AppError('unauthenticated', 'ticket: missing or malformed');
    const tenantId = Number(m[1]);
    const ticket = await consumeStreamTicket(database.system, tenantId, sha256Hex(raw as string));
    if (!ticket) throw new AppError('unauthenticated', 'ticket: unknown, used or expired');
    const { userId, tokenId } = ticket;
    if (!(await isLoginLive(database.system, tenantId, tokenId))) throw new AppError('unauthenticated');
    if (hub.count(tenantId, userId) >= STREAM_MAX_PER_USER)
      throw new AppError('tooManyRequests', `at most ${STREAM_MAX_PER_USER} open streams per user`);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(req.id),
    });
    res.write('retry: 3000\n\n');

    let closed = false;
    // Events are written in order: each one waits for the previous one's queries.
    let chain: Promise<void> = Promise.resolve();
    const send = (work: () => Promise<string>) => {
      chain = chain
        .then(async () => {
          if (closed) return;
          const text = await work();
          if (!closed) res.write(text);
        })
        .catch((err: unknown) => req.log.warn({ err }, 'message stream event failed'));
    };
    const unreadEvent = async () =>
      sse('unread', await database.withTenant(tenantId, (scope) => countUnreadMessages(scope, userId)));
    const onEvent = (event: InboxEvent) =>
      send(() =>
        database.withTenant(tenantId, async (scope) => {
          const row = await findUserMessage(scope, userId, event.messageId);
          const counts = sse('unread', await countUnreadMessages(scope, userId));
          if (!row || row.status !== MESSAGE_STATUS.unread) return counts;
          const summary: StreamMessageEvent = {
            id: row.id,
            status: row.status,
            type: row.type,
            typeCode: row.typeCode,
            title: (await messageTextsFor(scope, [row], lang))[0]!.title,
            createTime: row.createTime.toISOString(),
          };
          return sse('message', summary) + counts;
        }),
      );

    const unsubscribe = hub.subscribe(tenantId, userId, onEvent);
    const heartbeat = setInterval(
      () => res.write(': heartbeat\n\n'),
      opts.heartbeatMs ?? STREAM_HEARTBEAT_MS,
    );
    const recheck = setInterval(() => {
      isLoginLive(database.system, tenantId, tokenId)
        .then((live) => {
          if (!live) close();
        })
        .catch((err: unknown) => req.log.warn({ err }, 'message stream recheck failed'));
    }, opts.recheckMs ?? STREAM_RECHECK_MS);
    function close() {
      if (closed) return;
      closed = true;
      open.delete(close);
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(recheck);
      res.end();
    }
    open.add(close);
    req.raw.on('close', close);
    // A write to a connection the client dropped can fail; an 'error' without a listener would throw
    // out of the process, so a failed stream just ends.
    res.on('error', (err) => {
      req.log.debug({ err }, 'message stream connection failed');
      close();
    });
    res.on('close', close);
    send(unreadEvent);
  });
}
