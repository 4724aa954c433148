import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';
import { USER_EXPORT_QUEUE } from '../identity';

let t: TestContext;
let admin: string;
const PROBE = 'test.admin-probe';

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.tokenFor('admin');
  // A retryable kind of our own (the app's task kinds are not retried by an administrator).
  t.app.jobs.register(PROBE, async () => 'ok');
});
afterAll(() => t?.close());

async function addJob(tenantId: number | null, queue: string, state: string, extra: { runAt?: Date } = {}) {
  const scope = tenantId === null ? t.database.system : undefined;
  const id =
    scope !== undefined
      ? await t.app.jobs.enqueue(scope, queue, {}, { runAt: extra.runAt })
      : await t.database.withTenant(tenantId!, (s) =>
          t.app.jobs.enqueue(s, queue, {}, { runAt: extra.runAt }),
        );
  if (state !== 'queued') {
    await t.database.db.execute(sql`
      update job set state = ${state}, attempts = 1,
        last_error = ${state === 'failed' ? 'the disk is full' : null}
      where id = ${id}`);
  }
  return id!;
}

describe('POST /admin/job/page and /admin/job/retry (sys_job)', () => {
  it("lists the school's jobs with state, error and due time; never another school's or the platform's", async () => {
    const failed = await addJob(t.alpha.tenantId, PROBE, 'failed');
    const later = await addJob(t.alpha.tenantId, PROBE, 'queued', {
      runAt: new Date(Date.now() + 86_400_000),
    });
    const exportFailed = await addJob(t.alpha.tenantId, USER_EXPORT_QUEUE, 'failed');
    const other = await addJob(t.beta.tenantId, PROBE, 'failed');
    const platform = await addJob(null, PROBE, 'failed');

    const all = await t.post('/admin/job/page', { current: 1, size: 100 }, { token: admin });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    const ids = all.body.data.records.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([failed, later, exportFailed]));
    expect(ids).not.toContain(other);
    expect(ids).not.toContain(platform);
    expect(all.body.data.total).toBe(ids.length);
    expect(all.body.data.records.find((r: { id: number }) => r.id === failed)).toMatchObject({
      queue: PROBE,
      state: 'failed',
      lastError: 'the disk is full',
      attempts: 1,
      retryable: true,
    });
    expect(all.body.data.records.find((r: { id: number }) => r.id === exportFailed)).toMatchObject({
      retryable: false,
    });

    const scheduled = await t.post(
      '/admin/job/page',
      { current: 1, size: 10, state: 'scheduled' },
      { token: admin },
    );
    expect(scheduled.body.data.records.map((r: { id: number }) => r.id)).toEqual([later]);
    const byKind = await t.post(
      '/admin/job/page',
      { current: 1, size: 10, state: 'failed', queue: USER_EXPORT_QUEUE },
      { token: admin },
    );
    expect(byKind.body.data.records.map((r: { id: number }) => r.id)).toEqual([exportFailed]);

    // Retry: the failed job is queued again from its first attempt.
    const retried = await t.post('/admin/job/retry', { id: failed }, { token: admin });
    expect(retried.body).toMatchObject({ code: 0, data: true });
    const [row] = rowsOf<{ state: string; attempts: number }>(
      await t.database.db.execute(sql`select state, attempts from job where id = ${failed}`),
    );
    expect(row).toMatchObject({ state: 'queued', attempts: 0 });
    // Not twice, not a kind whose task was ended, not another school's.
    const again = await t.post('/admin/job/retry', { id: failed }, { token: admin });
    expect(again.status).toBe(400);
    expect(again.body.msg).toContain('只有失败的任务可以重试');
    const task = await t.post('/admin/job/retry', { id: exportFailed }, { token: admin });
    expect(task.status).toBe(400);
    expect(task.body.msg).toContain('请重新发起');
    expect((await t.post('/admin/job/retry', { id: other }, { token: admin })).status).toBe(404);
  });

  it('refuses bad input with the field named, and callers without sys_job', async () => {
    const bad = await t.post(
      '/admin/job/page',
      { current: 1, size: 10, state: 'sleeping' },
      { token: admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('state');
    const noId = await t.post('/admin/job/retry', { id: 'x' }, { token: admin });
    expect(noId.status).toBe(400);
    expect(noId.body.msg).toContain('id');
    const counsellor = await t.tokenFor('counsellor');
    expect((await t.post('/admin/job/page', { current: 1, size: 10 }, { token: counsellor })).status).toBe(
      403,
    );
    expect((await t.post('/admin/job/page', { current: 1, size: 10 })).status).toBe(401);
  });

  it('GET /admin/job/schedules lists the recurring jobs with their rule and next run', async () => {
    await t.database.db.execute(sql`
      insert into job_schedule (name, queue, rule, next_run_at)
      values ('test.nightly', 'test.q', '{"daily":"02:00","timeZone":"Asia/Shanghai"}', now() + interval '1 hour')
      on conflict (name) do nothing`);
    const res = await t.get('/admin/job/schedules', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toContainEqual(
      expect.objectContaining({
        name: 'test.nightly',
        queue: 'test.q',
        rule: 'daily 02:00 Asia/Shanghai',
        lastRunAt: null,
      }),
    );
  });
});

describe('migration 0015: the jobs page for schools created before it', () => {
  const statements = readFileSync(
    new URL('../../../drizzle/0015_backfill_job_menu.sql', import.meta.url),
    'utf8',
  )
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  const run = async () => {
    for (const s of statements) await t.database.db.execute(sql.raw(s));
  };
  const state = async (tenantId: number) =>
    rowsOf<{ menus: number; grants: number; path: string | null }>(
      await t.database.db.execute(sql`
        select
          (select count(*)::int from menu where tenant_id = ${tenantId} and menu_code = 'sys_job') as menus,
          (select count(*)::int from role_menu rm join menu m on m.tenant_id = rm.tenant_id and m.id = rm.menu_id
             join role r on r.tenant_id = rm.tenant_id and r.id = rm.role_id
           where rm.tenant_id = ${tenantId} and m.menu_code = 'sys_job' and r.role_code = 'ROLE_ADMIN') as grants,
          (select path from menu where tenant_id = ${tenantId} and menu_code = 'sys_job') as path`),
    )[0]!;

  it("adds the menu and the administrators' grant once; a new school has them from its seed", async () => {
    const beta = t.beta.tenantId;
    expect(await state(beta)).toEqual({ menus: 1, grants: 1, path: '/admin/job/index' });
    // An "old" school: no such menu.
    await t.database.db.execute(sql`delete from menu where tenant_id = ${beta} and menu_code = 'sys_job'`);
    expect(await state(beta)).toEqual({ menus: 0, grants: 0, path: null });
    await run();
    expect(await state(beta)).toEqual({ menus: 1, grants: 1, path: '/admin/job/index' });
    await run();
    expect(await state(beta)).toEqual({ menus: 1, grants: 1, path: '/admin/job/index' });
    const token = await t.tokenFor('admin', beta);
    expect(
      (await t.post('/admin/job/page', { current: 1, size: 10 }, { token, tenantId: beta })).status,
    ).toBe(200);
  });
});
