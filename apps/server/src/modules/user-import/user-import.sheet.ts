import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { IMPORT_COLUMN_ALIASES, IMPORT_COLUMNS, type ImportColumn, type Lang } from '@psy/contracts';
import {
  MAX_CELL_CHARS,
  readSheetDimension,
  readXlsxParts,
  streamSheetRows,
  TOO_LONG,
  XlsxFormatError,
} from './user-import.xlsx';
import { readZipDirectory, ZipLimitError } from './user-import.zip';

/**
 * Reading an uploaded user file (.xlsx or legacy .xls, SheetJS from `@e965/xlsx`) into text cells the
 * form rules can check. Real-world files (docs/user-import.md "Real-world files"): merged title rows
 * above the header, zh-CN or en-US headers with `*` markers, numbers where text is meant, dates as
 * Excel serials or text, full-width characters, trailing spaces and blank rows.
 */

export type SpreadsheetKind = 'xlsx' | 'xls';

/** The kind of spreadsheet the bytes are, by their signature (not the file name); null if neither. */
export function spreadsheetKindOf(bytes: Uint8Array): SpreadsheetKind | null {
  const starts = (sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts([0x50, 0x4b, 0x03, 0x04])) return 'xlsx'; // ZIP (Office Open XML)
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls'; // OLE2 (BIFF)
  return null;
}

/**
 * Whether bytes that are no spreadsheet are text (a CSV or a list saved as text, then renamed): a byte-order
 * mark, or a start without NUL bytes that decodes as UTF-8 or is mostly printable (GBK text too).
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 4096);
  if (head.length === 0) return false;
  if ((head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) || (head[0] === 0xff && head[1] === 0xfe))
    return true;
  if (head.includes(0)) return false;
  let control = 0;
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) control += 1;
  return control / head.length < 0.01;
}

/** A header or value as compared: NFKC (full-width to half-width), no `*`, no spaces, lower case. */
export function headerKey(text: string): string {
  return text.normalize('NFKC').replace(/[*\s]/g, '').toLowerCase();
}

const COLUMN_BY_HEADER = new Map<string, ImportColumn>();
for (const c of IMPORT_COLUMNS) {
  COLUMN_BY_HEADER.set(headerKey(c.label['zh-CN']), c);
  COLUMN_BY_HEADER.set(headerKey(c.label['en-US']), c);
  COLUMN_BY_HEADER.set(headerKey(c.key), c);
}
// The usual other names of each column (身份证号, 电子邮箱, ...): never one that a label already means.
for (const c of IMPORT_COLUMNS) {
  for (const alias of IMPORT_COLUMN_ALIASES[c.key] ?? []) {
    if (!COLUMN_BY_HEADER.has(headerKey(alias))) COLUMN_BY_HEADER.set(headerKey(alias), c);
  }
}

/** The template column a header names (its label in either language, its key or a usual other name). */
export const columnOfHeader = (text: string): ImportColumn | null =>
  COLUMN_BY_HEADER.get(headerKey(text)) ?? null;

/** Headers of a row-number column: its numbers are not data an import could lose. */
const ROW_NUMBER_HEADERS = new Set(['序号', '行号', 'no', 'no.', '#', 'index', 'seq', 'sn'].map(headerKey));

/** A text in both languages: the task keeps the one of its upload. */
export type LocalText = Record<Lang, string>;
const both = (zh: string, en: string): LocalText => ({ 'zh-CN': zh, 'en-US': en });

/** A cell value that cannot be taken as it is: the row is refused with this reason for the column. */
export class CellIssue {
  constructor(readonly reason: LocalText) {}
}

export type CellValue = string | CellIssue;

export interface SheetRow {
  /** Row number as the spreadsheet shows it (1-based). */
  rowNo: number;
  /** Column key -> text ('' when blank) or an issue. */
  cells: Record<string, CellValue>;
}

/** A refusal of the whole file, in both languages (`message` is the English one, for logs). */
export class SheetError extends Error {
  constructor(readonly text: LocalText) {
    super(text['en-US']);
  }
}

/**
 * The zh-CN text of the reader's lower-level refusals (ZIP and XML checks, written in English where they
 * are found): the common beginnings are translated, the technical rest is kept.
 */
