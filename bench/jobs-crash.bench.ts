// From `kill -9` of a worker process mid-job to the job running again in a newly started process
// (docs/decisions.md "Job queue"): the restart, the lease lapsing and the claim, end to end. Each
// repetition starts a worker (apps/server/src/core/jobs/worker-process.ts) that queues a job and holds it,
// kills it with SIGKILL at a random moment of its lease cycle, starts another and times its `started`.
// `npm run bench:jobs-crash -w @psy/bench`.
//
// Settings (environment, defaults in brackets):
//   BENCH_REPEAT [20]          repetitions
//   BENCH_ENGINE [postgres]    postgres (a temporary PostgreSQL 15) or pglite (a data directory)
//   JOB_LEASE_SECONDS [15]     the lease (the app's default)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { randomUUID } from 'node:crypto';
import { SERVER_ROOT } from '@psy/server/src/env';
import { startTempPostgres } from './lib/pg-temp';
import { log } from './lib/util';

const REPEAT = Number(process.env.BENCH_REPEAT ?? 20);
const ENGINE = process.env.BENCH_ENGINE ?? 'postgres';
const LEASE = process.env.JOB_LEASE_SECONDS ?? '15';
const SCRIPT = path.join(SERVER_ROOT, 'src/core/jobs/worker-process.ts');

const pg = ENGINE === 'postgres' ? await startTempPostgres() : null;
const dataDir = path.join(os.tmpdir(), `psy-crash-${randomUUID()}`);

function worker(env: Record<string, string>) {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: pg?.url ?? '',
      DATA_DIR: pg ? '' : dataDir,
      JOB_LEASE_SECONDS: LEASE,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const seen = new Map<string, { at: number; jobId?: number }>();
  const waiters: (() => void)[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    try {
      const e = JSON.parse(line) as { event: string; at: number; jobId?: number };
      if (!seen.has(e.event)) seen.set(e.event, { at: Date.now(), jobId: e.jobId });
    } catch {
      return;
    }
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return {
    child,
    exited,
    spawnedAt,
    async when(event: string) {
      const deadline = Date.now() + 120_000;
      while (!seen.has(event)) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`no "${event}" from the worker`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 100);
        });
      }
      return seen.get(event)!;
    },
  };
}

const gaps: number[] = [];
/** Of each gap, how long the new process took to start (open the database, migrations, queue ready). */
const starts: number[] = [];
for (let i = 0; i < REPEAT; i++) {
  const first = worker({ ENQUEUE: String(i), HOLD_MS: '600000' });
  const started = await first.when('started');
  // Killed at a random point of the renewal cycle (renewals every third of the lease).
  await new Promise((r) => setTimeout(r, (Math.random() * (Number(LEASE) * 1000)) / 3));
  const killedAt = Date.now();
  first.child.kill('SIGKILL');
  await first.exited;
  const second = worker({ HOLD_MS: '10' });
  const again = await second.when('started');
  starts.push((await second.when('ready')).at - second.spawnedAt);
  if (again.jobId !== started.jobId)
    throw new Error(`another job ran: ${again.jobId} (expected ${started.jobId})`);
  gaps.push(again.at - killedAt);
  await second.when('finished');
  second.child.kill('SIGTERM');
  await second.exited;
  log(
    `#${i + 1}: kill -> running again ${((again.at - killedAt) / 1000).toFixed(1)} s (process start ${(starts.at(-1)! / 1000).toFixed(1)} s)`,
  );
}

const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! / 1000).toFixed(1);
};
log(
  `\n${ENGINE}, lease ${LEASE} s, ${REPEAT} kills: kill -> running again p50 ${pct(gaps, 50)} s, p99 ${pct(gaps, 99)} s;` +
    ` of which the new process's start p50 ${pct(starts, 50)} s, p99 ${pct(starts, 99)} s`,
);
log(
  `Reproduce: BENCH_REPEAT=${REPEAT} BENCH_ENGINE=${ENGINE} JOB_LEASE_SECONDS=${LEASE} npm run bench:jobs-crash -w @psy/bench`,
);
pg?.stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
