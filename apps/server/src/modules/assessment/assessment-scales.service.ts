import * as XLSX from '@e965/xlsx';
import { SCALE_MESSAGES, type Lang, type ScaleSummary } from '@psy/contracts';
import {
  DEFAULT_SCALE_CATEGORIES,
  REPORT_TYPE_INFO,
  REPORT_TYPES,
  checkScaleDefinition,
  definitionToSheets,
  parseScaleDefinition,
  scaleDefinitionSchema,
  sheetsToDefinitionInput,
  type Cell,
  type DefinitionIssue,
  type ScaleDefinition,
  type Sheets,
} from '@psy/scoring';
import { BUILTIN_SCALES, builtinScale } from '@psy/scoring/library';
import type { TenantScope, Tx } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import {
  findCategories,
  findCategory,
  findEnabledScales,
  findPlansUsingScale,
  findScale,
  findScaleByCode,
  findScalePage,
  insertMissingCategories,
  insertMissingScales,
  insertScale,
  updateScale,
  type CategoryRow,
  type ScaleRow,
} from './assessment.repository';
import { inTurn } from '../../core/db/in-turn';

/** The scale library (docs/assessment.md "The scale library"). */

const pick = (lang: Lang, zh: string, en: string) => (lang === 'en-US' ? en : zh);

/** Imported definitions parsed once per row (rows are never rewritten). */
const parsedImports = new Map<string, ScaleDefinition>();

/** The definition a scale row scores with: the package's for a built-in, the stored one for an import. */
export function definitionOf(row: ScaleRow): ScaleDefinition {
  if (row.source === 'builtin') {
    const def = builtinScale(row.code, row.version);
    if (!def) throw new Error(`built-in scale ${row.code}@${row.version} is not in @psy/scoring`);
    return def;
  }
  const key = `${row.tenantId}:${row.id}`;
  let def = parsedImports.get(key);
  if (!def) {
    def = scaleDefinitionSchema.parse(row.definition);
    if (parsedImports.size > 2000) parsedImports.clear();
    parsedImports.set(key, def);
  }
  return def;
}

/** Seeds a school's categories and built-in scales; what it has already stays as it is. */
export async function seedAssessment(tx: Tx, tenantId: number): Promise<void> {
  const scope = { tx, tenantId };
  await insertMissingCategories(
    scope,
    DEFAULT_SCALE_CATEGORIES.map((c, i) => ({
      code: c.code,
      nameZh: c.name.zh,
      nameEn: c.name.en,
      kind: c.kind,
      sort: i + 1,
    })),
  );
  const categories = new Map((await findCategories(scope)).map((c) => [c.code, c.id]));
  await insertMissingScales(
    scope,
    BUILTIN_SCALES.map((d, i) => ({
      code: d.code,
      version: d.version,
      kind: d.kind,
      nameZh: d.name.zh,
      nameEn: d.name.en,
      shortName: d.shortName,
      categoryId: categories.get(d.category) ?? null,
      reportType: d.reportType,
      licenceKind: d.licence.kind,
      licenceNote: d.licence.note,
      source: 'builtin',
      definition: null,
      itemCount: d.items.length,
      status: 1,
      sort: i + 1,
    })),
  );
}

export function toScaleSummary(
  row: ScaleRow,
  category: { nameZh: string; nameEn: string } | null,
  lang: Lang,
): ScaleSummary {
  return {
    id: row.id,
    code: row.code,
    version: row.version,
    name: pick(lang, row.nameZh, row.nameEn),
    nameZh: row.nameZh,
    nameEn: row.nameEn,
    shortName: row.shortName,
    kind: row.kind as ScaleSummary['kind'],
    categoryId: row.categoryId,
    categoryName: category ? pick(lang, category.nameZh, category.nameEn) : null,
    reportType: row.reportType as ScaleSummary['reportType'],
    licenceKind: row.licenceKind as ScaleSummary['licenceKind'],
    licenceNote: row.licenceNote,
    source: row.source as ScaleSummary['source'],
    itemCount: row.itemCount,
    status: row.status,
    createTime: row.createdAt.toISOString(),
  };
}

async function summaryOf(scope: TenantScope, row: ScaleRow, lang: Lang) {
  const category = row.categoryId === null ? null : await findCategory(scope, row.categoryId);
  return toScaleSummary(row, category, lang);
}

