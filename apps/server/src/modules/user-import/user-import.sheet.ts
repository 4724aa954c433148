import * as XLSX from '@e965/xlsx';
import { IMPORT_COLUMNS, type ImportColumn } from '@psy/contracts';

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

export interface ParsedSheet {
  /** Columns found, in file order. */
  columns: ImportColumn[];
  rows: SheetRow[];
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
  if (cell.t === 'e') return new CellIssue('the cell holds an error value');
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

/** Reads the first sheet: finds the header row, maps columns, answers the non-blank data rows. */
export function readUserSheet(bytes: Uint8Array): ParsedSheet {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, { type: 'buffer', dense: true, cellNF: true, cellHTML: false, cellFormula: false });
  } catch {
    throw new SheetError('the file is not a readable spreadsheet');
  }
  const sheet = wb.SheetNames[0] ? (wb.Sheets[wb.SheetNames[0]] as XLSX.DenseSheet | undefined) : undefined;
  const data = sheet?.['!data'] ?? [];
  let headerIndex = -1;
  let mapping: (ImportColumn | null)[] = [];
  for (let r = 0; r < Math.min(data.length, HEADER_SEARCH_ROWS); r += 1) {
    const row = data[r] ?? [];
    const cols = row.map((c) =>
      c && c.v !== undefined && c.v !== null ? (COLUMN_BY_HEADER.get(headerKey(String(c.v))) ?? null) : null,
    );
    if (cols.filter(Boolean).length >= 2) {
      headerIndex = r;
      mapping = cols;
      break;
    }
  }
  if (headerIndex < 0) throw new SheetError('no header row with the template columns was found');
  const seen = new Set<string>();
  const columns: ImportColumn[] = [];
  mapping.forEach((c, i) => {
    if (!c) return;
    if (seen.has(c.key)) {
      mapping[i] = null;
      return;
    }
    seen.add(c.key);
    columns.push(c);
  });
  const rows: SheetRow[] = [];
  for (let r = headerIndex + 1; r < data.length; r += 1) {
    const row = data[r];
    if (!row) continue;
    const cells: Record<string, CellValue> = {};
    let blank = true;
    for (let i = 0; i < mapping.length; i += 1) {
      const col = mapping[i];
      if (!col) continue;
      const v = cellText(row[i], col);
      if (v !== '') blank = false;
      cells[col.key] = v;
    }
    if (!blank) rows.push({ rowNo: r + 1, cells });
  }
  return { columns, rows };
}
