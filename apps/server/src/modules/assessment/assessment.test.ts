import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../core/db/rows';
import { multipartBody, multipartHeaders } from '../user-import/user-import.fixtures';
import { createWarningDeliveryJob } from './assessment-warnings.service';
import {
  answer,
  createAssessContext,
  publishedPlan,
  screeningBody,
  uniform,
  type AssessContext,
} from './assessment.fixtures';

let c: AssessContext;
let phq9: number;
let scl90: number;
let gad7: number;
let sciDept: number;
let artsDept: number;

const q = async <T = Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  rowsOf<T>(await c.t.database.db.execute(query));

/** Runs the delivery job of every queued warning of the school (the tests run without job workers). */
async function deliverQueuedWarnings() {
  const jobs = await q<{ id: unknown; payload: { tenantId: number; warningId: number } }>(
    sql`select id, payload from job where queue = 'assessment.warning-deliver' and state = 'queued'`,
  );
  const run = createWarningDeliveryJob({ database: c.t.database });
  for (const j of jobs) {
    await run(
      {
        id: Number(j.id),
        tenantId: j.payload.tenantId,
        queue: 'assessment.warning-deliver',
        payload: j.payload,
        attempts: 1,
        maxAttempts: 25,
      },
      { signal: new AbortController().signal, isCancelled: async () => false },
    );
    await c.t.database.db.execute(sql`update job set state = 'done' where id = ${Number(j.id)}`);
  }
  return jobs.length;
}

beforeAll(async () => {
  c = await createAssessContext();
  phq9 = await c.scaleId('PHQ9');
  scl90 = await c.scaleId('SCL90');
  gad7 = await c.scaleId('GAD7');
  sciDept = c.school.deptIds['Science']!;
  artsDept = c.school.deptIds['Arts']!;
});
afterAll(async () => c.t.close());

describe('scale library', () => {
  it('serves the scale tree by category to any signed-in user [spec:S1.7.44]', async () => {
    const res = await c.as('s1').get('/biz/scale/scale/tree');
    expect(res.status).toBe(200);
    const mental = res.body.data.find((x: any) => x.code === 'mental_health');
    expect(mental.children.map((s: any) => s.code)).toEqual(['PHQ9', 'GAD7', 'SCL90', 'SDS', 'SAS']);
    const types = await c.as('s1').get('/biz/plantest/questionnaire/info/questionnaireTypes');
    expect(types.body.data.map((x: any) => x.code)).toEqual(['survey', 'satisfaction', 'supervision_eval']);
    expect((await c.as('s1').get('/biz/plantest/questionnaire/info')).body.data).toEqual([]);
  });

  it('lists the report types of S1.2.13 with what ships for each [spec:S1.2.13]', async () => {
    const res = await c.as('admin').get('/biz/scale/scale/reportTypes');
    const byCode = Object.fromEntries(res.body.data.map((r: any) => [r.code, r]));
    for (const code of [
      '16PF',
      'DISC',
      'HOLLAND',
      'MBTI',
      'SPM',
      'SCL90',
      'EPQ',
      'CAREER_ANCHOR',
      'LEADERSHIP',
      'STRESS_EMOTION',
    ])
      expect(byCode[code]).toBeDefined();
    expect(byCode['16PF'].shipped).toBeNull();
    expect(byCode.HOLLAND.shipped).toBe('ONET_IP60');
  });

  it('imports a definition as JSON, refuses a broken one naming the path, and a duplicate version', async () => {
    const detail = await c.as('admin').get(`/biz/scale/scale/detail?id=${phq9}`);
    const def = {
      ...detail.body.data.definition,
      code: 'MYPHQ',
      licence: { kind: 'school-owned', note: 'ours' },
    };
    const ok = await c.as('admin').post('/biz/scale/scale/import', { definition: def });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      code: 'MYPHQ',
      source: 'import',
      itemCount: 9,
      categoryName: '心理健康',
    });
    const again = await c.as('admin').post('/biz/scale/scale/import', { definition: def });
    expect(again.status).toBe(400);
    expect(again.body.data.fields[0].field).toBe('definition.version');
    const broken = {
      ...def,
      code: 'BROKEN',
      items: def.items.map((i: any, k: number) => (k === 2 ? { ...i, optionSet: 'none' } : i)),
    };
    const bad = await c.as('admin').post('/biz/scale/scale/import', { definition: broken });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('definition.items[2].optionSet');
    expect((await c.as('admin').post('/biz/scale/scale/page', { name: 'BROKEN' })).body.data.total).toBe(0);
    // Students may not import.
    expect((await c.as('s1').post('/biz/scale/scale/import', { definition: def })).status).toBe(403);
  });

  it('exports a definition as XLSX and imports the workbook back as a new version', async () => {
    const token = await c.token('admin');
    const res = await c.t.app.app.inject({
      method: 'GET',
      url: `/biz/scale/scale/export?id=${gad7}&format=xlsx`,
      headers: {
        authorization: `Bearer ${token}`,
        'tenant-id': String(c.school.tenantId),
        ...(await sign('GET', `/biz/scale/scale/export?id=${gad7}&format=xlsx`, token)),
      },
    });
    expect(res.statusCode).toBe(200);
    const bytes = res.rawPayload;
    expect(bytes[0]).toBe(0x50);
    const XLSX = await import('@e965/xlsx');
    const wb = XLSX.read(bytes, { type: 'buffer' });
    expect(wb.SheetNames).toContain('items');
    const scale = wb.Sheets.scale!;
    XLSX.utils.sheet_add_aoa(scale, [['version', 2]], { origin: 'A3' });
    const out = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
    const up = await upload('/biz/scale/scale/importXlsx', out, token);
    expect(up.statusCode).toBe(200);
    expect(up.json().data).toMatchObject({ code: 'GAD7', version: 2, itemCount: 7, source: 'import' });
    const notXlsx = await upload('/biz/scale/scale/importXlsx', Buffer.from('hello'), token);
    expect(notXlsx.statusCode).toBe(400);
    expect(notXlsx.json().data.fields[0].field).toBe('file');
  });

  it('disables a scale so plans cannot add it, and removes only unused imports', async () => {
    const myphq = await c.scaleId('MYPHQ');
    expect(
      (await c.as('admin').post('/biz/scale/scale/status', { id: myphq, status: 0 })).body.data.status,
    ).toBe(0);
    const plan = await c.as('assessor').post('/biz/plantest/plan/save', screeningBody([myphq], [sciDept]));
    expect(plan.status).toBe(400);
    expect(plan.body.data.fields[0].field).toBe('scales[0].scaleId');
    const builtin = await c.as('admin').post('/biz/scale/scale/delete', { id: phq9 });
    expect(builtin.body).toMatchObject({ code: 1, msg: '内置量表不能删除，可将其停用' });
    expect((await c.as('admin').post('/biz/scale/scale/delete', { id: myphq })).status).toBe(200);
  });

  it('refuses to remove a scale a plan uses, naming the plan in the caller’s language; a deleted plan no longer holds it [spec:S1.2.4]', async () => {
    const detail = await c.as('admin').get(`/biz/scale/scale/detail?id=${gad7}`);
    const def = {
      ...detail.body.data.definition,
      code: 'HELDGAD',
      licence: { kind: 'school-owned', note: 'ours' },
    };
    const held = (await c.as('admin').post('/biz/scale/scale/import', { definition: def })).body.data
      .id as number;
    const draft = await c
      .as('assessor')
      .post('/biz/plantest/plan/save', screeningBody([held], [sciDept], { name: '期中筛查' }));
    expect(draft.status).toBe(200);
    const planId = draft.body.data.id as number;

    const refused = await c.as('admin').post('/biz/scale/scale/delete', { id: held });
    expect(refused.body).toMatchObject({
      code: 1,
      data: { plans: [{ id: planId, name: '期中筛查' }], planCount: 1 },
    });
    expect(refused.body.msg).toContain('测评计划「期中筛查」正在使用该量表');
    const english = await c.t.post(
      '/biz/scale/scale/delete',
      { id: held },
      { token: await c.token('admin'), tenantId: c.school.tenantId, headers: { 'accept-language': 'en-US' } },
    );
    expect(english.body.msg).toContain('the assessment plan(s) "期中筛查" use this scale');
    // Refused, nothing changed: the scale is still listed.
    expect((await c.as('admin').post('/biz/scale/scale/page', { name: 'HELDGAD' })).body.data.total).toBe(1);

    // The draft goes; its scale rows stay behind but hold the scale no longer.
    expect((await c.as('assessor').post('/biz/plantest/plan/delete', { id: planId })).status).toBe(200);
    expect((await c.as('admin').post('/biz/scale/scale/delete', { id: held })).body.code).toBe(0);
    expect((await c.as('admin').post('/biz/scale/scale/page', { name: 'HELDGAD' })).body.data.total).toBe(0);
  });
});

