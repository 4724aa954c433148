import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { completeDownloadTask, createDownloadTask, failDownloadTask } from './index';

let t: TestContext;
let tokens: { admin: string; counsellor: string; beta: string };

beforeAll(async () => {
  t = await createTestContext();
  tokens = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from download_task`);
});

const create = (tenantId: number, userId: number, fileName: string) =>
  t.database.withTenant(tenantId, (scope) => createDownloadTask(scope, { userId, fileName }));

describe('download tasks [spec:S0.7.25] [spec:S0.1.3]', () => {
  it("counts the signed-in user's files still being generated", async () => {
    const admin = t.alpha.userIds.admin!;
    const a = await create(t.alpha.tenantId, admin, 'users.xlsx');
    await create(t.alpha.tenantId, admin, 'records.zip');
    await create(t.alpha.tenantId, t.alpha.userIds.counsellor!, 'mine.csv');
    await create(t.beta.tenantId, t.beta.userIds.admin!, 'beta.csv');
    expect(a).toMatchObject({ fileName: 'users.xlsx', status: 0, isDownload: 0, finishTime: null });

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

  it("pages the user's finished tasks, done and failed, latest first", async () => {
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
      sql`update download_task set finish_time = now() - interval '1 hour' where id = ${done.id}`,
    );
    const failure = await t.database.withTenant(t.alpha.tenantId, (scope) =>
      failDownloadTask(scope, failed.id, 'no rows matched the filter'),
    );
    expect(failure).toMatchObject({ status: 2, isDownload: 0, error: 'no rows matched the filter' });
    // A finished task cannot be finished again.
    expect(
      await t.database.withTenant(t.alpha.tenantId, (scope) => completeDownloadTask(scope, failed.id, 'x')),
    ).toBeNull();

    const res = await t.post('/biz/download/taskProgress/findMineFinishTask', {}, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, current: 1, size: 10 });
    expect(res.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual([
      'failed.xlsx',
      'done.xlsx',
    ]);
    expect(res.body.data.records[1]).toMatchObject({ status: 1, isDownload: 1, error: null });
    expect(Date.parse(res.body.data.records[1].finishTime)).not.toBeNaN();

    const page2 = await t.post(
      '/biz/download/taskProgress/findMineFinishTask',
      { current: 2, size: 1 },
      { token: tokens.admin },
    );
    expect(page2.body.data.records.map((r: { fileName: string }) => r.fileName)).toEqual(['done.xlsx']);
    const noBody = await t.post('/biz/download/taskProgress/findMineFinishTask', undefined, {
      token: tokens.admin,
    });
    expect(noBody.body.data.total).toBe(2);

    const bad = await t.post(
      '/biz/download/taskProgress/findMineFinishTask',
      { size: 'many' },
      { token: tokens.admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('size');
  });

  it('requires a login, and another school sees none of these tasks', async () => {
    const t1 = await create(t.alpha.tenantId, t.alpha.userIds.admin!, 'alpha.xlsx');
    await t.database.withTenant(t.alpha.tenantId, (scope) => completeDownloadTask(scope, t1.id, 'files/a'));
    expect((await t.get('/biz/download/downloadFile/getDownLoadingCount')).status).toBe(401);
    expect((await t.post('/biz/download/taskProgress/findMineFinishTask', {})).status).toBe(401);
    const res = await t.post(
      '/biz/download/taskProgress/findMineFinishTask',
      {},
      { token: tokens.beta, tenantId: t.beta.tenantId },
    );
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
