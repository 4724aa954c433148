import { AlignmentType, Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import {
  calendarDayRange,
  exportFormAnswersEndpoint,
  signatureCompanionFields,
  type FormAnswerExportFormat,
  type Lang,
  type SignatureField,
} from '@psy/contracts';
import {
  DISPLAY_ONLY_TYPES,
  isEmptyValue,
  labelOf,
  maskAnswer,
  redactForViewer,
  type AnswerMap,
  type FieldOption,
  type FormColumn,
  type FormDefinition,
} from '@psy/forms';
import type { TenantScope } from '../../core/db/database';
import { createTableWriter } from '../../core/exports/table';
import { formatChinaTime } from '../../core/exports/time';
import { zipFiles, type ZipEntry } from '../../core/exports/zip';
import { forbidden } from '../../core/http/app-error';
import { AUTHENTICATED, type Principal } from '../../core/http/context';
import type { JobRecord } from '../../core/jobs/queue';
import { defineExport, type ModuleDeps } from '../../core/module';
import { canSeeSensitive, deptScopeOf, recordPersonalDataReads } from '../identity';
import { canEditForms, canReadAllAnswers, roleCodesOf } from './forms.policy';
import {
  findAnswersForExport,
  findUserNames,
  findVersion,
  type AnswerExportFilter,
  type ExportAnswerRow,
} from './forms.repository';
import { loadOptionLists } from './forms.option-lists';
import { formPermission, isOwnedEvent, loadDictionaries, ownedRefusal, requireForm } from './forms.service';

/** Queue of the form answer export jobs (core/jobs). */
export const FORM_ANSWER_EXPORT_QUEUE = 'forms.answer-export';

/** Answers read per transaction (short transactions; PGlite has one connection). */
const BATCH = 500;
const ROUTE = 'POST /biz/public/forms/answer/export';

export interface FormAnswerExportPayload {
  taskId: number;
  viewerId: number;
  /** The viewer's role codes when the export was asked for (fields their roles may not see stay out). */
  roleCodes: string[];
  /** Whether the viewer may see personal values unmasked (`admin_userInfo_sensitive`). */
  sensitive: boolean;
  format: FormAnswerExportFormat;
  lang: Lang;
  /** The filter with the viewer's data scope already applied; dates as ISO text (job payloads are JSON). */
  filter: Omit<AnswerExportFilter, 'from' | 'to'> & { from?: string; to?: string };
}

/**
 * Who may export a form's answers: the form builder (`admin_form_edit`), form administrators (`sys_form`,
 * who read every answer) or a role with a view (or edit) permission on that form (docs/forms.md "Export").
 */
export async function mayExportAnswers(scope: TenantScope, p: Principal, formId: number) {
  if (canEditForms(p) || canReadAllAnswers(p)) return true;
  const perm = await formPermission(scope, p, formId);
  return perm?.view === true || perm?.edit === true;
}

/**
 * `answer/export`: the download list records the task and queues the job in the request's transaction
 * (the job exists only if the task does), and answers the task ('the file is generating').
 */
async function prepareFormAnswerExport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  b: { formId: number; format: FormAnswerExportFormat; eventSign?: string; from?: string; to?: string },
) {
  // Asking for a case record by its event is asking the wrong door; every other export skips them.
  if (b.eventSign && isOwnedEvent(b.eventSign)) throw ownedRefusal();
  const f = await requireForm(scope, b.formId);
  if (!(await mayExportAnswers(scope, p, f.id)))
    throw forbidden('you may not export the answers of this form');
  const ds = await deptScopeOf(scope, p);
  const range = calendarDayRange(b.from, b.to);
  const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
  const base = f.name[lang].replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 60);
  const fileName = `${base}-${lang === 'zh-CN' ? '答卷' : 'answers'}-${stamp}.${b.format}`;
  const payload: Omit<FormAnswerExportPayload, 'taskId'> = {
    viewerId: p.userId,
    roleCodes: roleCodesOf(p),
    sensitive: canSeeSensitive(p),
    format: b.format,
    lang,
    filter: {
      formId: f.id,
      eventSign: b.eventSign || undefined,
      from: range.from?.toISOString(),
      to: range.to?.toISOString(),
      deptIds: ds === null ? null : [...ds.deptIds],
      viewerId: p.userId,
    },
  };
  return { fileName, payload };
}

// --- presentation --------------------------------------------------------------------------------------

type Dictionaries = Record<string, FieldOption[]>;