async function sign(method: string, url: string, token: string) {
  const { signRequest } = await import('@psy/contracts');
  return signRequest({ method, pathWithQuery: url, body: undefined, accessToken: token });
}

async function upload(url: string, data: Buffer, token: string) {
  const { payload, contentType } = multipartBody({}, { name: 'f.bin', bytes: data });
  return c.t.app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: await multipartHeaders(token, c.school.tenantId, url, contentType),
  });
}

describe('plans', () => {
  it('refuses a plan without a window, audience or scales, naming the field [spec:S1.2.4]', async () => {
    const base = screeningBody([phq9], [sciDept]);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, endTime: undefined }, 'endTime'],
      [{ ...base, endTime: new Date(Date.now() - 7_200_000).toISOString() }, 'endTime'],
      [{ ...base, audience: {} }, 'audience'],
      [{ ...base, scales: [] }, 'scales'],
      [{ ...base, scales: [{ scaleId: phq9 }, { scaleId: phq9 }] }, 'scales[1].scaleId'],
      [{ ...base, scales: [{ scaleId: scl90, normId: 'nope' }] }, 'scales[0].normId'],
      [{ ...base, audience: { userIds: [999999] } }, 'audience.userIds[0]'],
    ];
    for (const [body, field] of cases) {
      const res = await c.as('assessor').post('/biz/plantest/plan/save', body);
      expect(res.status, field).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    expect((await c.as('s1').post('/biz/plantest/plan/save', base)).status).toBe(403);
  });

  it('lets the plan editor find named people, departments and user types for the audience, and no student [spec:S1.2.4]', async () => {
    const found = await c.as('assessor').get('/admin/user/simple?name=s1');
    expect(found.status).toBe(200);
    expect(found.body.data.length).toBeGreaterThan(0);
    expect((await c.as('s1').get('/admin/user/simple?name=s1')).status).toBe(403);
    expect((await c.as('assessor').get('/admin/uType/getUserTypeNoPage')).status).toBe(200);
    expect((await c.as('s1').get('/admin/uType/getUserTypeNoPage')).status).toBe(403);
    expect((await c.as('assessor').get('/admin/dept/inner/tree')).status).toBe(200);
    expect((await c.as('s1').get('/admin/dept/inner/tree')).status).toBe(403);
  });

  it('names the named people of one plan for its editor, not in the list; a published plan changes its audience [spec:S1.2.4]', async () => {
    const s1 = c.school.userIds['s1']!;
    const s2 = c.school.userIds['s2']!;
    const body = screeningBody([phq9], [], { name: 'Named people', audience: { userIds: [s1, s2] } });
    const id = await publishedPlan(c, body);
    const detail = (await c.as('assessor').get(`/biz/plantest/plan/detail?id=${id}`)).body.data;
    expect(detail.namedUsers).toEqual([
      { id: s1, realName: 'Student One' },
      { id: s2, realName: 'Student Two' },
    ]);
    const listed = (await c.as('assessor').post('/biz/plantest/plan/page', { name: 'Named people' })).body
      .data;
    expect(listed.records[0].audience.userIds).toEqual([s1, s2]);
    expect(listed.records[0].namedUsers).toBeUndefined();
    // One of them is taken off the published plan: the answer of the update names who is left.
    const updated = await c.as('assessor').post('/biz/plantest/plan/update', {
      ...body,
      id,
      startTime: detail.startTime,
      audience: { userIds: [s2] },
    });
    expect(updated.body.data.namedUsers).toEqual([{ id: s2, realName: 'Student Two' }]);
    const pending = await c
      .as('s1')
      .get('/biz/plantest/userPlan/getMyUpscomingScaleByPage?current=1&size=50');
    expect(pending.body.data.records.some((r: any) => r.planId === id)).toBe(false);
    await c.as('assessor').post('/biz/plantest/plan/close', { id });
  });

  it('keeps the scales and anonymity of a published plan; a closed plan is read-only [spec:S1.2.4]', async () => {
    const id = await publishedPlan(c, screeningBody([phq9], [sciDept]));
    const detail = (await c.as('assessor').get(`/biz/plantest/plan/detail?id=${id}`)).body.data;
    const body = { ...screeningBody([phq9], [sciDept]), id, startTime: detail.startTime };
    expect(
      (await c.as('assessor').post('/biz/plantest/plan/update', { ...body, name: 'Renamed' })).body.data.name,
    ).toBe('Renamed');
    const scales = await c
      .as('assessor')
      .post('/biz/plantest/plan/update', { ...body, scales: [{ scaleId: gad7 }] });
    expect(scales.body.data.fields[0].field).toBe('scales');
    const anon = await c.as('assessor').post('/biz/plantest/plan/update', { ...body, anonymous: true });
    expect(anon.body.data.fields[0].field).toBe('anonymous');
    await c.as('assessor').post('/biz/plantest/plan/close', { id });
    expect((await c.as('assessor').post('/biz/plantest/plan/update', body)).body.code).toBe(1);
    expect(
      (await c.as('s1').post('/biz/plantest/userPlan/start', { planId: id, scaleId: phq9 })).body.code,
    ).toBe(1);
  });
});

