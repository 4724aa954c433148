import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { TASK_STATUS, TASK_TYPE } from '@psy/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { job, jobSchedule } from '../../core/jobs/jobs.table';
import type { JobRecord } from '../../core/jobs/queue';
import { createLocalFileStorage, type FileStorage } from '../../core/storage/file-storage';
import { createTestContext, type TestContext } from '../../test/harness';
import { moduleRegistry, type ModuleDeps } from '../../core/module';
import { USER_EXPORT_QUEUE, recordPersonalDataReads } from '../identity';
import { FORM_ANSWER_EXPORT_QUEUE } from '../forms';
import { USER_IMPORT_QUEUE } from '../user-import';
import { TASK_FILES_EXPIRE_QUEUE, createDownloadTask, createTask } from '.';
import { exportJobs } from './downloads.exports';

/**
 * Every job kind of the app, as registered by buildApp: a job that ends for good ends its task with a
 * reason its requester reads and removes its files; an export logs each person's read once per task.
 */
const DATA_DIR = path.join(os.tmpdir(), `psy-task-jobs-${randomUUID()}`);
const files = createLocalFileStorage(path.join(DATA_DIR, 'files'));
let t: TestContext;
let admin: number;

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR, JOB_WORKERS: '1', JOB_LEASE_SECONDS: '2' });
  admin = t.alpha.userIds.admin!;
});
afterAll(() => t?.close());

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const jobRow = async (id: number) =>
  (await t.database.system.db.select().from(job).where(eq(job.id, id)))[0]!;

const taskRow = async (id: number) =>
  rowsOf<{ task_status: number; error: string | null; current_progress: number; success_count: number }>(
    await t.database.db.execute(
      sql`select task_status, error, current_progress, success_count from task_progress where id = ${id}`,
    ),
  )[0]!;

/**
 * Queues a job as the app would, then leaves it as a process that died on its last attempt leaves it:
 * active, attempts used up, lease lapsed. The app's worker takes it over.
 */
async function diedOnLastAttempt(queue: string, payload: unknown, maxAttempts = 3) {
  const id = (await t.database.withTenant(t.alpha.tenantId, (scope) =>
    t.app.jobs.enqueue(scope, queue, payload, { maxAttempts, runAt: new Date(Date.now() + 3_600_000) }),
  ))!;
  await t.database.system.db.execute(sql`
    update job set state = 'active', attempts = ${maxAttempts}, locked_by = 'dead-worker',
      locked_until = now() - interval '1 second', run_at = now()
    where id = ${id}`);
  return id;
}

async function generatingCount() {
  const token = await t.tokenFor('admin');
  const res = await t.get('/biz/download/downloadFile/getDownLoadingCount', { token });
  return res.body.data as number;
}

describe('a job that ends for good ends its task', () => {
  it('user import: the task fails at its counts with a reason in its language, the upload is deleted', async () => {
    const sourceKey = await files.put(`tenant-${t.alpha.tenantId}/imports`, new Uint8Array([1, 2, 3]));
    const task = await t.database.withTenant(t.alpha.tenantId, async (scope) => {
      const row = await createTask(scope, {
        taskType: TASK_TYPE.importCreate,
        fileName: 'big.xlsx',
        sourceKey,
        createUserId: admin,
        params: { lang: 'zh-CN' },
      });
      await scope.tx.execute(sql`
        update task_progress set task_status = ${TASK_STATUS.processing}, current_progress = 20049,
          success_count = 20049, total_count = 40098
        where tenant_id = ${scope.tenantId} and id = ${row.id}`);
      return row;
    });
    const jobId = await diedOnLastAttempt(USER_IMPORT_QUEUE, { taskId: task.id }, 5);

    await waitFor('the job failed', async () => (await jobRow(jobId)).state === 'failed');
    const row = await taskRow(task.id);
    expect(Number(row.task_status)).toBe(TASK_STATUS.failed);
    expect(row.error).toBe('导入多次中断（处理时服务器重启），已停止，请重新上传文件导入。');
    expect(row).toMatchObject({ current_progress: 20049, success_count: 20049 });
    expect(await files.get(sourceKey)).toBeNull();
  });

  it('user export: the task fails with the reason in English, the "being generated" count goes back down', async () => {
    const before = await generatingCount();
    const task = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      createDownloadTask(scope, { userId: admin, fileName: 'users.csv' }),
    );
    expect(await generatingCount()).toBe(before + 1);
    const jobId = await diedOnLastAttempt(USER_EXPORT_QUEUE, {
      taskId: task.id,
      viewerId: admin,
      filter: { deptIds: null },
      masked: true,
      lang: 'en-US',
      format: 'csv',
    });
    await waitFor('the job failed', async () => (await jobRow(jobId)).state === 'failed');
    const row = await taskRow(task.id);
    expect(Number(row.task_status)).toBe(TASK_STATUS.failed);
    expect(row.error).toBe(
      'The export was interrupted too many times (the server restarted while it ran) and was stopped; please export again.',
    );
    expect(await generatingCount()).toBe(before);
  });

  it('form-answer export: a handler error on the last attempt fails the task with that error, readable', async () => {
    const task = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      createDownloadTask(scope, { userId: admin, fileName: 'answers.xlsx' }),
    );
    // A form that does not exist: the handler throws on its only attempt.
    const jobId = (await t.database.withTenant(t.alpha.tenantId, (scope) =>
      t.app.jobs.enqueue(
        scope,
        FORM_ANSWER_EXPORT_QUEUE,
        {
          taskId: task.id,
          viewerId: admin,
          roleCodes: [],
          sensitive: false,
          format: 'xlsx',
          lang: 'zh-CN',
          filter: { formId: 987654321, deptIds: null, viewerId: admin },
        },
        { maxAttempts: 1 },
      ),
    ))!;
    const failed = await waitFor('the job failed', async () => {
      const r = await jobRow(jobId);
      return r.state === 'failed' ? r : null;
    });
    const row = await taskRow(task.id);
    expect(Number(row.task_status)).toBe(TASK_STATUS.failed);
    expect(row.error).toBe(`导出失败：${failed.lastError}。请重新导出。`);
    // An administrator does not retry it: the user starts a new export.
    expect(t.app.jobs.isRetryable(FORM_ANSWER_EXPORT_QUEUE)).toBe(false);
  });

  it('task-file expiry: the failed job is kept with its error, and the next hourly occurrence runs again', async () => {
    const jobId = await diedOnLastAttempt(TASK_FILES_EXPIRE_QUEUE, {}, 1);
    const failed = await waitFor('the job failed', async () => {
      const r = await jobRow(jobId);
      return r.state === 'failed' ? r : null;
    });
    expect(failed.lastError).toBe('attempts exhausted: the job was interrupted on its last attempt');
    expect(t.app.jobs.isRetryable(TASK_FILES_EXPIRE_QUEUE)).toBe(true);

    // The schedule is not blocked by the failed job: its next occurrence queues a new one that runs.
    await t.database.system.db
      .update(jobSchedule)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(jobSchedule.name, 'downloads.expire.hourly'));
    const next = await waitFor('the next occurrence', async () => {
      const [s] = await t.database.system.db
        .select()
        .from(jobSchedule)
        .where(eq(jobSchedule.name, 'downloads.expire.hourly'));
      return s!.lastJobId && s!.lastJobId !== jobId ? s!.lastJobId : null;
    });
    await waitFor('the next expiry run', async () => (await jobRow(next)).state === 'done');
  });
});