/** `GET /scale/scale/tree`: categories with their enabled scales, in order; empty categories left out. */
export async function scaleTree(scope: TenantScope, lang: Lang, kind?: string) {
  const [categories, scales] = await inTurn([
    () => findCategories(scope, kind),
    () => findEnabledScales(scope, kind),
  ]);
  return categories
    .map((c) => ({
      id: c.id,
      code: c.code,
      name: pick(lang, c.nameZh, c.nameEn),
      kind: c.kind as 'scale' | 'questionnaire',
      children: scales
        .filter((s) => s.categoryId === c.id)
        .map((s) => ({
          id: s.id,
          code: s.code,
          version: s.version,
          name: pick(lang, s.nameZh, s.nameEn),
          shortName: s.shortName,
          reportType: s.reportType as (typeof REPORT_TYPES)[number],
          itemCount: s.itemCount,
        })),
    }))
    .filter((c) => c.children.length > 0);
}

export async function pageScales(
  scope: TenantScope,
  lang: Lang,
  q: {
    current: number;
    size: number;
    categoryId?: number;
    name?: string;
    kind?: string;
    status?: number;
    source?: string;
  },
) {
  const { rows, total } = await findScalePage(scope, { ...q, name: q.name || undefined }, pageWindow(q));
  return pageAnswer(
    q,
    rows.map((r) =>
      toScaleSummary(
        r.scale,
        r.categoryZh === null ? null : { nameZh: r.categoryZh, nameEn: r.categoryEn ?? r.categoryZh },
        lang,
      ),
    ),
    total,
  );
}

export async function requireScale(scope: TenantScope, id: number) {
  const row = await findScale(scope, id);
  if (!row) throw notFound('scale');
  return row;
}

export async function scaleDetail(scope: TenantScope, lang: Lang, id: number) {
  const row = await requireScale(scope, id);
  return { ...(await summaryOf(scope, row, lang)), definition: definitionOf(row) };
}

function issuesError(prefix: string, issues: DefinitionIssue[]): AppError {
  const fields = issues.slice(0, 20).map((i) => ({ field: `${prefix}${i.path}`, message: i.message }));
  return new AppError('badRequest', `${fields[0]!.field}: ${fields[0]!.message}`, { fields });
}

async function storeImport(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  def: ScaleDefinition,
  categoryId: number | undefined,
  prefix: string,
) {
  const issues = checkScaleDefinition(def);
  if (issues.length) throw issuesError(prefix, issues);
  if (await findScaleByCode(scope, def.code, def.version))
    throw badRequest(
      `${prefix}version`,
      `the school already has ${def.code} version ${def.version}: import it as a new version`,
    );
  let category: CategoryRow | null = null;
  if (categoryId !== undefined) {
    category = await findCategory(scope, categoryId);
    if (!category) throw badRequest('categoryId', 'no such category');
  } else {
    category = (await findCategories(scope)).find((c) => c.code === def.category) ?? null;
  }
  if (category && category.kind !== def.kind)
    throw badRequest(
      categoryId !== undefined ? 'categoryId' : `${prefix}category`,
      `the category holds ${category.kind}s`,
    );
  const row = await insertScale(scope, {
    code: def.code,
    version: def.version,
    kind: def.kind,
    nameZh: def.name.zh,
    nameEn: def.name.en,
    shortName: def.shortName,
    categoryId: category?.id ?? null,
    reportType: def.reportType,
    licenceKind: def.licence.kind,
    licenceNote: def.licence.note,
    source: 'import',
    definition: def,
    itemCount: def.items.length,
    status: 1,
    sort: 1000,
    createdBy: p.userId,
  }).catch((err: unknown) => {
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505')
      throw badRequest(`${prefix}version`, `the school already has ${def.code} version ${def.version}`);
    throw err;
  });
  return toScaleSummary(row, category, lang);
}

/** `POST /scale/scale/import`: a definition given as JSON (already parsed by the contract). */
export function importScale(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { definition: ScaleDefinition; categoryId?: number },
) {
  return storeImport(scope, p, lang, body.definition, body.categoryId, 'definition.');
}

