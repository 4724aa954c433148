import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import * as contracts from '@psy/contracts';
import { HEADER, encryptPassword, signRequest, UNSIGNED_PAYLOAD, type Endpoint } from '@psy/contracts';
import { bundledEntry } from './test/bundle';
import { ALPHA, PASSWORD, onPostgres } from './test/harness';
import { malformedMultipartCases, oversizedMultipartCase } from './test/multipart-fuzz';
import { createPostgresDatabase, extractSnapshot } from './test/template';

/** The repository root: the process runs from there, as `npm start` and the docs run it. */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const ENTRY = 'src/server.ts';
const SHUTDOWN_TIMEOUT_MS = 10_000;
const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';

interface Spawned {
  child: ChildProcess;
  output(): { stdout: string; stderr: string };
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  closed: boolean;
}

const started: Spawned[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  // A process a failed test left running is stopped: its whole process group.
  for (const s of started.splice(0)) {
    if (s.closed || !s.child.pid) continue;
    try {
      process.kill(-s.child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    await s.exited;
  }
  for (const c of cleanups.splice(0).reverse()) await c();
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the process entry bundled as `npm run build` bundles it, as `npm start` runs it. */
async function spawnServer(env: Record<string, string>): Promise<Spawned> {
  const child = spawn(process.execPath, [await bundledEntry(ENTRY)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group, so a leftover can be stopped whole
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const spawned: Spawned = {
    child,
    output: () => ({ stdout, stderr }),
    closed: false,
    exited: new Promise((resolve) =>
      child.on('close', (code, signal) => {
        spawned.closed = true;
        resolve({ code, signal });
      }),
    ),
  };
  started.push(spawned);
  return spawned;
}

/** Polls `probe` until it answers true; fails at the deadline, or as soon as the process has exited. */
async function waitFor(what: string, s: Spawned, probe: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe()) return;
    const { stdout, stderr } = s.output();
    if (s.child.exitCode !== null || s.child.signalCode !== null) {
      throw new Error(
        `process exited (${s.child.exitCode ?? s.child.signalCode}) before ${what}\n${stdout}\n${stderr}`,
      );
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${stdout}\n${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Waits for the process to exit, up to `timeoutMs`; answers undefined if it is still running then. */
function exitWithin(s: Spawned, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), timeoutMs)));
  return Promise.race([s.exited, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Where the process keeps its data: a PGlite data directory or a PostgreSQL database, either empty (the
 * process migrates it, as at a school's first start) or a copy of the seeded test template (the schools
 * ALPHA and BETA), for a test about something else than the first start, of which migrating and seeding
 * the demo school were 10 s.
 */
async function dataEnv(from: 'empty' | 'seeded' = 'empty'): Promise<Record<string, string>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-server-test-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const templates = from === 'seeded' ? inject('serverTestTemplates') : undefined;
  if (templates) expect(templates.kind).toBe(onPostgres() ? 'postgres' : 'pglite');
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    // The process opens PGlite in DATA_DIR/pg (app.ts).
    if (templates) extractSnapshot(templates.seeded, path.join(dataDir, 'pg'));
    return { DATA_DIR: dataDir, DATABASE_URL: '' };
  }
  const { url, drop } = await createPostgresDatabase(base, templates?.seeded);
  cleanups.push(drop);
  return { DATA_DIR: dataDir, DATABASE_URL: url };
}

describe(`process entry (server.ts) on ${engine}`, () => {
  it('starts, serves /health, prints the demo logins, and exits 0 on SIGTERM after a graceful shutdown', async () => {
    const port = await freePort();
    const s = await spawnServer({
      ...(await dataEnv()),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      SMS_ADAPTER: 'dev',
      DEV_SMS_OUTBOX: 'true',
      JOB_WORKERS: '1',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });

    let health: { status: string; database: string } | undefined;
    await waitFor(
      'GET /health to answer 200',
      s,
      async () => {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/health`);
          if (res.status !== 200) return false;
          health = (await res.json()) as typeof health;
          return true;
        } catch {
          return false; // not listening yet
        }
      },
      60_000,
    );
    expect(health).toMatchObject({ status: 'ok', database: onPostgres() ? 'postgres' : 'pglite' });

    // The demo banner is printed once the server listens; the pipe may deliver it just after.
    await waitFor('the demo logins', s, () => /^\s+admin\s+\S+/m.test(s.output().stdout), 10_000);
    const { stdout } = s.output();
    expect(stdout).toContain('Demo logins');
    expect(stdout).toMatch(new RegExp(`http://localhost:${port}\\b`));
    expect(stdout).toMatch(/^\s+student\s+\S+/m);
    // The demo says that the SMS outbox is on, and it answers this machine.
    await waitFor('the SMS outbox note', s, () => s.output().stdout.includes('SMS outbox is on'), 10_000);
    expect(s.output().stdout).toContain(`http://localhost:${port}/biz/dev/sms/outbox?phone=`);
    const outboxUrl = '/biz/dev/sms/outbox?phone=13800000000';
    const outbox = await fetch(`http://127.0.0.1:${port}${outboxUrl}`, {
      headers: await signRequest({ method: 'GET', pathWithQuery: outboxUrl }),
    });
    expect(outbox.status).toBe(200);

    s.child.kill('SIGTERM');
    // The server forces exit code 1 after SHUTDOWN_TIMEOUT_MS + 5 s; allow that much and more before giving up.
    const exit = await exitWithin(s, SHUTDOWN_TIMEOUT_MS + 15_000);
    const out = s.output();
    expect(exit, `still running after SIGTERM\n${out.stdout}\n${out.stderr}`).toBeDefined();
    expect(exit, `${out.stdout}\n${out.stderr}`).toEqual({ code: 0, signal: null });
    expect(out.stdout).toContain('shutting down');
    expect(out.stdout).not.toContain('shutdown failed');

    // It really stopped listening.
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  }, 120_000);

  it('refuses to start with an invalid configuration and names the variable', async () => {
    const s = await spawnServer({ ...(await dataEnv()), PORT: 'abc', HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    const exit = await exitWithin(s, 60_000);
    const { stdout, stderr } = s.output();
    expect(exit, `still running with PORT=abc\n${stdout}\n${stderr}`).toBeDefined();
    expect(exit!.code).not.toBe(0);
    expect(exit!.code).not.toBeNull();
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toMatch(/^\s*PORT:/m);
    expect(stdout).not.toContain('Demo logins');
  }, 90_000);
  it('keeps serving after truncated, oversized, malformed and aborted multipart bodies on every upload route and an unknown path, signed and not', async () => {
    const port = await freePort();
    const s = await spawnServer({
      ...(await dataEnv('seeded')),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMS_ADAPTER: 'dev',
      JOB_WORKERS: '0',
    });
    const base = `http://127.0.0.1:${port}`;
    const healthy = async () => {
      try {
        return (await fetch(`${base}/health`)).status === 200;
      } catch {
        return false;
      }
    };
    await waitFor('GET /health to answer 200', s, healthy, 60_000);

    // A signed-in administrator of the seeded school, through the same calls the web makes.
    const signedFetch = async (
      method: string,
      url: string,
      body: string | undefined,
      extra: Record<string, string>,
    ) =>
      fetch(`${base}${url}`, {
        method,
        body,
        headers: { ...extra, ...(await signRequest({ method, pathWithQuery: url, body })) },
      });
    const tenant = (await (
      await signedFetch('GET', `/admin/tenant/detailByCode?code=${ALPHA.code}`, undefined, {})
    ).json()) as {
      data: { id: number };
    };
    const tenantHeaders = { [HEADER.tenantId]: String(tenant.data.id) };
    const key = (await (await signedFetch('GET', '/auth/publicKey', undefined, tenantHeaders)).json()) as {
      data: { keyId: string; spki: string };
    };
    const form = new URLSearchParams({
      username: 'admin',
      password: await encryptPassword(key.data, PASSWORD),
    }).toString();
    const login = await signedFetch('POST', '/auth/oauth/token?grant_type=password', form, {
      ...tenantHeaders,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(login.status).toBe(200);
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;

    /** Sends the bytes as they are; answers the status, or 'reset' when the server closed the connection first. */
    const send = async (
      method: string,
      url: string,
      contentType: string,
      body: Buffer,
      signed: boolean,
      opts: { declaredLength?: number } = {},
    ) => {
      const headers: Record<string, string> = {
        'content-type': contentType,
        'content-length': String(opts.declaredLength ?? body.length),
      };
      if (signed) {
        Object.assign(headers, tenantHeaders, { [HEADER.authorization]: `Bearer ${token}` });
        Object.assign(
          headers,
          await signRequest({ method, pathWithQuery: url, body: UNSIGNED_PAYLOAD, accessToken: token }),
        );
      }
      return new Promise<number | 'reset'>((resolve) => {
        const req = http.request(`${base}${url}`, { method, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
          res.on('error', () => resolve('reset'));
        });
        req.on('error', () => resolve('reset'));
        if (opts.declaredLength !== undefined) {
          // An upload that stops half-way: the client goes away before the body is complete.
          req.write(body, () => setTimeout(() => req.destroy(), 50));
        } else req.end(body);
      });
    };

    const uploads = (Object.values(contracts) as unknown[]).filter(
      (e): e is Endpoint => typeof e === 'object' && e !== null && (e as Endpoint).bodyType === 'multipart',
    );
    expect(uploads.map((e) => e.path)).toContain('/admin/user/importUsers');
    const targets = [
      ...uploads.map((e) => ({ method: e.method, url: e.path })),
      { method: 'POST', url: '/nonexistent' },
    ];
    // Over every route's body limit (the largest is the import's 20 MB file and its fields).
    const oversized = oversizedMultipartCase(32 * 1024 * 1024);
    for (const target of targets) {
      for (const signed of [true, false]) {
        const what = `${target.method} ${target.url} ${signed ? 'signed' : 'unsigned'}`;
        for (const c of malformedMultipartCases()) {
          const status = await send(target.method, target.url, c.contentType, c.body, signed);
          expect(status, `${what}: ${c.name}`).not.toBe('reset');
          expect(status as number, `${what}: ${c.name}`).toBeGreaterThanOrEqual(400);
          expect(status as number, `${what}: ${c.name}`).toBeLessThan(500);
        }
        const big = await send(target.method, target.url, oversized.contentType, oversized.body, signed);
        expect([413, 'reset'], `${what}: oversized`).toContain(big);
        const [cutShort] = malformedMultipartCases();
        await send(target.method, target.url, cutShort!.contentType, cutShort!.body, signed, {
          declaredLength: 1024 * 1024,
        });
        expect(await healthy(), `${what}: the server still answers`).toBe(true);
      }
    }
    expect(s.child.exitCode, s.output().stderr).toBeNull();
    expect(s.output().stderr).not.toMatch(/Unhandled 'error' event/);
    // Without DEV_SMS_OUTBOX the development outbox does not exist, even with the dev adapter.
    const outboxUrl = '/biz/dev/sms/outbox?phone=13800000000';
    const outbox = await fetch(`${base}${outboxUrl}`, {
      headers: await signRequest({ method: 'GET', pathWithQuery: outboxUrl }),
    });
    expect(outbox.status).toBe(404);
  }, 180_000);
});
