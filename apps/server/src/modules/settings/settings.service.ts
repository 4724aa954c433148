import {
  ALL_APP_SETTING_CODES,
  KNOWN_SETTING_CODES,
  TIME_SLOT_SETTING_CODE,
  defaultSettingValue,
  isKnownSettingCode,
  type DictAdminItem,
  type DictType,
  type Site,
  type SettingCode,
  type SettingState,
  PAGE_SETUP_IMAGE_MAX_BYTES,
  SETTING_VALUE_SCHEMAS,
} from '@psy/contracts';
import type { z } from 'zod';
import { pageWindow, pageAnswer } from '../../core/db/paging';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { ImageRefusedError, reencodeImage, type ImageRules } from '../../core/images/reencode-image';
import type { Principal } from '../../core/http/context';
import { emit } from '../../core/events';
import { settingSaving } from './settings.events';
import {
  deleteCustomDict,
  findDictAdminItems,
  findDictById,
  findDictByName,
  findDictItemById,
  findDictItems,
  findDictPage,
  findPageSetup,
  findRoomsOfSites,
  findEnabledSettingsOfEverySchool,
  findSettingByType,
  findSettingsByTypes,
  findSiteById,
  findSitePage,
  insertDict,
  insertDictItem,
  insertRoom,
  insertSite,
  isDictValueTaken,
  isSiteNameTaken,
  softDeleteDictItem,
  softDeleteRoomsExcept,
  softDeleteSite,
  updateDictDescription,
  updateDictItem,
  updateRoom,
  updateSite,
  upsertPageSetup,
  upsertSetting,
  type DictItemRow,
  type SettingRow,
  type SiteRoomRow,
  type SiteRow,
} from './settings.repository';
import { canWriteSetting } from './settings.policy';

/** Whether a tenant setting exists and is switched on. */
export async function isSettingEnabled(scope: TenantScope, type: string): Promise<boolean> {
  return (await findSettingByType(scope, type))?.enable ?? false;
}

/** The stored record of a code, or null (used inside the server; no defaults). */
export async function getSetting(scope: TenantScope, type: string) {
  const row = await findSettingByType(scope, type);
  return row ? { id: row.id, type: row.type, enable: row.enable, value: row.value } : null;
}

function toState(code: SettingCode, row: SettingRow | null): SettingState {
  return row
    ? {
        type: code,
        enable: row.enable,
        value: row.value,
        saved: true,
        updatedAt: row.updatedAt.toISOString(),
      }
    : { type: code, enable: false, value: defaultSettingValue(code), saved: false, updatedAt: null };
}

/** A known code's record for a reader; unknown codes are refused (400) rather than answered empty. */
export async function getKnownSetting(scope: TenantScope, type: string) {
  if (!isKnownSettingCode(type)) throw badRequest('type', 'not a known setting code');
  return getSetting(scope, type);
}

/** A code's state: the saved record, or its default. */
export async function getSettingState(scope: TenantScope, code: SettingCode): Promise<SettingState> {
  return toState(code, await findSettingByType(scope, code));
}

async function statesOf(scope: TenantScope, codes: readonly SettingCode[]) {
  const rows = new Map((await findSettingsByTypes(scope, codes)).map((r) => [r.type, r]));
  return codes.map((c) => toState(c, rows.get(c) ?? null));
}

/**
 * The schools that switched a code on, each with its payload read through the code's schema (defaults
 * filled in; a record that no longer fits is skipped rather than acted on). For system jobs.
 */
export async function enabledSettingOfEverySchool<C extends SettingCode>(
  system: SystemScope,
  code: C,
): Promise<{ tenantId: number; value: z.output<(typeof SETTING_VALUE_SCHEMAS)[C]> }[]> {
  const out: { tenantId: number; value: z.output<(typeof SETTING_VALUE_SCHEMAS)[C]> }[] = [];
  for (const row of await findEnabledSettingsOfEverySchool(system, code)) {
    const parsed = SETTING_VALUE_SCHEMAS[code].safeParse(row.value ?? {});
    if (parsed.success) out.push({ tenantId: Number(row.tenantId), value: parsed.data as never });
  }
  return out;
}

/** Every known code with its state (the settings page). */
export function listSettingStates(scope: TenantScope) {
  return statesOf(scope, KNOWN_SETTING_CODES);
}

/** The all-app settings by code (spec S0.7.8). */
export async function getAllAppSettings(scope: TenantScope): Promise<Record<string, SettingState>> {
  const states = await statesOf(scope, ALL_APP_SETTING_CODES);
  return Object.fromEntries(states.map((s) => [s.type, s]));
}

