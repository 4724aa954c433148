import { sql } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enforceAccessRules } from './core/http/access-rules';
import { loadEnv, SERVER_ROOT } from './env';
import { ERRORS, HEADER, signRequest, UNSIGNED_PAYLOAD } from '@psy/contracts';
import { DEFAULT_BODY_LIMIT } from './app';
import { createTestContext, type TestContext } from './test/harness';
import {
  bodyLimitOf,
  malformedMultipartCases,
  multipartRoutes,
  oversizedMultipartCase,
  type MultipartCase,
} from './test/multipart-fuzz';

let t: TestContext;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-web-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>app</title>');
  fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1)');
  t = await createTestContext({ WEB_DIST: webDir });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('access rules', () => {
  it('refuses to register a route that declares no access rule', async () => {
    const app = Fastify();
    enforceAccessRules(app);
    expect(() => app.get('/x', async () => 'x')).toThrow(/declares no access rule/);
    expect(() => app.get('/y', { config: { access: { kind: 'public' } } }, async () => 'y')).not.toThrow();
    await app.close();
  });

  it('every route of the app has an access rule and appears in the OpenAPI document with it', async () => {
    const res = await t.get('/openapi.json', { tenantId: null });
    expect(res.status).toBe(200);
    const doc = res.body as unknown as {
      openapi: string;
      paths: Record<string, Record<string, { description: string }>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    for (const route of t.app.routes) {
      const op =
        doc.paths[route.endpoint.path.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[
          route.endpoint.method.toLowerCase()
        ];
      expect(op, `${route.endpoint.method} ${route.endpoint.path}`).toBeDefined();
      expect(op!.description).toMatch(/^Access: /);
    }
    expect(doc.paths['/auth/oauth/token']!.post).toBeDefined();
  });
});

describe('every signed-in route', () => {
  const pathOf = (p: string) => p.replace(/:([A-Za-z_]+)/g, '1');

  it('refuses a caller without a token, and a token of another school, with 401', async () => {
    const betaToken = await t.tokenFor('admin', t.beta.tenantId);
    const guarded = t.app.routes.filter((r) => r.access.kind !== 'public');
    expect(guarded.length).toBeGreaterThan(8);
    for (const r of guarded) {
      const url = pathOf(r.endpoint.path);
      const anonymous = await t.request(r.endpoint.method, url);
      expect(anonymous.status, `${r.endpoint.method} ${url} without a token`).toBe(401);
      const foreign = await t.request(r.endpoint.method, url, undefined, { token: betaToken });
      expect(foreign.status, `${r.endpoint.method} ${url} with another school's token`).toBe(401);
    }
  });
});

describe('every route behind a permission key', () => {
  const pathOf = (p: string) => p.replace(/:([A-Za-z_]+)/g, '1');

  it('refuses a signed-in user without the key with 403, before looking at the input [spec:S0.6.4]', async () => {
    const student = await t.tokenFor('student');
    const info = await t.get('/admin/user/info', { token: student });
    const held = new Set<string>(info.body.data.permissions);
    const guarded = t.app.routes.filter(
      (r) => r.access.kind === 'permission' && !r.access.anyOf.some((key) => held.has(key)),
    );
    expect(guarded.length).toBeGreaterThan(40);
    for (const r of guarded) {
      const url = pathOf(r.endpoint.path);
      const res = await t.request(r.endpoint.method, url, undefined, { token: student });
      expect(res.status, `${r.endpoint.method} ${url} as a student`).toBe(403);
    }
  });
});

describe('a user who must change the password [spec:S0.4.1]', () => {
  const pathOf = (p: string) => p.replace(/:([A-Za-z_]+)/g, '1');
  const setMustChange = (value: boolean) =>
    t.database.withTenant(t.alpha.tenantId, ({ tx }) =>
      tx.execute(sql`update sys_user set must_change_password = ${value} where username = 'admin'`),
    );

  it('is answered only by the routes that serve them; every other signed-in route refuses with the silent code', async () => {
    // The administrator holds every permission key: only the pending password change can refuse.
    await setMustChange(true);
    try {
      const token = await t.tokenFor('admin');
      const signedIn = t.app.routes.filter((r) => r.access.kind !== 'public');
      const open = signedIn.filter((r) => r.allowPasswordChangePending);
      expect(open.map((r) => `${r.endpoint.method} ${r.endpoint.path}`).sort()).toEqual(
        [
          'GET /admin/role/getUserPortPermission',
          'GET /admin/user/info',
          'GET /auth/token/ping',
          'POST /admin/user/changeMyPwd',
          'POST /admin/user/resetPwd',
          'POST /auth/token/logout',
          'GET /admin/v2/user/toggleRole',
        ].sort(),
      );
      expect(signedIn.length - open.length).toBeGreaterThan(150);
      for (const r of signedIn) {
        if (r.allowPasswordChangePending) continue;
        const url = pathOf(r.endpoint.path);
        const res = await t.request(r.endpoint.method, url, undefined, {
          token,
          headers: { 'accept-language': 'en-US' },
        });
        const what = `${r.endpoint.method} ${url}`;
        expect(res.status, what).toBe(403);
        expect(res.body, what).toEqual({
          code: ERRORS.passwordChangeRequired.code,
          msg: 'change your password before using this function',
          data: null,
        });
      }
      // What the start-up flow needs still answers.
      const info = await t.get('/admin/user/info', { token });
      expect(info.status).toBe(200);
      expect(info.body.data.sysUser.mustChangePassword).toBe(true);
      expect((await t.get('/admin/role/getUserPortPermission', { token })).status).toBe(200);
    } finally {
      await setMustChange(false);
    }
    const after = await t.tokenFor('admin');
    expect((await t.get('/admin/user/page', { token: after })).status).toBe(200);
  });
});

describe('request ids', () => {
  it('answers with the request id the client signed, for tracing', async () => {
    const res = await t.get('/admin/tenant/detailByCode?code=alpha', {
      tenantId: null,
      requestId: 'trace-me-0000000000001',
    });
    expect(res.headers['x-request-id']).toBe('trace-me-0000000000001');
  });
});

describe('health and the web app', () => {
  it('reports readiness with the database kind', async () => {
    const res = await t.get('/health', { tenantId: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok' });
  });

  it('serves the web app for page paths, including ones that share the /admin prefix, and files as they are', async () => {
    const page = await t.app.app.inject({
      method: 'GET',
      url: '/demo/login',
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>app</title>');
    const adminPage = await t.app.app.inject({
      method: 'GET',
      url: '/admin/role/index',
      headers: { accept: 'text/html,*/*' },
    });
    expect(adminPage.body).toContain('<title>app</title>');
    const asset = await t.app.app.inject({ method: 'GET', url: '/assets/app-1.js' });
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const apiMiss = await t.app.app.inject({
      method: 'GET',
      url: '/admin/nothing/here',
      headers: { accept: 'application/json' },
    });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json()).toMatchObject({ code: 404 });
    const escape = await t.app.app.inject({
      method: 'GET',
      url: '/..%2f..%2fetc%2fpasswd',
      headers: { accept: 'text/html' },
    });
    expect(escape.body).not.toContain('root:');
  });
});

describe('bad input never causes a 500', () => {
  const garbage = [
    '',
    '?',
    '?current=-1&size=abc',
    '?roleId=1e999',
    '?code=%00',
    '?phone=%E0%A4%A',
    '?type=' + 'x'.repeat(5000),
    '?productId[]=1&productId[]=2',
  ];

  it('answers every route with a 4xx in the {code, msg, data} shape for malformed queries and bodies', async () => {
    const token = await t.tokenFor('admin');
    // Bad queries and bad bodies fail in different places, so each is tried on its own: every query
    // without a body, then each body with the bare path (all pairs were 3x the requests for nothing).
    const bodies = [{ x: [1, { y: null }] }, 'not json'];
    for (const route of t.app.routes) {
      const path = route.endpoint.path.replace(/:([A-Za-z_]+)/g, 'zz%ff');
      const tries: [string, unknown][] = [
        ...garbage.map((q): [string, unknown] => [path + q, undefined]),
        ...(route.endpoint.method === 'GET' ? [] : bodies.map((b): [string, unknown] => [path, b])),
      ];
      for (const [url, body] of tries) {
        const res = await t.request(route.endpoint.method, url, body, {
          token,
          rawJson: typeof body === 'string',
        });
        expect(res.status, `${route.endpoint.method} ${url} -> ${res.raw.slice(0, 200)}`).toBeLessThan(500);
        if (res.headers['content-type']?.toString().includes('json') && res.status >= 400) {
          expect(Object.keys(res.body).sort(), url).toEqual(['code', 'data', 'msg']);
        }
      }
    }
  });

  /** Sends a multipart body as it is, signed with the token (UNSIGNED_PAYLOAD) or not signed at all. */
  const sendMultipart = async (method: string, url: string, c: MultipartCase, token: string | null) => {
    const headers: Record<string, string> = { 'content-type': c.contentType };
    if (token) {
      headers[HEADER.authorization] = `Bearer ${token}`;
      headers[HEADER.tenantId] = String(t.alpha.tenantId);
      Object.assign(
        headers,
        await signRequest({ method, pathWithQuery: url, body: UNSIGNED_PAYLOAD, accessToken: token }),
      );
    }
    return t.app.app.inject({ method: method as 'POST', url, payload: c.body, headers });
  };
  const expectEnvelope4xx = (res: { statusCode: number; body: string; json(): unknown }, what: string) => {
    expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
    expect(Object.keys(res.json() as object).sort(), what).toEqual(['code', 'data', 'msg']);
  };

  /**
   * Errors thrown out of the process while `run` runs: an 'error' event nobody listens to. On a real
   * server it ends the process; here the test fails on it.
   */
  const uncaughtDuring = async (run: () => Promise<void>) => {
    const thrown: unknown[] = [];
    const record = (err: unknown) => void thrown.push(err);
    process.on('uncaughtException', record);
    try {
      await run();
      await new Promise((r) => setImmediate(r));
    } finally {
      process.off('uncaughtException', record);
    }
    return thrown.map(String);
  };

  it('answers truncated, oversized and malformed multipart bodies with a 4xx on every upload route and an unknown path, signed and not', async () => {
    const token = await t.tokenFor('admin');
    const uploads = multipartRoutes(t.app.routes);
    expect(uploads.map((r) => r.endpoint.path)).toContain('/admin/user/importUsers');
    const targets: { method: string; url: string; limit: number }[] = [
      ...uploads.map((r) => ({
        method: r.endpoint.method,
        url: r.endpoint.path,
        limit: bodyLimitOf(r, DEFAULT_BODY_LIMIT),
      })),
      { method: 'POST', url: '/nonexistent', limit: DEFAULT_BODY_LIMIT },
      { method: 'PUT', url: '/admin/nothing/here', limit: DEFAULT_BODY_LIMIT },
    ];
    const thrown = await uncaughtDuring(async () => {
      for (const target of targets) {
        for (const c of [...malformedMultipartCases(), oversizedMultipartCase(target.limit)]) {
          for (const signedBy of [token, null]) {
            const what = `${target.method} ${target.url} ${c.name} ${signedBy ? 'signed' : 'unsigned'}`;
            expectEnvelope4xx(await sendMultipart(target.method, target.url, c, signedBy), what);
          }
        }
        const tooLarge = await sendMultipart(
          target.method,
          target.url,
          oversizedMultipartCase(target.limit),
          token,
        );
        expect(tooLarge.statusCode, `${target.url} over its body limit`).toBe(413);
      }
    });
    expect(thrown).toEqual([]);
    expect((await t.get('/health', { tenantId: null })).status).toBe(200);
  });

  it('answers a multipart body cut short with a 4xx on every route that takes a body', async () => {
    const token = await t.tokenFor('admin');
    const [cutShort] = malformedMultipartCases();
    const thrown = await uncaughtDuring(async () => {
      for (const route of t.app.routes.filter((r) => r.endpoint.method !== 'GET')) {
        const url = route.endpoint.path.replace(/:([A-Za-z_]+)/g, '1');
        expectEnvelope4xx(
          await sendMultipart(route.endpoint.method, url, cutShort!, token),
          `${route.endpoint.method} ${url}`,
        );
      }
    });
    expect(thrown).toEqual([]);
  });

  it('answers hostile images with a 4xx on every upload route (each sets its own body limit)', async () => {
    const { default: sharp } = await import('sharp');
    const token = await t.tokenFor('admin');
    const uploads = t.app.routes.filter(
      (r) => r.bodyLimit !== undefined && r.endpoint.bodyType !== 'multipart',
    );
    expect(uploads.map((r) => r.endpoint.path)).toEqual(
      expect.arrayContaining([
        '/admin/team/editSign',
        '/biz/consult/visitor/sign',
        '/admin/user/avatar',
        '/admin/pageSetup/saveOrUpdatePageSetup',
        '/biz/public/forms/answer/save',
      ]),
    );
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const bomb = await sharp({ create: { width: 8000, height: 8000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const images = [
      Buffer.alloc(0),
      Buffer.from('<html><script>alert(1)</script></html>'),
      Buffer.concat([png, Buffer.from('PK\x03\x04<html>', 'latin1')]),
      png.subarray(0, 20),
      bomb,
      Buffer.from([0, 0, 1, 0, 1, 0]),
    ];
    for (const route of uploads) {
      for (const bytes of images) {
        for (const type of ['image/png', 'image/jpeg', 'image/svg+xml']) {
          const value = `data:${type};base64,${bytes.toString('base64')}`;
          const res =
            route.endpoint.bodyType === 'text'
              ? await t.app.app.inject({
                  method: 'POST',
                  url: route.endpoint.path,
                  payload: value,
                  headers: {
                    'content-type': 'text/plain',
                    authorization: `Bearer ${token}`,
                    'tenant-id': String(t.alpha.tenantId),
                    ...(await signRequest({
                      method: 'POST',
                      pathWithQuery: route.endpoint.path,
                      body: value,
                      accessToken: token,
                    })),
                  },
                })
              : await (async () => {
                  const r = await t.request(
                    route.endpoint.method,
                    route.endpoint.path,
                    {
                      sign: value,
                      browserIcon: value,
                      navigateLogo: value,
                      formId: 1,
                      eventSign: 'fuzz',
                      answers: { sign_teacher: value, sign_common: value },
                    },
                    { token },
                  );
                  return { statusCode: r.status, body: r.raw, json: () => r.body };
                })();
          const what = `${route.endpoint.path} ${type} ${bytes.length} bytes`;
          expect(res.statusCode, `${what} -> ${res.body.slice(0, 200)}`).not.toBe(500);
          if (res.statusCode >= 400) expectEnvelope4xx(res, what);
        }
      }
      // The upload limit per user is not what this test is about.
      await t.database.system.db.execute(sql`delete from rate_limit`);
    }
  }, 120_000);

  it('refuses NUL characters in any input string with a 400 naming the field, before the handler runs', async () => {
    const token = await t.tokenFor('admin');
    const body = await t.post('/admin/user/editMy', { realName: 'a\u0000b' }, { token });
    expect(body.status).toBe(400);
    expect(body.body.data.fields).toEqual([
      // No Accept-Language: the detail comes in zh-CN, the default.
      { field: 'realName', message: '不能包含空字符' },
    ]);
  });

  it('refuses invalid JSON with 400', async () => {
    const token = await t.tokenFor('admin');
    const res = await t.app.app.inject({
      method: 'POST',
      url: '/auth/token/logout',
      payload: '{"a":',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
  });
});

describe('configuration', () => {
  it('refuses invalid settings and names the variable', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadEnv({ DB_APP_ROLE: 'Robert; drop table' })).toThrow(/DB_APP_ROLE/);
    expect(() => loadEnv({ SMS_ADAPTER: 'http' })).toThrow(/SMS_GATEWAY_URL/);
    expect(() => loadEnv({ NODE_ENV: 'production', SMS_ADAPTER: 'dev' })).toThrow(/SMS_ADAPTER/);
    expect(loadEnv({}).PORT).toBe(3000);
  });

  it('.env.example describes every setting with its default', () => {
    const example = fs.readFileSync(path.join(SERVER_ROOT, '../../.env.example'), 'utf8');
    const written = new Map(
      [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]),
    );
    const defaults = loadEnv({}) as Record<string, unknown>;
    for (const key of Object.keys(defaults)) expect(written.has(key), key).toBe(true);
    // The limits operators tune are written with the values the server uses when they are not set.
    for (const key of Object.keys(defaults).filter((k) => k.startsWith('IMPORT_'))) {
      expect(written.get(key), key).toBe(String(defaults[key]));
    }
  });
});
