import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../core/db/database';
import { rowsOf } from '../../core/db/rows';
import { SERVER_ROOT } from '../../env';
import { seedSchool } from '../../seed/school';
import { bundledEntry } from '../../test/bundle';
import { createPersistentTestDatabase, createTestDatabase, onPostgres, testEnv } from '../../test/harness';
import type { SmsSender } from '../../core/sms/sms-sender';
import { NETWORK_SCHOOL } from './crisis.fixtures';
import { reportSignal } from './index';

const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';

/** Waits until `check` answers something truthy (polling the database), or fails after `ms`. */
async function until<T>(check: () => Promise<T>, ms = 60_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const q = async <T>(db: Database, text: ReturnType<typeof sql>) => rowsOf<T>(await db.db.execute(text));

const stateOf = async (db: Database, recordId: number) =>
  (
    await q<{ escalation_level: number; escalation_step: number }>(
      db,
      sql`select escalation_level, escalation_step from crisis_record where id = ${recordId}`,
    )
  )[0]!;
const escalatedMessages = async (db: Database, userId: number) =>
  (
    await q<{ n: number }>(
      db,
      sql`select count(*)::int as n from message where user_id = ${userId} and title = '危机信号已升级，请立即确认'`,
    )
  )[0]!.n;
const deliveries = async (db: Database, recordId: number) =>
  q<{ step: number; user_id: number; channel: string; state: string; attempts: number }>(
    db,
    sql`select step, user_id::int as user_id, channel, state, attempts from crisis_delivery where record_id = ${recordId} order by step, channel, user_id`,
  );
/** Makes the pending escalation of a record due now: its deadline passed (while the server was down). */
const dueNow = (db: Database, recordId: number) =>
  db.db.execute(
    sql`update job set run_at = now() where queue = 'crisis.escalate' and state = 'queued' and (payload->>'recordId')::bigint = ${recordId}`,
  );

/**
 * Makes the SMS jobs waiting to be tried again due now: the queue's back-off (2 s, then 4 s) has passed.
 * How long it waits is the queue's own test; these are about what each attempt sends.
 */
const retryNow = (db: Database) =>
  db.db.execute(
    sql`update job set run_at = now() where queue = 'crisis.sms' and state = 'queued' and attempts > 0`,
  );

/** A gateway that records what it was asked to send and fails as told. */
function gateway(failFirst = 0) {
  const sent: { phone: string; text: string }[] = [];
  let calls = 0;
  const sms: SmsSender = {
    async send(m) {
      calls += 1;
      if (calls <= failFirst) throw new Error('SMS gateway answered 503');
      sent.push({ phone: m.phone, text: m.text });
    },
  };
  return { sms, sent, calls: () => calls };
}

async function signal(db: Database, tenantId: number, studentId: number, reporterId: number) {
  return (
    await db.withTenant(tenantId, (scope) => reportSignal(scope, { source: 'report', studentId, reporterId }))
  ).recordId;
}

describe(`escalation survives a restart on ${engine}`, () => {
  it('a deadline that passed while the server was down escalates once at start, then waits for the next deadline', async () => {
    const store = await createPersistentTestDatabase();
    try {
      let db = await store.open();
      const first = await buildApp({ env: testEnv({ JOB_WORKERS: '0' }), database: db, logger: false });
      await first.app.ready();
      const school = await seedSchool(db, NETWORK_SCHOOL);
      const recordId = await signal(db, school.tenantId, school.userIds.studenta!, school.userIds.classrep!);
      await first.app.close();
      await db.close();

      db = await store.open();
      await dueNow(db, recordId);
      const g = gateway();
      const second = await buildApp({
        env: testEnv({ JOB_WORKERS: '4' }),
        database: db,
        logger: false,
        sms: g.sms,
      });
      await second.app.ready();
      try {
        await until(async () => (await stateOf(db, recordId)).escalation_step === 1);
        // Every SMS of both steps goes out once.
        await until(async () =>
          (await deliveries(db, recordId))
            .filter((d) => d.channel === 'sms')
            .every((d) => d.state === 'sent'),
        );
        expect(await stateOf(db, recordId)).toEqual({ escalation_level: 2, escalation_step: 1 });
        expect(await escalatedMessages(db, school.userIds.facultyhead!)).toBe(1);
        const d = await deliveries(db, recordId);
        // Step 0: the class level (advisor A, and advisor B whose own department covers the faculty);
        // step 1: the faculty head. One in-app and one SMS each.
        const { advisora, advisorb, facultyhead } = school.userIds;
        expect(d.map((x) => [x.step, x.user_id, x.channel])).toEqual([
          [0, advisora, 'inapp'],
          [0, advisorb, 'inapp'],
          [0, advisora, 'sms'],
          [0, advisorb, 'sms'],
          [1, facultyhead, 'inapp'],
          [1, facultyhead, 'sms'],
        ]);
        expect(g.sent.map((s) => s.phone).sort()).toEqual(['13800001004', '13800001007', '13800001008']);
        // The next step waits for its own deadline (faculty level: 20 minutes), not now.
        const next = await q<{ run_at: string }>(
          db,
          sql`select run_at from job where queue = 'crisis.escalate' and state = 'queued' and (payload->>'recordId')::bigint = ${recordId}`,
        );
        expect(next).toHaveLength(1);
        const wait = new Date(next[0]!.run_at).getTime() - Date.now();
        expect(wait).toBeGreaterThan(18 * 60_000);
        expect(wait).toBeLessThanOrEqual(20 * 60_000);
      } finally {
        await second.app.close();
        await db.close();
      }
    } finally {
      await store.dispose();
    }
  }, 180_000);
});

describe('a failing SMS gateway loses nothing and sends nothing twice', () => {
  it('retries a failing gateway until it answers, one SMS per delivery; the in-app message is there at once', async () => {
    const db = await createTestDatabase();
    const g = gateway(2);
    const app = await buildApp({
      env: testEnv({ JOB_WORKERS: '4' }),
      database: db,
      logger: false,
      sms: g.sms,
    });
    await app.app.ready();
    try {
      const school = await seedSchool(db, NETWORK_SCHOOL);
      const recordId = await signal(db, school.tenantId, school.userIds.studentb!, school.userIds.classrep!);
      const inapp = (await deliveries(db, recordId)).filter((d) => d.channel === 'inapp');
      expect(inapp.every((d) => d.state === 'sent')).toBe(true);
      const sms = await until(async () => {
        await retryNow(db);
        const rows = (await deliveries(db, recordId)).filter((d) => d.channel === 'sms');
        return rows.length > 0 && rows.every((d) => d.state === 'sent') ? rows : null;
      }, 60_000);
      expect(sms).toHaveLength(1);
      expect(sms[0]!.attempts).toBe(3);
      expect(g.calls()).toBe(3);
      expect(g.sent).toHaveLength(1);
      expect(g.sent[0]!.text).toMatch(/N\*+/);
      expect(g.sent[0]!.text).not.toMatch(/Student B/);
    } finally {
      await app.app.close();
      await db.dispose();
    }
  }, 120_000);

  it('a gateway that never answers ends the delivery as failed; escalation goes on without it', async () => {
    const db = await createTestDatabase();
    const g = gateway(Number.MAX_SAFE_INTEGER);
    const app = await buildApp({
      env: testEnv({ JOB_WORKERS: '4' }),
      database: db,
      logger: false,
      sms: g.sms,
    });
    await app.app.ready();
    try {
      const school = await seedSchool(db, NETWORK_SCHOOL);
      const recordId = await signal(db, school.tenantId, school.userIds.studentc!, school.userIds.classrep!);
      // Fewer attempts than the module's, so the test does not wait minutes for the last one.
      await db.db.execute(sql`update job set max_attempts = 2 where queue = 'crisis.sms'`);
      await until(async () => {
        await retryNow(db);
        return (await deliveries(db, recordId)).some((d) => d.channel === 'sms' && d.state === 'failed');
      }, 60_000);
      const failed = (await deliveries(db, recordId)).find((d) => d.channel === 'sms')!;
      expect(failed.attempts).toBe(2);
      await dueNow(db, recordId);
      await until(async () => (await stateOf(db, recordId)).escalation_step === 1);
      expect(await escalatedMessages(db, school.userIds.artshead!)).toBe(1);
    } finally {
      await app.app.close();
      await db.dispose();
    }
  }, 120_000);
});

const SCRIPT = 'src/modules/crisis/escalation-worker-process.ts';

async function startWorker(location: { url?: string; dataDir?: string }, env: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, [await bundledEntry(SCRIPT)], {
    cwd: SERVER_ROOT,
    env: { ...process.env, DATABASE_URL: location.url ?? '', DATA_DIR: location.dataDir ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const events: { event: string }[] = [];
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    try {
      events.push(JSON.parse(line));
    } catch {
      return; // not ours
    }
  });
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  return {
    child,
    exited,
    async next(kind: string, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (events.some((e) => e.event === kind)) return;
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`worker exited before ${kind}: ${stderr}`);
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${kind}: ${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
  };
}

/** Seeds the school in a persistent database and writes one signal the way the app does, due now. */
async function preparedStore() {
  const store = await createPersistentTestDatabase();
  const db = await store.open();
  const school = await seedSchool(db, NETWORK_SCHOOL);
  const app = await buildApp({ env: testEnv({ JOB_WORKERS: '0' }), database: db, logger: false });
  await app.app.ready();
  const recordId = await signal(db, school.tenantId, school.userIds.studenta!, school.userIds.classrep!);
  await app.app.close();
  await dueNow(db, recordId);
  await db.close();
  return { store, school, recordId };
}

const smsLines = (file: string) =>
  fs.existsSync(file)
    ? fs
        .readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { phone: string; key: string })
    : [];

async function waitForLines(file: string, count: number) {
  const deadline = Date.now() + 60_000;
  while (smsLines(file).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}

describe(`a server killed mid-escalation on ${engine}`, () => {
  it('SIGKILL inside the step: the next process does the step once, tells each person once, sends each SMS once', async () => {
    const { store, school, recordId } = await preparedStore();
    const smsLog = path.join(os.tmpdir(), `crisis-sms-${Date.now()}.log`);
    const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
    try {
      // One job at a time: the step-0 SMS go first (queued earlier), then the step is taken and held.
      const first = await startWorker(store.location, {
        HOLD_STEP_MS: '600000',
        SMS_LOG: smsLog,
        JOB_WORKERS: '1',
      });
      workers.push(first);
      await first.next('holding');
      first.child.kill('SIGKILL');
      await first.exited;

      const second = await startWorker(store.location, { SMS_LOG: smsLog });
      workers.push(second);
      await second.next('escalated');
      await waitForLines(smsLog, 3);
      await new Promise((r) => setTimeout(r, 1500));
      second.child.kill('SIGTERM');
      await second.exited;

      const db = await store.open();
      try {
        expect(await stateOf(db, recordId)).toEqual({ escalation_level: 2, escalation_step: 1 });
        expect(await escalatedMessages(db, school.userIds.facultyhead!)).toBe(1);
        const d = await deliveries(db, recordId);
        expect(d.map((x) => [x.step, x.channel, x.state])).toEqual([
          [0, 'inapp', 'sent'],
          [0, 'inapp', 'sent'],
          [0, 'sms', 'sent'],
          [0, 'sms', 'sent'],
          [1, 'inapp', 'sent'],
          [1, 'sms', 'sent'],
        ]);
        expect(
          smsLines(smsLog)
            .map((l) => l.phone)
            .sort(),
        ).toEqual(['13800001004', '13800001007', '13800001008']);
        const events = await q<{ kind: string }>(
          db,
          sql`select kind from crisis_event where record_id = ${recordId} order by id`,
        );
        expect(events.map((e) => e.kind)).toEqual(['created', 'escalated']);
      } finally {
        await db.close();
      }
    } finally {
      for (const w of workers)
        if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await store.dispose();
      fs.rmSync(smsLog, { force: true });
    }
  }, 240_000);

  it('SIGKILL after the gateway took an SMS but before it was recorded: sent again once, with the same key', async () => {
    const { store, school, recordId } = await preparedStore();
    const smsLog = path.join(os.tmpdir(), `crisis-sms-${Date.now()}.log`);
    const workers: Awaited<ReturnType<typeof startWorker>>[] = [];
    try {
      const first = await startWorker(store.location, {
        HANG_SMS_MS: '600000',
        SMS_LOG: smsLog,
        JOB_WORKERS: '1',
      });
      workers.push(first);
      await first.next('sms');
      first.child.kill('SIGKILL');
      await first.exited;
      const taken = smsLines(smsLog);
      expect(taken).toHaveLength(1);

      const second = await startWorker(store.location, { SMS_LOG: smsLog });
      workers.push(second);
      await second.next('escalated');
      await waitForLines(smsLog, 4);
      await new Promise((r) => setTimeout(r, 1500));
      second.child.kill('SIGTERM');
      await second.exited;

      const lines = smsLines(smsLog);
      // Four gateway calls for three deliveries: the interrupted one again, under the same key, which a
      // deduplicating gateway delivers once; no other message is repeated.
      expect(lines).toHaveLength(4);
      const byKey = new Map<string, number>();
      for (const l of lines) byKey.set(l.key, (byKey.get(l.key) ?? 0) + 1);
      expect([...byKey.values()].sort()).toEqual([1, 1, 2]);
      expect(byKey.get(taken[0]!.key)).toBe(2);
      const db = await store.open();
      try {
        const d = await deliveries(db, recordId);
        expect(d.filter((x) => x.channel === 'sms').every((x) => x.state === 'sent')).toBe(true);
        expect(await escalatedMessages(db, school.userIds.facultyhead!)).toBe(1);
      } finally {
        await db.close();
      }
    } finally {
      for (const w of workers)
        if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
      await Promise.all(workers.map((w) => w.exited));
      await store.dispose();
      fs.rmSync(smsLog, { force: true });
    }
  }, 240_000);
});