const FILE_ERROR_ZH: readonly [RegExp, string][] = [
  [/^the file is not a readable spreadsheet/, '文件不是可读取的电子表格'],
  [/^the workbook is a ZIP64 archive, which an import does not read$/, '该工作簿是 ZIP64 格式，导入无法读取'],
  [/^the workbook has more than (\d+) parts$/, '工作簿的部件超过 $1 个'],
  [/^a part of the workbook uses an unknown compression/, '工作簿的某个部件使用了未知的压缩方式'],
  [
    /^a part of the workbook \((.+)\) is larger than (\d+) MB, the limit of an import$/,
    '工作簿的部件（$1）超过 $2 MB，超出导入上限',
  ],
  [/^the workbook unpacks to more than (.+)$/, '工作簿解压后超过 $1'],
];
const fileErrorText = (en: string): LocalText => {
  for (const [re, zh] of FILE_ERROR_ZH) if (re.test(en)) return both(en.replace(re, zh), en);
  return both(`文件无法读取：${en}`, en);
};

/** How many rows above the header may hold titles. */
const HEADER_SEARCH_ROWS = 20;

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** An Excel serial day number as yyyy-MM-dd (1900 date system), or null. */
export function serialToDate(serial: number): string | null {
  if (!Number.isFinite(serial) || serial < 1 || serial > 2958465) return null;
  const d = XLSX.SSF.parse_date_code(serial) as { y: number; m: number; d: number } | null;
  return d ? `${d.y}-${pad(d.m)}-${pad(d.d)}` : null;
}

/**
 * A date written as text in one of the usual ways (2008-09-01, 2008/9/1, 2008.9.1, 20080901,
 * 2008年9月1日) as yyyy-MM-dd; other text is answered unchanged for the form rule to refuse.
 */
export function normaliseDateText(text: string): string {
  const m =
    /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(text) ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (!m) return text;
  return `${m[1]}-${pad(Number(m[2]))}-${pad(Number(m[3]))}`;
}

const clean = (s: string) => s.normalize('NFKC').trim();

/** A number format that only pads digits with zeros ("000000"): the formatted text keeps them. */
const ZERO_PAD_FORMAT = /^0+$/;

/** The text of one cell for a column (see the module comment for the cases). */
export function cellText(cell: XLSX.CellObject | undefined, col: ImportColumn): CellValue {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'e') {
    return new CellIssue(
      cell.w === TOO_LONG
        ? both(
            `单元格超过 ${MAX_CELL_CHARS} 个字符，超出单元格的容量`,
            `the cell holds more than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters, the most a cell can hold`,
          )
        : both('单元格是错误值', 'the cell holds an error value'),
    );
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'd') {
    const d = cell.v as Date;
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  if (cell.t === 'n') {
    const n = cell.v as number;
    // A date typed as the number 20050313 is no serial (those end in 2958465, the year 9999).
    if (col.key === 'birthday') return serialToDate(n) ?? normaliseDateText(String(n));
    if (col.text) {
      if (!Number.isInteger(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
        // 18-digit ID numbers typed as numbers keep only 15-17 significant digits: never guess them.
        return new CellIssue(
          both(
            '数字以数值格式保存，已丢失位数；请把该列设为文本格式后重新填写',
            'the number was stored as a numeric cell and lost digits; format the column as text and enter it again',
          ),
        );
      }
      const fmt = typeof cell.z === 'string' ? cell.z : '';
      if (ZERO_PAD_FORMAT.test(fmt) && typeof cell.w === 'string') return clean(cell.w);
      return String(n);
    }
    return Number.isInteger(n) ? String(n) : String(n);
  }
  const text = clean(String(cell.v));
  if (col.key === 'birthday') return normaliseDateText(text);
  return text;
}

/** What an import may cost (docs/user-import.md "Limits"; settings IMPORT_* in env.ts). */
export interface ImportLimits {
  /** Sum of the unpacked sizes of the workbook's parts (.xlsx). */
  maxUnpackedBytes: number;
  /** Largest unpacked / packed size of one part of 1 MB or more (.xlsx). */
  maxCompressionRatio: number;
  /** Data rows (non-blank rows below the header). */
  maxRows: number;
  /** Columns of the sheet. */
  maxColumns: number;
  /** Refused cells kept for the result file; the rest are counted. */
  maxErrorRows: number;
  /** Chunk transactions of one import in flight at once. */
  concurrency: number;
}

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxUnpackedBytes: 256 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxRows: 100_000,
  maxColumns: 100,
  maxErrorRows: 10_000,
  concurrency: 2,
};