describe("a plan's agreement", () => {
  it('comes with the pending test for the student to read, is signed once, and then the test opens [spec:S1.2.9]', async () => {
    const text = 'I agree that my answers are read by the mental-health centre.';
    const planId = await publishedPlan(
      c,
      screeningBody([gad7], [sciDept], { name: 'Signed screening', agreementText: text }),
    );
    const pendingOf = async () =>
      (await c.as('s2').get('/biz/plantest/userPlan/getMyUpscomingScaleByPage')).body.data.records.find(
        (r: any) => r.planId === planId,
      );
    expect(await pendingOf()).toMatchObject({ needsAgreement: true, agreementText: text });
    expect((await c.as('s2').post('/biz/plantest/userPlan/start', { planId, scaleId: gad7 })).body.code).toBe(
      1,
    );
    const png = `data:image/png;base64,${Buffer.from('signature').toString('base64')}`;
    const signed = await c.as('s2').post('/biz/plantest/userPlan/sign', { planId, signature: png });
    expect(signed.status).toBe(200);
    expect(await pendingOf()).toMatchObject({ needsAgreement: false, agreementText: null });
    expect((await c.as('s2').post('/biz/plantest/userPlan/start', { planId, scaleId: gad7 })).status).toBe(
      200,
    );
    const list = await c.as('assessor').post('/biz/plantest/plan/signaturePage', { planId });
    expect(list.body.data.records.map((r: any) => r.signature)).toEqual([png]);
  });
});

