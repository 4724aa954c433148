import { createHash } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { HEADER, signRequest, UNSIGNED_PAYLOAD } from '@psy/contracts';

/**
 * Test and bench helpers: spreadsheets made the way real users' files look (SheetJS cell objects, so
 * a cell can be a number, a serial date, text with a number format...) and a multipart upload.
 */

export type FixtureCell = string | number | null | XLSX.CellObject;

/** A workbook from rows of cells (first sheet), optional merged ranges; bookType xlsx or biff8 (.xls). */
export function sheetBytes(
  rows: FixtureCell[][],
  opts: { bookType?: 'xlsx' | 'biff8'; merges?: string[] } = {},
): Buffer {
  return workbookBytes([{ name: 'Sheet1', rows, merges: opts.merges }], opts);
}

function worksheetOf(rows: FixtureCell[][], merges?: string[]): XLSX.WorkSheet {
  const ws: XLSX.WorkSheet = {};
  let maxC = 0;
  rows.forEach((row, r) => {
    row.forEach((v, c) => {
      if (v === null || v === undefined) return;
      const cell: XLSX.CellObject =
        typeof v === 'object' ? v : typeof v === 'number' ? { t: 'n', v } : { t: 's', v };
      ws[XLSX.utils.encode_cell({ r, c })] = cell;
      maxC = Math.max(maxC, c);
    });
  });
  ws['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: Math.max(rows.length - 1, 0), c: maxC },
  });
  if (merges) ws['!merges'] = merges.map((m) => XLSX.utils.decode_range(m));
  return ws;
}

/** A workbook of several named sheets, in tab order (a sheet of instructions before the list, ...). */
export function workbookBytes(
  sheets: { name: string; rows: FixtureCell[][]; merges?: string[] | undefined }[],
  opts: { bookType?: 'xlsx' | 'biff8' } = {},
): Buffer {
  const wb = XLSX.utils.book_new();
  for (const s of sheets) XLSX.utils.book_append_sheet(wb, worksheetOf(s.rows, s.merges), s.name);
  return XLSX.write(wb, { type: 'buffer', bookType: opts.bookType ?? 'xlsx', compression: true }) as Buffer;
}

export const md5 = (b: Uint8Array) => createHash('md5').update(b).digest('hex');

/** A multipart/form-data body with text fields and one file part. */
export function multipartBody(
  fields: Record<string, string | number | undefined>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const boundary = `----psy${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    if (v === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${file.name}"\r\ncontent-type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Signed headers of a multipart call (the body is not hashed: UNSIGNED_PAYLOAD). */
export async function multipartHeaders(token: string, tenantId: number, url: string, contentType: string) {
  return {
    'content-type': contentType,
    [HEADER.authorization]: `Bearer ${token}`,
    [HEADER.tenantId]: String(tenantId),
    ...(await signRequest({
      method: 'POST',
      pathWithQuery: url,
      body: UNSIGNED_PAYLOAD,
      accessToken: token,
    })),
  };
}

/** Header labels of the template (zh-CN, required marked `*`) in IMPORT_COLUMNS order, for fixtures. */
export const ZH_HEADERS = [
  '*登录账号',
  '*姓名',
  '*学号/工号',
  '*联系方式',
  '*性别',
  '出生日期',
  '*角色',
  '证件类型',
  '证件号码',
  '邮箱',
];
