import { StringDecoder } from 'node:string_decoder';
import * as XLSX from '@e965/xlsx';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { openZipEntry, type ZipEntry } from './user-import.zip';

/**
 * A streaming reader of a sheet of an .xlsx (docs/user-import.md "Limits"): the sheet's XML is
 * inflated and parsed a piece at a time (64 kB), so memory holds the shared strings, the styles and the rows
 * of one piece, never the whole sheet, and the event loop is free between pieces. Cells come out as
 * SheetJS cell objects (`t`, `v`, `z`, `w`), so the cell rules of user-import.sheet.ts apply unchanged.
 */

/** A refusal of the file's content (not a limit): the task fails with this reason. */
export class XlsxFormatError extends Error {}

/** One row as it is in the sheet: its number and its cells by column index (0-based). */
export interface RawRow {
  rowNo: number;
  cells: (XLSX.CellObject | undefined)[];
}

export interface XlsxParts {
  /** The sheet the rows are read from: the first, until the reader chooses another of `sheets`. */
  sheet: ZipEntry;
  /** Every worksheet of the workbook in its tab order, with its name. */
  sheets: { name: string; entry: ZipEntry }[];
  sharedStrings: string[];
  /** Number format code of each cell style (`s`), or undefined for General. */
  styleFormats: (string | undefined)[];
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Largest workbook part other than the sheet and the shared strings an import reads (workbook, styles). */
const MAX_SMALL_PART_BYTES = 16 * 1024 * 1024;

type XmlHandlers = { open?(tag: SaxesTagPlain): void; close?(name: string): void; text?(text: string): void };

/**
 * Parses a part of the workbook as it is inflated (never held whole), calling `open` and `close` per
 * element and `text` for character data; refuses a part whose declared size is over `maxBytes`.
 */
async function parseEntry(bytes: Buffer, entry: ZipEntry, maxBytes: number, on: XmlHandlers) {
  if (entry.uncompressedSize > maxBytes) {
    throw new XlsxFormatError(
      `a part of the workbook (${entry.name}) is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the limit of an import`,
    );
  }
  const parser = new SaxesParser({ xmlns: false, position: false });
  let failure: Error | null = null;
  parser.on('error', () => {
    failure ??= new XlsxFormatError('the file is not a readable spreadsheet (damaged XML)');
  });
  if (on.open) parser.on('opentag', on.open);
  if (on.close) parser.on('closetag', (t) => on.close!(localName(t.name)));
  if (on.text) parser.on('text', on.text);
  const decoder = new StringDecoder('utf8');
  for await (const chunk of openZipEntry(bytes, entry)) {
    parser.write(decoder.write(chunk as Buffer));
    if (failure) throw failure;
  }
  parser.write(decoder.end()).close();
  if (failure) throw failure;
}

function entryOf(entries: ReadonlyMap<string, ZipEntry>, path: string): ZipEntry | undefined {
  return entries.get(path.replace(/^\//, ''));
}

/** The workbook's parts an import needs: its worksheets, the shared strings and the cell formats. */
export async function readXlsxParts(
  bytes: Buffer,
  entries: ReadonlyMap<string, ZipEntry>,
  maxSharedStringsBytes: number,
): Promise<XlsxParts> {
  const workbook = entryOf(entries, 'xl/workbook.xml');
  const rels = entryOf(entries, 'xl/_rels/workbook.xml.rels');
  if (!workbook || !rels) throw new XlsxFormatError('the file is not a readable spreadsheet (no workbook)');
  const declared: { name: string; rel: string }[] = [];
  await parseEntry(bytes, workbook, MAX_SMALL_PART_BYTES, {
    open(tag) {
      if (localName(tag.name) === 'sheet') {
        const rel = Object.entries(tag.attributes).find(([k]) => localName(k) === 'id')?.[1];
        if (rel) declared.push({ name: String(tag.attributes.name ?? ''), rel: String(rel) });
      }
    },
  });
  const targets = new Map<string, string>();
  await parseEntry(bytes, rels, MAX_SMALL_PART_BYTES, {
    open(tag) {
      if (localName(tag.name) === 'Relationship' && tag.attributes.Id && tag.attributes.Target)
        targets.set(String(tag.attributes.Id), String(tag.attributes.Target));
    },
  });
  const sheets: { name: string; entry: ZipEntry }[] = [];
  for (const d of declared) {
    const target = targets.get(d.rel);
    if (!target) continue;
    const sheetPath = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
    const entry = entryOf(entries, sheetPath);
    // Chart sheets and other parts are not worksheets.
    if (entry && /worksheets\//.test(sheetPath)) sheets.push({ name: d.name, entry });
  }
  const sheet = sheets[0]?.entry;
  if (!sheet) throw new XlsxFormatError('the file is not a readable spreadsheet (no sheet)');

  const sharedStrings: string[] = [];
  const sst = entryOf(entries, 'xl/sharedStrings.xml');
  if (sst) {
    // Rich text: the runs' <t> joined; phonetic runs (<rPh>) are not part of the value.
    let current: string | null = null;
    let inT = false;
    let inPhonetic = false;
    await parseEntry(bytes, sst, maxSharedStringsBytes, {
      open(tag) {
        const n = localName(tag.name);
        if (n === 'si') current = '';
        else if (n === 'rPh') inPhonetic = true;
        else if (n === 't') inT = !inPhonetic;
      },
      close(n) {
        if (n === 'si') {
          sharedStrings.push(current ?? '');
          current = null;
        } else if (n === 'rPh') inPhonetic = false;
        else if (n === 't') inT = false;
      },
      text(t) {
        if (inT && current !== null && current.length <= MAX_CELL_CHARS) current += t;
      },
    });
  }

  const styleFormats: (string | undefined)[] = [];
  const styles = entryOf(entries, 'xl/styles.xml');
  if (styles) {
    const custom = new Map<number, string>();
    const builtIn = XLSX.SSF.get_table() as Record<number, string>;
    let inCellXfs = false;
    await parseEntry(bytes, styles, MAX_SMALL_PART_BYTES, {
      open(tag) {
        const n = localName(tag.name);
        if (n === 'numFmt')
          custom.set(Number(tag.attributes.numFmtId), String(tag.attributes.formatCode ?? ''));
        else if (n === 'cellXfs') inCellXfs = true;
        else if (n === 'xf' && inCellXfs) {
          const id = Number(tag.attributes.numFmtId ?? 0);
          const code = custom.get(id) ?? builtIn[id];
          styleFormats.push(code && code !== 'General' ? code : undefined);
        }
      },
      close(n) {
        if (n === 'cellXfs') inCellXfs = false;
      },
    });
  }
  return { sheet, sheets, sharedStrings, styleFormats };
}

/** `A1:J91000` -> last row and column (1-based), from the sheet's <dimension>. */
export function parseDimension(ref: string): { rows: number; columns: number } | null {
  const last = ref.split(':').pop() ?? '';
  const m = /^([A-Z]{1,3})(\d+)$/i.exec(last.replace(/\$/g, ''));
  if (!m) return null;
  return { rows: Number(m[2]), columns: columnIndex(m[1]!) + 1 };
}

/** Column letters to a 0-based index. */
export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/**
 * The sheet's declared size (<dimension ref>) without parsing its rows: reads only until <sheetData>.
 * Null when the sheet does not declare it (then the rows are counted).
 */
export async function readSheetDimension(bytes: Buffer, parts: XlsxParts) {
  const stream = openZipEntry(bytes, parts.sheet);
  const decoder = new StringDecoder('utf8');
  let head = '';
  try {
    for await (const chunk of stream) {
      head += decoder.write(chunk as Buffer);
      const end = head.indexOf('<sheetData');
      const dim = /<(?:\w+:)?dimension\s+ref="([^"]+)"/.exec(end >= 0 ? head.slice(0, end) : head);
      if (dim) return parseDimension(dim[1]!);
      if (end >= 0 || head.length > 256 * 1024) return null;
    }
    return null;
  } finally {
    stream.destroy();
  }
}

/**
 * Excel's own limit of characters in a cell: text beyond it is not kept (a cell of megabytes would
 * otherwise be held whole); such a cell is marked with `TOO_LONG` and refused by the cell rules.
 */
export const MAX_CELL_CHARS = 32_767;
export const TOO_LONG = '#TOO_LONG';

/** Zero-padding formats ("000000") keep their formatted text; the cell rules read it from `w`. */
const ZERO_PAD_FORMAT = /^0+$/;

/**
 * The sheet's rows in pieces, in sheet order: each yielded array holds the rows completed by one piece of
 * the XML. `onColumn` sees every cell's column index (the caller enforces its limits there).
 */
export async function* streamSheetRows(
  bytes: Buffer,
  parts: XlsxParts,
  opts: {
    maxColumns: number;
    onTooManyColumns: () => Error;
    /** Columns whose cells are kept (the others' text is not even collected); all when absent. */
    wantColumn?: (col: number) => boolean;
  },
): AsyncGenerator<RawRow[]> {
  const { sharedStrings, styleFormats } = parts;
  const parser = new SaxesParser({ xmlns: false, position: false });
  const done: RawRow[] = [];
  let failure: unknown = null;
  let row: RawRow | null = null;
  let lastRowNo = 0;
  let col = -1;
  let type: string | undefined;
  let style: number | undefined;
  let value = '';
  let inline = '';
  let hasValue = false;
  let wanted = true;
  let tooLong = false;
  let inV = false;
  let inIs = false;
  let inT = false;
  let inPhonetic = false;

  parser.on('error', (err) => {
    failure ??= new XlsxFormatError(`the file is not a readable spreadsheet (${err.message.slice(0, 80)})`);
  });
  parser.on('opentag', (tag) => {
    switch (localName(tag.name)) {
      case 'row': {
        const r = Number(tag.attributes.r);
        lastRowNo = Number.isInteger(r) && r > 0 ? r : lastRowNo + 1;
        row = { rowNo: lastRowNo, cells: [] };
        col = -1;
        break;
      }
      case 'c': {
        const ref = tag.attributes.r;
        const letters = ref ? /^[A-Z]+/i.exec(ref)?.[0] : undefined;
        col = letters ? columnIndex(letters) : col + 1;
        if (col >= opts.maxColumns) failure ??= opts.onTooManyColumns();
        type = tag.attributes.t;
        style = tag.attributes.s !== undefined ? Number(tag.attributes.s) : undefined;
        value = '';
        inline = '';
        hasValue = false;
        tooLong = false;
        wanted = col < opts.maxColumns && (opts.wantColumn?.(col) ?? true);
        break;
      }
      case 'v':
        inV = true;
        hasValue = true;
        break;
      case 'is':
        inIs = true;
        hasValue = true;
        break;
      case 'rPh':
        inPhonetic = true;
        break;
      case 't':
        inT = inIs && !inPhonetic;
        break;
    }
  });
  parser.on('text', (text) => {
    if (!wanted || tooLong) return;
    if (inV) value += text;
    else if (inT) inline += text;
    else return;
    if (value.length + inline.length > MAX_CELL_CHARS) {
      tooLong = true;
      value = '';
      inline = '';
    }
  });
  parser.on('closetag', (tag) => {
    switch (localName(tag.name)) {
      case 'v':
        inV = false;
        break;
      case 'is':
        inIs = false;
        break;
      case 'rPh':
        inPhonetic = false;
        break;
      case 't':
        inT = false;
        break;
      case 'c': {
        if (row && hasValue && wanted && col >= 0) {
          row.cells[col] = tooLong
            ? { t: 'e', v: 0, w: TOO_LONG }
            : cellOf(type, value, inline, style === undefined ? undefined : styleFormats[style]);
        }
        break;
      }
      case 'row':
        if (row) done.push(row);
        row = null;
        break;
    }
  });

  function cellOf(t: string | undefined, v: string, is: string, format: string | undefined): XLSX.CellObject {
    switch (t) {
      case 's': {
        const text = sharedStrings[Number(v)] ?? '';
        return text.length > MAX_CELL_CHARS ? { t: 'e', v: 0, w: TOO_LONG } : { t: 's', v: text };
      }
      case 'inlineStr':
        return { t: 's', v: is };
      case 'str':
        return { t: 's', v };
      case 'b':
        return { t: 'b', v: v === '1' || v.toLowerCase() === 'true' };
      case 'e':
        return { t: 'e', v: 0, w: v };
      case 'd':
        return { t: 'd', v: new Date(v) };
      default: {
        const n = Number(v);
        if (v.trim() === '' || !Number.isFinite(n)) return { t: 's', v };
        const cell: XLSX.CellObject = { t: 'n', v: n };
        if (format) {
          cell.z = format;
          if (ZERO_PAD_FORMAT.test(format)) cell.w = XLSX.SSF.format(format, n);
        }
        return cell;
      }
    }
  }

  const stream = openZipEntry(bytes, parts.sheet);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.write(chunk as Buffer));
      if (failure) throw failure;
      if (done.length > 0) yield done.splice(0, done.length);
    }
    parser.write(decoder.end()).close();
    if (failure) throw failure;
    if (done.length > 0) yield done.splice(0, done.length);
  } finally {
    stream.destroy();
  }
}