/** Saves one setting record and answers its new state. */
export async function saveSetting(
  scope: TenantScope,
  p: Principal,
  input: { type: SettingCode; enable: boolean; value: Record<string, unknown> },
): Promise<SettingState> {
  const [state] = await saveSettings(scope, p, [input]);
  return state!;
}

/**
 * Saves settings whose payloads the contract has validated, all in the request's transaction: one
 * refused code (permission, unknown role) refuses them all.
 */
export async function saveSettings(
  scope: TenantScope,
  p: Principal,
  inputs: { type: SettingCode; enable: boolean; value: Record<string, unknown> }[],
  fieldPrefix = '',
): Promise<SettingState[]> {
  for (const s of inputs) if (!canWriteSetting(p, s.type)) throw forbidden();
  const out: SettingState[] = [];
  for (const [i, s] of inputs.entries()) {
    // A setting may name another module's rows (the agreement setting's roles): the owner checks them.
    await emit(scope, settingSaving, {
      type: s.type,
      value: s.value,
      field: `${fieldPrefix.replace('#', String(i))}value`,
    });
    if (s.type === TIME_SLOT_SETTING_CODE) {
      // Time slots name sites of the school (docs/builder-helpers.md).
      const slots = (s.value.slots as { siteId?: number }[] | undefined) ?? [];
      const known = new Map<number, boolean>();
      for (const [j, slot] of slots.entries()) {
        if (slot.siteId === undefined) continue;
        if (!known.has(slot.siteId)) known.set(slot.siteId, !!(await findSiteById(scope, slot.siteId)));
        if (!known.get(slot.siteId))
          throw badRequest(
            `${fieldPrefix.replace('#', String(i))}value.slots[${j}].siteId`,
            `no site ${slot.siteId}`,
          );
      }
    }
    out.push(toState(s.type, await upsertSetting(scope, s)));
  }
  return out;
}

// --- page setup -----------------------------------------------------------------------------------

/** Page setup of the tenant; a tenant without one gets empty fields (the web uses its defaults). */
export async function getPageSetup(scope: TenantScope) {
  const row = await findPageSetup(scope);
  return {
    tenantId: scope.tenantId,
    systemTitle: row?.systemTitle ?? null,
    browserTitle: row?.browserTitle ?? null,
    browserIcon: row?.browserIcon ?? null,
    technicalSupport: row?.technicalSupport ?? null,
    navigateLogo: row?.navigateLogo ?? null,
    layoutThemeColor: row?.layoutThemeColor ?? null,
  };
}

type PageSetupInput = {
  tenantId?: number | null;
  systemTitle?: string | null;
  browserTitle?: string | null;
  browserIcon?: string | null;
  technicalSupport?: string | null;
  navigateLogo?: string | null;
  layoutThemeColor?: string | null;
};

/** What an uploaded icon or logo may be (docs/settings-and-dictionaries.md, "Page setup"). */
const PAGE_SETUP_IMAGE_RULES: ImageRules = {
  types: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
  maxBytes: PAGE_SETUP_IMAGE_MAX_BYTES,
  maxPixels: 16_000_000,
  box: { width: 1024, height: 1024 },
};

const PAGE_SETUP_IMAGE_ISSUES: Record<ImageRefusedError['issue'], string> = {
  empty: 'must be a png, jpeg, gif or webp image',
  type: 'must be a png, jpeg, gif or webp image (an .ico cannot be checked: save the icon as PNG)',
  unreadable: 'must be a png, jpeg, gif or webp image',
  size: 'image too large: at most 256 KB',
  pixels: 'image too large: at most 16 million pixels',
};

/**
 * An icon or logo as it is stored: an address as given; a newly uploaded data URL re-encoded
 * (`reencodeImage`: the type by content, nothing but the pixels kept, within 1024x1024). The value
 * already stored is kept as it is, so saving the page again does not re-encode it (and an older .ico
 * stays until it is replaced).
 */
async function pageSetupImage(field: string, value: string | null, stored: string | null | undefined) {
  if (value === null || value === stored) return value;
  const data = /^data:[^;,]+;base64,(.*)$/s.exec(value);
  if (!data) return value;
  try {
    const image = await reencodeImage(Buffer.from(data[1]!, 'base64'), PAGE_SETUP_IMAGE_RULES);
    return `data:${image.type};base64,${image.bytes.toString('base64')}`;
  } catch (err) {
    if (err instanceof ImageRefusedError) throw badRequest(field, PAGE_SETUP_IMAGE_ISSUES[err.issue]);
    throw err;
  }
}

