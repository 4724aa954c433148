import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../core/db/rows';
import { createLocalFileStorage } from '../../core/storage/file-storage';
import { loadEnv } from '../../env';
import { createTestContext, type TestContext } from '../../test/harness';
import { md5, multipartBody, multipartHeaders, sheetBytes, ZH_HEADERS } from './user-import.fixtures';
import { importLimitsOf, runImportTask } from './user-import.service';

/**
 * The limits of an import (docs/user-import.md "Limits"), set low here so small files cross them: a school
 * of this test allows 50 data rows, 20 columns, 4 MB unpacked, a compression ratio of 50 and keeps 30
 * refused cells.
 */
const LIMITS = {
  IMPORT_MAX_ROWS: '50',
  IMPORT_MAX_COLUMNS: '20',
  IMPORT_MAX_UNPACKED_MB: '4',
  IMPORT_MAX_COMPRESSION_RATIO: '50',
  IMPORT_MAX_ERROR_ROWS: '30',
};
const DATA_DIR = path.join(os.tmpdir(), `psy-import-limits-${randomUUID()}`);
let t: TestContext;
let admin: string;
let studentType: number;
const files = createLocalFileStorage(path.join(DATA_DIR, 'files'));
/** What the app's job uses: the settings above, as env.ts reads them. */
const limits = () => importLimitsOf(loadLimits());
const loadLimits = () => {
  const {
    IMPORT_MAX_ROWS,
    IMPORT_MAX_COLUMNS,
    IMPORT_MAX_UNPACKED_MB,
    IMPORT_MAX_COMPRESSION_RATIO,
    IMPORT_MAX_ERROR_ROWS,
    IMPORT_CONCURRENCY,
  } = loadEnv({ ...LIMITS });
  return {
    IMPORT_MAX_ROWS,
    IMPORT_MAX_COLUMNS,
    IMPORT_MAX_UNPACKED_MB,
    IMPORT_MAX_COMPRESSION_RATIO,
    IMPORT_MAX_ERROR_ROWS,
    IMPORT_CONCURRENCY,
  };
};

beforeAll(async () => {
  t = await createTestContext({ DATA_DIR, ...LIMITS });
  admin = await t.tokenFor('admin');
  studentType = Number(
    rowsOf<{ id: number }>(
      await t.database.db.execute(
        sql`select id from user_type where tenant_id = ${t.alpha.tenantId} and code = 'student'`,
      ),
    )[0]!.id,
  );
});
afterAll(() => t?.close());
beforeEach(async () => {
  await t.database.db.execute(sql`delete from task_progress`);
  await t.database.db.execute(sql`delete from sys_user where username like 'lim%'`);
});

