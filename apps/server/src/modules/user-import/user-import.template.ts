import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { neutralizeFormula } from '../../core/exports/csv';
import { ID_TYPE_LABELS, IMPORT_COLUMNS, type Lang } from '@psy/contracts';

/** Rows of the template that carry the drop-down lists and the text format. */
export const TEMPLATE_ROWS = 5000;
/** Fill of the required columns' headers (with the `*` marker). */
export const REQUIRED_FILL = 'FFFFC000';

export interface TemplateLists {
  /** Dictionary name -> labels in the caller's language. */
  dicts: ReadonlyMap<string, string[]>;
  /** Role names the caller may grant. */
  roles: string[];
}

function colLetter(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/**
 * The import template (docs/user-import.md "Templates"): one sheet with the headers in `lang`, the
 * required ones marked `*` and filled, text columns formatted as text (leading zeros stay), and the
 * drop-down columns validated against lists kept on a hidden sheet (a list may exceed the 255
 * characters an inline list allows).
 */
export async function buildTemplate(lang: Lang, lists: TemplateLists): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet(lang === 'zh-CN' ? '用户' : 'Users');
  const listSheet = wb.addWorksheet('lists', { state: 'veryHidden' });
  let listCol = 0;
  const headers = IMPORT_COLUMNS.map((c) => (c.required ? `*${c.label[lang]}` : c.label[lang]));
  const header = sheet.addRow(headers);
  IMPORT_COLUMNS.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.font = { bold: true, color: c.required ? { argb: 'FFC00000' } : undefined };
    if (c.required) cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: REQUIRED_FILL } };
    const column = sheet.getColumn(i + 1);
    column.width = Math.max(12, c.label[lang].length * (lang === 'zh-CN' ? 3 : 1.3) + 4);
    if (c.text) column.numFmt = '@';
    let items: string[] | undefined;
    if (c.list === 'idType') items = Object.values(ID_TYPE_LABELS).map((l) => l[lang]);
    else if (c.list === 'roles') items = lists.roles;
    else if (c.list) items = lists.dicts.get(c.list);
    if (!items || items.length === 0) return;
    listCol += 1;
    const letter = colLetter(listCol);
    items.forEach((item, r) => (listSheet.getCell(`${letter}${r + 1}`).value = item));
    const target = colLetter(i + 1);
    (
      sheet as unknown as { dataValidations: { add(a: string, v: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${target}2:${target}${TEMPLATE_ROWS + 1}`, {
      type: 'list',
      // Roles may be several, comma-separated: a warning only, so other text can still be entered.
      allowBlank: true,
      formulae: [`lists!$${letter}$1:$${letter}$${items.length}`],
      showErrorMessage: true,
      errorStyle: c.list === 'roles' ? 'warning' : 'stop',
    });
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One created account's initial password, for the result file. */
export interface InitialPasswordRow {
  username: string;
  realName: string;
  password: string;
}

/**
 * The result file: a summary, then one row per refused cell (row number, column, reason); in create mode a
 * second sheet with each created account's individual initial password. Written with ExcelJS's streaming
 * writer, so the passwords of a large import are not held as a workbook model.
 */
export async function buildResult(
  lang: Lang,
  summary: { fileName: string; total: number; success: number; failed: number; omitted?: number },
  errors: readonly { rowNo: number; column: string; reason: string }[],
  passwords?: AsyncIterable<readonly InitialPasswordRow[]>,
): Promise<Buffer> {
  const zh = lang === 'zh-CN';
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = wb.addWorksheet(zh ? '导入结果' : 'Import result');
  sheet.getColumn(1).width = 10;
  sheet.getColumn(2).width = 20;
  sheet.getColumn(3).width = 60;
  sheet.addRow([zh ? '文件' : 'File', neutralizeFormula(summary.fileName)]).commit();
  sheet.addRow([zh ? '数据行' : 'Data rows', summary.total]).commit();
  sheet.addRow([zh ? '成功' : 'Imported', summary.success]).commit();
  sheet.addRow([zh ? '失败' : 'Refused', summary.failed]).commit();
  if (summary.omitted) {
    sheet
      .addRow([
        zh ? '未列出的错误' : 'Not listed',
        zh
          ? `另有 ${summary.omitted} 个错误未列出（超过结果文件的上限）`
          : `${summary.omitted} more refused cells are not listed (over the result file's limit)`,
      ])
      .commit();
  }
  sheet.addRow([]).commit();
  const head = sheet.addRow(zh ? ['行号', '列', '原因'] : ['Row', 'Column', 'Reason']);
  head.font = { bold: true };
  head.commit();
  for (const e of errors) sheet.addRow([e.rowNo, e.column, neutralizeFormula(e.reason)]).commit();
  sheet.commit();
  if (passwords) {
    const pw = wb.addWorksheet(zh ? '初始密码' : 'Initial passwords');
    pw.getColumn(1).width = 24;
    pw.getColumn(2).width = 20;
    pw.getColumn(3).width = 40;
    const top = pw.addRow([
      zh
        ? '初始密码仅在账号首次登录并设置新密码之前有效（首次登录须修改密码）。请妥善保管本文件。'
        : 'An initial password opens its account only until the owner sets a new one, which the first login requires. Keep this file safe.',
    ]);
    top.commit();
    const h = pw.addRow(
      zh ? ['登录账号', '姓名', '初始密码'] : ['Login account', 'Name', 'Initial password'],
    );
    h.font = { bold: true };
    h.commit();
    for await (const batch of passwords) {
      for (const p of batch) {
        pw.addRow([neutralizeFormula(p.username), neutralizeFormula(p.realName), p.password]).commit();
      }
    }
    pw.commit();
  }
  await wb.commit();
  return Buffer.concat(chunks);
}
