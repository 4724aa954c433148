import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPTION_LISTS, columnFromLibrary, type FormColumn } from '@psy/forms';
import { createTestContext, type TestContext } from '../../test/harness';
import { OPTION_LIST_LOADERS, listPathsWithoutLoader } from './forms.option-lists';

const EN = { headers: { 'accept-language': 'en-US' } };
const label = (en: string) => ({ 'zh-CN': en, 'en-US': en });

let t: TestContext;
let tok: { admin: string; student: string; betaAdmin: string };
let formId: number;
let betaFormId: number;

const COLUMNS: FormColumn[] = [
  columnFromLibrary('deptId'),
  { prop: 'note', label: label('Note'), type: 'textarea' },
  columnFromLibrary('transferTo'),
  columnFromLibrary('transferToType'),
  columnFromLibrary('transferToConsultant'),
  columnFromLibrary('interviewAssessResult', { required: false }),
];

const save = (
  token: string,
  form: number,
  answers: Record<string, unknown>,
  eventSign = 'self',
  tenantId?: number,
) =>
  t.post(
    '/biz/public/forms/answer/save',
    { formId: form, eventSign, answers: JSON.stringify(answers) },
    { token, ...EN, ...(tenantId !== undefined ? { tenantId } : {}) },
  );

beforeAll(async () => {
  t = await createTestContext();
  tok = {
    admin: await t.tokenFor('admin'),
    student: await t.tokenFor('student'),
    betaAdmin: await t.tokenFor('admin', t.beta.tenantId),
  };
  const created = await t.post(
    '/biz/public/forms/ite',
    { purpose: 'case_record', name: label('Lists'), columns: COLUMNS },
    { token: tok.admin, ...EN },
  );
  expect(created.status).toBe(200);
  formId = created.body.data.form.id;
  const beta = await t.post(
    '/biz/public/forms/ite',
    { purpose: 'case_record', name: label('Lists'), columns: COLUMNS },
    { token: tok.betaAdmin, tenantId: t.beta.tenantId, ...EN },
  );
  betaFormId = beta.body.data.form.id;
});
afterAll(async () => {
  await t?.close();
});

