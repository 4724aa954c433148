/**
 * A job worker process for crash tests and the crash benchmark (bench/jobs-crash.bench.ts): opens the
 * database (DATABASE_URL, else the PGlite directory DATA_DIR), optionally queues one job, and works the
 * queue `crash.probe` whose handler takes HOLD_MS. It prints one JSON line per event on stdout:
 * `ready`, `started` (job id, attempt, this worker), `finished`. Kill it with SIGKILL mid-job and start
 * another: the second takes the job over once the first one's lease lapses.
 *
 *   DATABASE_URL=... JOB_LEASE_SECONDS=3 HOLD_MS=2000 ENQUEUE=1 npx tsx src/core/jobs/worker-process.ts
 */
import path from 'node:path';
import { openDatabase } from '../db/database';
import { SERVER_ROOT } from '../../env';
import { JobQueue } from './queue';

export const CRASH_QUEUE = 'crash.probe';

const say = (event: string, extra: object = {}) =>
  process.stdout.write(`${JSON.stringify({ event, at: Date.now(), ...extra })}\n`);

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  appRole: 'psy_app',
  // The test or benchmark opened this database first, with the module list's grants.
  keepGrants: true,
  migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
  poolSize: 3,
});
const queue = new JobQueue(database, {
  concurrency: 1,
  leaseSeconds: Number(process.env.JOB_LEASE_SECONDS ?? 15),
  pollMs: Number(process.env.JOB_POLL_MS ?? 1000),
  // As the app: on PGlite this process is the only one on the data directory.
  soleProcess: database.kind === 'pglite',
});
const hold = Number(process.env.HOLD_MS ?? 2000);
queue.register<{ n: number }>(CRASH_QUEUE, async (j) => {
  say('started', { jobId: j.id, attempts: j.attempts, worker: queue.workerId });
  await new Promise((r) => setTimeout(r, hold));
  say('finished', { jobId: j.id, worker: queue.workerId });
  return { by: queue.workerId };
});
if (process.env.ENQUEUE) {
  const id = await queue.enqueue(database.system, CRASH_QUEUE, { n: Number(process.env.ENQUEUE) });
  say('queued', { jobId: id });
}
queue.start();
say('ready', { worker: queue.workerId });

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void queue
      .stop(5000)
      .then(() => database.close())
      .then(() => process.exit(0));
  });
}