/** One row as the sheet has it, cells by column index (0-based). */
type RawRow = { rowNo: number; cells: readonly (XLSX.CellObject | undefined)[] };

const tooManyRows = (limits: ImportLimits) =>
  new SheetError(
    both(
      `文件的数据行超过 ${limits.maxRows} 行（一次导入的上限），请拆分为较小的文件`,
      `the file has more than ${limits.maxRows.toLocaleString('en-US')} data rows, the limit of an import; split it into smaller files`,
    ),
  );
const tooManyColumns = (limits: ImportLimits) =>
  new SheetError(
    both(
      `工作表超过 ${limits.maxColumns} 列（一次导入的上限）`,
      `the sheet has more than ${limits.maxColumns} columns, the limit of an import`,
    ),
  );

/** A sheet being read: its columns, how many data rows it has, and the rows in batches (read again per call). */
export interface SheetSource {
  columns: ImportColumn[];
  /** The sheet the list was found on. */
  sheetName: string;
  /** Non-blank rows below the header (rows whose mapped cells are all spaces count here, not in `rows`). */
  dataRows: number;
  rows(): AsyncIterable<SheetRow[]>;
}

function sheetErrorOf(err: unknown): never {
  if (err instanceof ZipLimitError || err instanceof XlsxFormatError)
    throw new SheetError(fileErrorText(err.message));
  throw err;
}

/**
 * Checks what a file declares against the limits without reading its rows: for .xlsx the ZIP directory
 * (unpacked sizes, compression ratios) and the sheet's declared dimension. The upload calls it, so a file
 * over a limit is refused at once, and the job again.
 */
export async function checkSpreadsheetLimits(bytes: Buffer, limits: ImportLimits): Promise<void> {
  if (spreadsheetKindOf(bytes) !== 'xlsx') return;
  try {
    const entries = readZipDirectory(bytes, limits);
    const parts = await readXlsxParts(bytes, entries, sharedStringsLimit(limits));
    for (const { entry } of parts.sheets) {
      checkDimension(await readSheetDimension(bytes, { ...parts, sheet: entry }), limits);
    }
  } catch (err) {
    sheetErrorOf(err);
  }
}

/**
 * The shared strings are the one part held in memory whole (cells refer to them by index): a quarter of
 * the unpacked limit, about 2 million short strings, far more than the row limit needs.
 */
const sharedStringsLimit = (limits: ImportLimits) => Math.floor(limits.maxUnpackedBytes / 4);

function checkDimension(dim: { rows: number; columns: number } | null, limits: ImportLimits) {
  if (!dim) return;
  // Up to HEADER_SEARCH_ROWS rows may be titles and the header.
  if (dim.rows > limits.maxRows + HEADER_SEARCH_ROWS) throw tooManyRows(limits);
  if (dim.columns > limits.maxColumns) throw tooManyColumns(limits);
}

/** The header row among the first rows: the first with at least two known headers, and its mapping. */
function headerOf(row: RawRow): (ImportColumn | null)[] | null {
  const cols = row.cells.map((c) =>
    c && c.v !== undefined && c.v !== null ? columnOfHeader(String(c.v)) : null,
  );
  if (cols.filter(Boolean).length < 2) return null;
  const seen = new Set<string>();
  return cols.map((c) => {
    if (!c || seen.has(c.key)) return null;
    seen.add(c.key);
    return c;
  });
}

function toSheetRow(raw: RawRow, mapping: readonly (ImportColumn | null)[]): SheetRow | null {
  const cells: Record<string, CellValue> = {};
  let blank = true;
  for (let i = 0; i < mapping.length; i += 1) {
    const col = mapping[i];
    if (!col) continue;
    const v = cellText(raw.cells[i], col);
    if (v !== '') blank = false;
    cells[col.key] = v;
  }
  return blank ? null : { rowNo: raw.rowNo, cells };
}

const hasValue = (c: XLSX.CellObject | undefined) =>
  c !== undefined && c.v !== undefined && c.v !== null && String(c.v).trim() !== '';

const hasValueIn = (raw: RawRow, mapping: readonly (ImportColumn | null)[]) =>
  mapping.some((c, i) => c !== null && hasValue(raw.cells[i]));

/** `A`, `B`, ... `AA` for a 0-based column index. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    out = String.fromCharCode(65 + r) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/** One sheet of the workbook: its name and its rows (read again per call). */
interface SheetRows {
  name: string;
  raws: (wantColumn: (col: number) => boolean) => AsyncIterable<RawRow[]>;
}