const rolesMeet = (allowed: readonly string[] | undefined, roles: readonly string[]) =>
  !allowed || allowed.length === 0 || allowed.some((r) => roles.includes(r));

/** The columns an export shows: in use, displayed, not a title, and visible to the viewer's roles. */
export const exportColumns = (def: FormDefinition, roleCodes: readonly string[]) =>
  def.columns.filter(
    (c) =>
      c.isUse !== false &&
      c.display !== false &&
      !DISPLAY_ONLY_TYPES.includes(c.type) &&
      rolesMeet(c.visibleCharacters, roleCodes),
  );

const META: Record<
  Lang,
  {
    id: string;
    subject: string;
    author: string;
    updated: string;
    version: string;
    signed: string;
    yes: string;
    no: string;
    answer: string;
  }
> = {
  'zh-CN': {
    id: '答卷编号',
    subject: '填写对象',
    author: '填写人',
    updated: '更新时间',
    version: '表单版本',
    signed: '已签名',
    yes: '是',
    no: '否',
    answer: '答卷',
  },
  'en-US': {
    id: 'Answer ID',
    subject: 'Subject',
    author: 'Author',
    updated: 'Updated at',
    version: 'Form version',
    signed: 'Signed',
    yes: 'Yes',
    no: 'No',
    answer: 'Answer',
  },
};

/**
 * A column's value as text in the export language: option values as their labels (dictionaries loaded),
 * signatures as signer and time (never the image), rich text with its inputs filled in.
 */
export function cellOf(c: FormColumn, answer: AnswerMap, lang: Lang, dictionaries?: Dictionaries): string {
  if (c.type === 'signature') {
    const k = signatureCompanionFields(c.prop as SignatureField);
    const name = answer[k.realName] || answer[k.userName];
    const time = answer[k.time];
    return [
      typeof name === 'string' ? name : '',
      typeof time === 'number' ? formatChinaTime(new Date(time)) : '',
    ]
      .filter(Boolean)
      .join(' ');
  }
  if (c.type === 'richTxt') {
    const sep = { comma: lang === 'zh-CN' ? '，' : ', ', period: lang === 'zh-CN' ? '。' : '. ', br: ' ' };
    return (c.richItems ?? [])
      .map((item) =>
        item.prop
          ? String(answer[item.prop] ?? '')
          : item.type === 'comma' || item.type === 'period' || item.type === 'br'
            ? sep[item.type]
            : (item.content?.[lang] ?? ''),
      )
      .join('')
      .trim();
  }
  const value = answer[c.prop];
  if (isEmptyValue(value)) return '';
  return labelOf(c, value, answer, dictionaries)[lang];
}

interface Presented {
  row: ExportAnswerRow;
  subject: string;
  author: string;
  /** Column label and value, in the latest version's column order. */
  fields: { label: string; value: string; signature: boolean }[];
}

