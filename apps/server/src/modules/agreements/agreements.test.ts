import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;
let tokens: { student: string; admin: string; teacher: string; beta: string };

/** The seeded agreement form of each school (forms.seed.ts: purpose 'agreement', bound and on). */
let formIds: { alpha: number; beta: number };

beforeAll(async () => {
  t = await createTestContext();
  const forms = rowsOf<{ tenant_id: number; id: number }>(
    await t.database.db.execute(sql`select tenant_id, id from form where purpose = 'agreement' order by id`),
  );
  const idOf = (tenantId: number) => Number(forms.find((f) => Number(f.tenant_id) === tenantId)!.id);
  formIds = { alpha: idOf(t.alpha.tenantId), beta: idOf(t.beta.tenantId) };
  tokens = {
    student: await t.tokenFor('student'),
    admin: await t.tokenFor('admin'),
    teacher: await t.tokenFor('teacher'),
    beta: await t.tokenFor('student', t.beta.tenantId),
  };
});
afterAll(() => t?.close());

async function setAgreement(tenantId: number, enable: boolean, value: Record<string, unknown>) {
  await t.database.db.execute(sql`
    insert into setting (tenant_id, type, enable, value)
    values (${tenantId}, 'agreementSetting', ${enable}, ${JSON.stringify(value)}::jsonb)
    on conflict (tenant_id, type) do update set enable = excluded.enable, value = excluded.value`);
}

const CONSENT = {
  'zh-CN': { title: '心理咨询知情同意书', content: '保密原则……' },
  'en-US': { title: 'Informed consent', content: 'Confidentiality...' },
};

beforeEach(async () => {
  await t.database.db.execute(sql`delete from agreement_record`);
  await t.database.db.execute(sql`delete from setting where type = 'agreementSetting'`);
  await setAgreement(t.alpha.tenantId, true, {
    userRoleId: [t.alpha.roleIds.ROLE_GENERAL, t.alpha.roleIds.ROLE_SUPERVISOR],
    locales: CONSENT,
  });
});

const mine = (token: string, headers: Record<string, string> = {}) =>
  t.get('/admin/agreement/mine', { token, headers });

/** Saves the agreement form's answer through the forms call, as the dialog does; answers its id. */
async function answerAgreement(
  token: string,
  userId: number,
  answers: Record<string, unknown> = { agree: 1 },
  headers: { tenantId?: number } = {},
) {
  const formId = headers.tenantId === t.beta.tenantId ? formIds.beta : formIds.alpha;
  const res = await t.post(
    '/biz/public/forms/answer/save',
    { formId, eventSign: `agreement:${userId}`, answers },
    { token, ...headers },
  );
  expect(res.status, res.raw).toBe(200);
  return Number(res.body.data.answer.id);
}

const records = async () =>
  rowsOf<Record<string, unknown>>(
    await t.database.db.execute(
      sql`select user_id, form_name, form_id, form_answer_id from agreement_record order by id`,
    ),
  );