/** The header of a sheet among its first rows, or null when it has none. */
async function findHeader(sheet: SheetRows) {
  try {
    for await (const batch of sheet.raws(() => true)) {
      for (const raw of batch) {
        if (raw.rowNo > HEADER_SEARCH_ROWS) return null;
        const mapping = headerOf(raw);
        if (mapping) return { mapping, headerRow: raw };
      }
      await yieldToEventLoop();
    }
  } catch (err) {
    sheetErrorOf(err);
  }
  return null;
}

/**
 * Opens the sheet of an upload that holds the list, within the limits (docs/user-import.md "Limits"):
 * checks the declared sizes; takes the first sheet, in tab order, whose first 20 rows hold a header row
 * (at least two template headers or their usual names; rows above it, merged titles and notes, are
 * ignored), so a first sheet of instructions is passed over; counts the data rows before any row is
 * imported, so a file over a limit is refused as a whole; and refuses a file with a column the import does
 * not use that holds data (it would be lost without a word). .xlsx is streamed (user-import.xlsx.ts); a
 * legacy .xls (at most 65,536 rows by its format) is read by SheetJS in a worker thread.
 */
export async function openUserSheet(bytes: Buffer, limits: ImportLimits): Promise<SheetSource> {
  const kind = spreadsheetKindOf(bytes);
  if (!kind) throw new SheetError(both('文件不是可读取的电子表格', 'the file is not a readable spreadsheet'));
  const sheets = kind === 'xlsx' ? await xlsxSheets(bytes, limits) : await xlsSheets(bytes, limits);
  let chosen: { sheet: SheetRows; mapping: (ImportColumn | null)[]; headerRow: RawRow } | null = null;
  for (const sheet of sheets) {
    const header = await findHeader(sheet);
    if (header) {
      chosen = { sheet, ...header };
      break;
    }
  }
  if (!chosen) {
    const names = sheets.map((s) => `"${s.name}"`).join(', ');
    throw new SheetError(
      both(
        `在工作表 ${names} 的前 ${HEADER_SEARCH_ROWS} 行中都没有找到含模板列名的表头行（例如“登录账号”“姓名”）；请使用导入模板的列名`,
        `no header row with the template columns (such as "Login account", "Name") was found in the first ${HEADER_SEARCH_ROWS} rows of the sheets ${names}; use the template's column names`,
      ),
    );
  }
  const { sheet, mapping, headerRow } = chosen;
  const headerRowNo = headerRow.rowNo;
  // Columns the import does not map, by index: their header text ('' when none).
  const unmappedHeader = (i: number) => {
    const c = headerRow.cells[i];
    return hasValue(c) ? String(c!.v).normalize('NFKC').trim() : '';
  };
  const lost = new Map<number, string>();
  // First pass: the data rows counted against the limit, and the unmapped columns that hold data.
  let dataRows = 0;
  try {
    for await (const batch of sheet.raws(() => true)) {
      for (const raw of batch) {
        if (raw.rowNo <= headerRowNo) continue;
        if (hasValueIn(raw, mapping) && ++dataRows > limits.maxRows) throw tooManyRows(limits);
        for (let i = 0; i < raw.cells.length; i += 1) {
          if ((mapping[i] ?? null) !== null || lost.has(i) || !hasValue(raw.cells[i])) continue;
          const header = unmappedHeader(i);
          if (!ROW_NUMBER_HEADERS.has(headerKey(header))) lost.set(i, header);
        }
      }
      await yieldToEventLoop();
    }
  } catch (err) {
    sheetErrorOf(err);
  }
  if (lost.size > 0) throw unusedColumns(lost, mapping, sheet.name);
  const mapped = (col: number) => (mapping[col] ?? null) !== null;
  return {
    columns: mapping.filter((c): c is ImportColumn => c !== null),
    dataRows,
    sheetName: sheet.name,
    async *rows() {
      try {
        for await (const batch of sheet.raws(mapped)) {
          const out: SheetRow[] = [];
          for (const raw of batch) {
            if (raw.rowNo <= headerRowNo) continue;
            const row = toSheetRow(raw, mapping);
            if (row) out.push(row);
          }
          if (out.length > 0) yield out;
        }
      } catch (err) {
        sheetErrorOf(err);
      }
    },
  };
}

