import { HEADER, signRequest } from '@psy/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadEnv } from '../../env';
import { createTestContext, testEnv, type TestContext } from '../../test/harness';

const PHONE = '13900000001';
const OUTBOX = `/biz/dev/sms/outbox?phone=${PHONE}`;

let t: TestContext;
/** The same database served by apps configured otherwise: outbox off, and behind a trusted proxy. */
let off: App;
let behindProxy: App;
beforeAll(async () => {
  t = await createTestContext({ DEV_SMS_OUTBOX: 'true' });
  off = await buildApp({ env: testEnv(), database: t.database, logger: false });
  behindProxy = await buildApp({
    env: testEnv({ DEV_SMS_OUTBOX: 'true', TRUST_PROXY: 'true' }),
    database: t.database,
    logger: false,
  });
  await Promise.all([off.app.ready(), behindProxy.app.ready()]);
  const sent = await t.get(`/biz/message/inner/sms/sendSmsCode?phone=${PHONE}`);
  expect(sent.status, sent.raw).toBe(200);
});
afterAll(async () => {
  await off?.app.close();
  await behindProxy?.app.close();
  await t?.close();
});

/** A signed GET of the outbox from a given peer address with extra headers. */
async function readOutbox(app: App, remoteAddress: string, headers: Record<string, string> = {}) {
  const res = await app.app.inject({
    method: 'GET',
    url: OUTBOX,
    remoteAddress,
    headers: { ...(await signRequest({ method: 'GET', pathWithQuery: OUTBOX })), ...headers },
  });
  return { status: res.statusCode, body: res.body };
}

const CODE = /\d{6}/;

describe('the development SMS outbox', () => {
  it('does not exist unless DEV_SMS_OUTBOX switches it on, even with the dev adapter', async () => {
    const res = await readOutbox(off, '127.0.0.1');
    expect(res.status).toBe(404);
    expect(res.body).not.toMatch(CODE);
  });

  it('answers the codes to this machine when switched on (IPv4, IPv6 and mapped loopback)', async () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await readOutbox(t.app, address);
      expect(res.status, address).toBe(200);
      expect(res.body, address).toMatch(CODE);
    }
  });

  it('refuses a request from another machine, with no code in the answer', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:192.168.1.20', 'fe80::1']) {
      const res = await readOutbox(t.app, address);
      expect(res.status, address).toBe(403);
      expect(res.body, address).not.toMatch(CODE);
    }
  });

  it('refuses a client behind a proxy on this machine, and a forged X-Forwarded-For, with or without TRUST_PROXY', async () => {
    for (const app of [t.app, behindProxy]) {
      for (const headers of <Record<string, string>[]>[
        { 'x-forwarded-for': '203.0.113.7' },
        // The client wrote 127.0.0.1 itself; the proxy appended the real address.
        { 'x-forwarded-for': '127.0.0.1, 203.0.113.7' },
        { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '203.0.113.7' },
        { forwarded: 'for=127.0.0.1' },
      ]) {
        const res = await readOutbox(app, '127.0.0.1', headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(res.body).not.toMatch(CODE);
      }
    }
    // A browser on this machine through a proxy on this machine.
    const local = await readOutbox(behindProxy, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' });
    expect(local.status).toBe(200);
  });

  it('refuses the switch without the dev adapter, and the dev adapter in production', () => {
    expect(() =>
      loadEnv({ DEV_SMS_OUTBOX: 'true', SMS_ADAPTER: 'http', SMS_GATEWAY_URL: 'http://sms.test/' }),
    ).toThrow(/DEV_SMS_OUTBOX/);
    expect(() => loadEnv({ DEV_SMS_OUTBOX: 'true', NODE_ENV: 'production' })).toThrow(/SMS_ADAPTER/);
    expect(loadEnv({}).DEV_SMS_OUTBOX).toBe(false);
  });

  it('is not signed-in data: a token of a school does not change the answer from another machine', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.app.app.inject({
      method: 'GET',
      url: OUTBOX,
      remoteAddress: '203.0.113.7',
      headers: {
        authorization: `Bearer ${token}`,
        [HEADER.tenantId]: String(t.alpha.tenantId),
        ...(await signRequest({ method: 'GET', pathWithQuery: OUTBOX, accessToken: token })),
      },
    });
    expect(res.statusCode).toBe(403);
  });
});
