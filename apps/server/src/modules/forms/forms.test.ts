import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnFromLibrary, type FormColumn } from '@psy/forms';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

const DATA_DIR = path.join(os.tmpdir(), `psy-forms-test-${randomUUID()}`);
const EN = { headers: { 'accept-language': 'en-US' } };

let t: TestContext;
let tok: { admin: string; counsellor: string; student: string; subadmin: string; betaAdmin: string };
let studentId: number;
let counsellorId: number;

const label = (en: string) => ({ 'zh-CN': en, 'en-US': en });
const option = (value: number, en: string) => ({ value, label: label(en) });

/** A case record: a required radio, a shared note, a counsellor-only note, a masked name, a signature, a grade. */
const CASE_COLUMNS: FormColumn[] = [
  {
    prop: 'mood',
    label: label('Mood'),
    type: 'radio',
    required: true,
    dicData: [option(1, 'Good'), option(2, 'Low'), option(3, 'Bad')],
  },
  { prop: 'note', label: label('Note'), type: 'textarea' },
  {
    prop: 'counsellorNote',
    label: label('Counsellor note'),
    type: 'textarea',
    visibleCharacters: ['ROLE_CONSULTANT'],
  },
  columnFromLibrary('realName', { required: false }),
  columnFromLibrary('sign_teacher'),
];

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function saveForm(body: Record<string, unknown>, token = tok.admin) {
  return t.post('/biz/public/forms/ite', body, { token, ...EN });
}

async function grant(roleCode: string, formId: number, view: boolean, edit: boolean) {
  await t.database.db.execute(sql`
    insert into role_form_permission (tenant_id, role_id, form_id, can_view, can_edit)
    values (${t.alpha.tenantId}, ${t.alpha.roleIds[roleCode]}, ${formId}, ${view}, ${edit})
    on conflict (tenant_id, role_id, form_id) do update set can_view = excluded.can_view, can_edit = excluded.can_edit`);
}

const save = (token: string, body: Record<string, unknown>) =>
  t.post('/biz/public/forms/answer/save', body, { token, ...EN });

let caseFormId: number;

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR });
  tok = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    student: await t.tokenFor('student'),
    subadmin: await t.tokenFor('subadmin'),
    betaAdmin: await t.tokenFor('admin', t.beta.tenantId),
  };
  studentId = t.alpha.userIds.student!;
  counsellorId = t.alpha.userIds.counsellor!;
  const res = await saveForm({ purpose: 'case_record', name: label('Case record'), columns: CASE_COLUMNS });
  expect(res.status).toBe(200);
  caseFormId = res.body.data.form.id;
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