/**
 * The refusal of a file with columns that hold data the import does not read: each named by its letter
 * and header (a repeated template column says which column it repeats), and what to do.
 */
function unusedColumns(
  lost: ReadonlyMap<number, string>,
  mapping: readonly (ImportColumn | null)[],
  sheet: string,
) {
  const described = (lang: Lang) =>
    [...lost.entries()]
      .sort(([a], [b]) => a - b)
      .map(([i, header]) => {
        const repeats = header ? columnOfHeader(header) : null;
        const letter = columnLetters(i);
        if (repeats && mapping.includes(repeats))
          return lang === 'zh-CN'
            ? `${letter} 列“${header}”（与“${repeats.label['zh-CN']}”列重复）`
            : `column ${letter} "${header}" (repeats the ${repeats.label['en-US']} column)`;
        if (!header) return lang === 'zh-CN' ? `${letter} 列（无列名）` : `column ${letter} (no header)`;
        return lang === 'zh-CN' ? `${letter} 列“${header}”` : `column ${letter} "${header}"`;
      })
      .join(lang === 'zh-CN' ? '、' : ', ');
  return new SheetError(
    both(
      `工作表“${sheet}”中 ${described('zh-CN')} 有数据，但导入不使用这些列，数据会丢失：请删除这些列，或把列名改为导入模板的列名后重新上传`,
      `in sheet "${sheet}", ${described('en-US')} hold data the import does not use and would lose: delete these columns, or rename them to the template's column names, and upload again`,
    ),
  );
}

async function xlsxSheets(bytes: Buffer, limits: ImportLimits): Promise<SheetRows[]> {
  try {
    const entries = readZipDirectory(bytes, limits);
    const parts = await readXlsxParts(bytes, entries, sharedStringsLimit(limits));
    const out: SheetRows[] = [];
    for (const { name, entry } of parts.sheets) {
      const sheetParts = { ...parts, sheet: entry };
      checkDimension(await readSheetDimension(bytes, sheetParts), limits);
      out.push({
        name,
        raws: (wantColumn) =>
          streamSheetRows(bytes, sheetParts, {
            maxColumns: limits.maxColumns,
            onTooManyColumns: () => tooManyColumns(limits),
            wantColumn,
          }),
      });
    }
    return out;
  } catch (err) {
    sheetErrorOf(err);
  }
}

/** Rows handed out per batch from a legacy .xls read whole by the worker. */
const XLS_BATCH_ROWS = 1000;

type WorkerSheet = { name: string; rows: RawRow[]; fullRef: string | null };

async function xlsSheets(bytes: Buffer, limits: ImportLimits): Promise<SheetRows[]> {
  // Titles and the header come first: read that many rows more than the limit, to see it is exceeded.
  const maxRows = limits.maxRows + HEADER_SEARCH_ROWS + 1;
  // The worker's heap is capped: a file that needs more fails the task instead of the process.
  const result = await new Promise<{ sheets?: WorkerSheet[]; error?: LocalText }>((resolve) => {
    const worker = new Worker(new URL('./user-import.xls-worker.mjs', import.meta.url), {
      workerData: { bytes, maxRows },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    worker.once('message', (m: { sheets?: WorkerSheet[]; error?: string }) =>
      resolve(m.sheets ? { sheets: m.sheets } : { error: unreadable }),
    );
    worker.once('error', () =>
      resolve({ error: both('文件太大或已损坏，无法读取', 'the file is too large or damaged to be read') }),
    );
    worker.once('exit', (code) => {
      if (code !== 0) resolve({ error: both('文件无法读取', 'the file could not be read') });
    });
  });
  if (result.error || !result.sheets) throw new SheetError(result.error ?? unreadable);
  return result.sheets.map(({ name, rows, fullRef }) => {
    const range = fullRef ? XLSX.utils.decode_range(fullRef) : null;
    if (range) checkDimension({ rows: range.e.r + 1, columns: range.e.c + 1 }, limits);
    if (rows.some((r) => r.cells.length > limits.maxColumns)) throw tooManyColumns(limits);
    return {
      name,
      raws: () =>
        (async function* () {
          for (let i = 0; i < rows.length; i += XLS_BATCH_ROWS) yield rows.slice(i, i + XLS_BATCH_ROWS);
        })(),
    };
  });
}

const unreadable = both('文件不是可读取的电子表格', 'the file is not a readable spreadsheet');

/** Lets other work of the process (requests) run between slices of an import's work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
