import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createLocalFileStorage } from '../../core/storage/file-storage';
import { createTestContext, type TestContext } from '../../test/harness';
import {
  md5,
  workbookBytes,
  multipartBody,
  multipartHeaders,
  sheetBytes,
  ZH_HEADERS,
  type FixtureCell,
} from './user-import.fixtures';
import { runImportTask } from './user-import.service';

const DATA_DIR = path.join(os.tmpdir(), `psy-import-${randomUUID()}`);
let t: TestContext;
let tokens: Record<'admin' | 'sub' | 'counsellor' | 'beta', string>;
let types: { staff: number; student: number; beta: number };
const files = createLocalFileStorage(path.join(DATA_DIR, 'files'));

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR });
  tokens = {
    admin: await t.tokenFor('admin'),
    sub: await t.tokenFor('subadmin'),
    counsellor: await t.tokenFor('counsellor'),
    beta: await t.tokenFor('admin', t.beta.tenantId),
  };
  const q = async (tenantId: number, code: string) =>
    Number(
      rowsOf<{ id: number }>(
        await t.database.db.execute(
          sql`select id from user_type where tenant_id = ${tenantId} and code = ${code}`,
        ),
      )[0]!.id,
    );
  types = {
    staff: await q(t.alpha.tenantId, 'staff'),
    student: await q(t.alpha.tenantId, 'student'),
    beta: await q(t.beta.tenantId, 'student'),
  };
});
afterAll(() => t?.close());

beforeEach(async () => {
  await t.database.db.execute(sql`delete from task_progress`);
  await t.database.db.execute(sql`delete from sys_user where username like 'imp%'`);
  // This file uploads more often than the per-user upload limit allows (tested in signatures.test.ts):
  // each test starts with a fresh window.
  await t.database.db.execute(sql`delete from rate_limit where key like 'upload:%'`);
});

const deptId = (name: string) => t.alpha.deptIds[name]!;

async function upload(
  token: string,
  fields: Record<string, string | number | undefined>,
  file?: { name: string; bytes: Buffer },
  tenantId = t.alpha.tenantId,
  lang = 'en-US',
) {
  const url = '/admin/user/importUsers';
  const { payload, contentType } = multipartBody(fields, file);
  const res = await t.app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...(await multipartHeaders(token, tenantId, url, contentType)), 'accept-language': lang },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

/** Uploads a file into a department as admin (create mode unless told) and answers the task id. */
async function queueImport(
  bytes: Buffer,
  o: { token?: string; dept?: string; importType?: number; name?: string; lang?: string } = {},
) {
  const res = await upload(
    o.token ?? tokens.admin,
    {
      fileMd5: md5(bytes),
      deptId: deptId(o.dept ?? 'Engineering'),
      userTypeId: types.student,
      importType: o.importType ?? 0,
    },
    { name: o.name ?? 'users.xlsx', bytes },
    t.alpha.tenantId,
    o.lang,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { task: { id: number }; passwordsInResult: boolean };
}

const run = (taskId: number, opts: Parameters<typeof runImportTask>[3] = {}) =>
  runImportTask({ database: t.database, files }, t.alpha.tenantId, taskId, opts);

async function task(id: number, token = tokens.admin) {
  const res = await t.get(`/biz/download/taskProgress/getTaskProgressById?id=${id}`, { token });
  return res.body.data;
}

async function download(token: string, id: number) {
  const url = `/biz/download/taskProgress/download?id=${id}`;
  const { signRequest, HEADER } = await import('@psy/contracts');
  return t.app.app.inject({
    method: 'GET',
    url,
    headers: {
      [HEADER.authorization]: `Bearer ${token}`,
      [HEADER.tenantId]: String(t.alpha.tenantId),
      ...(await signRequest({ method: 'GET', pathWithQuery: url, accessToken: token })),
    },
  });
}

async function resultRows(id: number) {
  const res = await download(tokens.admin, id);
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** The result file's initial passwords sheet: login account -> password (empty when there is none). */
async function resultPasswords(id: number, token = tokens.admin) {
  const res = await download(token, id);
  expect(res.statusCode, res.body).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const out = new Map<string, string>();
  wb.worksheets[1]?.eachRow((row, n) => {
    if (n <= 2) return; // the note and the header
    const [username, , password] = (row.values as unknown[]).slice(1);
    out.set(String(username), String(password));
  });
  return out;
}

const taskParams = async (id: number) =>
  rowsOf<{ params: Record<string, unknown> }>(
    await t.database.db.execute(sql`select params from task_progress where id = ${id}`),
  )[0]!.params;

async function importedUsers() {
  return rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`select username, real_name, number_name, phone, id_card, sex,
      birthday::text as birthday, dept_id, user_type_id, must_change_password, password_hash
      from sys_user where tenant_id = ${t.alpha.tenantId} and username like 'imp%' order by username`),
  );
}