/** Saves the caller's school's page setup; every field is replaced, empty meaning "use the default". */
export async function savePageSetup(scope: TenantScope, input: PageSetupInput) {
  if (input.tenantId !== undefined && input.tenantId !== null && input.tenantId !== scope.tenantId)
    throw forbidden('tenantId: only your own school can be changed');
  const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
  const stored = await findPageSetup(scope);
  await upsertPageSetup(scope, {
    systemTitle: blank(input.systemTitle),
    browserTitle: blank(input.browserTitle),
    browserIcon: await pageSetupImage('browserIcon', blank(input.browserIcon), stored?.browserIcon),
    technicalSupport: blank(input.technicalSupport),
    navigateLogo: await pageSetupImage('navigateLogo', blank(input.navigateLogo), stored?.navigateLogo),
    layoutThemeColor: blank(input.layoutThemeColor)?.toLowerCase() ?? null,
  });
  return getPageSetup(scope);
}

// --- dictionaries ---------------------------------------------------------------------------------

export function getDict(scope: TenantScope, name: string) {
  return findDictItems(scope, name);
}

/**
 * Dictionary-typed fields hold item values of the school's dictionary of the field's name: a value that
 * is not an enabled item is refused with 400 naming the field. A dictionary the school has left empty
 * does not restrict (no list to choose from). `keep` values (what a record already holds, e.g. an item
 * switched off since) pass, so saving a record unchanged never fails.
 */
export async function requireDictItems(
  scope: TenantScope,
  values: Readonly<Record<string, string | null | undefined>>,
  keep: Readonly<Record<string, string | null | undefined>> = {},
): Promise<void> {
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || value === keep[field]) continue;
    const items = await findDictItems(scope, field);
    if (items.length > 0 && !items.some((item) => item.value === value)) {
      throw badRequest(field, `not an item of the dictionary ${field}`);
    }
  }
}

export async function listDicts(scope: TenantScope, q: { current: number; size: number; name?: string }) {
  const { rows, total } = await findDictPage(scope, { name: q.name || undefined }, pageWindow(q));
  return pageAnswer(q, rows satisfies DictType[], total);
}

async function requireDict(scope: TenantScope, id: number): Promise<DictType> {
  const d = await findDictById(scope, id);
  if (!d) throw notFound('dictionary');
  return d;
}

export async function createDict(scope: TenantScope, d: { name: string; description?: string | null }) {
  if (await findDictByName(scope, d.name)) throw badRequest('name', 'a dictionary with this name exists');
  const id = await insertDict(scope, { name: d.name, description: d.description || null });
  return requireDict(scope, id);
}

export async function changeDict(scope: TenantScope, d: { id: number; description?: string | null }) {
  if (!(await updateDictDescription(scope, d.id, d.description || null))) throw notFound('dictionary');
  return requireDict(scope, d.id);
}

export async function removeDict(scope: TenantScope, id: number) {
  const d = await requireDict(scope, id);
  if (d.system) throw badRequest('id', 'a dictionary the platform provides cannot be deleted');
  await deleteCustomDict(scope, id);
  return { id };
}

function toAdminItem(r: DictItemRow): DictAdminItem {
  return {
    id: r.id,
    dictId: r.dictId,
    value: r.value,
    label: r.label,
    labelEn: r.labelEn,
    sort: r.sort,
    enabled: r.enabled,
  };
}

export async function listDictItems(scope: TenantScope, dictId: number) {
  await requireDict(scope, dictId);
  return (await findDictAdminItems(scope, dictId)).map(toAdminItem);
}

type ItemFields = { label: string; labelEn?: string | null; sort: number; enabled: boolean };

export async function createDictItem(
  scope: TenantScope,
  input: ItemFields & { dictId: number; value: string },
) {
  await requireDict(scope, input.dictId);
  if (await isDictValueTaken(scope, input.dictId, input.value))
    throw badRequest('value', 'this value is or was used in the dictionary: choose another');
  const row = await insertDictItem(scope, {
    dictId: input.dictId,
    value: input.value,
    label: input.label,
    labelEn: input.labelEn || null,
    sort: input.sort,
    enabled: input.enabled,
  });
  return toAdminItem(row);
}

