import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TASK_STATUS, TASK_TYPE } from '@psy/contracts';
import { rowsOf } from '../../core/db/rows';
import { createLocalFileStorage } from '../../core/storage/file-storage';
import type { JobRecord } from '../../core/jobs/queue';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  completeDownloadTask,
  completeTask,
  createDownloadTask,
  createTask,
  createTaskFilesExpireJob,
  failDownloadTask,
  runExportTask,
  failExportTask,
} from './index';

const DATA_DIR = path.join(os.tmpdir(), `psy-downloads-${randomUUID()}`);
const files = createLocalFileStorage(path.join(DATA_DIR, 'files'));
let t: TestContext;
let tokens: { admin: string; counsellor: string; sub: string; beta: string };

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR });
  tokens = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    sub: await t.tokenFor('subadmin'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from task_progress`);
});

const create = (tenantId: number, userId: number, fileName: string) =>
  t.database.withTenant(tenantId, (scope) => createDownloadTask(scope, { userId, fileName }));

/** An import task (as the upload records it) of a user into a department. */
const importTask = (userId: number, dept: string, fileName: string, status: number = TASK_STATUS.queued) =>
  t.database.withTenant(t.alpha.tenantId, async (scope) => {
    const row = await createTask(scope, {
      taskType: TASK_TYPE.importCreate,
      fileName,
      createUserId: userId,
      deptId: t.alpha.deptIds[dept]!,
      totalProgress: 10,
      taskStatus: status === TASK_STATUS.done ? TASK_STATUS.processing : status,
    });
    if (status === TASK_STATUS.done) await completeTask(scope, row.id, null);
    return row;
  });

const page = (url: string, body: object, token: string, tenantId?: number) =>
  t.post(`/biz/download/taskProgress/${url}`, body, { token, tenantId });

describe('export tasks [spec:S0.7.25] [spec:S0.1.3]', () => {
  it("counts the signed-in user's export files still being generated", async () => {
    const admin = t.alpha.userIds.admin!;
    const a = await create(t.alpha.tenantId, admin, 'users.xlsx');
    await create(t.alpha.tenantId, admin, 'records.zip');
    await create(t.alpha.tenantId, t.alpha.userIds.counsellor!, 'mine.csv');
    await create(t.beta.tenantId, t.beta.userIds.admin!, 'beta.csv');
    // An import task is not a file being generated.
    await importTask(admin, 'Engineering', 'import.xlsx');
    expect(a).toMatchObject({
      fileName: 'users.xlsx',
      taskType: 2,
      taskStatus: 0,
      isDownload: 0,
      finishTime: null,
    });
    expect(a.createUserName).toBe('Alpha Admin');

    const res = await t.get('/biz/download/downloadFile/getDownLoadingCount', { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toBe(2);
    await t.database.withTenant(t.alpha.tenantId, (scope) => completeDownloadTask(scope, a.id, 'files/a'));
    expect(
      (await t.get('/biz/download/downloadFile/getDownLoadingCount', { token: tokens.admin })).body.data,
    ).toBe(1);
    const beta = await t.get('/biz/download/downloadFile/getDownLoadingCount', {
      token: tokens.beta,
      tenantId: t.beta.tenantId,
    });
    expect(beta.body.data).toBe(1);
  });

  it("pages the user's finished export tasks, done and failed, latest first", async () => {
    const admin = t.alpha.userIds.admin!;
    const done = await create(t.alpha.tenantId, admin, 'done.xlsx');
    const failed = await create(t.alpha.tenantId, admin, 'failed.xlsx');
    await create(t.alpha.tenantId, admin, 'running.xlsx');
    const other = await create(t.alpha.tenantId, t.alpha.userIds.counsellor!, 'theirs.xlsx');
    await t.database.withTenant(t.alpha.tenantId, async (scope) => {
      await completeDownloadTask(scope, done.id, 'files/done');
      await completeDownloadTask(scope, other.id, 'files/theirs');
    });
    await t.database.db.execute(
      sql`update task_progress set finish_time = now() - interval '1 hour' where id = ${done.id}`,
    );
    const failure = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      failDownloadTask(scope, failed.id, 'no rows matched the filter'),
    );
    expect(failure).toMatchObject({ taskStatus: 3, isDownload: 0, error: 'no rows matched the filter' });
    // A finished task cannot be finished again.
    expect(
      await t.database.withTenant(t.alpha.tenantId, (scope) => completeDownloadTask(scope, failed.id, 'x')),
    ).toBeNull();

    const res = await page('findMineFinishTask', { category: 'export' }, tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(res.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual([
      'failed.xlsx',
      'done.xlsx',
    ]);
    expect(res.body.data.records[1]).toMatchObject({ taskStatus: 2, isDownload: 1, error: null });
    expect(Date.parse(res.body.data.records[1].finishTime)).not.toBeNaN();
    expect(Date.parse(res.body.data.records[1].expireTime)).toBeGreaterThan(Date.now());

    const page2 = await page('findMineFinishTask', { current: 2, size: 1, category: 'export' }, tokens.admin);
    expect(page2.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual(['done.xlsx']);
    // Any signed-in user lists their own exports (no import permission needed).
    const counsellor = await page('findMineFinishTask', { category: 'export' }, tokens.counsellor);
    expect(counsellor.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual([
      'theirs.xlsx',
    ]);

    const bad = await page('findMineFinishTask', { size: 'many' }, tokens.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('size');
    const badCategory = await page('findMineFinishTask', { category: 'both' }, tokens.admin);
    expect(badCategory.status).toBe(400);
  });

  it('requires a login, and another school sees none of these tasks', async () => {
    const t1 = await create(t.alpha.tenantId, t.alpha.userIds.admin!, 'alpha.xlsx');
    await t.database.withTenant(t.alpha.tenantId, (scope) => completeDownloadTask(scope, t1.id, 'files/a'));
    expect((await t.get('/biz/download/downloadFile/getDownLoadingCount')).status).toBe(401);
    expect((await t.post('/biz/download/taskProgress/findMineFinishTask', {})).status).toBe(401);
    const res = await page('findMineFinishTask', { category: 'export' }, tokens.beta, t.beta.tenantId);
    expect(res.body.data).toMatchObject({ total: 0, records: [] });
    // Another school's transaction cannot finish this school's task either.
    const running = await create(t.alpha.tenantId, t.alpha.userIds.admin!, 'running.xlsx');
    expect(
      await t.database.withTenant(t.beta.tenantId, (scope) => failDownloadTask(scope, running.id, 'x')),
    ).toBeNull();
    expect(
      (await t.get('/biz/download/downloadFile/getDownLoadingCount', { token: tokens.admin })).body.data,
    ).toBe(1);
  });
});

describe('import records [spec:S0.7.26] [spec:S0.6.6] [spec:S0.3.10]', () => {
  it('lists running and finished import tasks (mine), with the import permission only', async () => {
    const admin = t.alpha.userIds.admin!;
    const queued = await importTask(admin, 'Engineering', 'queued.xlsx');
    await importTask(admin, 'Engineering', 'processing.xlsx', TASK_STATUS.processing);
    await importTask(admin, 'Engineering', 'done.xlsx', TASK_STATUS.done);
    await create(t.alpha.tenantId, admin, 'export.xlsx');

    const running = await page('findRunningTask', {}, tokens.admin);
    expect(running.status).toBe(200);
    expect(running.body.data.records.map((r: { fileName: string }) => r.fileName).sort()).toEqual([
      'processing.xlsx',
      'queued.xlsx',
    ]);
    const mine = await page('findMineFinishTask', {}, tokens.admin);
    expect(mine.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual(['done.xlsx']);
    expect(mine.body.data.records[0]).toMatchObject({ taskStatus: 2, isDownload: 0, taskType: 0 });
    const exports = await page('findRunningTask', { category: 'export' }, tokens.admin);
    expect(exports.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual(['export.xlsx']);

    // No import permission: the import category is refused; the export category is not.
    expect((await page('findRunningTask', {}, tokens.counsellor)).status).toBe(403);
    expect((await page('findMineFinishTask', {}, tokens.counsellor)).status).toBe(403);
    expect(
      (await t.get('/biz/download/taskProgress/getFirstTaskProgress', { token: tokens.counsellor })).status,
    ).toBe(403);
    expect((await page('findRunningTask', { category: 'export' }, tokens.counsellor)).status).toBe(200);

    const first = await t.get('/biz/download/taskProgress/getFirstTaskProgress', { token: tokens.admin });
    expect(first.status).toBe(200);
    expect(first.body.data.fileName).toBe('done.xlsx');
    const none = await t.get('/biz/download/taskProgress/getFirstTaskProgress', { token: tokens.sub });
    expect(none.body.data).toBeNull();

    // Another school sees none of them.
    const betaRunning = await page('findRunningTask', {}, tokens.beta, t.beta.tenantId);
    expect(betaRunning.body.data.total).toBe(0);
    const betaFirst = await t.get('/biz/download/taskProgress/getFirstTaskProgress', {
      token: tokens.beta,
      tenantId: t.beta.tenantId,
    });
    expect(betaFirst.body.data).toBeNull();
    const betaCancel = await t.get(`/biz/download/taskProgress/cancel?id=${queued.id}`, {
      token: tokens.beta,
      tenantId: t.beta.tenantId,
    });
    expect(betaCancel.status).toBe(404);
    expect((await t.get('/biz/download/taskProgress/cancel?id=0', { token: tokens.admin })).status).toBe(400);
    expect((await page('findRunningTask', { current: 0 }, tokens.admin)).status).toBe(400);

    const byId = await t.get(`/biz/download/taskProgress/getTaskProgressById?id=${queued.id}`, {
      token: tokens.admin,
    });
    expect(byId.body.data).toMatchObject({
      id: queued.id,
      taskStatus: 0,
      totalProgress: 10,
      currentProgress: 0,
    });
    expect(
      (await t.get('/biz/download/taskProgress/getTaskProgressById?id=x', { token: tokens.admin })).status,
    ).toBe(400);
    const beta = await t.get(`/biz/download/taskProgress/getTaskProgressById?id=${queued.id}`, {
      token: tokens.beta,
      tenantId: t.beta.tenantId,
    });
    expect(beta.status).toBe(404);
  });

  it("lists everyone's finished imports within the caller's data scope [spec:S0.1.2]", async () => {
    await importTask(t.alpha.userIds.admin!, 'Psychology Centre', 'centre.xlsx', TASK_STATUS.done);
    const eng = await importTask(t.alpha.userIds.admin!, 'Class 2024', 'class.xlsx', TASK_STATUS.done);
    await importTask(t.alpha.userIds.subadmin!, 'Engineering', 'sub.xlsx', TASK_STATUS.done);

    const all = await page('findAllFinishTask', {}, tokens.admin);
    expect(all.body.data.total).toBe(3);
    const sub = await page('findAllFinishTask', {}, tokens.sub);
    expect(sub.body.data.records.map((r: { fileName: string }) => r.fileName).sort()).toEqual([
      'class.xlsx',
      'sub.xlsx',
    ]);
    // The sub-administrator may look at an import in their scope, not at one outside it.
    const centre = (await page('findAllFinishTask', {}, tokens.admin)).body.data.records.find(
      (r: { fileName: string }) => r.fileName === 'centre.xlsx',
    );
    expect(
      (await t.get(`/biz/download/taskProgress/getTaskProgressById?id=${eng.id}`, { token: tokens.sub }))
        .status,
    ).toBe(200);
    expect(
      (await t.get(`/biz/download/taskProgress/getTaskProgressById?id=${centre.id}`, { token: tokens.sub }))
        .status,
    ).toBe(404);

    expect((await page('findAllFinishTask', {}, tokens.counsellor)).status).toBe(403);
    expect((await page('findAllFinishTask', { category: 'export' }, tokens.admin)).status).toBe(403);
    const beta = await page('findAllFinishTask', {}, tokens.beta, t.beta.tenantId);
    expect(beta.body.data.total).toBe(0);
  });

  it('downloads only files of the caller, done, not expired; the clean-up job deletes expired files', async () => {
    const admin = t.alpha.userIds.admin!;
    const key = await files.put(`tenant-${t.alpha.tenantId}/exports`, Buffer.from('a,b\n'));
    const task = await create(t.alpha.tenantId, admin, 'list.csv');
    await t.database.withTenant(t.alpha.tenantId, (scope) => completeDownloadTask(scope, task.id, key));
    const url = `/biz/download/taskProgress/download?id=${task.id}`;
    const get = (token: string) => t.get(url, { token });
    const ok = await get(tokens.admin);
    expect(ok.status).toBe(200);
    expect(ok.raw).toBe('a,b\n');
    expect((await get(tokens.counsellor)).status).toBe(404);
    expect((await t.get('/biz/download/taskProgress/download?id=abc', { token: tokens.admin })).status).toBe(
      400,
    );
    expect((await t.get(url, { token: tokens.beta, tenantId: t.beta.tenantId })).status).toBe(404);

    await t.database.db.execute(
      sql`update task_progress set expire_time = now() - interval '1 minute' where id = ${task.id}`,
    );
    const job = createTaskFilesExpireJob({ database: t.database, files });
    const result = await job({} as JobRecord, {
      signal: new AbortController().signal,
      isCancelled: async () => false,
    });
    expect(result).toMatchObject({ removed: 1 });
    expect(await files.get(key)).toBeNull();
    expect((await get(tokens.admin)).status).toBe(404);
    const listed = await page('findMineFinishTask', { category: 'export' }, tokens.admin);
    expect(listed.body.data.records[0]).toMatchObject({ isDownload: 0, expireTime: null });
  });
});

describe('runExportTask: the end every export job shares [spec:S0.7.25] [spec:S0.7.28]', () => {
  const admin = () => t.alpha.userIds.admin!;
  const deps = () => ({ database: t.database, files });
  const job = (attempts: number) => ({ tenantId: t.alpha.tenantId, attempts, maxAttempts: 3 });
  const statusOf = async (id: number) =>
    rowsOf<{ task_status: number; error: string | null; file_key: string | null }>(
      await t.database.db.execute(
        sql`select task_status, error, file_key from task_progress where id = ${id}`,
      ),
    )[0]!;

  it('stores the file, completes the task and tells the requester in their inbox', async () => {
    const task = await create(t.alpha.tenantId, admin(), 'done.csv');
    await runExportTask(deps(), job(1), { taskId: task.id, viewerId: admin(), lang: 'en-US' }, async () =>
      new TextEncoder().encode('a,b\r\n'),
    );
    const row = await statusOf(task.id);
    expect(Number(row.task_status)).toBe(TASK_STATUS.done);
    expect(row.file_key).toBeTruthy();
    const inbox = await t.database.db.execute(
      sql`select count(*)::int as n from message where tenant_id = ${t.alpha.tenantId}
            and user_id = ${admin()} and content like ${'%done.csv%'}`,
    );
    expect(rowsOf<{ n: number }>(inbox)[0]!.n).toBe(1);
  });

  it('a failure is thrown for the queue to retry and leaves the task as it was; an ended task is left alone', async () => {
    const task = await create(t.alpha.tenantId, admin(), 'broken.csv');
    const boom = async (): Promise<Uint8Array> => {
      throw new Error('disk full');
    };
    const ctx = { taskId: task.id, viewerId: admin(), lang: 'en-US' as const };
    const before = await statusOf(task.id);
    await expect(runExportTask(deps(), job(1), ctx, boom)).rejects.toThrow('disk full');
    expect(await statusOf(task.id)).toEqual(before);
    // Failed for good (the queue's onFinalFailure, see task-jobs.test.ts): nothing more is produced.
    await failExportTask({ database: t.database })(
      { id: 0, queue: 'x', tenantId: t.alpha.tenantId, attempts: 3, maxAttempts: 3, payload: ctx },
      new Error('disk full'),
    );
    let produced = 0;
    await runExportTask(deps(), job(1), ctx, async () => {
      produced++;
      return new Uint8Array();
    });
    expect(produced).toBe(0);
    const row = await statusOf(task.id);
    expect(Number(row.task_status)).toBe(TASK_STATUS.failed);
    expect(row.error).toBe('The export failed: disk full. Please export again.');
  });
});