/** n valid rows imp0001... in the template's zh-CN layout. */
function validRows(n: number, from = 1): FixtureCell[][] {
  return Array.from({ length: n }, (_, i) => {
    const k = String(from + i).padStart(4, '0');
    return [`imp${k}`, `用户${k}`, `S${k}`, `1380000${k}`, '男', '2005-09-01', 'ROLE_GENERAL'];
  });
}

describe('import templates [spec:S0.5.11] [spec:S0.7.11]', () => {
  it('answers an XLSX with headers in the caller language, required marked and drop-down lists', async () => {
    const res = await t.app.app.inject({
      method: 'GET',
      url: `/admin/user/exportFixedUserTemplate?userTypeId=${types.student}`,
      headers: {
        ...(await (async () => {
          const { signRequest, HEADER } = await import('@psy/contracts');
          const url = `/admin/user/exportFixedUserTemplate?userTypeId=${types.student}`;
          return {
            [HEADER.authorization]: `Bearer ${tokens.admin}`,
            [HEADER.tenantId]: String(t.alpha.tenantId),
            ...(await signRequest({ method: 'GET', pathWithQuery: url, accessToken: tokens.admin })),
          };
        })()),
        'accept-language': 'zh-CN',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(headers.slice(0, 7)).toEqual(ZH_HEADERS.slice(0, 7));
    expect(headers).toContain('证件类型');
    const required = sheet.getRow(1).getCell(1);
    expect((required.fill as ExcelJS.FillPattern).fgColor?.argb).toBe('FFFFC000');
    // The sex column (5th) is a drop-down over the dictionary's labels.
    const validation = sheet.getCell('E2').dataValidation;
    expect(validation?.type).toBe('list');
    const lists = wb.getWorksheet('lists')!;
    const listValues: unknown[] = [];
    lists.eachRow((r) => listValues.push(...(r.values as unknown[]).slice(1)));
    expect(listValues).toEqual(expect.arrayContaining(['男', '女', '居民身份证', '普通用户']));

    const en = await t.get(`/admin/user/exportExcelTemplate?userTypeId=${types.student}`, {
      token: tokens.admin,
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.status).toBe(200);
  });

  it('refuses a missing user type, a user type of another school and callers without the permission', async () => {
    const missing = await t.get('/admin/user/exportFixedUserTemplate', { token: tokens.admin });
    expect(missing.status).toBe(400);
    expect(missing.body.data.fields[0].field).toBe('userTypeId');
    const other = await t.get(`/admin/user/exportFixedUserTemplate?userTypeId=${types.beta}`, {
      token: tokens.admin,
    });
    expect(other.status).toBe(400);
    const refused = await t.get(`/admin/user/exportFixedUserTemplate?userTypeId=${types.student}`, {
      token: tokens.counsellor,
    });
    expect(refused.status).toBe(403);
  });
});

describe('POST /admin/user/importUsers [spec:S0.5.11] [spec:S0.6.6] [spec:S0.7.11]', () => {
  const good = () => sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(2)]);

  it('stores the file and queues the task; create mode says the passwords come in the result file', async () => {
    const bytes = good();
    const answer = await queueImport(bytes);
    const created = answer.task;
    expect(answer).toMatchObject({ passwordsInResult: true });
    expect(answer).not.toHaveProperty('initialPassword');
    const row = await task(created.id);
    expect(row).toMatchObject({
      taskType: 0,
      taskStatus: 0,
      importFileName: 'users.xlsx',
      createUserName: 'Alpha Admin',
    });
    const jobs = rowsOf(await t.database.db.execute(sql`select 1 from job where queue = 'users.import'`));
    expect(jobs.length).toBeGreaterThan(0);
  });

  it('refuses a missing file, a wrong file type, a wrong MD5, missing organisation or user type', async () => {
    const bytes = good();
    const base = {
      fileMd5: md5(bytes),
      deptId: deptId('Engineering'),
      userTypeId: types.student,
      importType: 0,
    };
    const noFile = await upload(tokens.admin, base);
    expect(noFile.status).toBe(400);
    expect(noFile.body.msg).toContain('please upload a file!');
    const text = Buffer.from('name,phone\n');
    const wrongType = await upload(
      tokens.admin,
      { ...base, fileMd5: md5(text) },
      { name: 'users.xlsx', bytes: text },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.msg).toContain('its content is text');
    const wrongName = await upload(tokens.admin, base, { name: 'users.csv', bytes });
    expect(wrongName.status).toBe(400);
    const wrongMd5 = await upload(
      tokens.admin,
      { ...base, fileMd5: 'a'.repeat(32) },
      { name: 'u.xlsx', bytes },
    );
    expect(wrongMd5.status).toBe(400);
    expect(wrongMd5.body.data.fields[0].field).toBe('fileMd5');
    const noDept = await upload(tokens.admin, { ...base, deptId: '' }, { name: 'u.xlsx', bytes });
    expect(noDept.status).toBe(400);
    expect(noDept.body.msg).toContain('please choose the organisation');
    const noType = await upload(tokens.admin, { ...base, userTypeId: undefined }, { name: 'u.xlsx', bytes });
    expect(noType.status).toBe(400);
    expect(noType.body.msg).toContain('please choose the user type');
    const zh = await upload(tokens.admin, base, undefined, t.alpha.tenantId, 'zh-CN');
    expect(zh.body.msg).toContain('请上传文件！');
  });

  it('refuses callers without the permission, departments outside the data scope and other schools', async () => {
    const bytes = good();
    const fields = {
      fileMd5: md5(bytes),
      deptId: deptId('Engineering'),
      userTypeId: types.student,
      importType: 0,
    };
    const file = { name: 'u.xlsx', bytes };
    expect((await upload(tokens.counsellor, fields, file)).status).toBe(403);
    // The sub-administrator administers Engineering and its subtree only.
    expect((await upload(tokens.sub, { ...fields, deptId: deptId('Psychology Centre') }, file)).status).toBe(
      403,
    );
    expect((await upload(tokens.sub, { ...fields, deptId: deptId('Class 2024') }, file)).status).toBe(200);
    // Another school's department and user type do not exist for this school.
    const beta = await upload(tokens.beta, fields, file, t.beta.tenantId);
    expect(beta.status).toBe(400);
  });
});

describe('import job on real-world files [spec:S0.3.10] [spec:S0.5.11] [spec:S0.5.6]', () => {
  it('reads Chinese headers under a merged title, numbers meant as text, dates, full-width text, blanks and duplicates', async () => {
    const header = [
      '* 登录账号 ',
      '*姓名',
      '*学号/工号',
      '*联系方式',
      '*性别',
      '*出生日期',
      '*角色',
      '证件类型',
      '证件号码',
    ];
    const rows: FixtureCell[][] = [
      ['2024 级新生名单', null, null, null, null, null, null, null, null],
      [],
      header,
      // 4: numbers where text is meant; birthday as an Excel serial (38596 = 2005-09-01)
      [
        'imp1001 ',
        '张三 ',
        2024001,
        13800138000,
        '男',
        38596,
        'ROLE_GENERAL',
        '居民身份证',
        '11010519491231002X',
      ],
      // 5: leading zeros kept by a text cell and by a zero-padding number format
      ['imp1002', '李四', '000123', '13800138001', '女', '2005/9/1', '普通用户', null, null],
      [
        'imp1003',
        '王五',
        { t: 'n', v: 456, z: '000000', w: '000456' },
        '13800138002',
        'Female',
        '2005年9月1日',
        'ROLE_GENERAL',
        null,
        null,
      ],
      // 7: full-width characters (NFKC)
      [
        'ｉｍｐ１００４',
        '赵六',
        'Ｓ１００４',
        '１３８００１３８００３',
        '男',
        '20050901',
        'ROLE_GENERAL',
        null,
        null,
      ],
      // 8: blank row, skipped
      [null, '  ', null, null, null, null, null, null, null],
      // 9: an ID number stored as a number lost its last digits: reported, not guessed
      [
        'imp1005',
        '钱七',
        'S1005',
        '13800138005',
        '男',
        '2005-09-01',
        'ROLE_GENERAL',
        '居民身份证',
        110105194912310020,
      ],
      // 10: duplicate of row 4 (case-insensitive account)
      ['IMP1001', '张三', 'S9999', '13800138009', '男', '2005-09-01', 'ROLE_GENERAL', null, null],
      // 11: clashes with an existing user
      ['student', '学生', 'S1011', '13800138011', '男', '2005-09-01', 'ROLE_GENERAL', null, null],
      // 12: form rules: phone format, sex, future birthday, unknown role
      ['imp1012', '孙八', 'S1012', '12345', '未知', '2999-01-01', 'NO_SUCH_ROLE', null, null],
      // 13: ID check digit wrong (GB 11643)
      [
        'imp1013',
        '周九',
        'S1013',
        '13800138013',
        '男',
        '2005-09-01',
        'ROLE_GENERAL',
        '居民身份证',
        '110105194912310021',
      ],
    ];
    const bytes = sheetBytes(rows, { merges: ['A1:I1'] });
    const { task: created } = await queueImport(bytes, { name: '新生名单.xlsx' });
    const result = await run(created.id);
    expect(result.outcome).toBe('done');

    const users = await importedUsers();
    expect(users.map((u) => u.username)).toEqual(['imp1001', 'imp1002', 'imp1003', 'imp1004']);
    const by = Object.fromEntries(users.map((u) => [u.username, u]));
    expect(by.imp1001).toMatchObject({
      real_name: '张三',
      number_name: '2024001',
      phone: '13800138000',
      birthday: '2005-09-01',
      id_card: '11010519491231002X',
      must_change_password: true,
    });
    expect(by.imp1002).toMatchObject({ number_name: '000123', sex: 2, birthday: '2005-09-01' });
    expect(by.imp1003).toMatchObject({ number_name: '000456', sex: 2 });
    expect(by.imp1004).toMatchObject({ number_name: 'S1004', phone: '13800138003', birthday: '2005-09-01' });
    // Every account its own initial password: a SHA-256 of 128 random bits each, none shared.
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(4);
    for (const u of users) expect(String(u.password_hash)).toMatch(/^\$initial-sha256\$[0-9a-f]{64}$/);

    const done = await task(created.id);
    expect(done).toMatchObject({
      taskStatus: 2,
      totalCount: 9,
      successCount: 4,
      failCount: 5,
      isDownload: 1,
    });
    expect(done.currentProgress).toBe(done.totalProgress);

    const sheet = await resultRows(created.id);
    const errors = sheet.filter((r) => typeof r[0] === 'number' && r.length === 3) as [
      number,
      string,
      string,
    ][];
    const reasonsOf = (row: number) => errors.filter((e) => e[0] === row).map((e) => `${e[1]}: ${e[2]}`);
    expect(reasonsOf(9).join()).toMatch(/ID number: .*lost digits/);
    expect(reasonsOf(10).join()).toMatch(/Login account: duplicate of row 4/);
    expect(reasonsOf(11).join()).toMatch(/login account already exists/);
    expect(reasonsOf(12).join()).toMatch(/Phone: contact format incorrect/);
    expect(reasonsOf(12).join()).toMatch(/Roles: /);
    expect(reasonsOf(13).join()).toMatch(/ID number: /);
    expect(errors.map((e) => e[0])).not.toContain(8);

    // The creator is told in their inbox.
    const msg = rowsOf(
      await t.database.db.execute(
        sql`select title from message where tenant_id = ${t.alpha.tenantId} and user_id = ${t.alpha.userIds.admin} order by id desc limit 1`,
      ),
    );
    expect(msg[0]).toMatchObject({ title: 'User import task completed' });
  });

  it('reads a legacy .xls file (BIFF8) [spec:S0.5.11]', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(3, 2001)], { bookType: 'biff8' });
    expect(bytes.subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const { task: created } = await queueImport(bytes, { name: 'old.xls' });
    expect((await run(created.id)).outcome).toBe('done');
    expect((await importedUsers()).map((u) => u.username)).toEqual(['imp2001', 'imp2002', 'imp2003']);
  });

  it('reads English headers', async () => {
    const bytes = sheetBytes([
      ['Login account*', 'Name', 'Number', 'Phone', 'Sex', 'Birthday', 'Roles'],
      ['imp3001', 'Ann', 'N3001', '13800133001', 'Female', '2004-02-29', '普通用户'],
    ]);
    const { task: created } = await queueImport(bytes);
    await run(created.id);
    expect((await importedUsers()).map((u) => u.username)).toEqual(['imp3001']);
  });

  it('fails a task whose file lacks a required column', async () => {
    const bytes = sheetBytes([
      ['登录账号', '姓名', '联系方式'],
      ['imp3101', '甲', '13800131001'],
    ]);
    const { task: created } = await queueImport(bytes);
    expect((await run(created.id)).outcome).toBe('failed');
    const failed = await task(created.id);
    expect(failed).toMatchObject({ taskStatus: 3, isDownload: 0 });
    expect(failed.error).toMatch(/sheet "Sheet1" lacks the required columns: Number, Sex, Roles/);
  });

  it('fails a task whose file has no recognisable header row', async () => {
    const bytes = sheetBytes([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const { task: created } = await queueImport(bytes);
    expect((await run(created.id)).outcome).toBe('failed');
    expect(await task(created.id)).toMatchObject({ taskStatus: 3, isDownload: 0 });
  });

  it('recognises the usual names of each column (身份证号, 电子邮箱, 手机号, ...) and keeps their data', async () => {
    const bytes = sheetBytes([
      ['账号', '学生姓名', '学号', '手机号', '性别', '出生年月', '角色', '身份证号', '电子邮箱'],
      [
        'imp4001',
        '甲',
        'S4001',
        '13800134001',
        '男',
        '1949-12-31',
        '普通用户',
        '11010519491231002X',
        'a@b.cn',
      ],
      ['imp4002', '乙', 'S4002', '13800134002', '女', '2005-09-01', '普通用户', null, 'yi@school.cn'],
    ]);
    const { task: created } = await queueImport(bytes);
    expect((await run(created.id)).outcome).toBe('done');
    expect(await task(created.id)).toMatchObject({ successCount: 2, failCount: 0 });
    const users = rowsOf<{ username: string; id_card: string | null; email: string | null }>(
      await t.database.db.execute(sql`select username, id_card, email from sys_user
        where tenant_id = ${t.alpha.tenantId} and username like 'imp4%' order by username`),
    );
    expect(users).toEqual([
      { username: 'imp4001', id_card: '11010519491231002X', email: 'a@b.cn' },
      { username: 'imp4002', id_card: null, email: 'yi@school.cn' },
    ]);
  });

  it('refuses a file with a column that holds data the import does not use, naming it in the upload language', async () => {
    const rows = (extra: FixtureCell) => [
      ['序号', ...ZH_HEADERS.slice(0, 7), '备注', '空列'],
      [1, ...validRows(1, 4101)[0]!, extra, null],
      [2, ...validRows(1, 4102)[0]!, null, null],
    ];
    const { task: refused } = await queueImport(sheetBytes(rows('转学生')), { lang: 'zh-CN' });
    expect((await run(refused.id)).outcome).toBe('failed');
    const failed = await task(refused.id);
    expect(failed).toMatchObject({ taskStatus: 3, successCount: 0 });
    expect(failed.error).toContain('I 列“备注”');
    expect(failed.error).toContain('导入不使用这些列');
    expect(await importedUsers()).toEqual([]);
    const { task: refusedEn } = await queueImport(sheetBytes(rows('transfer')), { lang: 'en-US' });
    await run(refusedEn.id);
    expect((await task(refusedEn.id)).error).toMatch(/column I "备注" hold data the import does not use/);
    // A row-number column, and extra columns without data, are no loss: the file imports.
    const { task: fine } = await queueImport(sheetBytes(rows(null)));
    expect((await run(fine.id)).outcome).toBe('done');
    expect((await importedUsers()).map((u) => u.username)).toEqual(['imp4101', 'imp4102']);
  });

  it('reads the list from the sheet that has the columns, or names the sheets it looked at', async () => {
    const instructions = { name: '填写说明', rows: [['请按模板填写'], ['出生日期格式：2005-09-01']] };
    const list = { name: '名单', rows: [ZH_HEADERS.slice(0, 7), ...validRows(2, 4201)] };
    for (const bookType of ['xlsx', 'biff8'] as const) {
      await t.database.db.execute(sql`delete from sys_user where username like 'imp%'`);
      const { task: created } = await queueImport(workbookBytes([instructions, list], { bookType }), {
        name: bookType === 'xlsx' ? 'list.xlsx' : 'list.xls',
      });
      expect((await run(created.id)).outcome, bookType).toBe('done');
      expect((await importedUsers()).map((u) => u.username)).toEqual(['imp4201', 'imp4202']);
    }
    const { task: none } = await queueImport(
      workbookBytes([instructions, { name: 'Notes', rows: [['a', 'b']] }]),
      { lang: 'zh-CN' },
    );
    expect((await run(none.id)).outcome).toBe('failed');
    expect((await task(none.id)).error).toMatch(/工作表 "填写说明", "Notes" 的前 20 行中都没有找到/);
  });

  it('accepts a birth date typed as the number 20050313', async () => {
    const row = validRows(1, 4301)[0]!;
    row[5] = 20050313;
    const { task: created } = await queueImport(sheetBytes([ZH_HEADERS.slice(0, 7), row]));
    expect((await run(created.id)).outcome).toBe('done');
    expect((await importedUsers())[0]).toMatchObject({ username: 'imp4301', birthday: '2005-03-13' });
  });

  it('says that a CSV renamed .xlsx is text and how to save it as a workbook, in the caller language', async () => {
    const csv = Buffer.from('\ufeff登录账号,姓名,学号\nimp4401,甲,S4401\n');
    const fields = {
      fileMd5: md5(csv),
      deptId: deptId('Engineering'),
      userTypeId: types.student,
      importType: 0,
    };
    const zh = await upload(
      tokens.admin,
      fields,
      { name: '名单.xlsx', bytes: csv },
      t.alpha.tenantId,
      'zh-CN',
    );
    expect(zh.status).toBe(400);
    expect(zh.body.data.fields[0].field).toBe('file');
    expect(zh.body.msg).toContain('内容是文本');
    expect(zh.body.msg).toContain('Excel 工作簿 (*.xlsx)');
    const en = await upload(
      tokens.admin,
      fields,
      { name: 'list.xlsx', bytes: csv },
      t.alpha.tenantId,
      'en-US',
    );
    expect(en.body.msg).toContain(
      'its content is text (such as CSV), not an Excel workbook: open it in Excel',
    );
    // Bytes that are neither a workbook nor text.
    const binary = Buffer.from([0x00, 0x01, 0x02, 0x03, 0x89, 0x50]);
    const other = await upload(
      tokens.admin,
      { ...fields, fileMd5: md5(binary) },
      { name: 'x.xlsx', bytes: binary },
    );
    expect(other.body.msg).toContain('not an Excel workbook');
  });

  it("writes the result file's reasons in the upload language (zh-CN)", async () => {
    const bad = validRows(2, 4501);
    bad[1]![3] = '123';
    const { task: created } = await queueImport(sheetBytes([ZH_HEADERS.slice(0, 7), ...bad]), {
      lang: 'zh-CN',
    });
    expect((await run(created.id)).outcome).toBe('done');
    const errors = (await resultRows(created.id)).filter((r) => typeof r[0] === 'number' && r.length === 3);
    expect(errors).toContainEqual([3, '联系方式', '联系方式格式不正确']);
    expect(JSON.stringify(errors)).not.toMatch(/[a-z]{4,}/);
  });

  it('lets a sub-administrator grant only the roles they may grant [spec:S0.1.2]', async () => {
    const bytes = sheetBytes([
      ZH_HEADERS.slice(0, 7),
      ['imp9001', '甲', 'S9001', '13800139001', '男', '2005-09-01', 'ROLE_ADMIN'],
      ['imp9002', '乙', 'S9002', '13800139002', '男', '2005-09-01', 'ROLE_GENERAL'],
      ['imp9003', '丙', 'S9003', '13800139003', '男', '2005-09-01', 'ROLE_CONSULTANT'],
      ['imp9004', '丁', 'S9004', '13800139004', '男', '2005-09-01', 'CRISIS_ROLE_CENTER_SUPERINTENDENT'],
      ['imp9005', '戊', 'S9005', '13800139005', '男', '2005-09-01', 'ROLE_SUB_ADMIN'],
    ]);
    const { task: created } = await queueImport(bytes, { token: tokens.sub });
    await run(created.id);
    expect((await importedUsers()).map((u) => u.username)).toEqual(['imp9002']);
    expect(await task(created.id, tokens.sub)).toMatchObject({ successCount: 1, failCount: 4 });
    // The template's role list offers the same roles.
    const url = `/admin/user/exportFixedUserTemplate?userTypeId=${types.student}`;
    const { signRequest, HEADER } = await import('@psy/contracts');
    const res = await t.app.app.inject({
      method: 'GET',
      url,
      headers: {
        [HEADER.authorization]: `Bearer ${tokens.sub}`,
        [HEADER.tenantId]: String(t.alpha.tenantId),
        ...(await signRequest({ method: 'GET', pathWithQuery: url, accessToken: tokens.sub })),
      },
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const lists = wb.getWorksheet('lists')!;
    const listed = new Set<string>();
    lists.eachRow((row) => (row.values as unknown[]).forEach((v) => typeof v === 'string' && listed.add(v)));
    expect(listed.has('普通用户')).toBe(true);
    for (const name of ['咨询师', '中心负责人', '二级管理员', '机构管理员'])
      expect(listed.has(name), name).toBe(false);
  });

  it('updates users in update mode, only inside the data scope [spec:S0.1.2]', async () => {
    const bytes = sheetBytes([
      ['登录账号', '姓名', '邮箱'],
      ['student', '新名字', 'new@example.com'],
      ['counsellor', '越权', null],
      ['nobody-here', '某人', null],
    ]);
    const { task: created, passwordsInResult } = await queueImport(bytes, {
      token: tokens.sub,
      importType: 1,
    });
    expect(passwordsInResult).toBe(false);
    await run(created.id);
    const done = await task(created.id, tokens.sub);
    expect(done).toMatchObject({ taskType: 1, successCount: 1, failCount: 2 });
    const [student] = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(
        sql`select real_name, email, phone from sys_user where tenant_id = ${t.alpha.tenantId} and username = 'student'`,
      ),
    );
    expect(student).toMatchObject({ real_name: '新名字', email: 'new@example.com', phone: '13900000001' });
    await t.database.db.execute(
      sql`update sys_user set real_name = 'Alpha Student', email = null where tenant_id = ${t.alpha.tenantId} and username = 'student'`,
    );
    const counsellor = rowsOf<Record<string, unknown>>(
      await t.database.db.execute(
        sql`select real_name from sys_user where tenant_id = ${t.alpha.tenantId} and username = 'counsellor'`,
      ),
    );
    expect(counsellor[0]).toMatchObject({ real_name: 'Alpha Counsellor' });
  });
});

describe('individual initial passwords [spec:S0.4.1] [spec:S0.5.5]', () => {
  it('each opens its own account only until the owner has chosen a password', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(3, 3101)]);
    const { task: created } = await queueImport(bytes);
    expect((await run(created.id)).outcome).toBe('done');
    const passwords = await resultPasswords(created.id);
    expect(passwords.size).toBe(3);
    // 128 bits in base32, grouped by four; typed with other case or without dashes it still opens.
    const password = passwords.get('imp3101')!;
    expect(password).toMatch(/^([a-z2-7]{4}-){6}[a-z2-7]{2}$/);
    const typed = password.replace(/-/g, ' ').toUpperCase();
    const login = await t.login('imp3101', { password: typed });
    expect(login.status, login.raw).toBe(200);
    expect(login.body.data.user_info.mustChangePassword).toBe(true);
    // Until the change the account reaches nothing but the password change and its own session.
    const token = login.body.data.access_token;
    const page = await t.post(
      '/biz/download/taskProgress/findMineFinishTask',
      { current: 1, size: 10, category: 'export' },
      { token },
    );
    expect(page.status).toBe(403);
    expect(page.body.code).toBe(12);
    const key = (await t.get('/auth/publicKey')).body.data;
    const { encryptPassword } = await import('@psy/contracts');
    const changed = await t.post(
      '/admin/user/resetPwd',
      { newPwd: await encryptPassword(key, 'Chosen#2026x') },
      { token },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    // Afterwards the initial password is refused; the chosen one is an argon2id hash.
    expect((await t.login('imp3101', { password })).status).toBe(426);
    expect((await t.login('imp3101', { password: 'Chosen#2026x' })).status).toBe(200);
    const [row] = (await importedUsers()).filter((u) => u.username === 'imp3101');
    expect(String(row!.password_hash)).toMatch(/^\$argon2id\$/);
    // An initial password is accepted only while the account must change it, whatever else happens.
    await t.database.db.execute(
      sql`update sys_user set must_change_password = false where tenant_id = ${t.alpha.tenantId} and username = 'imp3102'`,
    );
    expect((await t.login('imp3102', { password: passwords.get('imp3102')! })).status).toBe(426);
    expect((await t.login('imp3103', { password: passwords.get('imp3103')! })).status).toBe(200);
  });

  it('a task that fails after creating users keeps a result with their passwords, and drops its key', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(25, 3201)]);
    const { task: created } = await queueImport(bytes);
    expect((await run(created.id, { chunkRows: 10, stopAfterChunks: 2 })).outcome).toBe('interrupted');
    // The upload is gone when the job runs again: the task fails.
    const [row] = rowsOf<{ source_key: string }>(
      await t.database.db.execute(sql`select source_key from task_progress where id = ${created.id}`),
    );
    await files.remove(row!.source_key);
    expect((await run(created.id)).outcome).toBe('failed');
    expect(await task(created.id)).toMatchObject({ taskStatus: 3, successCount: 20, isDownload: 1 });
    const passwords = await resultPasswords(created.id);
    expect(passwords.size).toBe(20);
    expect((await t.login('imp3220', { password: passwords.get('imp3220')! })).status).toBe(200);
    expect(await taskParams(created.id)).not.toHaveProperty('passwordKey');
    // Only its creator downloads it.
    expect((await download(tokens.sub, created.id)).statusCode).toBe(404);
  });
});

