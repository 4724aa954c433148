import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';

const EN = { headers: { 'accept-language': 'en-US' } };
const PATH = '/biz/consult/register/calculateIsRepeat';

let t: TestContext;
let tok: { admin: string; counsellor: string; student: string; subadmin: string; betaAdmin: string };
let studentId: number;
let caseFormId: number;
let surveyFormId: number;

const label = (en: string) => ({ 'zh-CN': en, 'en-US': en });
const columns = [{ prop: 'note', label: label('Note'), type: 'input' }];

async function grant(roleCode: string, formId: number, view: boolean, edit: boolean) {
  await t.database.db.execute(sql`
    insert into role_form_permission (tenant_id, role_id, form_id, can_view, can_edit)
    values (${t.alpha.tenantId}, ${t.alpha.roleIds[roleCode]}, ${formId}, ${view}, ${edit})
    on conflict (tenant_id, role_id, form_id) do update set can_view = excluded.can_view, can_edit = excluded.can_edit`);
}

const ask = (token: string, body: unknown, tenantId?: number) =>
  t.post(PATH, body, { token, tenantId, ...EN });
const record = (formId: number, eventSign: string) =>
  t.post(
    '/biz/public/forms/answer/save',
    { formId, eventSign, userId: studentId, answers: { note: eventSign } },
    { token: tok.counsellor, ...EN },
  );

beforeAll(async () => {
  t = await createTestContext();
  tok = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    student: await t.tokenFor('student'),
    subadmin: await t.tokenFor('subadmin'),
    betaAdmin: await t.tokenFor('admin', t.beta.tenantId),
  };
  studentId = t.alpha.userIds.student!;
  const save = (purpose: string, name: string) =>
    t.post('/biz/public/forms/ite', { purpose, name: label(name), columns }, { token: tok.admin, ...EN });
  caseFormId = (await save('case_record', 'Case record')).body.data.form.id;
  surveyFormId = (await save('questionnaire', 'Survey')).body.data.form.id;
});
afterAll(async () => {
  await t?.close();
});

describe('POST /consult/register/calculateIsRepeat [spec:S0.7.21, S1.7.16, S0.3.19]', () => {
  it('a visitor without earlier records is not a repeat visitor (repeatStatus 1)', async () => {
    const res = await ask(tok.admin, { userId: studentId });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toEqual({ repeatStatus: 1, count: 0, lastDate: null });
  });

  it('refuses callers who may not read visit records: a student, staff without a counsellor role or form permission', async () => {
    expect((await ask(tok.student, { userId: studentId })).status).toBe(403);
    expect((await ask(tok.student, { userId: t.alpha.userIds.counsellor })).status).toBe(403);
    expect((await ask(tok.subadmin, { userId: studentId })).status).toBe(403);
    // Counsellors fill case records: they may ask (a count and a date, no content) without a form permission.
    expect((await ask(tok.counsellor, { userId: studentId })).status).toBe(200);
  });

  it('counts submitted visit records about the visitor, except the current event (repeatStatus 2)', async () => {
    await grant('ROLE_CONSULTANT', caseFormId, true, true);
    await grant('ROLE_CONSULTANT', surveyFormId, true, true);
    expect((await record(caseFormId, 'case-a')).status).toBe(200);
    // A questionnaire is not a visit record.
    expect((await record(surveyFormId, 'survey-a')).status).toBe(200);

    const res = await ask(tok.counsellor, { userId: studentId });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({ repeatStatus: 2, count: 1 });
    expect(Date.parse(res.body.data.lastDate)).toBeGreaterThan(Date.now() - 60_000);

    // The event being recorded now does not make the visitor a repeat visitor.
    const same = await ask(tok.counsellor, { userId: studentId, eventSign: 'case-a' });
    expect(same.body.data).toEqual({ repeatStatus: 1, count: 0, lastDate: null });

    expect((await record(caseFormId, 'case-b')).status).toBe(200);
    const two = await ask(tok.counsellor, { userId: studentId, eventSign: 'case-c' });
    expect(two.body.data).toMatchObject({ repeatStatus: 2, count: 2 });
  });

  it('does not count a recalled (withdrawn) record', async () => {
    const saved = await record(caseFormId, 'case-withdrawn');
    const before = (await ask(tok.admin, { userId: studentId })).body.data.count as number;
    const recall = await t.post(
      '/biz/public/forms/answer/recall',
      { id: saved.body.data.answer.id },
      { token: tok.counsellor, ...EN },
    );
    expect(recall.status, recall.raw).toBe(200);
    expect((await ask(tok.admin, { userId: studentId })).body.data.count).toBe(before - 1);
  });

  it('a sub-administrator with a form permission asks only within their department subtree [spec:S0.1.2]', async () => {
    expect((await ask(tok.subadmin, { userId: studentId })).status).toBe(403);
    await grant('ROLE_SUB_ADMIN', caseFormId, true, false);
    const inside = await ask(tok.subadmin, { userId: studentId });
    expect(inside.status, inside.raw).toBe(200);
    expect(inside.body.data.repeatStatus).toBe(2);
    // The counsellor is not in the Engineering subtree.
    const outside = await ask(tok.subadmin, { userId: t.alpha.userIds.counsellor });
    expect(outside.status).toBe(403);
  });

  it('another school cannot see the visitor: the same 404 as an unknown id', async () => {
    const foreign = await ask(tok.betaAdmin, { userId: studentId }, t.beta.tenantId);
    expect(foreign.status).toBe(404);
    const unknown = await ask(tok.betaAdmin, { userId: 99999999 }, t.beta.tenantId);
    expect(unknown.status).toBe(404);
    expect(foreign.body.msg).toBe(unknown.body.msg);
    const fromAlpha = await ask(tok.admin, { userId: t.beta.userIds.student });
    expect(fromAlpha.status).toBe(404);
  });

  it('refuses a bad body with 400 naming the field', async () => {
    for (const body of [{}, { userId: 'abc' }, { userId: -1 }]) {
      const res = await ask(tok.admin, body);
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toBe('userId');
    }
    const longSign = await ask(tok.admin, { userId: studentId, eventSign: 'x'.repeat(201) });
    expect(longSign.status).toBe(400);
    expect(longSign.body.data.fields[0].field).toBe('eventSign');
  });

  it('needs a signed-in user', async () => {
    expect((await t.post(PATH, { userId: studentId })).status).toBe(401);
  });
});