async function upload(bytes: Buffer, name = 'users.xlsx') {
  const url = '/admin/user/importUsers';
  const { payload, contentType } = multipartBody(
    { fileMd5: md5(bytes), deptId: t.alpha.deptIds.Engineering, userTypeId: studentType, importType: 0 },
    { name, bytes },
  );
  const res = await t.app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: {
      ...(await multipartHeaders(admin, t.alpha.tenantId, url, contentType)),
      'accept-language': 'en-US',
    },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

const run = (taskId: number) =>
  runImportTask({ database: t.database, files, limits: limits() }, t.alpha.tenantId, taskId);

async function taskRow(id: number) {
  return rowsOf<Record<string, unknown>>(
    await t.database.db.execute(sql`select task_status, error, total_count, success_count, fail_count
      from task_progress where id = ${id}`),
  )[0]!;
}

const usersCreated = async () =>
  rowsOf(await t.database.db.execute(sql`select 1 from sys_user where username like 'lim%'`)).length;

/** n valid rows lim0001... in the template's zh-CN layout. */
const validRows = (n: number) =>
  Array.from({ length: n }, (_, i) => {
    const k = String(i + 1).padStart(4, '0');
    return [`lim${k}`, `用户${k}`, `L${k}`, `1380001${k}`, '男', '2005-09-01', 'ROLE_GENERAL'];
  });

/** A workbook whose first sheet's XML is replaced (the rest made by SheetJS). */
async function withSheetXml(xml: string): Promise<Buffer> {
  const zip = await JSZip.loadAsync(sheetBytes([ZH_HEADERS.slice(0, 7)]));
  zip.file('xl/worksheets/sheet1.xml', xml);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const cell = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const sheetXml = (rows: string[], dimension?: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${
    dimension ? `<dimension ref="${dimension}"/>` : ''
  }<sheetData>${rows.join('')}</sheetData></worksheet>`;
const headerRow = () =>
  `<row r="1">${ZH_HEADERS.slice(0, 7)
    .map((h, i) => cell(`${String.fromCharCode(65 + i)}1`, h))
    .join('')}</row>`;
const dataRow = (r: number, values: string[]) =>
  `<row r="${r}">${values.map((v, i) => cell(`${String.fromCharCode(65 + i)}${r}`, v)).join('')}</row>`;

/** The same blank-looking row many times (no row numbers: identical text): megabytes that pack to kilobytes. */
const bombRows = (n: number) =>
  Array(n).fill('<row><c t="inlineStr"><is><t> </t></is></c></row>') as string[];

describe('import limits [spec:S0.5.11]', () => {
  it('refuses a zip bomb (small file, huge sheet) at the upload, naming the unpacked-size limit, before parsing', async () => {
    const bytes = await withSheetXml(sheetXml([headerRow(), ...bombRows(120_000)]));
    expect(bytes.length).toBeLessThan(1024 * 1024);
    const res = await upload(bytes);
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([
      {
        field: 'file',
        message:
          'the workbook unpacks to more than 4 MB, the limit of an import; split it into smaller files',
      },
    ]);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from task_progress`))).toEqual([]);
  });

  it('refuses a part that packs too well, naming the compression limit', async () => {
    const bytes = await withSheetXml(sheetXml([headerRow(), ...bombRows(40_000)]));
    const res = await upload(bytes);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(
      'file: a part of the workbook (xl/worksheets/sheet1.xml) unpacks to more than 50 times its packed size, the limit of an import',
    );
  });

  it('stops inflating a part that unpacks beyond the size its ZIP directory declares', async () => {
    const bytes = await withSheetXml(sheetXml([headerRow(), ...bombRows(2_000)]));
    // The central directory claims the sheet is 1,000 bytes unpacked.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    let p = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    while (p >= 0 && !bytes.subarray(p + 46, p + 46 + name.length).equals(name)) {
      p = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), p - 1);
    }
    expect(p).toBeGreaterThan(0);
    bytes.writeUInt32LE(1000, p + 24);
    const res = await upload(bytes);
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(
      'file: a part of the workbook (xl/worksheets/sheet1.xml) unpacks to more than the size its ZIP directory declares',
    );
  });

  it('refuses too many rows or columns from the declared dimension, at the upload', async () => {
    const rows = await upload(
      await withSheetXml(sheetXml([headerRow(), dataRow(2, validRows(1)[0]!)], 'A1:G500')),
    );
    expect(rows.status).toBe(400);
    expect(rows.body.msg).toBe(
      'file: the file has more than 50 data rows, the limit of an import; split it into smaller files',
    );
    const cols = await upload(await withSheetXml(sheetXml([headerRow()], 'A1:AZ2')));
    expect(cols.status).toBe(400);
    expect(cols.body.msg).toBe('file: the sheet has more than 20 columns, the limit of an import');
  });

  it('counts the rows of a sheet that declares no dimension before writing any: nothing is imported', async () => {
    const rows = validRows(60).map((v, i) => dataRow(i + 2, v));
    const bytes = await withSheetXml(sheetXml([headerRow(), ...rows]));
    const res = await upload(bytes);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await run(res.body.data.task.id)).outcome).toBe('failed');
    expect(await taskRow(res.body.data.task.id)).toMatchObject({
      task_status: 3,
      error: 'the file has more than 50 data rows, the limit of an import; split it into smaller files',
    });
    expect(await usersCreated()).toBe(0);
  });

  it('refuses a legacy .xls over the row limit (read in a worker thread)', async () => {
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...validRows(60)], { bookType: 'biff8' });
    const res = await upload(bytes, 'old.xls');
    expect(res.status).toBe(200);
    expect((await run(res.body.data.task.id)).outcome).toBe('failed');
    expect((await taskRow(res.body.data.task.id)).error).toMatch(/more than 50 data rows/);
    expect(await usersCreated()).toBe(0);
  });

  it('refuses a cell longer than Excel allows without holding it, and a file whose unused column holds data', async () => {
    const long = 'x'.repeat(40_000);
    const header = `<row r="1">${[...ZH_HEADERS.slice(0, 7), '备注']
      .map((h, i) => cell(`${String.fromCharCode(65 + i)}1`, h))
      .join('')}</row>`;
    const rows = [
      header,
      dataRow(2, [...validRows(1)[0]!.slice(0, 1), long, ...validRows(1)[0]!.slice(2)]),
      dataRow(3, validRows(2)[1]!),
    ];
    const res = await upload(await withSheetXml(sheetXml(rows)));
    const id = res.body.data.task.id;
    expect((await run(id)).outcome).toBe('done');
    expect(await taskRow(id)).toMatchObject({ total_count: 2, success_count: 1, fail_count: 1 });
    const reasons = rowsOf<{ reason: string }>(
      await t.database.db.execute(sql`select reason from user_import_error where task_id = ${id}`),
    ).map((r) => r.reason);
    expect(reasons).toContain('the cell holds more than 32,767 characters, the most a cell can hold');
    // A huge note in a column the import does not read would be lost: the file is refused, naming it.
    const noted = await upload(
      await withSheetXml(sheetXml([header, dataRow(2, [...validRows(3)[2]!, long])])),
    );
    const notedId = noted.body.data.task.id;
    expect((await run(notedId)).outcome).toBe('failed');
    expect(String((await taskRow(notedId)).error)).toMatch(
      /column H "备注" hold data the import does not use/,
    );
  });

  it('keeps at most the limit of refused cells, counts the rest and says so in the result file', async () => {
    // 40 rows, each refused for three cells (phone, sex and birthday): 120 refused cells.
    const bad = validRows(40).map(([a, b, c, , , , g]) => [a!, b!, c!, 'x', 'y', 'z', g!]);
    const bytes = sheetBytes([ZH_HEADERS.slice(0, 7), ...bad]);
    const res = await upload(bytes);
    const id = res.body.data.task.id;
    expect((await run(id)).outcome).toBe('done');
    expect(await taskRow(id)).toMatchObject({ total_count: 40, success_count: 0, fail_count: 40 });
    const kept = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from user_import_error where task_id = ${id}`,
      ),
    )[0]!.n;
    expect(kept).toBe(30);
    const url = `/biz/download/taskProgress/download?id=${id}`;
    const { signRequest, HEADER } = await import('@psy/contracts');
    const file = await t.app.app.inject({
      method: 'GET',
      url,
      headers: {
        [HEADER.authorization]: `Bearer ${admin}`,
        [HEADER.tenantId]: String(t.alpha.tenantId),
        ...(await signRequest({ method: 'GET', pathWithQuery: url, accessToken: admin })),
      },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values).toContainEqual([
      'Not listed',
      "90 more refused cells are not listed (over the result file's limit)",
    ]);
    // Summary (5 rows incl. the note), blank, header, then the 30 kept cells.
    expect(values.filter((v) => typeof v[0] === 'number' && v.length === 3)).toHaveLength(30);
  });
});