describe('start-up agreement [spec:S0.4.1] [spec:S0.3.12] [spec:S0.7.15] [spec:S0.2.23]', () => {
  it('must be agreed by a user whose role is listed, with the text in the caller language', async () => {
    const zh = await mine(tokens.student);
    expect(zh.status).toBe(200);
    expect(zh.body.data).toEqual({
      mustAgree: true,
      agreed: false,
      agreedAt: null,
      formName: 'startupAgreement',
      title: '心理咨询知情同意书',
      content: '保密原则……',
      form: { formId: formIds.alpha },
    });
    const en = await mine(tokens.student, { 'accept-language': 'en-US' });
    expect(en.body.data).toMatchObject({ title: 'Informed consent', content: 'Confidentiality...' });
    // Any one of the user's roles counts (the teacher is a consultant and a supervisor).
    expect((await mine(tokens.teacher)).body.data.mustAgree).toBe(true);
  });

  it('is not required from users whose roles are not listed, nor when the setting is off or missing', async () => {
    expect((await mine(tokens.admin)).body.data).toMatchObject({ mustAgree: false, agreed: false });
    await setAgreement(t.alpha.tenantId, false, {
      userRoleId: [t.alpha.roleIds.ROLE_GENERAL],
      locales: CONSENT,
    });
    expect((await mine(tokens.student)).body.data.mustAgree).toBe(false);
    await t.database.db.execute(sql`delete from setting where type = 'agreementSetting'`);
    expect((await mine(tokens.student)).body.data).toEqual({
      mustAgree: false,
      agreed: false,
      agreedAt: null,
      formName: 'startupAgreement',
      title: '',
      content: '',
      form: null,
    });
    // A malformed setting value counts as switched off rather than failing the start-up.
    await setAgreement(t.alpha.tenantId, true, { userRoleId: 'everyone' });
    const broken = await mine(tokens.student);
    expect(broken.status).toBe(200);
    expect(broken.body.data.mustAgree).toBe(false);
  });

  it('saving records the agreement once; afterwards it is no longer required', async () => {
    const answerId = await answerAgreement(tokens.student, t.alpha.userIds.student!);
    const save = await t.post(
      '/admin/agreement/save',
      {
        userId: t.alpha.userIds.student,
        formName: 'startupAgreement',
        formId: formIds.alpha,
        formAnswerId: answerId,
      },
      { token: tokens.student },
    );
    expect(save.status, save.raw).toBe(200);
    expect(save.body.data.formName).toBe('startupAgreement');
    const after = await mine(tokens.student);
    expect(after.body.data).toMatchObject({
      mustAgree: false,
      agreed: true,
      agreedAt: save.body.data.agreedAt,
    });

    const again = await t.post(
      '/admin/agreement/save',
      { formName: 'startupAgreement', formAnswerId: answerId },
      { token: tokens.student },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.agreedAt).toBe(save.body.data.agreedAt);
    expect(await records()).toEqual([
      {
        user_id: expect.anything(),
        form_name: 'startupAgreement',
        form_id: expect.anything(),
        form_answer_id: expect.anything(),
      },
    ]);
    const [row] = await records();
    expect([Number(row!.user_id), Number(row!.form_id), Number(row!.form_answer_id)]).toEqual([
      t.alpha.userIds.student,
      formIds.alpha,
      answerId,
    ]);
    // Another user still has to agree.
    expect((await mine(tokens.teacher)).body.data.mustAgree).toBe(true);
  });

  it('follows the form name the setting gives', async () => {
    await setAgreement(t.alpha.tenantId, true, {
      userRoleId: [t.alpha.roleIds.ROLE_GENERAL],
      formName: 'consent2026',
      title: 'Consent',
      content: 'Text',
    });
    const formAnswerId = await answerAgreement(tokens.student, t.alpha.userIds.student!);
    await t.post(
      '/admin/agreement/save',
      { formName: 'startupAgreement', formAnswerId },
      { token: tokens.student },
    );
    expect((await mine(tokens.student)).body.data).toMatchObject({
      formName: 'consent2026',
      mustAgree: true,
      title: 'Consent',
    });
    await t.post(
      '/admin/agreement/save',
      { formName: 'consent2026', formAnswerId },
      { token: tokens.student },
    );
    expect((await mine(tokens.student)).body.data.mustAgree).toBe(false);
  });

  it('refuses to record an agreement for another user with 403, recording nothing', async () => {
    const res = await t.post(
      '/admin/agreement/save',
      { userId: t.alpha.userIds.admin, formName: 'startupAgreement' },
      { token: tokens.student },
    );
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(403);
    expect(await records()).toEqual([]);
  });

  it('refuses bad input with 400 naming the field, recording nothing', async () => {
    for (const [body, field] of [
      [{}, 'formName'],
      [{ formName: '   ' }, 'formName'],
      [{ formName: 'x'.repeat(101) }, 'formName'],
      [{ formName: 'a\u0000b' }, 'formName'],
      [{ formName: 'ok', formId: 'seven' }, 'formId'],
      [{ formName: 'ok', formAnswerId: -1 }, 'formAnswerId'],
      [{ formName: 'ok', userId: 0 }, 'userId'],
    ] as const) {
      const res = await t.post('/admin/agreement/save', body, { token: tokens.student });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    expect(await records()).toEqual([]);
  });

  it('requires a login, and each school has its own setting and records', async () => {
    expect((await t.get('/admin/agreement/mine')).status).toBe(401);
    expect((await t.post('/admin/agreement/save', { formName: 'startupAgreement' })).status).toBe(401);
    const beta = { token: tokens.beta, tenantId: t.beta.tenantId };
    // Beta has no agreement setting: alpha's does not apply there.
    expect((await t.get('/admin/agreement/mine', beta)).body.data.mustAgree).toBe(false);
    await t.post('/admin/agreement/save', { formName: 'startupAgreement' }, beta);
    expect((await mine(tokens.student)).body.data).toMatchObject({ mustAgree: true, agreed: false });
  });
});

describe('the agreement form in the start-up dialog [spec:S0.4.1] [spec:S0.3.12] [spec:S0.7.15]', () => {
  const setBinding = (enabled: boolean) =>
    t.database.db.execute(
      sql`update smart_form_setting set enabled = ${enabled} where tenant_id = ${t.alpha.tenantId} and code = 'agreement'`,
    );
  const setFormEnabled = (enabled: boolean) =>
    t.database.db.execute(sql`update form set enabled = ${enabled} where id = ${formIds.alpha}`);

  it("names the school's agreement form only while it is bound and switched on", async () => {
    expect((await mine(tokens.student)).body.data.form).toEqual({ formId: formIds.alpha });
    // Nobody who need not agree is sent a form.
    expect((await mine(tokens.admin)).body.data.form).toBeNull();
    await setBinding(false);
    try {
      expect((await mine(tokens.student)).body.data).toMatchObject({ mustAgree: true, form: null });
    } finally {
      await setBinding(true);
    }
    await setFormEnabled(false);
    try {
      expect((await mine(tokens.student)).body.data).toMatchObject({ mustAgree: true, form: null });
    } finally {
      await setFormEnabled(true);
    }
  });

  it('the form answer without the required agreement is refused by the forms call, naming it', async () => {
    const res = await t.post(
      '/biz/public/forms/answer/save',
      { formId: formIds.alpha, eventSign: `agreement:${t.alpha.userIds.student}`, answers: {} },
      { token: tokens.student, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('agree');
  });

  it('refuses a form that is not an agreement form, or an answer not by or about the user, with 400 naming the field', async () => {
    const adminAnswer = await answerAgreement(tokens.admin, t.alpha.userIds.admin!);
    const betaAnswer = await answerAgreement(
      tokens.beta,
      t.beta.userIds.student!,
      { agree: 1 },
      {
        tenantId: t.beta.tenantId,
      },
    );
    const [profileForm] = rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from form where tenant_id = ${t.alpha.tenantId} and purpose = 'user_profile'`,
      ),
    );
    const mineAnswer = await answerAgreement(tokens.student, t.alpha.userIds.student!);
    for (const [body, field] of [
      [{ formId: 999_999 }, 'formId'],
      [{ formId: Number(profileForm!.id) }, 'formId'],
      [{ formId: formIds.beta }, 'formId'],
      [{ formAnswerId: 999_999 }, 'formAnswerId'],
      [{ formId: formIds.alpha, formAnswerId: adminAnswer }, 'formAnswerId'],
      [{ formAnswerId: betaAnswer }, 'formAnswerId'],
    ] as const) {
      const res = await t.post(
        '/admin/agreement/save',
        { formName: 'startupAgreement', ...body },
        { token: tokens.student },
      );
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe(field);
    }
    expect(await records()).toEqual([]);
    expect((await mine(tokens.student)).body.data.mustAgree).toBe(true);

    // The user's own answer: recorded with the form taken from the answer.
    const ok = await t.post(
      '/admin/agreement/save',
      { formName: 'startupAgreement', formAnswerId: mineAnswer },
      { token: tokens.student },
    );
    expect(ok.status, ok.raw).toBe(200);
    const [row] = await records();
    expect([Number(row!.form_id), Number(row!.form_answer_id)]).toEqual([formIds.alpha, mineAnswer]);
    // The administrators' list links each consent to its saved answer.
    const list = await t.post('/admin/agreement/list', { current: 1, size: 10 }, { token: tokens.admin });
    expect(list.body.data.records[0]).toMatchObject({ formId: formIds.alpha, formAnswerId: mineAnswer });
  });

  it('refuses an answer of another agreement form than the bound one, recording nothing', async () => {
    const other = await t.post(
      '/biz/public/forms/ite',
      {
        purpose: 'agreement',
        name: { 'zh-CN': '旧的同意书', 'en-US': 'An older consent' },
        columns: [{ prop: 'ok', label: { 'zh-CN': '同意', 'en-US': 'Agree' }, type: 'input' }],
      },
      { token: tokens.admin },
    );
    expect(other.status, other.raw).toBe(200);
    const otherFormId = Number(other.body.data.form.id);
    const answer = await t.post(
      '/biz/public/forms/answer/save',
      { formId: otherFormId, eventSign: `agreement:${t.alpha.userIds.student}`, answers: { ok: 'yes' } },
      { token: tokens.student },
    );
    expect(answer.status, answer.raw).toBe(200);
    for (const body of [
      { formAnswerId: Number(answer.body.data.answer.id) },
      { formId: otherFormId, formAnswerId: Number(answer.body.data.answer.id) },
    ]) {
      const res = await t.post(
        '/admin/agreement/save',
        { formName: 'startupAgreement', ...body },
        { token: tokens.student },
      );
      expect(res.status, res.raw).toBe(400);
      expect(res.body.data.fields[0].field).toBe('formAnswerId');
    }
    expect(await records()).toEqual([]);
    expect((await mine(tokens.student)).body.data.mustAgree).toBe(true);
  });

  it('refuses a bare consent while a form is bound: the form must be submitted first', async () => {
    const bare = await t.post(
      '/admin/agreement/save',
      { formName: 'startupAgreement' },
      { token: tokens.student },
    );
    expect(bare.status).toBe(400);
    expect(bare.body.data.fields[0].field).toBe('formAnswerId');
    expect(await records()).toEqual([]);
    // Without a bound form the setting's text alone is the agreement.
    await setBinding(false);
    try {
      const ok = await t.post(
        '/admin/agreement/save',
        { formName: 'startupAgreement' },
        { token: tokens.student },
      );
      expect(ok.status, ok.raw).toBe(200);
      expect((await mine(tokens.student)).body.data.mustAgree).toBe(false);
    } finally {
      await setBinding(true);
    }
  });

  it('refuses a withdrawn answer, recording nothing', async () => {
    const answerId = await answerAgreement(tokens.teacher, t.alpha.userIds.teacher!);
    const recall = await t.post(
      '/biz/public/forms/answer/recall',
      { id: answerId },
      { token: tokens.teacher },
    );
    expect(recall.status, recall.raw).toBe(200);
    const res = await t.post(
      '/admin/agreement/save',
      { formName: 'startupAgreement', formId: formIds.alpha, formAnswerId: answerId },
      { token: tokens.teacher },
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('formAnswerId');
    expect(await records()).toEqual([]);
    // Saving it again reopens it; then the agreement is recorded.
    await answerAgreement(tokens.teacher, t.alpha.userIds.teacher!);
    const ok = await t.post(
      '/admin/agreement/save',
      { formName: 'startupAgreement', formId: formIds.alpha, formAnswerId: answerId },
      { token: tokens.teacher },
    );
    expect(ok.status, ok.raw).toBe(200);
  });

  it("lets an agreement administrator read a consent's answer, read-only, and no other form's answers", async () => {
    const answerId = await answerAgreement(tokens.student, t.alpha.userIds.student!);
    const subadmin = await t.tokenFor('subadmin');
    const view = () => t.get(`/biz/public/forms/ite/view?answerId=${answerId}`, { token: subadmin });
    expect((await view()).status).toBe(403);
    await t.database.db.execute(sql`
      insert into role_menu (tenant_id, role_id, menu_id)
      select m.tenant_id, ${t.alpha.roleIds.ROLE_SUB_ADMIN!}, m.id from menu m
      where m.tenant_id = ${t.alpha.tenantId} and m.permission = 'sys_agreement'`);
    try {
      const res = await view();
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.access).toMatchObject({ canView: true, canEdit: false });
      // The key opens agreement answers only: a user-profile answer stays closed.
      const [profileForm] = rowsOf<{ id: number }>(
        await t.database.db.execute(
          sql`select id from form where tenant_id = ${t.alpha.tenantId} and purpose = 'user_profile'`,
        ),
      );
      const student = t.alpha.userIds.student!;
      const [other] = rowsOf<{ id: number }>(
        await t.database.db.execute(sql`
          insert into form_answer (tenant_id, form_id, form_version, user_id, event_sign, answer, created_by, updated_by)
          values (${t.alpha.tenantId}, ${Number(profileForm!.id)}, 1, ${student}, 'profile-check', '{}'::jsonb,
            ${student}, ${student})
          returning id`),
      );
      const otherView = await t.get(`/biz/public/forms/ite/view?answerId=${Number(other!.id)}`, {
        token: subadmin,
      });
      expect(otherView.status).toBe(403);
    } finally {
      await t.database.db.execute(sql`delete from role_menu where tenant_id = ${t.alpha.tenantId}
        and role_id = ${t.alpha.roleIds.ROLE_SUB_ADMIN!}
        and menu_id in (select id from menu where permission = 'sys_agreement')`);
    }
  });
});