export async function changeDictItem(scope: TenantScope, input: ItemFields & { id: number }) {
  const row = await updateDictItem(scope, input.id, {
    label: input.label,
    labelEn: input.labelEn || null,
    sort: input.sort,
    enabled: input.enabled,
  });
  if (!row) throw notFound('dictionary item');
  return toAdminItem(row);
}

export async function removeDictItem(scope: TenantScope, id: number) {
  if (!(await findDictItemById(scope, id))) throw notFound('dictionary item');
  await softDeleteDictItem(scope, id);
  return { id };
}

// --- sites ----------------------------------------------------------------------------------------

function toSite(s: SiteRow, rooms: SiteRoomRow[]): Site {
  return {
    id: s.id,
    name: s.name,
    address: s.address,
    phone: s.phone,
    description: s.description,
    sort: s.sort,
    enabled: s.enabled,
    rooms: rooms
      .filter((r) => r.siteId === s.id)
      .map((r) => ({ id: r.id, name: r.name, capacity: r.capacity, enabled: r.enabled, sort: r.sort })),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export async function listSites(
  scope: TenantScope,
  q: { current: number; size: number; name?: string; enabled?: 'true' | 'false' },
) {
  const { rows, total } = await findSitePage(
    scope,
    { name: q.name || undefined, enabled: q.enabled === undefined ? undefined : q.enabled === 'true' },
    pageWindow(q),
  );
  const rooms = await findRoomsOfSites(
    scope,
    rows.map((r) => r.id),
  );
  return pageAnswer(
    q,
    rows.map((r) => toSite(r, rooms)),
    total,
  );
}

interface SiteInput {
  name: string;
  address?: string | null;
  phone?: string | null;
  description?: string | null;
  sort: number;
  enabled: boolean;
  rooms: { id?: number; name: string; capacity?: number | null; enabled: boolean; sort: number }[];
}

const siteFieldsOf = (s: SiteInput) => ({
  name: s.name,
  address: s.address || null,
  phone: s.phone || null,
  description: s.description?.trim() || null,
  sort: s.sort,
  enabled: s.enabled,
});
const roomFieldsOf = (r: SiteInput['rooms'][number]) => ({
  name: r.name,
  capacity: r.capacity ?? null,
  sort: r.sort,
  enabled: r.enabled,
});

async function siteAnswer(scope: TenantScope, id: number): Promise<Site> {
  const s = await findSiteById(scope, id);
  if (!s) throw notFound('site');
  return toSite(s, await findRoomsOfSites(scope, [id]));
}

export async function createSite(scope: TenantScope, input: SiteInput) {
  if (await isSiteNameTaken(scope, input.name)) throw badRequest('name', 'a site with this name exists');
  const s = await insertSite(scope, siteFieldsOf(input));
  for (const [i, r] of input.rooms.entries()) {
    if (r.id !== undefined) throw badRequest(`rooms[${i}].id`, 'a new site has no rooms yet');
    await insertRoom(scope, s.id, roomFieldsOf(r));
  }
  return siteAnswer(scope, s.id);
}

/** Changes a site and makes its rooms the list given: kept by id, new ones added, the rest removed. */
export async function changeSite(scope: TenantScope, input: SiteInput & { id: number }) {
  if (!(await findSiteById(scope, input.id))) throw notFound('site');
  if (await isSiteNameTaken(scope, input.name, input.id))
    throw badRequest('name', 'a site with this name exists');
  await updateSite(scope, input.id, siteFieldsOf(input));
  const existing = new Set((await findRoomsOfSites(scope, [input.id])).map((r) => r.id));
  const keep = input.rooms.flatMap((r) => (r.id !== undefined ? [r.id] : []));
  for (const [i, id] of keep.entries())
    if (!existing.has(id)) throw badRequest(`rooms[${i}].id`, 'not a room of this site');
  await softDeleteRoomsExcept(scope, input.id, keep);
  // Names are unique among a site's live rooms: renaming in two steps lets rooms swap names.
  for (const r of input.rooms)
    if (r.id !== undefined)
      await updateRoom(scope, input.id, r.id, { ...roomFieldsOf(r), name: `\u2060${r.id}\u2060${r.name}` });
  for (const r of input.rooms) {
    if (r.id !== undefined) await updateRoom(scope, input.id, r.id, roomFieldsOf(r));
    else await insertRoom(scope, input.id, roomFieldsOf(r));
  }
  return siteAnswer(scope, input.id);
}

export async function removeSite(scope: TenantScope, id: number) {
  if (!(await softDeleteSite(scope, id))) throw notFound('site');
  return { id };
}
