/**
 * A server process that works only the crisis module's jobs, for the crash test and the benchmark: opens
 * the database (DATABASE_URL, else the PGlite directory DATA_DIR) and runs the queue with the crisis
 * jobs. SMS go to a recording gateway that appends `{phone, text, key}` lines to SMS_LOG (HANG_SMS_MS holds
 * each send after the gateway took it, to be killed there). It prints one JSON
 * line per event on stdout: `ready`; `holding` (an escalation step written, its commit held HOLD_STEP_MS,
 * to be killed there); `escalated` (a step committed); `sms`.
 *
 *   DATA_DIR=/tmp/x HOLD_STEP_MS=600000 SMS_LOG=/tmp/sms.log npx tsx src/modules/crisis/escalation-worker-process.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../core/db/database';
import { JobQueue } from '../../core/jobs/queue';
import { createLocalFileStorage } from '../../core/storage/file-storage';
import { SERVER_ROOT } from '../../env';
import type { SmsSender } from '../../core/sms/sms-sender';
import { registerCrisisJobs } from './crisis.jobs';

const say = (event: string, extra: object = {}) =>
  process.stdout.write(`${JSON.stringify({ event, at: Date.now(), ...extra })}\n`);

const database = await openDatabase({
  url: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR,
  appRole: 'psy_app',
  // The test or benchmark opened this database first, with the module list's grants.
  keepGrants: true,
  migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
  poolSize: 4,
});
const queue = new JobQueue(database, {
  concurrency: Number(process.env.JOB_WORKERS ?? 4),
  leaseSeconds: Number(process.env.JOB_LEASE_SECONDS ?? 2),
  pollMs: Number(process.env.JOB_POLL_MS ?? 200),
  soleProcess: database.kind === 'pglite',
});
const smsLog = process.env.SMS_LOG ?? path.join(os.tmpdir(), `crisis-sms-${process.pid}.log`);
const hangSms = Number(process.env.HANG_SMS_MS ?? 0);
const sms: SmsSender = {
  async send(m) {
    fs.appendFileSync(smsLog, `${JSON.stringify({ phone: m.phone, text: m.text, key: m.key })}\n`);
    say('sms', { phone: m.phone, key: m.key });
    // The gateway took the message; the process dies before it records that it did.
    if (hangSms > 0) await new Promise((r) => setTimeout(r, hangSms));
  },
};
const hold = Number(process.env.HOLD_STEP_MS ?? 0);
registerCrisisJobs(
  queue,
  {
    database,
    sms,
    files: createLocalFileStorage(path.join(os.tmpdir(), `crisis-files-${process.pid}`)),
    async beforeEscalationCommit(step) {
      if (hold > 0) {
        say('holding', step);
        await new Promise((r) => setTimeout(r, hold));
      }
      say('escalated', step);
    },
  },
  { schedules: false },
);
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
