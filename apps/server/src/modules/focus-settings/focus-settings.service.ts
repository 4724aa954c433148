import {
  FOCUS_SETTING_TYPES,
  focusSettingTypeSchema,
  type FocusSetting,
  type FocusSettingOption,
  type FocusSettingType,
  type Lang,
} from '@psy/contracts';
import type { TenantScope, Tx } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { badRequest, notFound } from '../../core/http/app-error';
import { FOCUS_SETTING_DEFAULTS } from './focus-settings.defaults';
import {
  findEnabledFocusSettings,
  findFocusSetting,
  findFocusSettingPage,
  findNameClashes,
  insertFocusSetting,
  insertMissingFocusSettings,
  softDeleteFocusSetting,
  updateFocusSetting,
  type FocusSettingChange,
  type FocusSettingRow,
} from './focus-settings.repository';

function toFocusSetting(r: FocusSettingRow): FocusSetting {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    nameEn: r.nameEn,
    status: r.status,
    sort: r.sort,
    remark: r.remark,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function toOption(r: FocusSettingRow, lang: Lang): FocusSettingOption {
  return {
    id: r.id,
    value: String(r.id),
    label: lang === 'en-US' ? r.nameEn : r.name,
    name: r.name,
    nameEn: r.nameEn,
    sort: r.sort,
  };
}

/** Seeds a new school's lists with the defaults of every type. */
export function seedFocusSettings(tx: Tx, tenantId: number): Promise<void> {
  return insertMissingFocusSettings(
    { tx, tenantId },
    FOCUS_SETTING_TYPES.flatMap((type) =>
      FOCUS_SETTING_DEFAULTS[type].map(([name, nameEn], i) => ({
        type,
        name,
        nameEn,
        status: 1,
        sort: i + 1,
        remark: null,
      })),
    ),
  );
}

/** A page of one type's live entries, disabled ones included, by sort then id. */
export async function pageFocusSettings(
  scope: TenantScope,
  type: FocusSettingType,
  q: { current: number; size: number; name?: string | undefined; status?: number | undefined },
) {
  const { rows, total } = await findFocusSettingPage(
    scope,
    { type, name: q.name || undefined, status: q.status },
    pageWindow(q),
  );
  return pageAnswer(q, rows.map(toFocusSetting), total);
}

/** One type's enabled entries as options in the caller's language (`GET /focus/setting/{type}/all`). */
export async function listFocusSettingOptions(scope: TenantScope, type: FocusSettingType, lang: Lang) {
  const rows = await findEnabledFocusSettings(scope, type);
  return rows.map((r) => toOption(r, lang));
}

/**
 * The option loader of the list path `/focus/setting/4/all` for the form engine (its
 * `OPTION_LIST_LOADERS`, which take the service functions' tenant scope), which validates submitted
 * answers against it. `params.type` picks another type (default 4, focus categories).
 */
export async function focusSettingOptions(
  scope: TenantScope,
  input: { tenantId: number; lang: Lang; params: Record<string, string> },
): Promise<{ value: string; label: string }[]> {
  const parsed = focusSettingTypeSchema.safeParse(input.params.type ?? 4);
  if (!parsed.success) throw badRequest('type', 'must be 1 to 5');
  const options = await listFocusSettingOptions(scope, parsed.data, input.lang);
  return options.map(({ value, label }) => ({ value, label }));
}

async function refuseNameClashes(
  scope: TenantScope,
  type: number,
  names: { name?: string | undefined; nameEn?: string | undefined },
  exceptId?: number,
) {
  const clash = await findNameClashes(scope, type, names, exceptId);
  if (clash.name) throw badRequest('name', 'this list already has an entry with this name');
  if (clash.nameEn) throw badRequest('nameEn', 'this list already has an entry with this English name');
}

/** A concurrent write that won the unique index: the same 400 as the check before it. */
function uniqueViolationAsBadRequest(error: unknown): never {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const pgError = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  if (pgError) {
    if (pgError.constraint === 'focus_setting_name_en_uq')
      throw badRequest('nameEn', 'this list already has an entry with this English name');
    throw badRequest('name', 'this list already has an entry with this name');
  }
  throw error;
}

/** Adds an entry; names must be new in the type (400 naming `name` or `nameEn`). */
export async function addFocusSetting(
  scope: TenantScope,
  body: {
    type: FocusSettingType;
    name: string;
    nameEn: string;
    status: 0 | 1;
    sort: number;
    remark?: string | null | undefined;
  },
) {
  await refuseNameClashes(scope, body.type, body);
  const row = await insertFocusSetting(scope, {
    type: body.type,
    name: body.name,
    nameEn: body.nameEn,
    status: body.status,
    sort: body.sort,
    remark: body.remark || null,
  }).catch(uniqueViolationAsBadRequest);
  return toFocusSetting(row);
}

/** Changes the fields given of an entry of the caller's school (404 for any other id). */
export async function editFocusSetting(
  scope: TenantScope,
  body: {
    id: number;
    name?: string | undefined;
    nameEn?: string | undefined;
    status?: 0 | 1 | undefined;
    sort?: number | undefined;
    remark?: string | null | undefined;
  },
) {
  const row = await findFocusSetting(scope, body.id);
  if (!row) throw notFound('focus setting');
  await refuseNameClashes(scope, row.type, body, row.id);
  const set: FocusSettingChange = {};
  if (body.name !== undefined) set.name = body.name;
  if (body.nameEn !== undefined) set.nameEn = body.nameEn;
  if (body.status !== undefined) set.status = body.status;
  if (body.sort !== undefined) set.sort = body.sort;
  if (body.remark !== undefined) set.remark = body.remark || null;
  if (Object.keys(set).length === 0) return toFocusSetting(row);
  const updated = await updateFocusSetting(scope, row.id, set).catch(uniqueViolationAsBadRequest);
  return toFocusSetting(updated!);
}

/** Removes an entry of the caller's school from its list (404 for any other id). */
export async function removeFocusSetting(scope: TenantScope, id: number) {
  if (!(await softDeleteFocusSetting(scope, id))) throw notFound('focus setting');
  return { id };
}
