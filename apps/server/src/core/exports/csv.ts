/**
 * CSV writing (docs/api.md "Exports"): UTF-8 with a byte-order mark (so Excel opens Chinese text
 * correctly), CRLF line ends, RFC 4180 quoting, and spreadsheet formula-injection protection.
 */

/** A cell value as the writers take it: empty for null / undefined, dates as ISO 8601. */
export type CellValue = string | number | boolean | Date | null | undefined;

const BOM = '\uFEFF';

/**
 * Text a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) is written with a leading apostrophe (OWASP "CSV injection"). Numbers are never touched.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** A cell as text: strings protected against formulas, numbers and booleans as they are. */
export function cellText(v: CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return neutralizeFormula(v);
}

/** RFC 4180: a field with a quote, comma or line break is quoted, inner quotes doubled. */
export function quoteCsvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV record (without its line end). */
export const csvLine = (values: readonly CellValue[]) =>
  values.map((v) => quoteCsvField(cellText(v))).join(',');

/** A header row and data rows as CSV bytes: BOM, CRLF after every record. */
export function toCsv(columns: readonly string[], rows: Iterable<readonly CellValue[]>): Buffer {
  const lines = [csvLine(columns)];
  for (const r of rows) lines.push(csvLine(r));
  return csvDocument(lines);
}

/** Records (from `csvLine`) as the file's bytes: BOM, CRLF after every record. */
export const csvDocument = (lines: readonly string[]) =>
  Buffer.from(BOM + lines.join('\r\n') + '\r\n', 'utf8');
