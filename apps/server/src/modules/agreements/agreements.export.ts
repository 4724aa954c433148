import type { Lang } from '@psy/contracts';
import {
  AlignmentType,
  BorderStyle,
  Document,
  HeadingLevel,
  Packer,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import ExcelJS from 'exceljs';
import { formatChinaTime } from '../../core/exports/time';

/** One row of an agreements export, in the caller's language. */
export interface AgreementExportRow {
  realName: string;
  username: string;
  numberName: string | null;
  deptName: string | null;
  roleNames: string[];
  formName: string;
  agreedAt: Date;
}

const HEADERS: Record<Lang, string[]> = {
  'zh-CN': ['序号', '姓名', '登录账号', '学号/工号', '组织机构', '角色', '协议', '同意时间'],
  'en-US': ['No.', 'Name', 'Login account', 'Number', 'Department', 'Roles', 'Agreement', 'Agreed at'],
};
const TITLES: Record<Lang, { sheet: string; title: string; text: string; list: string; none: string }> = {
  'zh-CN': {
    sheet: '协议同意记录',
    title: '协议同意记录',
    text: '协议内容',
    list: '同意记录',
    none: '没有符合条件的记录',
  },
  'en-US': {
    sheet: 'Agreements',
    title: 'Agreement consents',
    text: 'Agreement text',
    list: 'Consents',
    none: 'No records match',
  },
};

function cells(r: AgreementExportRow, i: number, lang: Lang): string[] {
  return [
    String(i + 1),
    r.realName,
    r.username,
    r.numberName ?? '',
    r.deptName ?? '',
    r.roleNames.join(lang === 'zh-CN' ? '、' : ', '),
    r.formName,
    formatChinaTime(r.agreedAt),
  ];
}

/** Text a spreadsheet would run as a formula is written with a leading apostrophe (CSV/formula injection). */
const safeCell = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

/** The rows as an .xlsx workbook. */
export async function buildAgreementWorkbook(rows: AgreementExportRow[], lang: Lang): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.created = new Date();
  const ws = wb.addWorksheet(TITLES[lang].sheet);
  ws.columns = HEADERS[lang].map((header, i) => ({
    header,
    width: [8, 16, 18, 16, 24, 24, 22, 22][i],
  }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  rows.forEach((r, i) => ws.addRow(cells(r, i, lang).map(safeCell)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const border = { style: BorderStyle.SINGLE, size: 4, color: '999999' };
const borders = { top: border, bottom: border, left: border, right: border };

/** The agreement text and the consents as a .docx document. */
export async function buildAgreementDocument(
  rows: AgreementExportRow[],
  lang: Lang,
  agreement: { title: string; content: string },
): Promise<Buffer> {
  const t = TITLES[lang];
  const tableCell = (text: string, bold = false) =>
    new TableCell({ borders, children: [new Paragraph({ children: [new TextRun({ text, bold })] })] });
  const table = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, children: HEADERS[lang].map((h) => tableCell(h, true)) }),
      ...rows.map((r, i) => new TableRow({ children: cells(r, i, lang).map((c) => tableCell(c)) })),
    ],
  });
  const paragraphs = agreement.content
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => new Paragraph({ children: [new TextRun(p)], spacing: { after: 120 } }));
  const doc = new Document({
    creator: 'psy',
    title: t.title,
    sections: [
      {
        children: [
          new Paragraph({ text: t.title, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
          ...(agreement.title || paragraphs.length
            ? [
                new Paragraph({ text: `${t.text}: ${agreement.title}`, heading: HeadingLevel.HEADING_1 }),
                ...paragraphs,
              ]
            : []),
          new Paragraph({ text: t.list, heading: HeadingLevel.HEADING_1 }),
          rows.length ? table : new Paragraph(t.none),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
