// Reads a legacy .xls (BIFF8) in a worker thread for the user import (user-import.sheet.ts): SheetJS
// parses a whole file at once, which would hold the event loop of the server for seconds. Plain JavaScript
// (not TypeScript) so the same file runs under the tests and next to the bundled server (build.mjs copies it).
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

const { bytes, maxRows } = workerData;
try {
  // sheetRows: rows beyond the limit are not read (the full range still tells how many there are).
  const wb = XLSX.read(bytes, {
    type: 'buffer',
    dense: true,
    cellNF: true,
    cellHTML: false,
    cellFormula: false,
    sheetRows: maxRows,
  });
  // Every sheet: the reader takes the first whose first rows hold the header (a sheet of instructions
  // may come first).
  const sheets = wb.SheetNames.map((name) => {
    const sheet = wb.Sheets[name];
    const data = sheet?.['!data'] ?? [];
    const rows = [];
    data.forEach((row, r) => {
      if (!row) return;
      const cells = row.map((c) =>
        c && c.v !== undefined && c.v !== null ? { t: c.t, v: c.v, z: c.z, w: c.w } : undefined,
      );
      rows.push({ rowNo: r + 1, cells });
    });
    return { name, rows, fullRef: sheet?.['!fullref'] ?? sheet?.['!ref'] ?? null };
  });
  parentPort.postMessage({ sheets });
} catch {
  parentPort.postMessage({ error: 'the file is not a readable spreadsheet' });
}
