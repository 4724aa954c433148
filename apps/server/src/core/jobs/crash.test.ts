import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SERVER_ROOT } from '../../env';
import { bundledEntry } from '../../test/bundle';
import { createPersistentTestDatabase, onPostgres } from '../../test/harness';
import { job } from './jobs.table';

const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';
const SCRIPT = 'src/core/jobs/worker-process.ts';

interface WorkerEvent {
  event: string;
  jobId?: number;
  attempts?: number;
  worker?: string;
}

/** A worker process (worker-process.ts) and its events, in order. */
async function startWorker(location: { url?: string; dataDir?: string }, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [await bundledEntry(SCRIPT)], {
    cwd: SERVER_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: location.url ?? '',
      DATA_DIR: location.dataDir ?? '',
      JOB_LEASE_SECONDS: '2',
      JOB_POLL_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: WorkerEvent[] = [];
  const waiters: (() => void)[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      events.push(JSON.parse(line) as WorkerEvent);
    } catch {
      return; // not ours
    }
    waiters.splice(0).forEach((w) => w());
  });
  const exited = new Promise<void>((r) =>
    child.on('exit', () => (waiters.splice(0).forEach((w) => w()), r())),
  );
  return {
    child,
    events,
    exited,
    /** The first event of this kind, waiting for it (fails with the worker's stderr if it exits first). */
    async next(kind: string, timeoutMs = 60_000): Promise<WorkerEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.find((e) => e.event === kind);
        if (found) return found;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`worker exited before "${kind}": ${stderr}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for "${kind}": ${stderr}`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
  };
}

describe(`job queue across a crash on ${engine}`, () => {
  it('a worker process killed with SIGKILL mid-job: a new process takes the job over and completes it once', async () => {
    const store = await createPersistentTestDatabase();
    const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
    try {
      // The first process queues the job (PGlite: one process at a time owns the directory) and holds it.
      const first = await startWorker(store.location, { ENQUEUE: '1', HOLD_MS: '600000' });
      workers.push(first);
      const started = await first.next('started');
      expect(started).toMatchObject({ attempts: 1 });
      first.child.kill('SIGKILL');
      await first.exited;

      const second = await startWorker(store.location, { HOLD_MS: '100' });
      workers.push(second);
      const again = await second.next('started');
      expect(again).toMatchObject({ jobId: started.jobId, attempts: 2 });
      const finished = await second.next('finished');
      expect(finished).toMatchObject({ jobId: started.jobId, worker: again.worker });
      second.child.kill('SIGTERM');
      await second.exited;

      const db = await store.open();
      try {
        const [row] = await db.system.db.select().from(job).where(eq(job.id, started.jobId!));
        expect(row).toMatchObject({ state: 'done', attempts: 2, result: { by: again.worker } });
      } finally {
        await db.close();
      }
      // Each process ran it once: the killed one never finished, the second one finished it.
      expect(first.events.filter((e) => e.event === 'finished')).toEqual([]);
      expect(second.events.filter((e) => e.event === 'started')).toHaveLength(1);
    } finally {
      for (const w of workers)
        if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await store.dispose();
    }
  }, 180_000);
});
