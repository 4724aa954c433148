import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER, signRequest } from '@psy/contracts';
import { columnFromLibrary, type FormColumn } from '@psy/forms';
import { rowsOf } from '../../core/db/rows';
import { parseCsv } from '../../test/csv';
import { createTestContext, type TestContext } from '../../test/harness';

const DATA_DIR = path.join(os.tmpdir(), `psy-forms-export-test-${randomUUID()}`);
const EN = { headers: { 'accept-language': 'en-US' } };
const EXPORT = '/biz/public/forms/answer/export';

let t: TestContext;
let tok: { admin: string; counsellor: string; student: string; subadmin: string; betaAdmin: string };
let formId: number;
let studentAnswerId: number;
let teacherAnswerId: number;

const label = (en: string, zh = en) => ({ 'zh-CN': zh, 'en-US': en });
const option = (value: number, en: string, zh: string) => ({ value, label: label(en, zh) });

const COLUMNS: FormColumn[] = [
  {
    prop: 'mood',
    label: label('Mood', '心情'),
    type: 'radio',
    required: true,
    dicData: [option(1, 'Good', '好'), option(2, 'Low', '低落'), option(3, 'Bad', '差')],
  },
  { prop: 'note', label: label('Note', '备注'), type: 'textarea' },
  {
    prop: 'counsellorNote',
    label: label('Counsellor note', '咨询师备注'),
    type: 'textarea',
    visibleCharacters: ['ROLE_CONSULTANT'],
  },
  { prop: 'hidden', label: label('Hidden data'), type: 'input', display: false },
  columnFromLibrary('realName', { required: false }),
  columnFromLibrary('sign_teacher'),
];

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function grant(roleCode: string, view: boolean, edit: boolean) {
  await t.database.db.execute(sql`
    insert into role_form_permission (tenant_id, role_id, form_id, can_view, can_edit)
    values (${t.alpha.tenantId}, ${t.alpha.roleIds[roleCode]}, ${formId}, ${view}, ${edit})
    on conflict (tenant_id, role_id, form_id) do update set can_view = excluded.can_view, can_edit = excluded.can_edit`);
}

