import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../test/csv';
import { cellText, neutralizeFormula, toCsv } from './csv';
import { createTableWriter } from './table';
import { safeEntryName, uniqueEntryNames, zipFiles } from './zip';

describe('toCsv [spec:S0.7.28]', () => {
  it('starts with a UTF-8 BOM, ends records with CRLF and keeps Chinese text', () => {
    const buf = toCsv(['姓名', 'Count'], [['张三', 3]]);
    expect([...buf.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(buf.toString('utf8')).toBe('\uFEFF姓名,Count\r\n张三,3\r\n');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and reads back the same', () => {
    const rows = [['a,b', 'say "hi"', 'line1\nline2', 'plain', null, undefined, true]];
    const text = toCsv(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7'], rows).toString('utf8');
    expect(text).toContain('"a,b","say ""hi""","line1\nline2",plain,,,true\r\n');
    expect(parseCsv(text.slice(1))[1]).toEqual(['a,b', 'say "hi"', 'line1\nline2', 'plain', '', '', 'true']);
  });

  it('protects cells a spreadsheet would run as a formula', () => {
    for (const v of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(neutralizeFormula(v)).toBe(`'${v}`);
    expect(neutralizeFormula('a=1')).toBe('a=1');
    // Numbers are numbers, not formulas: -2 stays -2.
    expect(cellText(-2)).toBe('-2');
    const text = toCsv(['x'], [['=HYPERLINK("http://evil")']]).toString('utf8');
    expect(parseCsv(text.slice(1))[1]).toEqual(['\'=HYPERLINK("http://evil")']);
  });
});

describe('createTableWriter [spec:S0.7.28]', () => {
  it('writes the same rows as XLSX (header bold and frozen) and as CSV', async () => {
    const rows = [
      ['张三', 1, '=cmd'],
      ['Li, Si', null, 'ok'],
    ];
    const x = createTableWriter('xlsx', { sheetName: 'Users/1', headers: ['Name', 'N', 'Note'] });
    rows.forEach((r) => x.addRow(r));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await x.finish()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Users_1');
    const read: unknown[][] = [];
    ws.eachRow((row) => read.push((row.values as unknown[]).slice(1)));
    expect(read).toEqual([
      ['Name', 'N', 'Note'],
      ['张三', 1, "'=cmd"],
      ['Li, Si', undefined, 'ok'],
    ]);
    const c = createTableWriter('csv', { sheetName: 'x', headers: ['Name', 'N', 'Note'] });
    rows.forEach((r) => c.addRow(r));
    const text = (await c.finish()).toString('utf8');
    expect(parseCsv(text.slice(1))).toEqual([
      ['Name', 'N', 'Note'],
      ['张三', '1', "'=cmd"],
      ['Li, Si', '', 'ok'],
    ]);
  });
});

describe('zipFiles [spec:S0.7.28]', () => {
  it('makes entry names safe: no directories, no "..", never empty', () => {
    expect(safeEntryName('../../etc/passwd')).toBe('_._etc_passwd');
    expect(safeEntryName('a\\b/c.docx')).toBe('a_b_c.docx');
    expect(safeEntryName('..')).toBe('file');
    expect(safeEntryName('x\u0000y:z?.txt')).toBe('x_y_z_.txt');
    expect(safeEntryName(`${'长'.repeat(200)}.docx`)).toMatch(/^长{115}\.docx$/);
  });

  it('numbers duplicates', () => {
    expect(uniqueEntryNames(['a.docx', 'A.docx', 'a.docx', 'b'])).toEqual([
      'a.docx',
      'A (2).docx',
      'a (3).docx',
      'b',
    ]);
  });

  it('writes an archive that reads back with the same bytes', async () => {
    const buf = await zipFiles([
      { name: '张三-1.docx', data: Buffer.from([1, 2, 3]) },
      { name: '张三-1.docx', data: 'text' },
      { name: '../evil.txt', data: 'x' },
    ]);
    const zip = await JSZip.loadAsync(buf);
    expect(Object.keys(zip.files).sort()).toEqual(['_evil.txt', '张三-1 (2).docx', '张三-1.docx'].sort());
    expect([...(await zip.file('张三-1.docx')!.async('uint8array'))]).toEqual([1, 2, 3]);
    expect(await zip.file('张三-1 (2).docx')!.async('string')).toBe('text');
  });
});
