import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { createTestContext, type TestContext } from '../../test/harness';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ JOB_WORKERS: '1' });
});
afterAll(() => t?.close());

/** Waits for a download task of the token's user to finish; answers it. */
async function finished(token: string, id: number) {
  for (let i = 0; i < 100; i += 1) {
    const list = await t.post(
      '/biz/download/taskProgress/findMineFinishTask',
      { current: 1, size: 100, category: 'export' },
      { token },
    );
    const task = list.body.data.records.find((r: { id: number }) => r.id === id);
    if (task) return task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('export did not finish');
}

async function fileOf(token: string, id: number) {
  const res = await t.app.app.inject({
    method: 'GET',
    url: `/biz/download/taskProgress/download?id=${id}`,
    headers: await signedHeaders(token, `/biz/download/taskProgress/download?id=${id}`),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function sheetOf(token: string, id: number) {
  const res = await fileOf(token, id);
  expect(res.headers['content-type']).toMatch(/spreadsheetml/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function signedHeaders(token: string, url: string) {
  const { signRequest, HEADER } = await import('@psy/contracts');
  return {
    [HEADER.authorization]: `Bearer ${token}`,
    [HEADER.tenantId]: String(t.alpha.tenantId),
    ...(await signRequest({ method: 'GET', pathWithQuery: url, accessToken: token })),
  };
}

describe('POST /admin/user/exportUsersBySearch [spec:S0.7.11]', () => {
  it('writes an XLSX of the filtered users in the data scope, masked without the permission', async () => {
    const sub = await t.tokenFor('subadmin');
    const res = await t.post(
      '/admin/user/exportUsersBySearch',
      {},
      { token: sub, headers: { 'accept-language': 'en-US' } },
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      taskStatus: 0,
      taskType: 2,
      fileName: expect.stringMatching(/^users-\d+\.xlsx$/),
    });
    const task = await finished(sub, res.body.data.id);
    expect(task).toMatchObject({ taskStatus: 2, isDownload: 1 });
    const rows = await sheetOf(sub, task.id);
    expect(rows[0]).toContain('Login account');
    const usernames = rows
      .slice(1)
      .map((r) => r[0])
      .sort();
    expect(usernames).toEqual(['student', 'subadmin']);
    expect(rows.find((r) => r[0] === 'student')![3]).toBe('139****0001');
    // The requester is told in their inbox (EXPORT_FINISHED event), read in the reader's language.
    const inbox = await t.get('/biz/message/message/myMessageByType', {
      token: sub,
      headers: { 'accept-language': 'en-US' },
    });
    expect(inbox.body.data.records[0]).toMatchObject({
      typeCode: 'SYSTEM',
      title: 'Export ready',
      content: `The file ${task.fileName} is ready. Download it from the file list.`,
    });
    const zh = await t.get('/biz/message/message/myMessageByType', { token: sub });
    expect(zh.body.data.records[0]).toMatchObject({
      title: '导出文件已生成',
      content: `文件 ${task.fileName} 已生成，请在文件列表中下载。`,
    });
  });

  it('an administrator with the permission gets full values, and only the creator may download', async () => {
    const admin = await t.tokenFor('admin');
    const res = await t.post('/admin/user/exportUsersBySearch', { username: 'student' }, { token: admin });
    const task = await finished(admin, res.body.data.id);
    const rows = await sheetOf(admin, task.id);
    expect(rows[0]![0]).toBe('登录账号');
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([['student', '13900000001']]);
    const other = await t.get(`/biz/download/taskProgress/download?id=${task.id}`, {
      token: await t.tokenFor('subadmin'),
    });
    expect(other.status).toBe(404);
  });

  it('writes the same rows as CSV (BOM, CRLF) when format is csv [spec:S0.7.28]', async () => {
    const admin = await t.tokenFor('admin');
    const filter = { username: 'student' };
    const x = await t.post('/admin/user/exportUsersBySearch', filter, { token: admin });
    const c = await t.post('/admin/user/exportUsersBySearch', { ...filter, format: 'csv' }, { token: admin });
    expect(c.status, c.raw).toBe(200);
    expect(c.body.data.fileName).toMatch(/^users-\d+\.csv$/);
    const xlsxRows = await sheetOf(admin, (await finished(admin, x.body.data.id)).id);
    const res = await fileOf(admin, (await finished(admin, c.body.data.id)).id);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.endsWith('\r\n')).toBe(true);
    const csvRows = parseCsv(text);
    // Empty XLSX cells are holes in ExcelJS's row arrays: Array.from reads them as undefined.
    expect(csvRows).toEqual(xlsxRows.map((r) => Array.from(r, (v) => (v == null ? '' : String(v)))));
    expect(csvRows[0]![0]).toBe('登录账号');
  });

  it('refuses an unknown format', async () => {
    const res = await t.post(
      '/admin/user/exportUsersBySearch',
      { format: 'pdf' },
      { token: await t.tokenFor('admin') },
    );
    expect(res.status).toBe(400);
    expect(res.body.msg).toContain('format');
  });

  it('needs admin_userInfo_export', async () => {
    const res = await t.post(
      '/admin/user/exportUsersBySearch',
      {},
      { token: await t.tokenFor('counsellor') },
    );
    expect(res.status).toBe(403);
  });
});