describe('form types and the builder [spec:S0.7.19, S0.3.35]', () => {
  it('creates and lists form types; only with admin_form_edit', async () => {
    const created = await t.post(
      '/biz/public/forms/type',
      { name: label('Consultation'), sort: 1 },
      { token: tok.admin },
    );
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: label('Consultation'), formCount: 0 });
    const refused = await t.post('/biz/public/forms/type', { name: label('X') }, { token: tok.counsellor });
    expect(refused.status).toBe(403);
    const bad = await t.post(
      '/biz/public/forms/type',
      { name: { 'zh-CN': '', 'en-US': 'x' } },
      { token: tok.admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('name.zh-CN');

    const page = await t.get('/biz/public/forms/type?current=1&size=10', { token: tok.counsellor });
    expect(page.body.data.records.map((r: { id: number }) => r.id)).toContain(created.body.data.id);
    const all = await t.get('/biz/public/forms/type/all', { token: tok.student });
    expect(all.body.data.length).toBeGreaterThanOrEqual(1);
    const beta = await t.get('/biz/public/forms/type/all', {
      token: tok.betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(beta.body.data.map((r: { id: number }) => r.id)).not.toContain(created.body.data.id);

    const form = await saveForm({
      typeId: created.body.data.id,
      purpose: 'intake',
      name: label('Typed form'),
      columns: [{ prop: 'q1', label: label('Q1'), type: 'input' }],
    });
    expect(form.status).toBe(200);
    const ofType = await t.get(`/biz/public/forms/type/form/${created.body.data.id}`, { token: tok.student });
    expect(ofType.body.data.map((f: { id: number }) => f.id)).toEqual([form.body.data.form.id]);
    const missingType = await t.get('/biz/public/forms/type/form/999999', { token: tok.student });
    expect(missingType.status).toBe(404);
  });

  it('validates the definition with @psy/forms and names the problem', async () => {
    const dup = await saveForm({
      name: label('Broken'),
      columns: [
        { prop: 'a', label: label('A'), type: 'input' },
        { prop: 'a', label: label('A again'), type: 'input' },
      ],
    });
    expect(dup.status).toBe(400);
    expect(dup.body.data.fields[0].field).toBe('columns');
    expect(dup.body.msg).toContain('a:');
    const badType = await saveForm({
      name: label('Broken'),
      columns: [{ prop: 'a', label: label('A'), type: 'nope' }],
    });
    expect(badType.status).toBe(400);
    expect(badType.body.data.fields[0].field).toBe('columns[0].type');
    const refused = await saveForm({ name: label('Mine'), columns: [] }, tok.counsellor);
    expect(refused.status).toBe(403);
    const missing = await saveForm({ id: 999999, name: label('Gone'), columns: [] });
    expect(missing.status).toBe(404);
  });

  it('lists forms paged and whole, filtered by purpose; another school sees none of them', async () => {
    const page = await t.get('/biz/public/forms/ite?current=1&size=10&purpose=case_record', {
      token: tok.student,
    });
    expect(page.status).toBe(200);
    expect(page.body.data.records.map((f: { id: number }) => f.id)).toContain(caseFormId);
    expect(page.body.data.records.every((f: { purpose: string }) => f.purpose === 'case_record')).toBe(true);
    const all = await t.get('/biz/public/forms/ite/all?name=case', { token: tok.student });
    expect(all.body.data.map((f: { id: number }) => f.id)).toContain(caseFormId);
    const badPurpose = await t.get('/biz/public/forms/ite?purpose=nope', { token: tok.student });
    expect(badPurpose.status).toBe(400);
    expect(badPurpose.body.data.fields[0].field).toBe('purpose');
    const beta = await t.get('/biz/public/forms/ite/all', {
      token: tok.betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(beta.body.data.map((f: { id: number }) => f.id)).not.toContain(caseFormId);
    expect(beta.body.data.every((f: { purpose: string }) => f.purpose !== 'case_record')).toBe(true);
    const betaView = await t.get(`/biz/public/forms/ite/view?id=${caseFormId}`, {
      token: tok.betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(betaView.status).toBe(404);
  });
});

describe('default forms of a new school', () => {
  it('seeds the agreement form and the user-profile template, bound in the smart form settings', async () => {
    const settings = await t.get('/biz/consult/smartform/findSetting', { token: tok.student });
    const byCode = new Map(settings.body.data.map((s: { code: string }) => [s.code, s]));
    for (const code of ['agreement', 'user_profile']) {
      const setting = byCode.get(code) as { formId: number; enabled: boolean };
      expect(setting.enabled).toBe(true);
      const view = await t.get(`/biz/public/forms/ite/view?id=${setting.formId}`, { token: tok.student });
      expect(view.status).toBe(200);
      expect(view.body.data.form.purpose).toBe(code);
      expect(view.body.data.definition.version).toBe(1);
    }
    const profile = byCode.get('user_profile') as { formId: number };
    const view = await t.get(`/biz/public/forms/ite/view?id=${profile.formId}`, { token: tok.student });
    expect(view.body.data.definition.columns.map((c: { prop: string }) => c.prop)).toEqual(
      expect.arrayContaining(['username', 'realName', 'phone', 'deptId', 'sex', 'birthday', 'idCard']),
    );
  });
});

describe('answers: save, permissions, hidden fields, history [spec:S0.7.19, S0.4.7, S0.6.7, S0.3.34]', () => {
  const event = 'case-1';
  let answerId: number;
  /** The name as the counsellor receives it (masked): sent back, it keeps the stored value (S0.5.7). */
  let maskedName: string;

  it('refuses an answer about another person without a form edit permission', async () => {
    const res = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: JSON.stringify({ mood: 1 }),
    });
    expect(res.status).toBe(403);
  });

  it('refuses an invalid answer with the field and the engine text, saving nothing [spec:S0.5.13]', async () => {
    await grant('ROLE_CONSULTANT', caseFormId, true, true);
    const res = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: JSON.stringify({ note: 'first visit' }),
    });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0]).toEqual({ field: 'mood', message: 'Mood must be filled' });
    const wrong = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: JSON.stringify({ mood: 9 }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields[0].field).toBe('mood');
    const zh = await t.post(
      '/biz/public/forms/answer/save',
      { formId: caseFormId, eventSign: event, userId: studentId, answers: '{}' },
      { token: tok.counsellor, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.body.data.fields[0].message).toBe('Mood必须填写');
    const notJson = await save(tok.counsellor, { formId: caseFormId, eventSign: event, answers: '{oops' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.data.fields[0].field).toBe('answers');
    const rows = rowsOf(await t.database.db.execute(sql`select count(*)::int as n from form_answer`));
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('stores the cleaned answer as edition 1 against the current version', async () => {
    const res = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: JSON.stringify({
        mood: 2,
        note: 'first visit',
        counsellorNote: 'private',
        realName: 'Alpha Student',
        unknownKey: 'dropped',
        _required: true,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('created');
    const a = res.body.data.answer;
    answerId = a.id;
    expect(a).toMatchObject({ formVersion: 1, userId: studentId, edition: 1, signed: false, status: 1 });
    expect(a.answer.unknownKey).toBeUndefined();
    expect(a.answer._required).toBeUndefined();
    expect(a.answer.counsellorNote).toBe('private');
    // The counsellor may not see personal values unmasked (S0.5.7).
    expect(a.answer.realName).not.toBe('Alpha Student');
    expect(a.answer.realName).toContain('*');
    maskedName = a.answer.realName;
  });

  it('does not send a role-hidden field to the subject, nor let them overwrite it [spec:S0.6.7]', async () => {
    const view = await t.post('/biz/public/forms/inner/forms/answer', { answerId }, { token: tok.student });
    expect(view.status).toBe(200);
    expect(view.body.data.answer).not.toHaveProperty('counsellorNote');
    expect(view.body.data.answer.realName).toBe('Alpha Student');
    const res = await save(tok.student, {
      formId: caseFormId,
      eventSign: event,
      answers: { mood: 1, note: 'first visit', counsellorNote: 'overwritten', realName: 'Alpha Student' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('edited');
    expect(res.body.data.answer.answer).not.toHaveProperty('counsellorNote');
    expect(res.body.data.answer.answer.mood_lastValue).toBe(2);
    const stored = rowsOf<{ answer: Record<string, unknown> }>(
      await t.database.db.execute(sql`select answer from form_answer where id = ${answerId}`),
    );
    expect(stored[0]!.answer.counsellorNote).toBe('private');
    expect(stored[0]!.answer.mood).toBe(1);
  });

  it('lets someone without a permission see nothing, and another school nothing at all', async () => {
    const other = await t.post('/biz/public/forms/inner/forms/answer', { answerId }, { token: tok.subadmin });
    expect(other.status).toBe(403);
    const beta = await t.post(
      '/biz/public/forms/inner/forms/answer',
      { answerId },
      { token: tok.betaAdmin, tenantId: t.beta.tenantId },
    );
    expect(beta.status).toBe(404);
    const betaHistory = await t.post(
      `/biz/public/forms/inner/forms/${answerId}/history`,
      {},
      {
        token: tok.betaAdmin,
        tenantId: t.beta.tenantId,
      },
    );
    expect(betaHistory.status).toBe(404);
    const missing = await t.post('/biz/public/forms/inner/forms/answer', {}, { token: tok.student });
    expect(missing.status).toBe(400);
  });

  it('a signed answer changes only by an amendment with a reason, keeping the original [spec:S0.4.9]', async () => {
    const signed = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: {
        mood: 1,
        note: 'first visit',
        counsellorNote: 'private',
        realName: maskedName,
        sign_teacher: SIGNATURE,
      },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.data.answer.signed).toBe(true);
    expect(signed.body.data.answer.answer.sign_teacher_signRealName).toBe('Alpha Counsellor');

    const noReason = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: { mood: 3, note: 'first visit', counsellorNote: 'private', realName: maskedName },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.fields[0].field).toBe('reason');

    const amended = await save(tok.counsellor, {
      formId: caseFormId,
      eventSign: event,
      userId: studentId,
      answers: { mood: 3, note: 'first visit', counsellorNote: 'private', realName: maskedName },
      reason: 'mood was recorded wrongly',
    });
    expect(amended.status).toBe(200);
    expect(amended.body.data.outcome).toBe('amended');
    expect(amended.body.data.answer).toMatchObject({ amendmentCount: 1, signed: true, edition: 4 });
    // The signature as stored (re-encoded when it was given) stays as it was.
    expect(amended.body.data.answer.answer.sign_teacher).toBe(signed.body.data.answer.answer.sign_teacher);
    expect(amended.body.data.answer.answer.sign_teacher).toMatch(/^data:image\/png;base64,/);

    const edition = await t.get(
      `/biz/public/forms/inner/forms/answer/edition?answerId=${answerId}&edition=4`,
      {
        token: tok.counsellor,
      },
    );
    expect(edition.status).toBe(200);
    expect(edition.body.data).toMatchObject({ kind: 'amendment', reason: 'mood was recorded wrongly' });
    expect(edition.body.data.original.mood).toBe(1);
    expect(edition.body.data.answer.mood).toBe(3);
    expect(edition.body.data.changes.map((c: { key: string }) => c.key)).toContain('mood');
  });

  it('keeps every edition retrievable, newest first [spec:S0.3.34]', async () => {
    const history = await t.post(
      `/biz/public/forms/inner/forms/${answerId}/history`,
      {},
      { token: tok.student },
    );
    expect(history.status).toBe(200);
    expect(history.body.data.map((e: { edition: number; kind: string }) => [e.edition, e.kind])).toEqual([
      [4, 'amendment'],
      [3, 'edit'],
      [2, 'edit'],
      [1, 'create'],
    ]);
    const form = await t.post(
      `/biz/public/forms/inner/forms/${answerId}/history`,
      { current: '1' },
      {
        token: tok.student,
        form: true,
      },
    );
    expect(form.status).toBe(200);
    for (const n of [1, 2, 3, 4]) {
      const e = await t.get(
        `/biz/public/forms/inner/forms/answer/edition?answerId=${answerId}&edition=${n}`,
        {
          token: tok.student,
        },
      );
      expect(e.status).toBe(200);
      expect(e.body.data.edition).toBe(n);
      expect(e.body.data.answer).not.toHaveProperty('counsellorNote');
    }
    const first = await t.get(`/biz/public/forms/inner/forms/answer/edition?answerId=${answerId}&edition=1`, {
      token: tok.counsellor,
    });
    expect(first.body.data.answer.mood).toBe(2);
    const none = await t.get(`/biz/public/forms/inner/forms/answer/edition?answerId=${answerId}&edition=9`, {
      token: tok.student,
    });
    expect(none.status).toBe(404);
    const latest = await t.get(`/biz/public/forms/inner/forms/answer/edition?answerId=${answerId}`, {
      token: tok.student,
    });
    expect(latest.body.data.edition).toBe(4);
  });

  it('renders an answer with its own version after a new version is saved [spec:S0.3.35]', async () => {
    const v2 = await saveForm({
      id: caseFormId,
      purpose: 'case_record',
      name: label('Case record'),
      columns: [
        ...CASE_COLUMNS,
        { prop: 'followUp', label: label('Follow-up'), type: 'input', required: true },
      ],
    });
    expect(v2.status).toBe(200);
    expect(v2.body.data.definition.version).toBe(2);
    expect(v2.body.data.form.currentVersion).toBe(2);
    const old = await t.get(`/biz/public/forms/ite/view?answerId=${answerId}`, { token: tok.counsellor });
    expect(old.status).toBe(200);
    expect(old.body.data.definition.version).toBe(1);
    expect(old.body.data.definition.columns.map((c: { prop: string }) => c.prop)).not.toContain('followUp');
    expect(old.body.data.answer.id).toBe(answerId);
    expect(old.body.data.access).toMatchObject({ canView: true, canEdit: true, masked: true });
    const latest = await t.get(`/biz/public/forms/ite/view?id=${caseFormId}`, { token: tok.student });
    expect(latest.body.data.definition.version).toBe(2);
    expect(latest.body.data.answer).toBeNull();
    const stored = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from form_version where form_id = ${caseFormId}`,
      ),
    );
    expect(stored[0]!.n).toBe(2);
    // Saving the old answer again still validates against version 1 (followUp is not required there).
    const again = await save(tok.student, {
      formId: caseFormId,
      eventSign: event,
      answers: { mood: 3, note: 'first visit', realName: 'Alpha Student' },
    });
    expect(again.status).toBe(200);
    expect(again.body.data.answer.formVersion).toBe(1);
    const byEvent = await t.get(`/biz/public/forms/ite/view?formId=${caseFormId}&eventSign=${event}`, {
      token: tok.student,
    });
    expect(byEvent.body.data.answer.id).toBe(answerId);
    expect(byEvent.body.data.definition.version).toBe(1);
  });

  it('shows an old edition with the definition of its own version (`version`) [spec:S0.3.35, S0.3.34]', async () => {
    const cols = (extra: FormColumn[] = []): FormColumn[] => [
      { prop: 'topic', label: label('Topic'), type: 'input', required: true },
      ...extra,
    ];
    const v1 = await saveForm({ purpose: 'other', name: label('Versioned'), columns: cols() });
    expect(v1.status).toBe(200);
    const formId = v1.body.data.form.id as number;
    const first = await save(tok.student, { formId, eventSign: 'versioned-1', answers: { topic: 'exams' } });
    expect(first.status).toBe(200);
    const id = first.body.data.answer.id as number;
    const v2 = await saveForm({
      id: formId,
      purpose: 'other',
      name: label('Versioned'),
      columns: cols([{ prop: 'extra', label: label('Extra'), type: 'input' }]),
    });
    expect(v2.body.data.definition.version).toBe(2);
    const props = (res: { body: { data: { definition: { columns: { prop: string }[] } } } }) =>
      res.body.data.definition.columns.map((c) => c.prop);

    const byVersion = await t.get(`/biz/public/forms/ite/view?id=${formId}&version=1`, {
      token: tok.student,
    });
    expect(byVersion.status).toBe(200);
    expect(byVersion.body.data.definition.version).toBe(1);
    expect(props(byVersion)).toEqual(['topic']);
    expect(byVersion.body.data.answer).toBeNull();
    const withAnswer = await t.get(`/biz/public/forms/ite/view?answerId=${id}&version=2`, {
      token: tok.student,
    });
    expect(withAnswer.body.data.definition.version).toBe(2);
    expect(props(withAnswer)).toEqual(['topic', 'extra']);
    expect(withAnswer.body.data.answer.id).toBe(id);
    const own = await t.get(`/biz/public/forms/ite/view?answerId=${id}&version=1`, { token: tok.student });
    expect(own.body.data.definition.version).toBe(1);

    const missing = await t.get(`/biz/public/forms/ite/view?id=${formId}&version=3`, { token: tok.student });
    expect(missing.status).toBe(404);
    const bad = await t.get(`/biz/public/forms/ite/view?id=${formId}&version=0`, { token: tok.student });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('version');
    const refused = await t.get(`/biz/public/forms/ite/view?answerId=${id}&version=1`, {
      token: tok.subadmin,
    });
    expect(refused.status).toBe(403);
    const beta = await t.get(`/biz/public/forms/ite/view?id=${formId}&version=1`, {
      token: tok.betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(beta.status).toBe(404);
  });

  it('shows an administrator the unmasked answer and records the read [spec:S0.5.7]', async () => {
    const res = await t.post('/biz/public/forms/inner/forms/answer', { answerId }, { token: tok.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.answer.realName).toBe('Alpha Student');
    const log = rowsOf<{ fields: string[] }>(
      await t.database.db.execute(
        sql`select fields from personal_data_access_log where subject_id = ${studentId} and route like '%forms%'`,
      ),
    );
    expect(log.length).toBeGreaterThan(0);
    expect(log[0]!.fields).toContain('realName');
  });

  it('lists the results of an event the caller may see [spec:S0.7.20]', async () => {
    const res = await t.post(
      '/biz/consult/smartform/result',
      { eventSign: event },
      { token: tok.counsellor },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { answerId: number }) => r.answerId)).toEqual([answerId]);
    const other = await t.post(
      '/biz/consult/smartform/result',
      { eventSign: event },
      { token: tok.subadmin },
    );
    expect(other.body.data).toEqual([]);
    const bad = await t.post('/biz/consult/smartform/result', {}, { token: tok.counsellor });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('eventSign');
  });

  it('lets the application role append editions and versions but never rewrite them', async () => {
    const asApp = (q: ReturnType<typeof sql>) =>
      t.database.withTenant(t.alpha.tenantId, ({ tx }) => tx.execute(q));
    await expect(
      asApp(sql`update form_answer_edition set reason = 'x' where answer_id = ${answerId}`),
    ).rejects.toThrow();
    await expect(asApp(sql`delete from form_answer_edition where answer_id = ${answerId}`)).rejects.toThrow();
    await expect(
      asApp(sql`update form_version set definition = '{}' where form_id = ${caseFormId}`),
    ).rejects.toThrow();
  });

  it('refuses to withdraw a signed answer', async () => {
    const res = await t.post('/biz/public/forms/answer/recall', { id: answerId }, { token: tok.counsellor });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('id');
  });
});

describe('data scope [spec:S0.1.2]', () => {
  it('lets a sub-administrator with a form permission reach answers only of people in their subtree', async () => {
    const f = await saveForm({
      purpose: 'intake',
      name: label('Scoped'),
      columns: [{ prop: 'q', label: label('Question'), type: 'input' }],
    });
    const formId = f.body.data.form.id;
    await grant('ROLE_SUB_ADMIN', formId, true, true);
    const inside = await save(tok.student, { formId, eventSign: 'scope-1', answers: { q: 'student' } });
    const outside = await save(tok.counsellor, {
      formId,
      eventSign: 'scope-1',
      answers: { q: 'counsellor' },
    });
    const seeInside = await t.post(
      '/biz/public/forms/inner/forms/answer',
      { answerId: inside.body.data.answer.id },
      { token: tok.subadmin },
    );
    expect(seeInside.status).toBe(200);
    const seeOutside = await t.post(
      '/biz/public/forms/inner/forms/answer',
      { answerId: outside.body.data.answer.id },
      { token: tok.subadmin },
    );
    expect(seeOutside.status).toBe(403);
    const writeOutside = await save(tok.subadmin, {
      formId,
      eventSign: 'scope-2',
      userId: counsellorId,
      answers: { q: 'x' },
    });
    expect(writeOutside.status).toBe(403);
    const writeInside = await save(tok.subadmin, {
      formId,
      eventSign: 'scope-2',
      userId: studentId,
      answers: { q: 'x' },
    });
    expect(writeInside.status).toBe(200);
    const results = await t.post(
      '/biz/consult/smartform/result',
      { eventSign: 'scope-1' },
      { token: tok.subadmin },
    );
    expect(results.body.data.map((r: { userId: number }) => r.userId)).toEqual([studentId]);
  });
});

describe('recall [spec:S0.7.19]', () => {
  it('withdraws an unsigned answer, keeps its editions, and a later save reopens it', async () => {
    const f = await saveForm({
      purpose: 'intake',
      name: label('Intake'),
      columns: [{ prop: 'q', label: label('Question'), type: 'input', required: true }],
    });
    const formId = f.body.data.form.id;
    const created = await save(tok.student, { formId, eventSign: 'intake-1', answers: { q: 'hello' } });
    const id = created.body.data.answer.id;
    const notMine = await t.post('/biz/public/forms/answer/recall', { id }, { token: tok.counsellor });
    expect(notMine.status).toBe(403);
    const res = await t.post(
      '/biz/public/forms/answer/recall',
      { id, reason: 'sent by mistake' },
      { token: tok.student },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 0, edition: 2 });
    const history = await t.post(`/biz/public/forms/inner/forms/${id}/history`, {}, { token: tok.student });
    expect(history.body.data[0]).toMatchObject({ kind: 'recall', reason: 'sent by mistake' });
    const reopened = await save(tok.student, { formId, eventSign: 'intake-1', answers: { q: 'hello' } });
    expect(reopened.body.data).toMatchObject({ outcome: 'edited', answer: { status: 1, edition: 3 } });
    const unchanged = await save(tok.student, { formId, eventSign: 'intake-1', answers: { q: 'hello' } });
    expect(unchanged.body.data.outcome).toBe('unchanged');
    const beta = await t.post(
      '/biz/public/forms/answer/recall',
      { id },
      { token: tok.betaAdmin, tenantId: t.beta.tenantId },
    );
    expect(beta.status).toBe(404);
  });
});

describe('smart form: settings, grading, scale results [spec:S0.7.20, S0.4.10, S0.9.3, S0.5.12]', () => {
  it('saves and finds the form bound to a business use; saving needs admin_form_edit', async () => {
    const saved = await t.post(
      '/biz/consult/smartform/saveSetting',
      { code: 'case_record', formId: caseFormId, gradeMode: 'star' },
      { token: tok.admin },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      code: 'case_record',
      formId: caseFormId,
      enabled: true,
      gradeMode: 'star',
    });
    const refused = await t.post(
      '/biz/consult/smartform/saveSetting',
      { code: 'case_record', formId: caseFormId },
      { token: tok.counsellor },
    );
    expect(refused.status).toBe(403);
    const missing = await t.post(
      '/biz/consult/smartform/saveSetting',
      { code: 'case_record', formId: 999999 },
      {
        token: tok.admin,
      },
    );
    expect(missing.status).toBe(404);
    const bad = await t.post(
      '/biz/consult/smartform/saveSetting',
      { code: 'nope', formId: null },
      { token: tok.admin },
    );
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('code');
    const found = await t.get('/biz/consult/smartform/findSetting?code=case_record', { token: tok.student });
    expect(found.body.data).toEqual([expect.objectContaining({ formId: caseFormId, gradeMode: 'star' })]);
    const all = await t.get('/biz/consult/smartform/findSetting', { token: tok.student });
    expect(all.body.data.length).toBeGreaterThan(5);
    const beta = await t.get('/biz/consult/smartform/findSetting?code=case_record', {
      token: tok.betaAdmin,
      tenantId: t.beta.tenantId,
    });
    expect(beta.body.data[0].formId).toBeNull();
  });

  it('grades against the latest scale result; explanation required only when inconsistent', async () => {
    const f = await saveForm({
      purpose: 'case_record',
      name: label('Graded record'),
      columns: [columnFromLibrary('gradingResults')],
    });
    const formId = f.body.data.form.id;
    await grant('ROLE_CONSULTANT', formId, true, true);

    const noScale = await t.get(`/biz/consult/smartform/gradeResultCalc?userId=${studentId}&grade=3`, {
      token: tok.counsellor,
    });
    expect(noScale.body.data).toMatchObject({
      gradeResult_result: 1,
      systemGrade: null,
      explanationRequired: false,
    });

    const scale = await t.post(
      '/biz/consult/smartform/saveScaleResult',
      { userId: studentId, scaleName: 'SCL-90', score: 85 },
      { token: tok.counsellor },
    );
    expect(scale.status).toBe(200);
    expect(scale.body.data).toMatchObject({ riskGrade: 1, score: 85 });
    const badScore = await t.post(
      '/biz/consult/smartform/saveScaleResult',
      { userId: studentId, scaleName: 'SCL-90', score: 120 },
      { token: tok.counsellor },
    );
    expect(badScore.status).toBe(400);
    expect(badScore.body.data.fields[0].field).toBe('score');
    const selfGrade = await t.get(`/biz/consult/smartform/gradeResultCalc?userId=${studentId}&grade=1`, {
      token: tok.student,
    });
    expect(selfGrade.status).toBe(403);
    const noPerm = await t.post(
      '/biz/consult/smartform/saveScaleResult',
      { userId: counsellorId, scaleName: 'X', score: 10 },
      { token: tok.student },
    );
    expect(noPerm.status).toBe(403);

    const inconsistent = await t.get(`/biz/consult/smartform/gradeResultCalc?userId=${studentId}&grade=3`, {
      token: tok.counsellor,
    });
    expect(inconsistent.body.data).toMatchObject({
      gradeResult_result: 0,
      systemGrade: 1,
      explanationRequired: true,
    });
    const consistent = await t.get(`/biz/consult/smartform/gradeResultCalc?userId=${studentId}&grade=1`, {
      token: tok.counsellor,
    });
    expect(consistent.body.data.gradeResult_result).toBe(1);
    const badGrade = await t.get(`/biz/consult/smartform/gradeResultCalc?userId=${studentId}&grade=5`, {
      token: tok.counsellor,
    });
    expect(badGrade.status).toBe(400);

    // The verdict is the server's: a client's gradeResult_result is ignored.
    const withoutDesc = await save(tok.counsellor, {
      formId,
      eventSign: 'grade-1',
      userId: studentId,
      answers: { gradingResults: 3, gradeResult_result: 1 },
    });
    expect(withoutDesc.status).toBe(400);
    expect(withoutDesc.body.data.fields[0].field).toBe('gradingResultsDesc');
    const withDesc = await save(tok.counsellor, {
      formId,
      eventSign: 'grade-1',
      userId: studentId,
      answers: { gradingResults: 3, gradingResultsDesc: 'seen in person: calmer than the scale says' },
    });
    expect(withDesc.status).toBe(200);
    expect(withDesc.body.data.answer.answer.gradeResult_result).toBe(0);
    const agrees = await save(tok.counsellor, {
      formId,
      eventSign: 'grade-2',
      userId: studentId,
      answers: { gradingResults: 1 },
    });
    expect(agrees.status).toBe(200);
    expect(agrees.body.data.answer.answer.gradeResult_result).toBe(1);
  });
});

describe('files of an answer [spec:S0.7.19]', () => {
  it('answers a file only to who may see the answer holding it', async () => {
    const key = `${t.alpha.tenantId}/forms/attachment-1`;
    fs.mkdirSync(path.join(DATA_DIR, 'files', String(t.alpha.tenantId), 'forms'), { recursive: true });
    fs.writeFileSync(path.join(DATA_DIR, 'files', ...key.split('/')), 'file bytes');
    const f = await saveForm({
      purpose: 'intake',
      name: label('With file'),
      columns: [{ prop: 'attachment', label: label('Attachment'), type: 'input' }],
    });
    const saved = await save(tok.student, {
      formId: f.body.data.form.id,
      eventSign: 'file-1',
      answers: { attachment: key },
    });
    const answerId = saved.body.data.answer.id;
    const url = `/biz/download/downloadFile/${encodeURIComponent(key)}`;
    const ok = await t.post(url, { answerId }, { token: tok.student });
    expect(ok.status).toBe(200);
    expect(ok.raw).toBe('file bytes');
    const other = await t.post(url, { answerId }, { token: tok.counsellor });
    expect(other.status).toBe(403);
    const notInAnswer = await t.post(
      `/biz/download/downloadFile/${encodeURIComponent(`${t.alpha.tenantId}/forms/other`)}`,
      { answerId },
      { token: tok.student },
    );
    expect(notInAnswer.status).toBe(404);
    const badKey = await t.post('/biz/download/downloadFile/..%2Fetc', { answerId }, { token: tok.student });
    expect(badKey.status).toBe(400);
    expect(badKey.body.data.fields[0].field).toBe('file');
  });
});

describe('every call: signed-in only, input named on refusal [spec:S0.7.19, S0.7.20]', () => {
  const calls: [string, string, unknown, string][] = [
    ['GET', '/biz/public/forms/type?size=1000', undefined, 'size'],
    ['GET', '/biz/public/forms/type/all', undefined, ''],
    ['POST', '/biz/public/forms/type', { sort: 1 }, 'name'],
    ['GET', '/biz/public/forms/ite?current=0', undefined, 'current'],
    ['GET', '/biz/public/forms/ite/all?typeId=x', undefined, 'typeId'],
    ['GET', '/biz/public/forms/type/form/abc', undefined, 'id'],
    ['POST', '/biz/public/forms/ite', { name: { 'zh-CN': 'a', 'en-US': 'a' } }, 'columns'],
    ['GET', '/biz/public/forms/ite/view', undefined, 'id'],
    ['POST', '/biz/public/forms/inner/forms/answer', { formId: 1 }, 'answerId'],
    ['GET', '/biz/public/forms/inner/forms/answer/edition?edition=1', undefined, 'answerId'],
    ['POST', '/biz/public/forms/inner/forms/0/history', {}, 'id'],
    ['POST', '/biz/public/forms/answer/save', { formId: 1, answers: '{}' }, 'eventSign'],
    ['POST', '/biz/public/forms/answer/recall', {}, 'id'],
    ['POST', '/biz/download/downloadFile/abc', {}, 'answerId'],
    ['GET', '/biz/consult/smartform/findSetting?code=nope', undefined, 'code'],
    ['POST', '/biz/consult/smartform/saveSetting', { code: 'intake' }, 'formId'],
    ['GET', '/biz/consult/smartform/gradeResultCalc?grade=1', undefined, 'userId'],
    ['POST', '/biz/consult/smartform/result', { eventSign: '' }, 'eventSign'],
    ['POST', '/biz/consult/smartform/saveScaleResult', { userId: 1, score: 50 }, 'scaleName'],
  ];

  it('answers 401 without a login', async () => {
    for (const [method, url, body] of calls) {
      const res = await t.request(method, url, body);
      expect(res.status, `${method} ${url}`).toBe(401);
    }
  });

  it('answers 400 naming the field for bad input', async () => {
    for (const [method, url, body, field] of calls) {
      if (!field) continue;
      const res = await t.request(method, url, body, { token: tok.admin });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(res.body.data.fields[0].field, `${method} ${url}`).toBe(field);
    }
  });
});

describe('options switched off in the builder [spec:S0.3.35]', () => {
  it('refuses a switched-off option in a new answer, naming the field; the other options stay open', async () => {
    const form = await saveForm({
      purpose: 'questionnaire',
      name: label('Switched-off option'),
      columns: [
        {
          prop: 'place',
          label: label('Place'),
          type: 'radio',
          dicData: [option(1, 'Library'), { ...option(2, 'Old building'), disabled: true }],
        },
      ],
    });
    expect(form.status).toBe(200);
    const formId = form.body.data.form.id;
    const refused = await save(tok.student, { formId, eventSign: 'off-1', answers: { place: 2 } });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0].field).toBe('place');
    const accepted = await save(tok.student, { formId, eventSign: 'off-1', answers: { place: 1 } });
    expect(accepted.status).toBe(200);
    // Another school does not see the form at all.
    const beta = await t.post(
      '/biz/public/forms/answer/save',
      { formId, eventSign: 'off-1', answers: { place: 1 } },
      { token: tok.betaAdmin, tenantId: t.beta.tenantId, ...EN },
    );
    expect(beta.status).toBe(404);
  });
});

describe('signatures given in an answer are uploads [spec:S0.4.9]', () => {
  let formId: number;
  const answerWith = (eventSign: string, sign_teacher: string) =>
    save(tok.counsellor, { formId, eventSign, userId: studentId, answers: { note: 'n', sign_teacher } });

  it('stores a PNG with a ZIP or HTML appended without it, re-encoded', async () => {
    const form = await saveForm({
      purpose: 'case_record',
      name: label('Signed note'),
      columns: [{ prop: 'note', label: label('Note'), type: 'textarea' }, columnFromLibrary('sign_teacher')],
    });
    expect(form.status, form.raw).toBe(200);
    formId = form.body.data.form.id;
    await grant('ROLE_CONSULTANT', formId, true, true);
    const polyglot = Buffer.concat([
      Buffer.from(SIGNATURE.split(',')[1]!, 'base64'),
      Buffer.from('PK\x03\x04<html><script>alert(1)</script></html>', 'latin1'),
    ]);
    const res = await answerWith('sig-upload-1', `data:image/png;base64,${polyglot.toString('base64')}`);
    expect(res.status, res.raw).toBe(200);
    const stored = Buffer.from(res.body.data.answer.answer.sign_teacher.split(',')[1], 'base64');
    expect(stored.includes(Buffer.from('PK\x03\x04', 'latin1'))).toBe(false);
    expect(stored.includes(Buffer.from('<script>'))).toBe(false);
    expect(stored.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  });

  it('refuses a signature that is not a PNG or JPEG image, naming the field', async () => {
    for (const bad of [
      'javascript:alert(1)',
      `data:image/png;base64,${Buffer.from('<html><script>x</script></html>').toString('base64')}`,
    ]) {
      const res = await answerWith('sig-upload-2', bad);
      expect(res.status).toBe(400);
      expect(res.body.data.fields[0].field).toBe('sign_teacher');
    }
  });
});
