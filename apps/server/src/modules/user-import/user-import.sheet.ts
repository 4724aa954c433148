import { Worker } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { IMPORT_COLUMNS, type ImportColumn } from '@psy/contracts';
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

/** A cell value that cannot be taken as it is: the row is refused with this reason for the column. */
export class CellIssue {
  constructor(readonly reason: string) {}
}

export type CellValue = string | CellIssue;

export interface SheetRow {
  /** Row number as the spreadsheet shows it (1-based). */
  rowNo: number;
  /** Column key -> text ('' when blank) or an issue. */
  cells: Record<string, CellValue>;
}

export class SheetError extends Error {}

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
        ? `the cell holds more than ${MAX_CELL_CHARS.toLocaleString('en-US')} characters, the most a cell can hold`
        : 'the cell holds an error value',
    );
  }
  if (cell.t === 'b') return cell.v ? 'TRUE' : 'FALSE';
  if (cell.t === 'd') {
    const d = cell.v as Date;
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  if (cell.t === 'n') {
    const n = cell.v as number;
    if (col.key === 'birthday') return serialToDate(n) ?? String(n);
    if (col.text) {
      if (!Number.isInteger(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
        // 18-digit ID numbers typed as numbers keep only 15-17 significant digits: never guess them.
        return new CellIssue(
          'the number was stored as a numeric cell and lost digits; format the column as text and enter it again',
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
    `the file has more than ${limits.maxRows.toLocaleString('en-US')} data rows, the limit of an import; split it into smaller files`,
  );
const tooManyColumns = (limits: ImportLimits) =>
  new SheetError(`the sheet has more than ${limits.maxColumns} columns, the limit of an import`);

/** A sheet being read: its columns, how many data rows it has, and the rows in batches (read again per call). */
export interface SheetSource {
  columns: ImportColumn[];
  /** Non-blank rows below the header (rows whose mapped cells are all spaces count here, not in `rows`). */
  dataRows: number;
  rows(): AsyncIterable<SheetRow[]>;
}

function sheetErrorOf(err: unknown): never {
  if (err instanceof ZipLimitError || err instanceof XlsxFormatError) throw new SheetError(err.message);
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
    checkDimension(await readSheetDimension(bytes, parts), limits);
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
    c && c.v !== undefined && c.v !== null ? (COLUMN_BY_HEADER.get(headerKey(String(c.v))) ?? null) : null,
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

const hasValueIn = (raw: RawRow, mapping: readonly (ImportColumn | null)[]) =>
  mapping.some((c, i) => c !== null && raw.cells[i] !== undefined && raw.cells[i]!.v !== '');

/**
 * Opens the first sheet of an upload within the limits (docs/user-import.md "Limits"): checks the
 * declared sizes, finds the header row (the first of the first 20 rows with at least two template
 * headers; rows above it, merged titles and notes, are ignored) and counts the data rows before any row is
 * imported, so a file over a limit is refused as a whole. .xlsx is streamed (user-import.xlsx.ts); a
 * legacy .xls (at most 65,536 rows by its format) is read by SheetJS in a worker thread.
 */
export async function openUserSheet(bytes: Buffer, limits: ImportLimits): Promise<SheetSource> {
  const kind = spreadsheetKindOf(bytes);
  if (!kind) throw new SheetError('the file is not a readable spreadsheet');
  const raws: (wantColumn: (col: number) => boolean) => AsyncIterable<RawRow[]> =
    kind === 'xlsx' ? await xlsxRows(bytes, limits) : await xlsRows(bytes, limits);
  // First pass: the header, and the data rows counted (raw cells only) against the limit. Once the header
  // is known, cells of columns it does not map are not kept.
  let mapping: (ImportColumn | null)[] | null = null;
  const mapped = (col: number) => mapping === null || (mapping[col] ?? null) !== null;
  let headerRowNo = 0;
  let dataRows = 0;
  try {
    for await (const batch of raws(mapped)) {
      for (const raw of batch) {
        if (!mapping) {
          if (raw.rowNo > HEADER_SEARCH_ROWS) break;
          mapping = headerOf(raw);
          if (mapping) headerRowNo = raw.rowNo;
          continue;
        }
        if (hasValueIn(raw, mapping) && ++dataRows > limits.maxRows) throw tooManyRows(limits);
      }
      if (!mapping && batch.some((r) => r.rowNo > HEADER_SEARCH_ROWS)) break;
      await yieldToEventLoop();
    }
  } catch (err) {
    sheetErrorOf(err);
  }
  if (!mapping) throw new SheetError('no header row with the template columns was found');
  const found = mapping;
  return {
    columns: found.filter((c): c is ImportColumn => c !== null),
    dataRows,
    async *rows() {
      try {
        for await (const batch of raws(mapped)) {
          const out: SheetRow[] = [];
          for (const raw of batch) {
            if (raw.rowNo <= headerRowNo) continue;
            const row = toSheetRow(raw, found);
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

async function xlsxRows(bytes: Buffer, limits: ImportLimits) {
  try {
    const entries = readZipDirectory(bytes, limits);
    const parts = await readXlsxParts(bytes, entries, sharedStringsLimit(limits));
    checkDimension(await readSheetDimension(bytes, parts), limits);
    return (wantColumn: (col: number) => boolean) =>
      streamSheetRows(bytes, parts, {
        maxColumns: limits.maxColumns,
        onTooManyColumns: () => tooManyColumns(limits),
        wantColumn,
      });
  } catch (err) {
    sheetErrorOf(err);
  }
}

/** Rows handed out per batch from a legacy .xls read whole by the worker. */
const XLS_BATCH_ROWS = 1000;

async function xlsRows(bytes: Buffer, limits: ImportLimits) {
  // Titles and the header come first: read that many rows more than the limit, to see it is exceeded.
  const maxRows = limits.maxRows + HEADER_SEARCH_ROWS + 1;
  // The worker's heap is capped: a file that needs more fails the task instead of the process.
  const result = await new Promise<{ rows?: RawRow[]; fullRef?: string | null; error?: string }>(
    (resolve) => {
      const worker = new Worker(new URL('./user-import.xls-worker.mjs', import.meta.url), {
        workerData: { bytes, maxRows },
        resourceLimits: { maxOldGenerationSizeMb: 512 },
      });
      worker.once('message', resolve);
      worker.once('error', () => resolve({ error: 'the file is too large or damaged to be read' }));
      worker.once('exit', (code) => {
        if (code !== 0) resolve({ error: 'the file could not be read' });
      });
    },
  );
  if (result.error || !result.rows)
    throw new SheetError(result.error ?? 'the file is not a readable spreadsheet');
  const range = result.fullRef ? XLSX.utils.decode_range(result.fullRef) : null;
  if (range) checkDimension({ rows: range.e.r + 1, columns: range.e.c + 1 }, limits);
  const rows = result.rows;
  if (rows.some((r) => r.cells.length > limits.maxColumns)) throw tooManyColumns(limits);
  return async function* () {
    for (let i = 0; i < rows.length; i += XLS_BATCH_ROWS) yield rows.slice(i, i + XLS_BATCH_ROWS);
  };
}

/** Lets other work of the process (requests) run between slices of an import's work. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
