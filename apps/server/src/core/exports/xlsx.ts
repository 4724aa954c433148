import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutralizeFormula, type CellValue } from './csv';

/** Rows written one at a time into a workbook, then the file's bytes. */
export interface RowWriter {
  addRow(values: readonly CellValue[]): void;
  finish(): Promise<Buffer>;
}

/** A cell for ExcelJS: text protected against formulas (as in CSV), numbers, booleans and dates kept typed. */
const xlsxCell = (v: CellValue) =>
  v === null || v === undefined ? null : typeof v === 'string' ? neutralizeFormula(v) : v;

/**
 * "Rows to a workbook" for every export: one sheet, a bold frozen header row, then the rows, streamed
 * (ExcelJS's streaming writer, no shared strings) so a large export does not hold a full workbook model.
 */
export function createXlsxWriter(sheetName: string, headers: readonly string[]): RowWriter {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  // A failure inside the workbook writer surfaces as 'error' on this stream; kept and answered by
  // finish() (the export job then fails and retries) instead of being thrown out of the process.
  let failure: Error | null = null;
  out.on('error', (err) => void (failure ??= err));
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names: at most 31 characters, none of : \ / ? * [ ].
  const sheet = wb.addWorksheet(sheetName.replace(/[:\\/?*[\]]/g, '_').slice(0, 31) || 'Sheet1', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const header = sheet.addRow([...headers]);
  header.font = { bold: true };
  header.commit();
  return {
    addRow(values) {
      sheet.addRow(values.map(xlsxCell)).commit();
    },
    async finish() {
      sheet.commit();
      await wb.commit();
      if (failure) throw failure;
      return Buffer.concat(chunks);
    },
  };
}