function docxOf(formName: string, a: Presented, lang: Lang): Promise<Buffer> {
  const m = META[lang];
  const line = (label: string, value: string) =>
    new Paragraph({
      spacing: { after: 80 },
      children: [new TextRun({ text: `${label}: `, bold: true }), new TextRun(value)],
    });
  const doc = new Document({
    creator: 'psy',
    title: formName,
    sections: [
      {
        children: [
          new Paragraph({ text: formName, heading: HeadingLevel.TITLE, alignment: AlignmentType.CENTER }),
          line(m.subject, a.subject),
          line(m.author, a.author),
          line(m.updated, formatChinaTime(a.row.updatedAt)),
          line(m.version, String(a.row.formVersion)),
          new Paragraph({ text: m.answer, heading: HeadingLevel.HEADING_1 }),
          ...a.fields.filter((f) => !f.signature).map((f) => line(f.label, f.value)),
          ...a.fields.filter((f) => f.signature && f.value).map((f) => line(f.label, f.value)),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

// --- the job -------------------------------------------------------------------------------------------

/**
 * The job: reads the answers in batches (newest first), each redacted for the viewer's roles (S0.6.7) and
 * masked unless the viewer may see personal data or it is their own (unmasked reads of others are
 * access-logged), and writes one row per answer (XLSX / CSV) or one Word file per answer zipped; stores
 * the file, finishes the task and tells the requester (EXPORT_FINISHED). Errors fail the task on the last try.
 */
async function produceFormAnswerExport(
  deps: ModuleDeps,
  job: JobRecord<FormAnswerExportPayload>,
): Promise<Uint8Array> {
  const tenantId = job.tenantId!;
  const { taskId, viewerId, roleCodes, sensitive, format, lang, filter: raw } = job.payload;
  const filter: AnswerExportFilter = {
    ...raw,
    from: raw.from ? new Date(raw.from) : undefined,
    to: raw.to ? new Date(raw.to) : undefined,
  };
  const head = await deps.database.withTenant(tenantId, async (scope) => {
    const f = await requireForm(scope, filter.formId);
    const latest = (await findVersion(scope, f.id, f.currentVersion)) as unknown as FormDefinition;
    return { name: f.name[lang], latest, dictionaries: await loadDictionaries(scope, latest) };
  });
  const columns = exportColumns(head.latest, roleCodes);
  const m = META[lang];
  const headers = [
    m.id,
    m.subject,
    m.author,
    m.updated,
    m.version,
    m.signed,
    ...columns.map((c) => c.label[lang]),
  ];
  const sheet = format === 'zip' ? null : createTableWriter(format, { sheetName: head.name, headers });
  const docs: ZipEntry[] = [];
  const versions = new Map<number, FormDefinition>([[head.latest.version, head.latest]]);
  // Lists by path (department tree, free counsellors, ...) once per list key for the whole export.
  const lists = new Map<string, FieldOption[]>();
  let beforeId: number | null = null;
  for (;;) {
    const presented = await deps.database.withTenant(tenantId, async (scope) => {
      const rows = await findAnswersForExport(scope, filter, beforeId, BATCH);
      const names = await findUserNames(
        scope,
        rows.map((r) => r.createdBy),
      );
      const reads: { subjectId: number; fields: string[]; route: string }[] = [];
      const out: Presented[] = [];
      for (const r of rows) {
        let def = versions.get(r.formVersion);
        if (!def) {
          def = ((await findVersion(scope, r.formId, r.formVersion)) ?? head.latest) as FormDefinition;
          versions.set(r.formVersion, def);
        }
        const redacted = redactForViewer(def, r.answer as AnswerMap, { roleCodes });
        const masked = r.userId !== viewerId && !sensitive;
        const answer = masked ? maskAnswer(def, redacted) : redacted;
        if (!masked && r.userId !== viewerId) {
          const kinds = def.columns
            .filter((c) => c.mask && typeof redacted[c.prop] === 'string' && redacted[c.prop] !== '')
            .map((c) => c.mask!);
          reads.push({ subjectId: r.userId, fields: [...new Set(kinds)], route: ROUTE });
        }
        // Options and labels of the answer's own version where it has the column, else the latest's.
        const own = new Map(def.columns.map((c) => [c.prop, c]));
        const options = {
          ...head.dictionaries,
          ...(await loadOptionLists(scope, def, answer, lang, lists)),
        };
        out.push({
          row: r,
          subject: r.subjectName ?? String(r.userId),
          author: names.get(r.createdBy) ?? '',
          fields: columns.map((c) => ({
            label: c.label[lang],
            value: cellOf(own.get(c.prop) ?? c, answer, lang, options),
            signature: c.type === 'signature',
          })),
        });
      }
      await recordPersonalDataReads(scope, viewerId, reads, { taskId });
      return { out, last: rows.at(-1)?.id ?? null, full: rows.length === BATCH };
    });
    for (const a of presented.out) {
      if (sheet) {
        sheet.addRow([
          a.row.id,
          a.subject,
          a.author,
          formatChinaTime(a.row.updatedAt),
          a.row.formVersion,
          a.row.signed ? m.yes : m.no,
          ...a.fields.map((f) => f.value),
        ]);
      } else {
        docs.push({ name: `${a.subject}-${a.row.id}.docx`, data: await docxOf(head.name, a, lang) });
      }
    }
    if (!presented.full) break;
    beforeId = presented.last;
  }
  return sheet ? sheet.finish() : zipFiles(docs);
}

/** The answer export, served by the download list (modules/downloads). */
export const formAnswerExport = defineExport({
  endpoint: exportFormAnswersEndpoint,
  // admin_form_edit, sys_form, or a role form permission on that form: decided in `prepare`.
  access: AUTHENTICATED,
  queue: FORM_ANSWER_EXPORT_QUEUE,
  prepare: ({ scope, principal, lang, body }) => prepareFormAnswerExport(scope, principal, lang, body),
  produce: produceFormAnswerExport,
});
