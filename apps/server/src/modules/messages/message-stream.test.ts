import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_STREAM_PATH } from '@psy/contracts';
import { buildApp, type App } from '../../app';
import { openDatabase } from '../../core/db/database';
import { SERVER_ROOT } from '../../env';
import { createTestContext, onPostgres, testEnv, type TestContext } from '../../test/harness';
import { sendMessage, sendMessageByEvent } from './index';

let t: TestContext;
let base: string;
let tokens: { admin: string; counsellor: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  base = await t.app.app.listen({ port: 0, host: '127.0.0.1' });
  tokens = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

interface SseEvent {
  event: string;
  data: any;
  at: number;
}

/** A minimal EventSource: reads the response body and collects the events. */
async function openStream(url: string) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  const events: SseEvent[] = [];
  let ended = false;
  const waiters = new Set<() => void>();
  if (res.ok && res.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buf = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buf += decoder.decode(chunk, { stream: true });
          let i;
          while ((i = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, i);
            buf = buf.slice(i + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data), at: Date.now() });
            for (const w of waiters) w();
          }
        }
      } catch {
        // aborted
      }
      ended = true;
      for (const w of waiters) w();
    })();
  }
  return {
    res,
    events,
    get ended() {
      return ended;
    },
    /** Resolves with the first event after `from` matching, or null after `ms`. */
    waitFor(pred: (e: SseEvent) => boolean, ms = 2000, from = 0): Promise<SseEvent | null> {
      return new Promise((resolve) => {
        const check = () => {
          const hit = events.slice(from).find(pred);
          if (hit || ended) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(hit ?? null);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          resolve(null);
        }, ms);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

async function ticketFor(token: string, tenantId = t.alpha.tenantId) {
  const res = await t.post('/biz/message/message/streamTicket', undefined, { token, tenantId });
  expect(res.status).toBe(200);
  return res.body.data.ticket as string;
}

const streamUrl = (root: string, ticket: string) =>
  `${root}${MESSAGE_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`;

function send(tenantId: number, userId: number, title: string) {
  return t.database.withTenant(tenantId, (scope) =>
    sendMessage(scope, { userIds: [userId], type: null, typeCode: 'SYSTEM', title, content: 'x' }),
  );
}

describe('message stream [spec:S0.3.9]', () => {
  it('issues a ticket only to a signed-in caller', async () => {
    const res = await t.post('/biz/message/message/streamTicket');
    expect(res.status).toBe(401);
    const ok = await t.post('/biz/message/message/streamTicket', undefined, { token: tokens.admin });
    expect(ok.body.data.expiresIn).toBe(30);
    expect(ok.body.data.ticket).toMatch(new RegExp(`^${t.alpha.tenantId}\\.`));
  });

  it('delivers a new message and the unread count to its recipient within 2 s, not to others', async () => {
    const mine = await openStream(streamUrl(base, await ticketFor(tokens.admin)));
    const other = await openStream(streamUrl(base, await ticketFor(tokens.counsellor)));
    const beta = await openStream(streamUrl(base, await ticketFor(tokens.beta, t.beta.tenantId)));
    try {
      expect(mine.res.status).toBe(200);
      expect(mine.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const first = await mine.waitFor((e) => e.event === 'unread');
      expect(first).not.toBeNull();
      await other.waitFor((e) => e.event === 'unread');
      await beta.waitFor((e) => e.event === 'unread');
      const before = first!.data.total as number;
      const otherCount = other.events.length;
      const betaCount = beta.events.length;

      const sentAt = Date.now();
      await send(t.alpha.tenantId, t.alpha.userIds.admin!, 'Pushed hello');
      const msg = await mine.waitFor((e) => e.event === 'message' && e.data.title === 'Pushed hello');
      expect(msg).not.toBeNull();
      expect(msg!.at - sentAt).toBeLessThan(2000);
      expect(msg!.data).toMatchObject({ status: 1, typeCode: 'SYSTEM' });
      expect(msg!.data.content).toBeUndefined();
      const unread = await mine.waitFor((e) => e.event === 'unread' && e.data.total === before + 1);
      expect(unread).not.toBeNull();
      console.log(`push delivery: ${msg!.at - sentAt} ms`);

      // Same user id in another tenant, and another user of the same tenant: nothing arrives.
      await send(t.alpha.tenantId, t.alpha.userIds.admin!, 'Second');
      await mine.waitFor((e) => e.event === 'message' && e.data.title === 'Second');
      await new Promise((r) => setTimeout(r, 300));
      expect(other.events.length).toBe(otherCount);
      expect(beta.events.length).toBe(betaCount);

      // Reading pushes the new count.
      const mark = mine.events.length;
      await t.get('/biz/message/message/messageReadByUser', { token: tokens.admin });
      expect(
        await mine.waitFor((e) => e.event === 'unread' && e.data.total === 0, 2000, mark),
      ).not.toBeNull();
    } finally {
      mine.close();
      other.close();
      beta.close();
    }
  });

  it('pushes the title of a message sent by event in the language the stream names (lang, else Accept-Language)', async () => {
    const en = await openStream(`${streamUrl(base, await ticketFor(tokens.admin))}&lang=en-US`);
    const zh = await openStream(`${streamUrl(base, await ticketFor(tokens.admin))}&lang=zh-CN`);
    try {
      await en.waitFor((e) => e.event === 'unread');
      await zh.waitFor((e) => e.event === 'unread');
      await t.database.withTenant(t.alpha.tenantId, (scope) =>
        sendMessageByEvent(scope, {
          event: 'CRISIS_SIGNAL_RECEIVED',
          userIds: [t.alpha.userIds.admin!],
          params: { studentName: 'X', recordId: 3 },
        }),
      );
      expect(
        await en.waitFor((e) => e.event === 'message' && e.data.title === 'Report received'),
      ).not.toBeNull();
      expect(await zh.waitFor((e) => e.event === 'message' && e.data.title === '上报已送达')).not.toBeNull();
    } finally {
      en.close();
      zh.close();
    }
    await t.get('/biz/message/message/messageReadByUser', { token: tokens.admin });
  });

  it('refuses a malformed, unknown, used or expired ticket', async () => {
    expect((await fetch(`${base}${MESSAGE_STREAM_PATH}`)).status).toBe(401);
    expect((await fetch(streamUrl(base, 'nope'))).status).toBe(401);
    expect((await fetch(streamUrl(base, `${t.alpha.tenantId}.${'a'.repeat(43)}`))).status).toBe(401);

    const ticket = await ticketFor(tokens.admin);
    const s = await openStream(streamUrl(base, ticket));
    expect(s.res.status).toBe(200);
    s.close();
    const again = await fetch(streamUrl(base, ticket));
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: number }).code).toBe(401);

    // A ticket of tenant ALPHA presented as tenant BETA is unknown there.
    const moved = (await ticketFor(tokens.admin)).replace(/^\d+\./, `${t.beta.tenantId}.`);
    expect((await fetch(streamUrl(base, moved))).status).toBe(401);

    const expired = await ticketFor(tokens.admin);
    await t.database.db.execute(
      sql`update message_stream_ticket set expires_at = now() - interval '1 second'`,
    );
    expect((await fetch(streamUrl(base, expired))).status).toBe(401);
  });

  it('refuses a ticket of a revoked login', async () => {
    const token = await t.tokenFor('teacher');
    const ticket = await ticketFor(token);
    await t.post('/auth/token/logout', undefined, { token }).catch(() => undefined);
    await t.database.db.execute(
      sql`update auth_token set revoked_at = now() where user_id = ${t.alpha.userIds.teacher!}`,
    );
    expect((await fetch(streamUrl(base, ticket))).status).toBe(401);
  });

  it('limits open streams per user', async () => {
    const token = await t.tokenFor('student');
    const streams = [];
    for (let i = 0; i < 5; i += 1) streams.push(await openStream(streamUrl(base, await ticketFor(token))));
    try {
      expect(streams.every((s) => s.res.status === 200)).toBe(true);
      expect((await fetch(streamUrl(base, await ticketFor(token)))).status).toBe(429);
    } finally {
      for (const s of streams) s.close();
    }
  });
});

describe.skipIf(!onPostgres())('message stream across server processes (PostgreSQL only)', () => {
  let second: App | undefined;
  afterAll(async () => {
    await second?.app.close();
    await second?.database.close();
  });

  it('a message inserted through instance A reaches a stream opened on instance B', async () => {
    const database = await openDatabase({
      url: t.database.pool!.options.connectionString,
      appRole: 'psy_app',
      migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
      poolSize: 2,
    });
    second = await buildApp({ env: testEnv(), database, logger: false });
    const baseB = await second.app.listen({ port: 0, host: '127.0.0.1' });
    const ticket = await ticketFor(tokens.admin);
    const s = await openStream(streamUrl(baseB, ticket));
    try {
      expect(s.res.status).toBe(200);
      await s.waitFor((e) => e.event === 'unread');
      const sentAt = Date.now();
      await send(t.alpha.tenantId, t.alpha.userIds.admin!, 'Across processes');
      const msg = await s.waitFor((e) => e.event === 'message' && e.data.title === 'Across processes');
      expect(msg).not.toBeNull();
      expect(msg!.at - sentAt).toBeLessThan(2000);
      console.log(`push delivery across processes: ${msg!.at - sentAt} ms`);
    } finally {
      s.close();
    }
  });
});