describe('option lists by path on save [spec:S0.7.21, S0.3.3, S0.3.28]', () => {
  it('every list path of the table is either wired to a loader or written down as not yet', () => {
    const paths = Object.keys(OPTION_LISTS);
    expect(Object.keys(OPTION_LIST_LOADERS).every((p) => paths.includes(p))).toBe(true);
    expect(listPathsWithoutLoader()).toEqual([]);
    expect(Object.keys(OPTION_LIST_LOADERS).sort()).toEqual([...paths].sort());
  });

  it('accepts a department of the school tree (a child node too)', async () => {
    const res = await save(tok.admin, formId, { deptId: t.alpha.deptIds['Class 2024'], note: 'n' });
    expect(res.status).toBe(200);
    expect(res.body.data.answer.answer.deptId).toBe(t.alpha.deptIds['Class 2024']);
  });

  it('refuses a department that is not in the loaded tree with 400 naming the field, saving nothing', async () => {
    const res = await save(tok.admin, formId, { deptId: 999_999 }, 'other-event');
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('deptId');
    const zh = await t.post(
      '/biz/public/forms/answer/save',
      { formId, eventSign: 'other-event', answers: JSON.stringify({ deptId: 999_999 }) },
      { token: tok.admin, headers: { 'accept-language': 'zh-CN' } },
    );
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields[0].field).toBe('deptId');
    const view = await t.get(
      `/biz/public/forms/ite/view?id=${formId}&formId=${formId}&eventSign=other-event`,
      { token: tok.admin, ...EN },
    );
    expect(view.body.data.answer ?? null).toBeNull();
  });

  it("another school's department is not in this school's tree", async () => {
    const res = await save(
      tok.betaAdmin,
      betaFormId,
      { deptId: t.alpha.deptIds['Engineering'] },
      'self',
      t.beta.tenantId,
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('deptId');
    const ok = await save(
      tok.betaAdmin,
      betaFormId,
      { deptId: Object.values(t.beta.deptIds)[0] },
      'self',
      t.beta.tenantId,
    );
    expect(ok.status).toBe(200);
  });

  it('a field the caller may not edit is not taken from them, whatever its value [spec:S0.6.7]', async () => {
    const res = await save(tok.student, formId, { deptId: 999_999, note: 'mine' });
    expect(res.status).toBe(200);
    expect(res.body.data.answer.answer.deptId).toBeUndefined();
  });

  it('free counsellors of the chosen referral type: a listed one is taken, another refused naming the field', async () => {
    const counsellorId = t.alpha.userIds.counsellor!;
    const set = await t.post(
      '/biz/consult/workforce/workForTeacher',
      { userId: counsellorId, categoryIds: [2], accepting: true },
      { token: tok.admin, ...EN },
    );
    expect(set.status).toBe(200);
    const answers = {
      deptId: t.alpha.deptIds['Engineering'],
      transferTo: 2,
      transferToType: 2,
      transferToConsultant: String(counsellorId),
    };
    const ok = await save(tok.admin, formId, answers, 'transfer');
    expect(ok.status).toBe(200);
    expect(ok.body.data.answer.answer.transferToConsultant).toBe(String(counsellorId));
    // Single sessions (10): the counsellor does not work that category.
    const other = await save(tok.admin, formId, { ...answers, transferToType: 10 }, 'transfer');
    expect(other.status).toBe(400);
    expect(other.body.data.fields[0].field).toBe('transferToConsultant');
    const unknown = await save(
      tok.admin,
      formId,
      { ...answers, transferToConsultant: '999999' },
      'transfer-2',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.data.fields[0].field).toBe('transferToConsultant');
  });

  it('keeps the label a list value was saved with: a counsellor who stops taking visitors is still named', async () => {
    const counsellorId = t.alpha.userIds.counsellor!;
    const setAccepting = (accepting: boolean) =>
      t.post(
        '/biz/consult/workforce/workForTeacher',
        { userId: counsellorId, categoryIds: [2], accepting },
        { token: tok.admin, ...EN },
      );
    expect((await setAccepting(true)).status).toBe(200);
    const answers = {
      deptId: t.alpha.deptIds['Engineering'],
      transferTo: 2,
      transferToType: 2,
      transferToConsultant: String(counsellorId),
      // A label sent by the client is not kept.
      transferToConsultant_label: 'Somebody else',
    };
    const saved = await save(tok.admin, formId, answers, 'labelled');
    expect(saved.status, saved.raw).toBe(200);
    const stored = saved.body.data.answer.answer;
    expect(stored.transferToConsultant_label).toBe('Alpha Counsellor');
    expect(stored.deptId_label).toBe('Engineering');

    // No longer free: an unchanged answer saves again and keeps its label; the history reads it too.
    expect((await setAccepting(false)).status).toBe(200);
    try {
      const again = await save(tok.admin, formId, { ...answers, note: 'later' }, 'labelled');
      expect(again.status, again.raw).toBe(200);
      expect(again.body.data.answer.answer.transferToConsultant_label).toBe('Alpha Counsellor');
      // Choosing them anew is refused: they are not free.
      const fresh = await save(tok.admin, formId, answers, 'labelled-new');
      expect(fresh.status).toBe(400);
      expect(fresh.body.data.fields[0].field).toBe('transferToConsultant');
    } finally {
      await setAccepting(true);
    }
  });

  it('interview results: the switched-on items of the school list [spec:S0.5.13]', async () => {
    const answers = { deptId: t.alpha.deptIds['Engineering'], interviewAssessResult: '1' };
    const ok = await save(tok.admin, formId, answers, 'interview');
    expect(ok.status).toBe(200);
    const bad = await save(tok.admin, formId, { ...answers, interviewAssessResult: '99' }, 'interview');
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('interviewAssessResult');
  });
});

describe('time grid answers against the school slots on save [spec:S0.3.24] [spec:S0.7.21] [spec:S1.5.5]', () => {
  let gridFormId: number;
  beforeAll(async () => {
    const created = await t.post(
      '/biz/public/forms/ite',
      { purpose: 'intake', name: label('Times'), columns: [columnFromLibrary('consultTimes')] },
      { token: tok.admin, ...EN },
    );
    expect(created.status, created.raw).toBe(200);
    gridFormId = created.body.data.form.id;
  });

  it('accepts offered slots and refuses a time or weekday the school does not offer, naming the field', async () => {
    // No time-slot setting: the default window (S1.5.5), Monday to Friday, without the lunch slots.
    const ok = await save(tok.student, gridFormId, {
      consultTimes: [{ time: '08:00-08:30', weeks: [1, 5] }],
    });
    expect(ok.status, ok.raw).toBe(200);
    for (const entry of [
      { time: '12:00-12:30', weeks: [1] },
      { time: '08:00-08:30', weeks: [6] },
    ]) {
      const res = await save(tok.student, gridFormId, { consultTimes: [entry] });
      expect(res.status, JSON.stringify(entry)).toBe(400);
      expect(res.body.data.fields[0].field).toBe('consultTimes');
    }
  });
});