/** Asks for an export and waits for its task to finish; answers the task. */
async function exported(token: string, body: Record<string, unknown>, headers = EN.headers) {
  const res = await t.post(EXPORT, body, { token, headers });
  expect(res.status, res.raw).toBe(200);
  expect(res.body.data).toMatchObject({ taskType: 2, taskStatus: 0 });
  const id = res.body.data.id as number;
  for (let i = 0; i < 150; i += 1) {
    const list = await t.post(
      '/biz/download/taskProgress/findMineFinishTask',
      { current: 1, size: 100, category: 'export' },
      { token },
    );
    const task = list.body.data.records.find((r: { id: number }) => r.id === id);
    if (task) {
      expect(task, JSON.stringify(task)).toMatchObject({ taskStatus: 2, isDownload: 1 });
      return task as { id: number; fileName: string };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
}

async function download(token: string, id: number) {
  const url = `/biz/download/taskProgress/download?id=${id}`;
  const res = await t.app.app.inject({
    method: 'GET',
    url,
    headers: {
      [HEADER.authorization]: `Bearer ${token}`,
      [HEADER.tenantId]: String(t.alpha.tenantId),
      ...(await signRequest({ method: 'GET', pathWithQuery: url, accessToken: token })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function sheetRows(token: string, id: number) {
  const res = await download(token, id);
  expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) =>
    rows.push(Array.from((row.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))),
  );
  return rows;
}

async function csvRows(token: string, id: number) {
  const res = await download(token, id);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  const text = res.rawPayload.toString('utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return parseCsv(text.slice(1));
}

/** Rows keyed by the subject column. */
const bySubject = (rows: string[][]) => {
  const header = rows[0]!;
  return new Map(
    rows.slice(1).map((r) => [r[1]!, Object.fromEntries(header.map((h, i) => [h, r[i] ?? '']))]),
  );
};

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR, JOB_WORKERS: '1' });
  tok = {
    admin: await t.tokenFor('admin'),
    counsellor: await t.tokenFor('counsellor'),
    student: await t.tokenFor('student'),
    subadmin: await t.tokenFor('subadmin'),
    betaAdmin: await t.tokenFor('admin', t.beta.tenantId),
  };
  const res = await t.post(
    '/biz/public/forms/ite',
    { purpose: 'case_record', name: label('Case record', '个案记录'), columns: COLUMNS },
    { token: tok.admin, ...EN },
  );
  expect(res.status, res.raw).toBe(200);
  formId = res.body.data.form.id;
  await grant('ROLE_CONSULTANT', true, true);
  await grant('ROLE_SUB_ADMIN', true, false);
  const save = async (userId: number, answers: Record<string, unknown>, eventSign: string) => {
    const r = await t.post(
      '/biz/public/forms/answer/save',
      { formId, eventSign, userId, answers },
      { token: tok.counsellor, ...EN },
    );
    expect(r.status, r.raw).toBe(200);
    return r.body.data.answer.id as number;
  };
  studentAnswerId = await save(
    t.alpha.userIds.student!,
    {
      mood: 2,
      note: '=HYPERLINK("http://x")',
      counsellorNote: 'private, "quoted"',
      hidden: 'data',
      realName: 'Alpha Student',
      sign_teacher: SIGNATURE,
    },
    'e1',
  );
  teacherAnswerId = await save(t.alpha.userIds.teacher!, { mood: 1, realName: 'Alpha Teacher' }, 'e2');
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
});

describe('POST /biz/public/forms/answer/export [spec:S0.7.28]', () => {
  it('xlsx: one row per answer, labels, signatures as signer and time, unmasked and access-logged for an administrator', async () => {
    const task = await exported(tok.admin, { formId, format: 'xlsx' });
    expect(task.fileName).toMatch(/^Case_record-answers-\d+\.xlsx$/);
    const rows = await sheetRows(tok.admin, task.id);
    // The administrator has no ROLE_CONSULTANT: the counsellor-only column is left out; display:false too.
    expect(rows[0]).toEqual([
      'Answer ID',
      'Subject',
      'Author',
      'Updated at',
      'Form version',
      'Signed',
      'Mood',
      'Note',
      'Name',
      'Counsellor’s signature',
    ]);
    const byName = bySubject(rows);
    expect([...byName.keys()].sort()).toEqual(['Alpha Student', 'Alpha Teacher']);
    const s = byName.get('Alpha Student')!;
    expect(s).toMatchObject({
      'Answer ID': String(studentAnswerId),
      Author: 'Alpha Counsellor',
      'Form version': '1',
      Signed: 'Yes',
      Mood: 'Low',
      Note: `'=HYPERLINK("http://x")`,
      Name: 'Alpha Student',
    });
    expect(s['Counsellor’s signature']).toMatch(/^Alpha Counsellor \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(s['Updated at']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byName.get('Alpha Teacher')).toMatchObject({ Mood: 'Good', Signed: 'No', Name: 'Alpha Teacher' });
    expect(JSON.stringify(rows)).not.toContain('data:image');
    // node-postgres answers bigint as text, PGlite as a number.
    const logged = rowsOf<{ subject_id: number | string; fields: string[] }>(
      await t.database.db.execute(sql`
        select subject_id, fields from personal_data_access_log
        where viewer_id = ${t.alpha.userIds.admin!} and route = 'POST /biz/public/forms/answer/export'`),
    );
    expect(logged.map((r) => Number(r.subject_id)).sort((a, b) => a - b)).toEqual(
      [t.alpha.userIds.student!, t.alpha.userIds.teacher!].sort((a, b) => a - b),
    );
    expect(logged[0]!.fields).toEqual(['realName']);
  });

  it('csv: labels in the request language, masked without the sensitive-data permission, role columns shown [spec:S0.6.7]', async () => {
    const task = await exported(tok.counsellor, { formId, format: 'csv' }, { 'accept-language': 'zh-CN' });
    expect(task.fileName).toMatch(/^个案记录-答卷-\d+\.csv$/);
    const rows = await csvRows(tok.counsellor, task.id);
    expect(rows[0]).toEqual([
      '答卷编号',
      '填写对象',
      '填写人',
      '更新时间',
      '表单版本',
      '已签名',
      '心情',
      '备注',
      '咨询师备注',
      '姓名',
      '咨询师签名',
    ]);
    const s = bySubject(rows).get('Alpha Student')!;
    expect(s).toMatchObject({ 心情: '低落', 咨询师备注: 'private, "quoted"', 已签名: '是' });
    expect(s['姓名']).not.toBe('Alpha Student');
    expect(s['姓名']).toContain('*');
    const logged = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`
        select count(*)::int as n from personal_data_access_log
        where viewer_id = ${t.alpha.userIds.counsellor!} and route = 'POST /biz/public/forms/answer/export'`),
    );
    expect(logged[0]!.n).toBe(0);
  });

  it('zip: one Word file per answer named <subject>-<answerId>.docx', async () => {
    const task = await exported(tok.admin, { formId, format: 'zip' });
    const res = await download(tok.admin, task.id);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.rawPayload);
    expect(Object.keys(zip.files).sort()).toEqual(
      [`Alpha Student-${studentAnswerId}.docx`, `Alpha Teacher-${teacherAnswerId}.docx`].sort(),
    );
    const docx = await JSZip.loadAsync(
      await zip.file(`Alpha Student-${studentAnswerId}.docx`)!.async('uint8array'),
    );
    const xml = await docx.file('word/document.xml')!.async('string');
    for (const text of ['Case record', 'Mood: ', 'Low', 'Counsellor’s signature: ', 'Alpha Counsellor'])
      expect(xml).toContain(text);
    expect(xml).not.toContain('private');
    expect(xml).not.toContain('data:image');
  });

  it('filters by event and refuses bad input', async () => {
    const task = await exported(tok.admin, { formId, format: 'csv', eventSign: 'e2' });
    const rows = await csvRows(tok.admin, task.id);
    expect(rows.slice(1).map((r) => r[0])).toEqual([String(teacherAnswerId)]);
    const future = await exported(tok.admin, { formId, format: 'csv', from: '2099-01-01' });
    expect((await csvRows(tok.admin, future.id)).length).toBe(1);
    const bad = await t.post(EXPORT, { formId, format: 'pdf' }, { token: tok.admin, ...EN });
    expect(bad.status).toBe(400);
    expect(bad.body.msg).toContain('format');
    const range = await t.post(
      EXPORT,
      { formId, format: 'csv', from: '2026-03-02', to: '2026-03-01' },
      { token: tok.admin, ...EN },
    );
    expect(range.status).toBe(400);
    expect(range.body.msg).toContain('to');
  });

  it('refuses a user without a form permission', async () => {
    const res = await t.post(EXPORT, { formId, format: 'xlsx' }, { token: tok.student, ...EN });
    expect(res.status).toBe(403);
    expect((await t.post(EXPORT, { formId, format: 'xlsx' })).status).toBe(401);
  });

  it('a sub-administrator exports only the answers in their department subtree, masked [spec:S0.1.2]', async () => {
    const task = await exported(tok.subadmin, { formId, format: 'csv' });
    const rows = await csvRows(tok.subadmin, task.id);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['Alpha Student']);
    const s = bySubject(rows).get('Alpha Student')!;
    expect(s['Name']).toContain('*');
    expect(rows[0]).not.toContain('Counsellor note');
  });

  it('list values (the department tree) are exported as their labels [spec:S0.7.28] [spec:S0.7.21]', async () => {
    const created = await t.post(
      '/biz/public/forms/ite',
      {
        purpose: 'other',
        name: label('Placement', '去向'),
        columns: [{ ...columnFromLibrary('deptId'), required: false }],
      },
      { token: tok.admin, ...EN },
    );
    expect(created.status, created.raw).toBe(200);
    const placementId = created.body.data.form.id as number;
    const saved = await t.post(
      '/biz/public/forms/answer/save',
      { formId: placementId, eventSign: 'placement', answers: { deptId: t.alpha.deptIds['Class 2024'] } },
      { token: tok.admin, ...EN },
    );
    expect(saved.status, saved.raw).toBe(200);
    const task = await exported(tok.admin, { formId: placementId, format: 'csv' });
    const rows = await csvRows(tok.admin, task.id);
    const column = rows[0]!.length - 1;
    expect(rows[1]![column]).toBe('Class 2024');
  });

  it("another school's form is not found", async () => {
    const res = await t.post(
      EXPORT,
      { formId, format: 'xlsx' },
      { token: tok.betaAdmin, tenantId: t.beta.tenantId, ...EN },
    );
    expect(res.status, res.raw).toBe(404);
  });
});
