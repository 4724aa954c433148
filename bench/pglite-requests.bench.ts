// What a signed-in request costs on the embedded database (PGlite), with the frequent statements named
// (core/db/named-statements.ts) and without: `npm run bench:pglite` at the repository root.
//
// One process, no network: the app answers through Fastify's inject, one request at a time, so the process's
// CPU time per request is the request's whole cost (the app, and PGlite, which runs in this thread). Each
// round opens a fresh in-memory database per mode, seeds it, signs in the school's administrator and sends
// the same requests; the rounds alternate the modes, and the median round is reported.
//
// Settings (environment, defaults in brackets):
//   BENCH_REQUESTS [1500]   measured requests per scenario and mode (after 100 unmeasured)
//   BENCH_ROUNDS [3]        rounds, each running both modes
import path from 'node:path';
import { encryptPassword } from '@psy/contracts';
import { buildApp } from '@psy/server/src/app';
import { openDatabase } from '@psy/server/src/core/db/database';
import { SERVER_ROOT, loadEnv } from '@psy/server/src/env';
import { median, percentile } from './lib/loop';
import { seedBench } from './lib/seed';
import { requestHeaders } from './lib/sign';
import { log } from './lib/util';

const num = (name: string, dflt: number) => {
  const value = Number(process.env[name] ?? dflt);
  if (!Number.isFinite(value) || value < 1) throw new Error(`${name} must be a positive number`);
  return Math.round(value);
};
const REQUESTS = num('BENCH_REQUESTS', 1500);
const ROUNDS = num('BENCH_ROUNDS', 3);
const WARMUP = 100;
const PASSWORD = 'Bench-Passw0rd!';
const SCENARIOS = [
  { name: 'GET /admin/user/info', path: '/admin/user/info' },
  { name: 'GET /admin/user/page (10 of 200)', path: '/admin/user/page?current=1&size=10' },
] as const;
type Mode = 'named' | 'unnamed';

interface Figures {
  cpuMsPerRequest: number;
  p50: number;
  p95: number;
  p99: number;
}

async function measure(mode: Mode): Promise<Record<string, Figures>> {
  const database = await openDatabase({
    appRole: 'psy_app',
    migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
    namedStatements: mode === 'named',
  });
  try {
    await seedBench(database, { tenants: 2, usersPerTenant: 200, password: PASSWORD });
    const env = loadEnv({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JOB_WORKERS: '0',
      LOGIN_IP_LIMIT_PER_MIN: '100000000',
      SMS_ADAPTER: 'http',
      SMS_GATEWAY_URL: 'http://127.0.0.1:9/unused',
    });
    const { app } = await buildApp({ env, database, logger: false });
    try {
      const send = async (
        method: string,
        pathWithQuery: string,
        body?: string,
        token?: string,
        tenant?: number,
      ) => {
        const headers = requestHeaders({ method, pathWithQuery, body, token, tenantId: tenant });
        const res = await app.inject({
          method: method as 'GET' | 'POST',
          url: pathWithQuery,
          headers,
          payload: body,
        });
        const json = res.json<{ code: number; data: Record<string, unknown> }>();
        if (res.statusCode !== 200 || json.code !== 0)
          throw new Error(`${method} ${pathWithQuery}: HTTP ${res.statusCode} ${res.body.slice(0, 300)}`);
        return json.data;
      };
      const publicKey = (await send('GET', '/auth/publicKey')) as { keyId: string; spki: string };
      const tenant = Number(
        (await database.pglite!.query<{ id: number }>("select id from tenant where code = 'bench001'"))
          .rows[0]!.id,
      );
      const login = await send(
        'POST',
        '/auth/oauth/token?grant_type=password',
        new URLSearchParams({
          username: 'admin',
          password: await encryptPassword(publicKey, PASSWORD),
        }).toString(),
        undefined,
        tenant,
      );
      const token = String(login.access_token);
      const figures: Record<string, Figures> = {};
      for (const scenario of SCENARIOS) {
        for (let i = 0; i < WARMUP; i += 1) await send('GET', scenario.path, undefined, token);
        const latencies = new Float64Array(REQUESTS);
        const cpu0 = process.cpuUsage();
        for (let i = 0; i < REQUESTS; i += 1) {
          const started = performance.now();
          await send('GET', scenario.path, undefined, token);
          latencies[i] = performance.now() - started;
        }
        const cpu = process.cpuUsage(cpu0);
        latencies.sort();
        figures[scenario.name] = {
          cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / REQUESTS,
          p50: percentile(latencies, 50),
          p95: percentile(latencies, 95),
          p99: percentile(latencies, 99),
        };
      }
      return figures;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

log(
  `PGlite, one request at a time through inject: ${REQUESTS} measured requests per scenario and mode, ` +
    `${ROUNDS} rounds, Node ${process.version}`,
);
const rounds: Record<Mode, Record<string, Figures>[]> = { named: [], unnamed: [] };
for (let round = 0; round < ROUNDS; round += 1) {
  // Alternating which mode goes first, so neither always meets a warmer process.
  const order: Mode[] = round % 2 === 0 ? ['unnamed', 'named'] : ['named', 'unnamed'];
  for (const mode of order) {
    rounds[mode].push(await measure(mode));
    log(`  round ${round + 1} ${mode}: done`);
  }
}
log('');
log('| scenario | statements | CPU ms per request | p50 ms | p95 ms | p99 ms |');
log('|---|---|---|---|---|---|');
for (const scenario of SCENARIOS) {
  for (const mode of ['unnamed', 'named'] as const) {
    const of = (key: keyof Figures) => median(rounds[mode].map((r) => r[scenario.name]![key])).toFixed(2);
    log(
      `| ${scenario.name} | ${mode} | ${of('cpuMsPerRequest')} | ${of('p50')} | ${of('p95')} | ${of('p99')} |`,
    );
  }
}
