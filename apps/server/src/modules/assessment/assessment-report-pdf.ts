import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import type { Lang } from '@psy/contracts';
import { AppError } from '../../core/http/app-error';
import { formatChinaTime } from '../../core/exports/time';
import type { buildReport } from './assessment-results.service';

/**
 * The individual report as a PDF (pdfkit, no install scripts): header, the person, the result, the factor
 * profile as bars with the norm mean, the bands with their interpretation, critical items. Chinese text
 * needs a CJK font: the Noto CJK collection the project installs (fonts-noto-cjk), else WenQuanYi.
 */
const FONT_CANDIDATES: [path: string, family?: string][] = [
  ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', 'NotoSansCJKsc-Regular'],
  ['/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc', 'NotoSerifCJKsc-Regular'],
  ['/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', 'WenQuanYiZenHei'],
];

let font: { data: Buffer; family?: string } | null | undefined;
function cjkFont() {
  if (font === undefined) {
    const hit = FONT_CANDIDATES.find(([p]) => fs.existsSync(p));
    font = hit ? { data: fs.readFileSync(hit[0]), ...(hit[1] ? { family: hit[1] } : {}) } : null;
  }
  return font;
}

type Report = ReturnType<typeof buildReport>;

const RISK = {
  1: { zh: '高风险（≥80）', en: 'High (80 and up)' },
  2: { zh: '中风险（60-79）', en: 'Medium (60-79)' },
  3: { zh: '低风险（<60）', en: 'Low (below 60)' },
} as const;

export async function individualReportPdf(report: Report, lang: Lang) {
  const f = cjkFont();
  if (!f) throw new AppError('business', 'no CJK font for the PDF report: install fonts-noto-cjk');
  const en = lang === 'en-US';
  const t = (x: { zh: string; en: string }) => (en ? x.en : x.zh);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t(report.scale.name) } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('cjk', f.data, f.family);
  doc.font('cjk');

  const a = report.answer;
  const r = report.result;
  doc.fontSize(18).text(t(report.scale.name), { align: 'center' });
  doc.moveDown(0.5).fontSize(10).fillColor('#555');
  doc.text(
    [
      `${en ? 'Name' : '姓名'}: ${a.realName ?? (en ? 'anonymous' : '匿名')}`,
      `${en ? 'Number' : '学号'}: ${a.numberName ?? '-'}`,
      `${en ? 'Department' : '部门'}: ${a.deptName ?? '-'}`,
      `${en ? 'Submitted' : '提交时间'}: ${formatChinaTime(new Date(a.submitTime))}`,
    ].join('    '),
  );
  doc.text(`${en ? 'Plan' : '测评计划'}: ${a.planName}`);
  doc.moveDown().fillColor('#000').fontSize(12);

  const lines: string[] = [];
  if (r.total !== null) lines.push(`${en ? 'Total' : '总分'}: ${r.total}`);
  if (r.index !== null) lines.push(`${en ? 'Index' : '标准分'}: ${r.index}`);
  if (r.positiveItems !== null) lines.push(`${en ? 'Positive items' : '阳性项目数'}: ${r.positiveItems}`);
  if (r.riskGrade !== null)
    lines.push(`${en ? 'Risk' : '风险等级'}: ${r.riskScore} ${t(RISK[r.riskGrade as 1 | 2 | 3])}`);
  if (r.profileCode) lines.push(`${en ? 'Code' : '代码'}: ${r.profileCode}`);
  if (lines.length) doc.text(lines.join('    '));
  for (const b of r.bands) doc.moveDown(0.3).text(`${t(b.label)}: ${t(b.interpretation)}`);
  if (r.screens.length)
    doc
      .moveDown(0.3)
      .text(
        `${en ? 'Screen' : '筛查'}: ${r.screenPositive ? (en ? 'positive' : '阳性') : en ? 'negative' : '阴性'}`,
      );
  if (r.critical.length) {
    doc
      .moveDown(0.5)
      .fillColor('#c00')
      .text(en ? 'Critical items' : '关键条目');
    for (const c of r.critical) doc.text(`${c.item}. ${t(c.itemText)}: ${t(c.optionLabel)} (${t(c.reason)})`);
    doc.fillColor('#000');
  }

  if (r.factors.length) {
    doc
      .moveDown()
      .fontSize(13)
      .text(en ? 'Factor profile' : '因子剖面');
    const max = Math.max(1, ...r.factors.map((x) => x.score), ...report.chart.normMeans.map((m) => m ?? 0));
    const left = 180;
    const width = 300;
    doc.fontSize(9);
    for (const [i, x] of r.factors.entries()) {
      const y = doc.y + 4;
      doc.fillColor('#000').text(t(x.name), 50, y, { width: 125 });
      doc
        .rect(left, y, (width * Math.max(0, x.score)) / max, 10)
        .fill(x.band && x.band.level >= 2 ? '#d9534f' : '#5b8ff9');
      const norm = report.chart.normMeans[i];
      if (norm !== null && norm !== undefined)
        doc
          .moveTo(left + (width * norm) / max, y - 2)
          .lineTo(left + (width * norm) / max, y + 12)
          .strokeColor('#333')
          .stroke();
      doc
        .fillColor('#000')
        .text(`${x.score}${x.t !== null ? `  T ${x.t}` : ''}`, left + width + 8, y, { width: 60 });
      doc.x = 50;
      doc.y = y + 14;
    }
    doc.moveDown();
    for (const x of r.factors.filter((y) => y.band && y.band.level > 0))
      doc.fontSize(10).text(`${t(x.name)}: ${t(x.band!.interpretation)}`, 50);
  }
  if (report.normPopulation)
    doc
      .moveDown()
      .fontSize(8)
      .fillColor('#777')
      .text(`${en ? 'Norm' : '常模'}: ${t(report.normPopulation)}`, 50);
  doc.end();
  const bytes = await done;
  const name = `${a.realName ?? 'report'}-${report.scale.code}-${a.id}.pdf`;
  return { fileName: name, type: 'application/pdf', bytes };
}