/** Reads the sheets of an XLSX workbook as rows of cells. */
function readSheets(bytes: Buffer): Sheets {
  let wb: XLSX.WorkBook;
  try {
    wb = XLSX.read(bytes, { type: 'buffer' });
  } catch {
    throw badRequest('file', 'not a readable XLSX workbook');
  }
  const sheets: Sheets = {};
  for (const name of wb.SheetNames) {
    sheets[name.trim()] = XLSX.utils.sheet_to_json<Cell[]>(wb.Sheets[name]!, {
      header: 1,
      raw: true,
      defval: null,
    });
  }
  return sheets;
}

/** `POST /scale/scale/importXlsx`: a definition from the workbook layout. */
export async function importScaleXlsx(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  file: { data: Buffer } | null,
  categoryId: number | undefined,
) {
  if (!file || file.data.length === 0) throw badRequest('file', 'please upload a file');
  if (!(file.data[0] === 0x50 && file.data[1] === 0x4b))
    throw badRequest('file', 'must be an .xlsx workbook');
  const parsed = parseScaleDefinition(sheetsToDefinitionInput(readSheets(file.data)));
  if (!parsed.ok) throw issuesError('file:', parsed.issues);
  return storeImport(scope, p, lang, parsed.definition, categoryId, 'file:');
}

/** `GET /scale/scale/export`: the definition as JSON or as the workbook layout. */
export async function exportScale(scope: TenantScope, id: number, format: 'json' | 'xlsx') {
  const row = await requireScale(scope, id);
  const def = definitionOf(row);
  const base = `${def.code}-v${def.version}`;
  if (format === 'json')
    return {
      fileName: `${base}.json`,
      type: 'application/json',
      bytes: Buffer.from(JSON.stringify(def, null, 2), 'utf8'),
    };
  const wb = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(definitionToSheets(def)))
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), name);
  const bytes = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
  return {
    fileName: `${base}.xlsx`,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    bytes,
  };
}

export async function setScaleStatus(scope: TenantScope, lang: Lang, id: number, status: 0 | 1) {
  await requireScale(scope, id);
  const row = await updateScale(scope, id, { status });
  return summaryOf(scope, row!, lang);
}

/** Removes an imported scale no plan uses; built-ins are disabled, never removed. */
/**
 * `POST /scale/scale/delete`: an imported scale no live plan names. The refusal says which plans hold it,
 * so the administrator knows what to close or change, in the caller's language.
 */
export async function deleteScale(scope: TenantScope, lang: Lang, id: number) {
  const row = await requireScale(scope, id);
  if (row.source === 'builtin') throw new AppError('business', SCALE_MESSAGES.builtin[lang]);
  const using = await findPlansUsingScale(scope, id);
  if (using.total > 0) {
    const quoted = using.plans.map((p) => (lang === 'en-US' ? `"${p.name}"` : `「${p.name}」`));
    const rest = using.total - using.plans.length;
    const plans =
      quoted.join(lang === 'en-US' ? ', ' : '、') +
      (rest > 0 ? SCALE_MESSAGES.more[lang].replace('{{count}}', String(rest)) : '');
    throw new AppError('business', SCALE_MESSAGES.inUse[lang].replace('{{plans}}', plans), {
      plans: using.plans,
      planCount: using.total,
    });
  }
  await updateScale(scope, id, { deletedAt: new Date() });
  return { id };
}

export function reportTypes(lang: Lang) {
  return REPORT_TYPES.map((code) => {
    const info = REPORT_TYPE_INFO[code];
    return {
      code,
      name: pick(lang, info.name.zh, info.name.en),
      licence: info.licence,
      shipped: info.shipped,
      note: pick(lang, info.note.zh, info.note.en),
    };
  });
}

export async function categoryList(scope: TenantScope, lang: Lang, kind?: string) {
  return (await findCategories(scope, kind)).map((c) => ({
    id: c.id,
    code: c.code,
    name: pick(lang, c.nameZh, c.nameEn),
    kind: c.kind as 'scale' | 'questionnaire',
    sort: c.sort,
  }));
}

export async function questionnaireInfo(scope: TenantScope, lang: Lang, typeId?: number) {
  return (await findEnabledScales(scope, 'questionnaire'))
    .filter((s) => typeId === undefined || s.categoryId === typeId)
    .map((s) => ({
      id: s.id,
      code: s.code,
      version: s.version,
      name: pick(lang, s.nameZh, s.nameEn),
      typeId: s.categoryId,
      itemCount: s.itemCount,
    }));
}
