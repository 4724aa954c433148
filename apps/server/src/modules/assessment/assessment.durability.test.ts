import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { encryptPassword, signRequest, type TokenResponse } from '@psy/contracts';
import { buildApp, type App } from '../../app';
import { rowsOf } from '../../core/db/rows';
import type { Database } from '../../core/db/database';
import { PASSWORD, createPersistentTestDatabase, onPostgres, testEnv } from '../../test/harness';
import { seedSchool, type SeededSchool } from '../../seed/school';
import {
  ASSESS_SCHOOL,
  createAssessContext,
  publishedPlan,
  screeningBody,
  uniform,
  type AssessContext,
} from './assessment.fixtures';

const engine = onPostgres() ? 'PostgreSQL' : 'PGlite';

describe(`submitting twice at once (${engine})`, () => {
  let c: AssessContext;
  beforeAll(async () => {
    c = await createAssessContext();
  });
  afterAll(async () => c.t.close());

  it('records one answer and one warning when the same test is submitted five times at once [spec:S1.5.13]', async () => {
    const phq9 = await c.scaleId('PHQ9');
    const planId = await publishedPlan(c, screeningBody([phq9], [c.school.deptIds['Science']!]));
    const start = await c.as('s1').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 });
    const taskId = start.body.data.taskId;
    const responses = uniform(9, 1, { 9: 3 });
    // On PostgreSQL these run on separate connections: the task row lock orders them.
    const all = await Promise.all(
      Array.from({ length: 5 }, () =>
        c.as('s1').post('/biz/plantest/userPlan/submit', { taskId, responses }),
      ),
    );
    expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(all.filter((r) => r.body.data.alreadySubmitted === false)).toHaveLength(1);
    expect(new Set(all.map((r) => r.body.data.answerId)).size).toBe(1);
    const answers = rowsOf(
      await c.t.database.db.execute(sql`select id from assessment_answer where plan_id = ${planId}`),
    );
    const warnings = rowsOf(
      await c.t.database.db.execute(sql`select id from assessment_warning where plan_id = ${planId}`),
    );
    expect(answers).toHaveLength(1);
    expect(warnings).toHaveLength(1);
  });
});

/** A signed client of one app (the harness's, for an app built here). */
function clientOf(app: App, tenantId: number) {
  const request = async (method: string, url: string, body?: unknown, token?: string, form = false) => {
    const payload =
      body === undefined
        ? undefined
        : form
          ? new URLSearchParams(body as Record<string, string>).toString()
          : JSON.stringify(body);
    const headers: Record<string, string> = { 'tenant-id': String(tenantId) };
    if (payload !== undefined)
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    Object.assign(
      headers,
      await signRequest({ method, pathWithQuery: url, body: payload, accessToken: token }),
    );
    const res = await app.app.inject({ method: method as 'GET', url, payload, headers });
    return { status: res.statusCode, body: res.json() as { code: number; data: any } };
  };
  return {
    request,
    async login(username: string) {
      const key = (await request('GET', '/auth/publicKey')).body.data;
      const password = await encryptPassword(key, PASSWORD);
      const res = await request(
        'POST',
        '/auth/oauth/token?grant_type=password',
        { username, password },
        undefined,
        true,
      );
      return (res.body.data as TokenResponse).access_token;
    },
  };
}

describe(`a warning and a restart (${engine})`, () => {
  it('is delivered by the next process when the one that raised it stopped first', async () => {
    const store = await createPersistentTestDatabase();
    let first: Database | undefined;
    let second: Database | undefined;
    try {
      // First process: no job workers; a student's critical answer raises a warning, then it stops.
      first = await store.open();
      const school: SeededSchool = await seedSchool(first, ASSESS_SCHOOL);
      const app1 = await buildApp({ env: testEnv({ JOB_WORKERS: '0' }), database: first, logger: false });
      await app1.app.ready();
      const api1 = clientOf(app1, school.tenantId);
      const assessor = await api1.login('assessor');
      const scales = await api1.request('POST', '/biz/scale/scale/page', { size: 100 }, assessor);
      const phq9 = scales.body.data.records.find((s: any) => s.code === 'PHQ9').id;
      const body = screeningBody([phq9], [school.deptIds['Science']!]);
      const plan = await api1.request('POST', '/biz/plantest/plan/save', body, assessor);
      await api1.request('POST', '/biz/plantest/plan/publish', { id: plan.body.data.id }, assessor);
      const student = await api1.login('s1');
      const start = await api1.request(
        'POST',
        '/biz/plantest/userPlan/start',
        { planId: plan.body.data.id, scaleId: phq9 },
        student,
      );
      const submit = await api1.request(
        'POST',
        '/biz/plantest/userPlan/submit',
        { taskId: start.body.data.taskId, responses: uniform(9, 0, { 9: 2 }) },
        student,
      );
      expect(submit.body.data.critical).toBe(true);
      await app1.app.close();
      await first.close();
      first = undefined;

      // Second process: the same database, job workers on. The warning's job is still there and runs.
      second = await store.open();
      const app2 = await buildApp({ env: testEnv({ JOB_WORKERS: '1' }), database: second, logger: false });
      await app2.app.ready();
      const crisis = school.userIds['crisis']!;
      const deadline = Date.now() + 20_000;
      let delivered: unknown[] = [];
      while (Date.now() < deadline) {
        delivered = rowsOf(
          await second.db.execute(
            sql`select id from message where tenant_id = ${school.tenantId} and user_id = ${crisis} and type_code = 'CRISIS_REMIND'`,
          ),
        );
        if (delivered.length) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(delivered).toHaveLength(1);
      const [w] = rowsOf<{ delivered_at: unknown; handed_to: string }>(
        await second.db.execute(
          sql`select delivered_at, handed_to from assessment_warning where tenant_id = ${school.tenantId}`,
        ),
      );
      expect(w!.delivered_at).not.toBeNull();
      // A named warning is the crisis intake's signal (app.ts wires the hand-over).
      expect(w!.handed_to).toBe('crisis');
      await app2.app.close();
    } finally {
      if (first) await first.close();
      if (second) await second.close().catch(() => undefined);
      await store.dispose();
    }
  }, 60_000);
});