describe('answering a screening', () => {
  let planId: number;
  beforeAll(async () => {
    planId = await publishedPlan(c, screeningBody([phq9, gad7], [sciDept], { name: 'Freshman screening' }));
  });

  it("lists the plan's tests as the student's pending tests, and only for its audience [spec:S1.7.26]", async () => {
    const mine = await c.as('s1').get('/biz/plantest/userPlan/getMyUpscomingScaleByPage?current=1&size=10');
    expect(mine.status).toBe(200);
    const ours = mine.body.data.records.filter((r: any) => r.planId === planId);
    expect(ours.map((r: any) => r.scaleId)).toEqual([phq9, gad7]);
    expect(ours[0]).toMatchObject({ state: 0, answered: 0, itemCount: 9 });
    const arts = await c.as('s3').get('/biz/plantest/userPlan/getMyUpscomingScaleByPage');
    expect(arts.body.data.records.some((r: any) => r.planId === planId)).toBe(false);
    expect((await c.as('s3').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 })).status).toBe(
      403,
    );
    expect(
      (await c.as('s1').get('/biz/plantest/questionnaire/plan/userQuestionnairePending')).body.data.total,
    ).toBe(0);
  });

  it('keeps progress saved as the student goes and resumes at the position [spec:S1.2.7]', async () => {
    const start = await c.as('s1').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 });
    expect(start.body.data.paper.items).toHaveLength(9);
    expect(start.body.data.paper.items[8].options.map((o: any) => o.value)).toEqual([0, 1, 2, 3]);
    const taskId = start.body.data.taskId;
    const saved = await c
      .as('s1')
      .post('/biz/plantest/userPlan/saveProgress', { taskId, responses: { 1: 1, 2: 2 }, position: 3 });
    expect(saved.body.data).toMatchObject({ answered: 2, position: 3 });
    const bad = await c.as('s1').post('/biz/plantest/userPlan/saveProgress', { taskId, responses: { 3: 9 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('responses.3');
    const again = await c.as('s1').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 });
    expect(again.body.data).toMatchObject({ taskId, position: 3, responses: { '1': 1, '2': 2 } });
    const pending = await c.as('s1').get('/biz/plantest/userPlan/getMyUpscomingScaleByPage');
    expect(
      pending.body.data.records.find((r: any) => r.planId === planId && r.scaleId === phq9),
    ).toMatchObject({ state: 1, answered: 2 });
    // Another student cannot touch the task.
    expect(
      (await c.as('s2').post('/biz/plantest/userPlan/saveProgress', { taskId, responses: { 3: 1 } })).status,
    ).toBe(404);
  });

  it('refuses a submit with unanswered items, naming them, and records nothing', async () => {
    const start = await c.as('s1').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 });
    const res = await c
      .as('s1')
      .post('/biz/plantest/userPlan/submit', { taskId: start.body.data.taskId, responses: { 3: 0 } });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: any) => f.field)).toEqual([
      'responses.4',
      'responses.5',
      'responses.6',
      'responses.7',
      'responses.8',
      'responses.9',
    ]);
    expect((await q(sql`select 1 from assessment_answer where plan_id = ${planId}`)).length).toBe(0);
  });

  it('scores and stores the answer once: a second submit answers the same result [spec:S1.5.13]', async () => {
    const start = await c.as('s1').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 });
    const taskId = start.body.data.taskId;
    const responses = { 3: 2, 4: 2, 5: 1, 6: 1, 7: 1, 8: 0, 9: 0 };
    const first = await c.as('s1').post('/biz/plantest/userPlan/submit', { taskId, responses });
    expect(first.status).toBe(200);
    // Total 1 + 2 + 2 + 2 + 1 + 1 + 1 = 10: moderate, the recommended cut-off.
    expect(first.body.data).toMatchObject({ alreadySubmitted: false, resultVisibility: 1, critical: false });
    expect(first.body.data.summary.label.en).toBe('Moderate');
    const second = await c.as('s1').post('/biz/plantest/userPlan/submit', { taskId, responses });
    expect(second.body.data).toMatchObject({ answerId: first.body.data.answerId, alreadySubmitted: true });
    const rows = await q<{ total: number; risk_score: number; risk_grade: number; user_id: unknown }>(
      sql`select total, risk_score, risk_grade, user_id from assessment_answer where plan_id = ${planId}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ total: 10, risk_score: 60, risk_grade: 2 });
    expect((await c.as('s1').post('/biz/plantest/userPlan/start', { planId, scaleId: phq9 })).body.code).toBe(
      1,
    );
    const pending = await c.as('s1').get('/biz/plantest/userPlan/getMyUpscomingScaleByPage');
    expect(
      pending.body.data.records.filter((r: any) => r.planId === planId).map((r: any) => r.scaleId),
    ).toEqual([gad7]);
  });

  it("records the answer's risk score as the student's scale result, which gradeResultCalc reads [spec:S0.9.3]", async () => {
    const s1 = c.school.userIds['s1']!;
    const grade = await c.as('admin').get(`/biz/consult/smartform/gradeResultCalc?userId=${s1}&grade=2`);
    expect(grade.status).toBe(200);
    expect(grade.body.data).toMatchObject({
      systemGrade: 2,
      gradeResult_result: 1,
      score: 60,
      scaleName: 'PHQ-9',
    });
    expect(
      (await c.as('admin').get(`/biz/consult/smartform/gradeResultCalc?userId=${s1}&grade=1`)).body.data
        .gradeResult_result,
    ).toBe(0);
  });

  it("shows the student their own answers as the plan allows, and nobody else's [spec:S1.2.7]", async () => {
    const mine = await c.as('s1').post('/biz/plantest/userPlan/myAnswerPage', {});
    const row = mine.body.data.records.find((r: any) => r.planId === planId);
    expect(row.summary.label.en).toBe('Moderate');
    const report = await c.as('s1').get(`/biz/plantest/userPlan/myReport?answerId=${row.answerId}`);
    expect(report.body.data).toMatchObject({ resultVisibility: 1, report: null });
    expect((await c.as('s2').get(`/biz/plantest/userPlan/myReport?answerId=${row.answerId}`)).status).toBe(
      404,
    );
    expect((await c.as('s1').post('/biz/plantest/answer/page', {})).status).toBe(403);
    expect((await c.as('s1').get(`/biz/plantest/report/individual?answerId=${row.answerId}`)).status).toBe(
      403,
    );
  });

  it('shows progress, by department, and the no-answer list with a reminder [spec:S1.2.4]', async () => {
    const progress = await c.as('assessor').get(`/biz/plantest/plan/progress?id=${planId}`);
    expect(progress.body.data).toMatchObject({ audience: 2, started: 1, finished: 0 });
    expect(progress.body.data.byScale).toEqual([
      { scaleId: phq9, name: expect.any(String), submitted: 1 },
      { scaleId: gad7, name: expect.any(String), submitted: 0 },
    ]);
    expect(progress.body.data.byDept).toEqual([
      { deptId: c.school.deptIds['Sci 2024'], deptName: 'Sci 2024', audience: 2, finished: 0 },
    ]);
    const noAnswer = await c.as('assessor').post('/biz/plantest/plan/noAnswerPage', { planId });
    expect(noAnswer.body.data.records.map((r: any) => [r.realName, r.submitted])).toEqual([
      ['Student One', 1],
      ['Student Two', 0],
    ]);
    const remind = await c.as('assessor').post('/biz/plantest/plan/remind', { planId });
    expect(remind.body.data.sent).toBe(2);
    const inbox = await c.as('s2').get('/biz/message/message/myMessageByType?current=1&size=10');
    expect(inbox.body.data.records[0].title).toBe('请完成心理测评');
    const responses = await c.as('assessor').post('/biz/plantest/plan/responsePage', { planId, state: 1 });
    expect(responses.body.data.records).toHaveLength(1);
    expect(responses.body.data.records[0].scales.map((s: any) => s.state)).toEqual([2, 0]);
  });
});

describe('warnings', () => {
  let planId: number;
  beforeAll(async () => {
    planId = await publishedPlan(
      c,
      screeningBody([phq9, scl90], [sciDept, artsDept], { name: 'Warning screening' }),
    );
  });

  it("a critical item raises a warning in the answer's transaction, delivered to the crisis roles [spec:S1.2.12]", async () => {
    const before = (await q(sql`select 1 from job where queue = 'assessment.warning-deliver'`)).length;
    const { submit } = await answer(c, 's2', planId, phq9, uniform(9, 0, { 9: 1 }));
    expect(submit.body.data).toMatchObject({ critical: true, alreadySubmitted: false });
    expect(submit.body.data.helpText).toContain('12356');
    const warnings = await q<{ level: number; status: number; user_id: unknown; delivered_at: unknown }>(
      sql`select level, status, user_id, delivered_at from assessment_warning where plan_id = ${planId}`,
    );
    expect(warnings).toEqual([{ level: 1, status: 1, user_id: expect.anything(), delivered_at: null }]);
    expect((await q(sql`select 1 from job where queue = 'assessment.warning-deliver'`)).length).toBe(
      before + 1,
    );
    expect(await deliverQueuedWarnings()).toBeGreaterThanOrEqual(1);
    const inbox = await c.as('crisis').get('/biz/message/message/myMessageByType?current=1&size=10');
    const msg = inbox.body.data.records[0];
    expect(msg.typeCode).toBe('CRISIS_REMIND');
    // Handed to the crisis intake: a crisis record of source screening, transfer source 14 (S1.9.1), whose
    // first owners are told at once.
    const [w] = await q<{ handed_to: string; handover_ref: string }>(
      sql`select handed_to, handover_ref from assessment_warning where plan_id = ${planId}`,
    );
    expect(w!.handed_to).toBe('crisis');
    const [record] = await q<{ source: string; transfer_source: number; student_id: unknown }>(
      sql`select source, transfer_source, student_id from crisis_record where id = ${Number(w!.handover_ref)}`,
    );
    expect(record).toMatchObject({ source: 'screening', transfer_source: 14 });
    expect(Number(record!.student_id)).toBe(c.school.userIds['s2']);
    expect(msg.content).toContain('Student Two');
    // The student and the interviewer get nothing.
    expect(
      (await c.as('interviewer').get('/biz/message/message/myMessageByType?current=1&size=10')).body.data
        .total,
    ).toBe(0);
  });

  it('lists the warning with the answer that raised it until someone closes it with a note', async () => {
    const list = await c.as('crisis').post('/biz/plantest/warning/page', {});
    const w = list.body.data.records.find((x: any) => x.planId === planId);
    expect(w).toMatchObject({ level: 1, status: 4, realName: 'Student Two', handedTo: 'crisis' });
    expect(w.reasons[0]).toMatchObject({
      kind: 'critical',
      item: 9,
      optionLabel: { zh: '好几天', en: 'Several days' },
    });
    // Handed over, it is the crisis record's work: not pending in the warning list.
    expect((await c.as('crisis').get('/biz/plantest/warning/pendingCount')).body.data.critical).toBe(0);
    const noNote = await c.as('crisis').post('/biz/plantest/warning/handle', { id: w.id, status: 3 });
    expect(noNote.body.data.fields[0].field).toBe('note');
    expect(
      (await c.as('crisis').post('/biz/plantest/warning/handle', { id: w.id, status: 2 })).body.data.status,
    ).toBe(2);
    const closed = await c
      .as('crisis')
      .post('/biz/plantest/warning/handle', { id: w.id, status: 3, note: 'Talked, safe' });
    expect(closed.body.data).toMatchObject({
      status: 3,
      handleUserName: 'Crisis Head',
      handleNote: 'Talked, safe',
    });
    expect((await c.as('s2').post('/biz/plantest/warning/page', {})).status).toBe(403);
  });

  it('a high SCL-90 total raises a warning; a positive screen alone does not, unless the plan says so [spec:S0.9.3]', async () => {
    const high = await answer(c, 's3', planId, scl90, uniform(90, 3));
    expect(high.submit.body.data.critical).toBe(true); // item 15 at 3 is critical too
    const mid = await answer(
      c,
      's4',
      planId,
      scl90,
      uniform(90, 1, Object.fromEntries(Array.from({ length: 50 }, (_, i) => [i + 16, 2]))),
    );
    expect(mid.submit.status).toBe(200);
    const rows = await q<{
      user_id: unknown;
      warning: boolean;
      screen_positive: boolean;
      risk_grade: number;
    }>(
      sql`select user_id, warning, screen_positive, risk_grade from assessment_answer where plan_id = ${planId} and scale_id = ${scl90} order by id`,
    );
    expect(rows.map((r) => [r.warning, r.screen_positive, r.risk_grade])).toEqual([
      [true, true, 1],
      [false, true, 3],
    ]);
  });

  it('keeps the warning list of another school empty and its ids unknown', async () => {
    const beta = await c.t.tokenFor('admin', c.t.beta.tenantId);
    const res = await c.t.post(
      '/biz/plantest/warning/page',
      {},
      { token: beta, tenantId: c.t.beta.tenantId },
    );
    expect(res.body.data.total).toBe(0);
    const id = Number((await q<{ id: unknown }>(sql`select id from assessment_warning limit 1`))[0]!.id);
    expect(
      (await c.t.get(`/biz/plantest/warning/detail?id=${id}`, { token: beta, tenantId: c.t.beta.tenantId }))
        .status,
    ).toBe(404);
  });
});

describe('results and reports', () => {
  let planId: number;
  beforeAll(async () => {
    planId = await publishedPlan(
      c,
      screeningBody([scl90], [sciDept, artsDept], { name: 'Analysis plan', resultVisibility: 2 }),
    );
    await answer(c, 's1', planId, scl90, uniform(90, 1));
    await answer(c, 's2', planId, scl90, uniform(90, 2));
    await answer(c, 's3', planId, scl90, uniform(90, 1, { 2: 5, 17: 5 }));
  });

  it('lists raw answer records and writes the access log for every named row [spec:S1.2.2]', async () => {
    const before = (
      await q(sql`select 1 from personal_data_access_log where 'assessmentResult' = any(fields)`)
    ).length;
    const res = await c.as('assessor').post('/biz/plantest/answer/page', { planId });
    expect(res.body.data.total).toBe(3);
    expect(res.body.data.records.map((r: any) => r.realName).sort()).toEqual([
      'Student One',
      'Student Three',
      'Student Two',
    ]);
    const after = (
      await q(sql`select 1 from personal_data_access_log where 'assessmentResult' = any(fields)`)
    ).length;
    expect(after - before).toBe(3);
    const sci = await c.as('assessor').post('/biz/plantest/answer/page', { planId, deptId: sciDept });
    expect(sci.body.data.total).toBe(2);
    const detail = await c
      .as('assessor')
      .get(`/biz/plantest/answer/detail?id=${res.body.data.records[0].id}`);
    expect(detail.body.data.items).toHaveLength(90);
    expect(detail.body.data.result.factors).toHaveLength(10);
  });

  it('draws the individual report with the factor profile and the norm means [spec:S1.2.3]', async () => {
    const list = await c.as('assessor').post('/biz/plantest/answer/page', { planId, name: 'Two' });
    const report = await c
      .as('assessor')
      .get(`/biz/plantest/report/individual?answerId=${list.body.data.records[0].id}`);
    expect(report.body.data.scale).toMatchObject({ code: 'SCL90', reportType: 'SCL90', chart: 'radar' });
    expect(report.body.data.chart.categories).toHaveLength(10);
    expect(report.body.data.chart.normMeans[0]).toBe(1.37);
    expect(report.body.data.result).toMatchObject({ total: 180, positiveItems: 90, screenPositive: true });
    // The student sees the full report when the plan shows it.
    const mine = await c
      .as('s2')
      .get(`/biz/plantest/userPlan/myReport?answerId=${list.body.data.records[0].id}`);
    expect(mine.body.data.report.result.total).toBe(180);
  });

  it('renders the individual report as a PDF', async () => {
    const list = await c.as('assessor').post('/biz/plantest/answer/page', { planId, name: 'Two' });
    const token = await c.token('assessor');
    const url = `/biz/plantest/report/individualPdf?answerId=${list.body.data.records[0].id}`;
    const res = await c.t.app.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'tenant-id': String(c.school.tenantId),
        ...(await sign('GET', url, token)),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('analyses the plan by department and gender in SQL, with the factor statistics [spec:S1.2.3]', async () => {
    const res = await c
      .as('assessor')
      .post('/biz/plantest/report/comprehensive', { planId, scaleId: scl90, groupBy: 'dept' });
    const d = res.body.data;
    // Student Three's anxiety mean is 1.8 (two items at 5 of ten): not positive.
    expect(d.all).toMatchObject({ count: 3, screenPositive: 1, high: 0 });
    expect(d.all.totalMean).toBeCloseTo((90 + 180 + 98) / 3, 5);
    const sci = d.groups.find((g: any) => g.label === 'Sci 2024');
    expect(sci).toMatchObject({ count: 2, totalMean: 135 });
    expect(sci.factors.find((f: any) => f.code === 'SOM')).toMatchObject({ mean: 1.5, atLeast2: 1 });
    const bySex = await c
      .as('assessor')
      .post('/biz/plantest/report/comprehensive', { planId, scaleId: scl90, groupBy: 'sex' });
    expect(bySex.body.data.groups.map((g: any) => [g.label, g.count])).toEqual([
      ['女', 2],
      ['男', 1],
    ]);
    const drill = await c.as('assessor').post('/biz/plantest/report/drillAnswerPage', {
      planId,
      scaleId: scl90,
      groupBy: 'sex',
      key: '2',
      screenPositive: true,
    });
    expect(drill.body.data.records.map((r: any) => r.realName)).toEqual(['Student Two']);
    const deep = await c.as('assessor').post('/biz/plantest/report/drillDataPage', {
      planId,
      scaleId: scl90,
      groupBy: 'sex',
      key: '2',
      factor: 'ANX',
      minScore: 1.5,
    });
    expect(deep.body.data.records.map((r: any) => [r.realName, r.factorScore]).sort()).toEqual([
      ['Student Three', 1.8],
      ['Student Two', 2],
    ]);
  });

  it('exports answers and the analysis as XLSX through the job queue', async () => {
    const task = await c.as('assessor').post('/biz/plantest/answer/export', { planId, scaleId: scl90 });
    expect(task.status).toBe(200);
    expect(task.body.data.taskStatus).toBe(0);
    const jobs = await q(sql`select 1 from job where queue = 'assessment.answer-export'`);
    expect(jobs.length).toBe(1);
    const a = await c
      .as('assessor')
      .post('/biz/plantest/report/comprehensiveExport', { planId, scaleId: scl90, groupBy: 'grade' });
    expect(a.status).toBe(200);
  });

  it("keeps another school's plans and answers invisible", async () => {
    const beta = await c.t.tokenFor('admin', c.t.beta.tenantId);
    const as = { token: beta, tenantId: c.t.beta.tenantId };
    expect((await c.t.get(`/biz/plantest/plan/detail?id=${planId}`, as)).status).toBe(404);
    expect((await c.t.post('/biz/plantest/answer/page', { planId }, as)).body.data.total).toBe(0);
    expect((await c.t.post('/biz/plantest/plan/page', {}, as)).body.data.total).toBe(0);
  });
});

describe('anonymous plans', () => {
  let planId: number;
  beforeAll(async () => {
    planId = await publishedPlan(
      c,
      screeningBody([phq9], [sciDept, artsDept], { name: 'Anonymous survey', anonymous: true }),
    );
  });

  it('stores no readable link between an answer and its person [spec:S1.2.2]', async () => {
    const { taskId, submit } = await answer(c, 's1', planId, phq9, uniform(9, 1, { 9: 2 }));
    expect(submit.body.data).toMatchObject({ answerId: null, critical: true });
    const [a] = await q<{ user_id: unknown; task_id: unknown; submitted_at: string }>(
      sql`select user_id, task_id, submitted_at from assessment_answer where plan_id = ${planId}`,
    );
    expect(a!.user_id).toBeNull();
    expect(a!.task_id).toBeNull();
    const at = new Date(a!.submitted_at);
    expect((at.getTime() + 8 * 3600_000) % 86_400_000).toBe(0);
    const [task] = await q<{
      responses: unknown;
      answer_id: unknown;
      updated_at: string;
      submitted_at: string;
    }>(sql`select responses, answer_id, updated_at, submitted_at from assessment_task where id = ${taskId}`);
    expect(task).toMatchObject({ responses: {}, answer_id: null });
    expect(new Date(task!.updated_at).getTime()).toBe(at.getTime());
    expect(new Date(task!.submitted_at).getTime()).toBe(at.getTime());
    const list = await c.as('assessor').post('/biz/plantest/answer/page', { planId });
    expect(list.body.data.records[0]).toMatchObject({ anonymous: true, userId: null, realName: null });
    const [w] = await q<{ user_id: unknown; anonymous: boolean }>(
      sql`select user_id, anonymous from assessment_warning where plan_id = ${planId}`,
    );
    expect(w).toEqual({ user_id: null, anonymous: true });
    // A second submit records nothing more.
    expect(
      (await c.as('s1').post('/biz/plantest/userPlan/submit', { taskId })).body.data.alreadySubmitted,
    ).toBe(true);
    expect((await q(sql`select 1 from assessment_answer where plan_id = ${planId}`)).length).toBe(1);
  });

  it('suppresses analysis groups smaller than 5', async () => {
    const res = await c
      .as('assessor')
      .post('/biz/plantest/report/comprehensive', { planId, scaleId: phq9, groupBy: 'dept' });
    expect(res.body.data.all.count).toBe(1);
    expect(res.body.data.groups).toEqual([]);
    expect(res.body.data.suppressed).toBe(1);
  });
});

describe('after the screen', () => {
  let planId: number;
  let interviewId: number;
  beforeAll(async () => {
    planId = await publishedPlan(c, screeningBody([phq9], [sciDept, artsDept], { name: 'Interview plan' }));
    await answer(c, 's3', planId, phq9, uniform(9, 2));
    await answer(c, 's4', planId, phq9, uniform(9, 0));
  });

  it('lists the flagged students and the interviewers [spec:S1.2.5]', async () => {
    const flagged = await c.as('assessor').post('/biz/plantest/interview/flaggedPage', { planId });
    expect(flagged.body.data.records.map((r: any) => [r.realName, r.riskGrade])).toEqual([
      ['Student Three', 1],
    ]);
    const ivs = await c.as('assessor').post('/biz/plantest/interview/interviewerPage', {});
    expect(ivs.body.data.records.map((r: any) => r.realName)).toEqual(
      expect.arrayContaining(['Interviewer', 'Assessor', 'Admin']),
    );
  });

  it('assigns an interview and moves it only as S1.4.2 allows [spec:S1.4.2]', async () => {
    const interviewer = c.school.userIds['interviewer']!;
    const s3 = c.school.userIds['s3']!;
    const res = await c.as('assessor').post('/biz/plantest/interview/assign', {
      planId,
      userIds: [s3],
      interviewerId: interviewer,
      time: new Date(Date.now() + 86_400_000).toISOString(),
      address: 'Room 101',
    });
    interviewId = res.body.data.ids[0];
    expect(interviewId).toBeGreaterThan(0);
    const again = await c.as('assessor').post('/biz/plantest/interview/assign', {
      planId,
      userIds: [s3],
      interviewerId: interviewer,
      time: new Date().toISOString(),
    });
    expect(again.body.data.ids).toEqual([]);
    const mine = await c.as('interviewer').post('/biz/plantest/interview/page', {});
    expect(mine.body.data.records.map((r: any) => [r.id, r.status, r.nextStatuses])).toEqual([
      [interviewId, 1, [2, 3, 4, 5, 6, 7, 8]],
    ]);
    const leave = await c
      .as('interviewer')
      .post('/biz/plantest/interview/status', { id: interviewId, status: 3 });
    expect(leave.body.data.nextStatuses).toEqual([1]);
    const noTime = await c
      .as('interviewer')
      .post('/biz/plantest/interview/status', { id: interviewId, status: 1 });
    expect(noTime.body.data.fields[0].field).toBe('time');
    const back = await c.as('interviewer').post('/biz/plantest/interview/status', {
      id: interviewId,
      status: 1,
      time: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    expect(back.body.data.status).toBe(1);
    const arrived = await c
      .as('interviewer')
      .post('/biz/plantest/interview/status', { id: interviewId, status: 8 });
    expect(arrived.body.data.nextStatuses).toEqual([7, 5, 6]);
    const wrong = await c
      .as('interviewer')
      .post('/biz/plantest/interview/status', { id: interviewId, status: 4 });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('status');
  });

  it('records the interview with a result from the interview results list [spec:S0.5.13] [spec:S1.5.11]', async () => {
    const list = await c.as('interviewer').get('/biz/plantest/interview/results/list');
    const value = list.body.data[0].value;
    const none = await c
      .as('interviewer')
      .post('/biz/plantest/interview/record', { id: interviewId, result: 'not-a-result' });
    expect(none.body.data.fields[0]).toEqual({
      field: 'result',
      message: '请选择访谈评估结果',
    });
    const rec = await c.as('interviewer').post('/biz/plantest/interview/record', {
      id: interviewId,
      result: value,
      riskScore: 65,
      level: 2,
      content: 'Low mood since exams',
      nextStep: 3,
    });
    expect(rec.body.data).toMatchObject({
      status: 7,
      riskGrade: 2,
      resultLabel: list.body.data[0].label,
      nextStatuses: [],
    });
  });

  it('transfers to counselling with transfer source 1, read on the counselling side [spec:S1.9.1] [spec:S1.7.24] [spec:S1.7.17]', async () => {
    const t = await c
      .as('interviewer')
      .post('/biz/plantest/interview/record/toConsult', { interviewId, note: 'Wants to talk', urgent: true });
    // The appointments module opened the registration at once: the transfer is registered (2), not waiting.
    expect(t.body.data).toMatchObject({ source: 1, status: 2, urgent: true, realName: 'Student Three' });
    const twice = await c.as('interviewer').post('/biz/plantest/interview/record/toConsult', { interviewId });
    expect(twice.body.code).toBe(1);
    const clerkInbox = await c.as('clerk').get('/biz/message/message/myMessageByType?current=1&size=10');
    expect(clerkInbox.body.data.records[0].typeCode).toBe('APPOINTMENT_REMIND');
    // The message names the student and the department to register them under.
    expect(clerkInbox.body.data.records[0].content).toMatch(
      /Arts 2024.*Student Three|Student Three.*Arts 2024/,
    );
    // The counselling side's queue holds the registration the transfer opened (source 1).
    const regs = await c.as('admin').get('/biz/consult/inner/register/forAssessment?current=1&size=50');
    const opened = regs.body.data.records.find((r: any) => r.visitorId === c.school.userIds['s3']);
    expect(opened).toMatchObject({ source: 1, status: 'open' });
    expect(
      (await c.as('clerk').get('/biz/plantest/interview/transfers?current=1&size=10&status=1')).body.data
        .total,
    ).toBe(0);
    const list = await c.as('clerk').get('/biz/plantest/interview/transfers?current=1&size=10&status=2');
    expect(list.body.data.records.map((r: any) => r.id)).toEqual([t.body.data.id]);
    expect(list.body.data.records[0].phone).toBeNull();
    const sent = await c.as('clerk').post('/biz/plantest/interview/transfers/firstInterview', {
      id: t.body.data.id,
      note: 'Booked',
    });
    expect(sent.body.data.status).toBe(3);
    expect(
      (await c.as('clerk').post('/biz/plantest/interview/transfers/firstInterview', { id: t.body.data.id }))
        .body.code,
    ).toBe(1);
    expect((await c.as('s1').get('/biz/plantest/interview/transfers')).status).toBe(403);
  });

  it('keeps follow-up, intervention and receipt records with the key-person lists [spec:S1.2.12] [spec:S1.9.8]', async () => {
    const s3 = c.school.userIds['s3']!;
    const methods = await c.as('crisis').get('/biz/focus/setting/3/all');
    const measures = await c.as('crisis').get('/biz/focus/setting/2/all');
    const visit = await c.as('crisis').post('/biz/plantest/followUp/save', {
      type: 1,
      userId: s3,
      date: '2026-03-02',
      method: Number(methods.body.data[0].value),
      content: 'Visited',
    });
    expect(visit.body.data).toMatchObject({
      type: 1,
      realName: 'Student Three',
      createUserName: 'Crisis Head',
    });
    const badMethod = await c
      .as('crisis')
      .post('/biz/plantest/followUp/save', { type: 1, userId: s3, date: '2026-03-02', method: 999999 });
    expect(badMethod.body.data.fields[0].field).toBe('method');
    const hours = await c
      .as('crisis')
      .post('/biz/plantest/followUp/save', { type: 2, userId: s3, date: '2026-03-02', hours: 1000 });
    expect(hours.body.data.fields[0].field).toBe('hours');
    const intervention = await c.as('crisis').post('/biz/plantest/followUp/save', {
      type: 2,
      userId: s3,
      date: '2026-03-03',
      measures: [Number(measures.body.data[0].value)],
      hours: 2,
    });
    const noRef = await c
      .as('crisis')
      .post('/biz/plantest/followUp/save', { type: 3, userId: s3, date: '2026-03-04' });
    expect(noRef.body.data.fields[0].field).toBe('interventionId');
    const receipt = await c.as('crisis').post('/biz/plantest/followUp/save', {
      type: 3,
      userId: s3,
      date: '2026-03-04',
      interventionId: intervention.body.data.id,
      receiver: 'Faculty',
    });
    expect(receipt.body.data.interventionId).toBe(intervention.body.data.id);
    const table = await c
      .as('crisis')
      .post('/biz/plantest/followUp/save', { type: 5, userId: s3, date: '2026-03-05', riskScore: 80 });
    expect(table.body.data.riskGrade).toBe(1);
    const page = await c.as('crisis').post('/biz/plantest/followUp/page', { userId: s3 });
    expect(page.body.data.total).toBe(4);
  });

  it('gives each student one rainbow colour by the written rules, explained [spec:S1.2.6]', async () => {
    const s3 = c.school.userIds['s3']!;
    const info = await c.as('crisis').get(`/biz/plantest/rainbow/info?userId=${s3}`);
    // Student Three: open critical warning from the SCL-90 above beats everything (R1).
    expect(info.body.data).toMatchObject({ colour: 'red', rule: 'R1' });
    expect(info.body.data.rules).toHaveLength(6);
    const s4 = c.school.userIds['s4']!;
    expect((await c.as('crisis').get(`/biz/plantest/rainbow/info?userId=${s4}`)).body.data).toMatchObject({
      colour: 'green',
      rule: 'R5',
    });
    const page = await c.as('crisis').post('/biz/plantest/rainbow/page', { colour: 'red' });
    expect(page.body.data.records.map((r: any) => r.userId)).toContain(s3);
    expect((await c.as('s3').get(`/biz/plantest/rainbow/info?userId=${s3}`)).status).toBe(403);
  });

  it('keeps House-Tree-Person records with the uploaded drawing [spec:S1.2.11]', async () => {
    const token = await c.token('assessor');
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
      'hex',
    );
    const up = await upload('/biz/plantest/htp/upload', png, token);
    expect(up.statusCode).toBe(200);
    const fileKey = up.json().data.fileKey;
    const notImage = await upload('/biz/plantest/htp/upload', Buffer.from('GIF89a'), token);
    expect(notImage.statusCode).toBe(400);
    const s3 = c.school.userIds['s3']!;
    const saved = await c.as('assessor').post('/biz/plantest/htp/save', {
      userId: s3,
      fileKey,
      drawDate: '2026-03-02',
      observations: {
        house: { size: 'small', door: 'closed' },
        tree: { trunk: 'scarred' },
        person: { face: 'blank' },
        page: { pressure: 'heavy' },
        minutes: 12,
      },
      impression: 'Withdrawn',
      followUp: true,
    });
    expect(saved.body.data).toMatchObject({ realName: 'Student Three', followUp: true });
    const bad = await c.as('assessor').post('/biz/plantest/htp/save', {
      userId: s3,
      fileKey,
      drawDate: '2026-03-02',
      observations: { house: { size: 'huge' }, tree: {}, person: {}, page: {} },
    });
    expect(bad.body.data.fields[0].field).toBe('observations.house.size');
    const url = `/biz/plantest/htp/drawing?id=${saved.body.data.id}`;
    const img = await c.t.app.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        'tenant-id': String(c.school.tenantId),
        ...(await sign('GET', url, token)),
      },
    });
    expect(img.headers['content-type']).toBe('image/png');
  });
});