describe('crash-resume and re-runs [spec:S0.4.12]', () => {
  it('resumes after the last committed chunk and never doubles users', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(25, 4001)]);
    const { task: created } = await queueImport(bytes);
    // A worker that dies after two chunks: the task stays processing with 20 rows committed.
    expect((await run(created.id, { chunkRows: 10, stopAfterChunks: 2 })).outcome).toBe('interrupted');
    expect(await task(created.id)).toMatchObject({ taskStatus: 1, currentProgress: 20, successCount: 20 });
    expect((await importedUsers()).length).toBe(20);
    // The queue hands the job to a worker again: it goes on from row 21.
    expect((await run(created.id, { chunkRows: 10 })).outcome).toBe('done');
    const users = await importedUsers();
    expect(users.length).toBe(25);
    expect(new Set(users.map((u) => u.username)).size).toBe(25);
    expect(await task(created.id)).toMatchObject({
      taskStatus: 2,
      successCount: 25,
      failCount: 0,
      currentProgress: 25,
    });
    // The result file lists every account's own password, those of the first run's chunks included (they
    // are derived again, never stored): each opens its account and no other.
    const passwords = await resultPasswords(created.id);
    expect(passwords.size).toBe(25);
    expect(new Set(passwords.values()).size).toBe(25);
    for (const name of ['imp4001', 'imp4025']) {
      const login = await t.login(name, { password: passwords.get(name)! });
      expect(login.status, login.raw).toBe(200);
      expect(login.body.data.user_info.mustChangePassword).toBe(true);
    }
    expect((await t.login('imp4025', { password: passwords.get('imp4001')! })).status).toBe(426);
    expect(await taskParams(created.id)).not.toHaveProperty('passwordKey');
    // A finished task run again does nothing.
    expect((await run(created.id)).outcome).toBe('skipped');

    // The same file as a new task: every row already exists.
    const again = await queueImport(bytes);
    await run(again.task.id);
    expect(await task(again.task.id)).toMatchObject({ successCount: 0, failCount: 25 });
    expect((await importedUsers()).length).toBe(25);
  });

  it('writes each chunk once when two workers run the same task at once', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(30, 8001)]);
    const { task: created } = await queueImport(bytes);
    const outcomes = await Promise.all([
      run(created.id, { chunkRows: 10 }),
      run(created.id, { chunkRows: 10 }),
    ]);
    expect(outcomes.map((o) => o.outcome)).toContain('done');
    const users = await importedUsers();
    expect(users.length).toBe(30);
    expect(await task(created.id)).toMatchObject({
      taskStatus: 2,
      successCount: 30,
      failCount: 0,
      currentProgress: 30,
    });
  });

  it('runs through the job queue end to end', async () => {
    const { buildApp } = await import('../../app');
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(3, 5001)]);
    const { task: created } = await queueImport(bytes);
    const { testEnv } = await import('../../test/harness');
    const worker = await buildApp({
      env: testEnv({ DATA_DIR, JOB_WORKERS: '1' }),
      database: t.database,
      logger: false,
    });
    await worker.app.ready();
    try {
      for (let i = 0; i < 100 && (await task(created.id)).taskStatus !== 2; i += 1) {
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await worker.app.close();
    }
    expect(await task(created.id)).toMatchObject({ taskStatus: 2, successCount: 3 });
  });
});