describe('one export is one set of access-log rows, whatever its attempts', () => {
  const logRows = async (taskId: number) =>
    rowsOf<{ subject_id: unknown; fields: string[] }>(
      await t.database.db.execute(sql`
        select subject_id, fields from personal_data_access_log
        where tenant_id = ${t.alpha.tenantId} and task_id = ${taskId} order by subject_id, id`),
    );

  it('an unmasked user export killed after reading, then retried, logged each person once', async () => {
    const task = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      createDownloadTask(scope, { userId: admin, fileName: 'users.csv' }),
    );
    // The first attempt reads (and logs) every user, then the file cannot be stored: it is retried.
    let puts = 0;
    const flaky: FileStorage = {
      ...files,
      put: async (prefix, bytes) => {
        if (puts++ === 0) throw new Error('disk full');
        return files.put(prefix, bytes);
      },
    };
    // The user export's job as the download list runs it (its handler only reads the database and files).
    const userExport = moduleRegistry().exports.find((k) => k.queue === USER_EXPORT_QUEUE)!;
    const { handler } = exportJobs({ database: t.database, files: flaky } as unknown as ModuleDeps, [
      userExport,
    ])[0]!;
    const attempt = (n: number): JobRecord => ({
      id: 0,
      tenantId: t.alpha.tenantId,
      queue: USER_EXPORT_QUEUE,
      attempts: n,
      maxAttempts: 3,
      payload: {
        taskId: task.id,
        viewerId: admin,
        filter: { deptIds: null },
        masked: false,
        lang: 'en-US',
        format: 'csv',
      },
    });
    const ctx = { signal: new AbortController().signal, isCancelled: async () => false };
    await expect(handler(attempt(1), ctx)).rejects.toThrow('disk full');
    const first = await logRows(task.id);
    expect(first.length).toBeGreaterThan(0);
    await handler(attempt(2), ctx);
    expect(Number((await taskRow(task.id)).task_status)).toBe(TASK_STATUS.done);
    expect(await logRows(task.id)).toEqual(first);
    // One row per person read.
    expect(new Set(first.map((r) => Number(r.subject_id))).size).toBe(first.length);
  });

  it('reads of one person across batches and attempts log each field once (the log is append-only)', async () => {
    const task = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      createDownloadTask(scope, { userId: admin, fileName: 'answers.xlsx' }),
    );
    const subject = t.alpha.userIds.student!;
    const route = 'POST /biz/form/answer/export';
    await t.database.withTenant(t.alpha.tenantId, (scope) =>
      recordPersonalDataReads(
        scope,
        admin,
        [
          { subjectId: subject, fields: ['phone'], route },
          { subjectId: subject, fields: ['idCard'], route },
        ],
        { taskId: task.id },
      ),
    );
    await t.database.withTenant(t.alpha.tenantId, (scope) =>
      recordPersonalDataReads(scope, admin, [{ subjectId: subject, fields: ['phone', 'email'], route }], {
        taskId: task.id,
      }),
    );
    // The second attempt adds a row with the one field it newly read; nothing is rewritten.
    const rows = await logRows(task.id);
    expect(rows.map((r) => [...r.fields].sort())).toEqual([['idCard', 'phone'], ['email']]);
    await t.database.withTenant(t.alpha.tenantId, (scope) =>
      recordPersonalDataReads(scope, admin, [{ subjectId: subject, fields: ['email', 'idCard'], route }], {
        taskId: task.id,
      }),
    );
    expect(await logRows(task.id)).toHaveLength(2);
  });
});
