import { csvDocument, csvLine, type CellValue } from './csv';
import { createXlsxWriter, type RowWriter } from './xlsx';

/** The tabular export formats. */
export const TABLE_FORMATS = ['xlsx', 'csv'] as const;
export type TableFormat = (typeof TABLE_FORMATS)[number];

/** A CSV writer with the same shape as the XLSX one (see `toCsv` for the format). */
export function createCsvWriter(headers: readonly string[]): RowWriter {
  const lines = [csvLine(headers)];
  return {
    addRow(values: readonly CellValue[]) {
      lines.push(csvLine(values));
    },
    finish() {
      return Promise.resolve(csvDocument(lines));
    },
  };
}

/** A header row and rows as an XLSX workbook or a CSV file: one writer for every tabular export. */
export function createTableWriter(
  format: TableFormat,
  opts: { sheetName: string; headers: readonly string[] },
): RowWriter {
  return format === 'csv' ? createCsvWriter(opts.headers) : createXlsxWriter(opts.sheetName, opts.headers);
}