describe('cancel [spec:S0.4.12] [spec:S0.6.6]', () => {
  it('cancels a queued task: the job then does nothing', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(3, 6001)]);
    const { task: created } = await queueImport(bytes);
    const other = await t.get(`/biz/download/taskProgress/cancel?id=${created.id}`, { token: tokens.sub });
    expect(other.status).toBe(404);
    const res = await t.get(`/biz/download/taskProgress/cancel?id=${created.id}`, { token: tokens.admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ taskStatus: 4 });
    expect((await run(created.id)).outcome).toBe('skipped');
    expect((await importedUsers()).length).toBe(0);
    const again = await t.get(`/biz/download/taskProgress/cancel?id=${created.id}`, { token: tokens.admin });
    expect(again.status).toBe(403);
  });

  it('stops a processing task at its next chunk, keeping the rows committed before', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(20, 7001)]);
    const { task: created } = await queueImport(bytes);
    const result = await run(created.id, {
      chunkRows: 5,
      concurrency: 1,
      onChunk: async (done) => {
        if (done === 5) {
          const res = await t.get(`/biz/download/taskProgress/cancel?id=${created.id}`, {
            token: tokens.admin,
          });
          expect(res.status).toBe(200);
        }
      },
    });
    expect(result.outcome).toBe('cancelled');
    expect((await importedUsers()).length).toBe(5);
    // The five accounts created before the cancel need their passwords: the cancelled task keeps a result.
    expect(await task(created.id)).toMatchObject({
      taskStatus: 4,
      currentProgress: 5,
      successCount: 5,
      isDownload: 1,
    });
    const passwords = await resultPasswords(created.id);
    expect([...passwords.keys()]).toEqual(['imp7001', 'imp7002', 'imp7003', 'imp7004', 'imp7005']);
    expect((await t.login('imp7003', { password: passwords.get('imp7003')! })).status).toBe(200);
    expect(await taskParams(created.id)).not.toHaveProperty('passwordKey');
  });
});
