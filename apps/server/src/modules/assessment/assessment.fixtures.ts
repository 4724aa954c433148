import { PASSWORD, createTestContext, type TestContext, type TestResponse } from '../../test/harness';
import { seedSchool, type SchoolSeed, type SeededSchool } from '../../seed/school';

/**
 * A school for the assessment tests: staff of every role the area involves and students in two
 * faculties, on the real app (route tests; docs/assessment.md).
 */
export const ASSESS_SCHOOL: SchoolSeed = {
  code: 'assess',
  name: 'Assessment University',
  depts: [
    { name: 'Centre' },
    { name: 'Science', children: [{ name: 'Sci 2024' }] },
    { name: 'Arts', children: [{ name: 'Arts 2024' }] },
  ],
  users: [
    { username: 'admin', password: PASSWORD, realName: 'Admin', roles: ['ROLE_ADMIN'], dept: 'Centre' },
    {
      username: 'assessor',
      password: PASSWORD,
      realName: 'Assessor',
      roles: ['ROLE_ASSESSMENT'],
      dept: 'Centre',
    },
    {
      username: 'interviewer',
      password: PASSWORD,
      realName: 'Interviewer',
      roles: ['ROLE_INTERVIEWER'],
      dept: 'Centre',
    },
    {
      username: 'crisis',
      password: PASSWORD,
      realName: 'Crisis Head',
      roles: ['CRISIS_ROLE_CENTER_SUPERINTENDENT'],
      dept: 'Centre',
    },
    { username: 'clerk', password: PASSWORD, realName: 'Clerk', roles: ['ROLE_APPOINTMENT'], dept: 'Centre' },
    {
      username: 'counsellor',
      password: PASSWORD,
      realName: 'Counsellor',
      roles: ['ROLE_CONSULTANT'],
      dept: 'Centre',
    },
    {
      username: 's1',
      password: PASSWORD,
      realName: 'Student One',
      roles: ['ROLE_GENERAL'],
      dept: 'Sci 2024',
      sex: 1,
    },
    {
      username: 's2',
      password: PASSWORD,
      realName: 'Student Two',
      roles: ['ROLE_GENERAL'],
      dept: 'Sci 2024',
      sex: 2,
    },
    {
      username: 's3',
      password: PASSWORD,
      realName: 'Student Three',
      roles: ['ROLE_GENERAL'],
      dept: 'Arts 2024',
      sex: 2,
    },
    {
      username: 's4',
      password: PASSWORD,
      realName: 'Student Four',
      roles: ['ROLE_GENERAL'],
      dept: 'Arts 2024',
      sex: 1,
    },
  ],
};

export interface AssessContext {
  t: TestContext;
  school: SeededSchool;
  token(username: string): Promise<string>;
  as(username: string): {
    get(url: string): Promise<TestResponse>;
    post(url: string, body?: unknown): Promise<TestResponse>;
  };
  scaleId(code: string): Promise<number>;
}

export async function createAssessContext(env: Record<string, string> = {}): Promise<AssessContext> {
  const t = await createTestContext(env);
  const school = await seedSchool(t.database, ASSESS_SCHOOL);
  const tokens = new Map<string, string>();
  const token = async (u: string) => {
    if (!tokens.has(u)) tokens.set(u, await t.tokenFor(u, school.tenantId));
    return tokens.get(u)!;
  };
  const as = (u: string) => ({
    get: async (url: string) => t.get(url, { token: await token(u), tenantId: school.tenantId }),
    post: async (url: string, body?: unknown) =>
      t.post(url, body ?? {}, { token: await token(u), tenantId: school.tenantId }),
  });
  const ids = new Map<string, number>();
  const scaleId = async (code: string) => {
    if (!ids.has(code)) {
      const res = await as('admin').post('/biz/scale/scale/page', { size: 100 });
      for (const s of res.body.data.records as { code: string; id: number }[]) ids.set(s.code, s.id);
    }
    return ids.get(code)!;
  };
  return { t, school, token, as, scaleId };
}

/** A screening open now for an hour, for the given departments' students. */
export function screeningBody(scaleIds: number[], deptIds: number[], extra: Record<string, unknown> = {}) {
  return {
    name: 'Autumn screening',
    kind: 1,
    scales: scaleIds.map((scaleId) => ({ scaleId })),
    audience: { deptIds },
    startTime: new Date(Date.now() - 60_000).toISOString(),
    endTime: new Date(Date.now() + 3_600_000).toISOString(),
    resultVisibility: 1,
    remindOnPublish: false,
    ...extra,
  };
}

/** Creates and publishes a plan as the assessor; answers its id. */
export async function publishedPlan(c: AssessContext, body: Record<string, unknown>): Promise<number> {
  const saved = await c.as('assessor').post('/biz/plantest/plan/save', body);
  if (saved.status !== 200) throw new Error(`plan save failed: ${saved.raw}`);
  const id = saved.body.data.id as number;
  const pub = await c.as('assessor').post('/biz/plantest/plan/publish', { id });
  if (pub.status !== 200) throw new Error(`publish failed: ${pub.raw}`);
  return id;
}

/** A student answers a scale of a plan whole: start, one save, submit. */
export async function answer(
  c: AssessContext,
  username: string,
  planId: number,
  scaleId: number,
  responses: Record<number, number>,
) {
  const start = await c.as(username).post('/biz/plantest/userPlan/start', { planId, scaleId });
  if (start.status !== 200) throw new Error(`start failed: ${start.raw}`);
  const taskId = start.body.data.taskId as number;
  return {
    taskId,
    submit: await c.as(username).post('/biz/plantest/userPlan/submit', { taskId, responses }),
  };
}

/** Answers with every item of a scale at one value, and some picks. */
export const uniform = (items: number, value: number, picks: Record<number, number> = {}) =>
  Object.fromEntries(Array.from({ length: items }, (_, i) => [i + 1, picks[i + 1] ?? value]));
