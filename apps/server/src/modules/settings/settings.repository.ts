import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  notInArray,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { SystemScope, TenantScope } from '../../core/db/database';
import { dictItem, dictType, pageSetup, setting, site, siteRoom } from './settings.table';

export type SettingRow = typeof setting.$inferSelect;
export type PageSetupRow = typeof pageSetup.$inferSelect;
export type DictTypeRow = typeof dictType.$inferSelect;
export type DictItemRow = typeof dictItem.$inferSelect;
export type SiteRow = typeof site.$inferSelect;
export type SiteRoomRow = typeof siteRoom.$inferSelect;

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// --- settings -------------------------------------------------------------------------------------

export async function findSettingByType({ tx, tenantId }: TenantScope, type: string) {
  const [row] = await tx
    .select()
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.type, type)));
  return row ?? null;
}

export async function findSettingsByTypes({ tx, tenantId }: TenantScope, types: readonly string[]) {
  if (!types.length) return [];
  return tx
    .select()
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), inArray(setting.type, [...types])));
}

/** The switched-on records of a code in every school (system jobs that act per school). */
export async function findEnabledSettingsOfEverySchool({ db }: SystemScope, type: string) {
  return db
    .select({ tenantId: setting.tenantId, value: setting.value })
    .from(setting)
    .where(and(eq(setting.type, type), eq(setting.enable, true)));
}

/** Inserts or replaces the record of a code. */
export async function upsertSetting(
  { tx, tenantId }: TenantScope,
  s: { type: string; enable: boolean; value: Record<string, unknown> },
): Promise<SettingRow> {
  const [row] = await tx
    .insert(setting)
    .values({ tenantId, type: s.type, enable: s.enable, value: s.value })
    .onConflictDoUpdate({
      target: [setting.tenantId, setting.type],
      set: { enable: s.enable, value: s.value, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

// --- page setup -----------------------------------------------------------------------------------

export async function findPageSetup({ tx, tenantId }: TenantScope) {
  const [row] = await tx.select().from(pageSetup).where(eq(pageSetup.tenantId, tenantId));
  return row ?? null;
}

export async function upsertPageSetup(
  { tx, tenantId }: TenantScope,
  fields: Omit<PageSetupRow, 'tenantId' | 'updatedAt'>,
): Promise<PageSetupRow> {
  const [row] = await tx
    .insert(pageSetup)
    .values({ tenantId, ...fields })
    .onConflictDoUpdate({ target: pageSetup.tenantId, set: { ...fields, updatedAt: sql`now()` } })
    .returning();
  return row!;
}

// --- dictionaries ---------------------------------------------------------------------------------

/** Items offered for a dictionary: enabled and not removed, in order. */
export async function findDictItems({ tx, tenantId }: TenantScope, name: string) {
  return tx
    .select({
      id: dictItem.id,
      value: dictItem.value,
      label: dictItem.label,
      labelEn: dictItem.labelEn,
      sort: dictItem.sort,
    })
    .from(dictItem)
    .innerJoin(dictType, and(eq(dictType.tenantId, dictItem.tenantId), eq(dictType.id, dictItem.dictId)))
    .where(
      and(
        eq(dictItem.tenantId, tenantId),
        eq(dictType.name, name),
        eq(dictItem.enabled, true),
        isNull(dictItem.deletedAt),
      ),
    )
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
}

// Correlated on the outer row by qualified names: an unqualified column would bind to the subquery's.
const itemCountSql = sql<number>`(select count(*)::int from ${dictItem} i
  where i.tenant_id = "dict_type"."tenant_id" and i.dict_id = "dict_type"."id" and i.deleted_at is null)`;

/** One page of dictionaries by name, with the number of their (not removed) items. */
export async function findDictPage(
  { tx, tenantId }: TenantScope,
  filter: { name?: string },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(dictType.tenantId, tenantId),
    filter.name
      ? or(
          ilike(dictType.name, containsPattern(filter.name)),
          ilike(dictType.description, containsPattern(filter.name)),
        )
      : undefined,
  );
  const rows = await tx
    .select({
      id: dictType.id,
      name: dictType.name,
      description: dictType.description,
      system: dictType.system,
      itemCount: itemCountSql,
    })
    .from(dictType)
    .where(where)
    .orderBy(asc(dictType.name))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(dictType).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findDictById({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select({
      id: dictType.id,
      name: dictType.name,
      description: dictType.description,
      system: dictType.system,
      itemCount: itemCountSql,
    })
    .from(dictType)
    .where(and(eq(dictType.tenantId, tenantId), eq(dictType.id, id)));
  return row ?? null;
}

export async function findDictByName({ tx, tenantId }: TenantScope, name: string) {
  const [row] = await tx
    .select({ id: dictType.id })
    .from(dictType)
    .where(and(eq(dictType.tenantId, tenantId), sql`lower(${dictType.name}) = lower(${name})`));
  return row ?? null;
}

export async function insertDict(
  { tx, tenantId }: TenantScope,
  d: { name: string; description: string | null },
) {
  const [row] = await tx
    .insert(dictType)
    .values({ tenantId, name: d.name, description: d.description, system: false })
    .returning({ id: dictType.id });
  return row!.id;
}

export async function updateDictDescription(
  { tx, tenantId }: TenantScope,
  id: number,
  description: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(dictType)
    .set({ description, updatedAt: sql`now()` })
    .where(and(eq(dictType.tenantId, tenantId), eq(dictType.id, id)))
    .returning({ id: dictType.id });
  return rows.length > 0;
}

/** Deletes a dictionary the school added, with its items; false for a seeded or unknown one. */
export async function deleteCustomDict({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .delete(dictType)
    .where(and(eq(dictType.tenantId, tenantId), eq(dictType.id, id), eq(dictType.system, false)))
    .returning({ id: dictType.id });
  return rows.length > 0;
}

/** Every item of a dictionary that was not removed, disabled ones included. */
export async function findDictAdminItems({ tx, tenantId }: TenantScope, dictId: number) {
  return tx
    .select()
    .from(dictItem)
    .where(and(eq(dictItem.tenantId, tenantId), eq(dictItem.dictId, dictId), isNull(dictItem.deletedAt)))
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
}

/** An item by id, removed ones excluded. */
export async function findDictItemById({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(dictItem)
    .where(and(eq(dictItem.tenantId, tenantId), eq(dictItem.id, id), isNull(dictItem.deletedAt)));
  return row ?? null;
}

/** Whether a value was ever used in the dictionary (removed items included: values are never reused). */
export async function isDictValueTaken({ tx, tenantId }: TenantScope, dictId: number, value: string) {
  const [row] = await tx
    .select({ id: dictItem.id })
    .from(dictItem)
    .where(and(eq(dictItem.tenantId, tenantId), eq(dictItem.dictId, dictId), eq(dictItem.value, value)));
  return Boolean(row);
}

export async function insertDictItem(
  { tx, tenantId }: TenantScope,
  item: {
    dictId: number;
    value: string;
    label: string;
    labelEn: string | null;
    sort: number;
    enabled: boolean;
  },
) {
  const [row] = await tx
    .insert(dictItem)
    .values({ tenantId, ...item })
    .returning();
  return row!;
}

export async function updateDictItem(
  { tx, tenantId }: TenantScope,
  id: number,
  fields: { label: string; labelEn: string | null; sort: number; enabled: boolean },
) {
  const [row] = await tx
    .update(dictItem)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(dictItem.tenantId, tenantId), eq(dictItem.id, id), isNull(dictItem.deletedAt)))
    .returning();
  return row ?? null;
}

export async function softDeleteDictItem({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .update(dictItem)
    .set({ deletedAt: sql`now()`, enabled: false, updatedAt: sql`now()` })
    .where(and(eq(dictItem.tenantId, tenantId), eq(dictItem.id, id), isNull(dictItem.deletedAt)))
    .returning({ id: dictItem.id });
  return rows.length > 0;
}

// --- sites and rooms ------------------------------------------------------------------------------

export async function findSitePage(
  { tx, tenantId }: TenantScope,
  filter: { name?: string; enabled?: boolean },
  page: { offset: number; limit: number },
) {
  const where: SQL | undefined = and(
    eq(site.tenantId, tenantId),
    isNull(site.deletedAt),
    filter.name ? ilike(site.name, containsPattern(filter.name)) : undefined,
    filter.enabled !== undefined ? eq(site.enabled, filter.enabled) : undefined,
  );
  const rows = await tx
    .select()
    .from(site)
    .where(where)
    .orderBy(asc(site.sort), desc(site.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx.select({ n: count() }).from(site).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findSiteById({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(site)
    .where(and(eq(site.tenantId, tenantId), eq(site.id, id), isNull(site.deletedAt)));
  return row ?? null;
}

/** Whether another live site of the school has this name. */
export async function isSiteNameTaken({ tx, tenantId }: TenantScope, name: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: site.id })
    .from(site)
    .where(
      and(
        eq(site.tenantId, tenantId),
        eq(site.name, name),
        isNull(site.deletedAt),
        exceptId !== undefined ? sql`${site.id} <> ${exceptId}` : undefined,
      ),
    );
  return Boolean(row);
}

export async function findRoomsOfSites({ tx, tenantId }: TenantScope, siteIds: number[]) {
  if (!siteIds.length) return [];
  return tx
    .select()
    .from(siteRoom)
    .where(
      and(eq(siteRoom.tenantId, tenantId), inArray(siteRoom.siteId, siteIds), isNull(siteRoom.deletedAt)),
    )
    .orderBy(asc(siteRoom.sort), asc(siteRoom.id));
}

type SiteFields = Pick<SiteRow, 'name' | 'address' | 'phone' | 'description' | 'sort' | 'enabled'>;
type RoomFields = Pick<SiteRoomRow, 'name' | 'capacity' | 'sort' | 'enabled'>;

export async function insertSite({ tx, tenantId }: TenantScope, fields: SiteFields) {
  const [row] = await tx
    .insert(site)
    .values({ tenantId, ...fields })
    .returning();
  return row!;
}

export async function updateSite({ tx, tenantId }: TenantScope, id: number, fields: SiteFields) {
  const [row] = await tx
    .update(site)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(site.tenantId, tenantId), eq(site.id, id), isNull(site.deletedAt)))
    .returning();
  return row ?? null;
}

/** Marks a site and its rooms removed; false when it does not exist (or was removed). */
export async function softDeleteSite({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .update(site)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(site.tenantId, tenantId), eq(site.id, id), isNull(site.deletedAt)))
    .returning({ id: site.id });
  if (!rows.length) return false;
  await tx
    .update(siteRoom)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(siteRoom.tenantId, tenantId), eq(siteRoom.siteId, id), isNull(siteRoom.deletedAt)));
  return true;
}

/** Removes the site's rooms that are not in `keepIds` (soft: schedules may name them). */
export async function softDeleteRoomsExcept(
  { tx, tenantId }: TenantScope,
  siteId: number,
  keepIds: number[],
) {
  await tx
    .update(siteRoom)
    .set({ deletedAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(siteRoom.tenantId, tenantId),
        eq(siteRoom.siteId, siteId),
        isNull(siteRoom.deletedAt),
        keepIds.length ? notInArray(siteRoom.id, keepIds) : undefined,
      ),
    );
}

export async function insertRoom({ tx, tenantId }: TenantScope, siteId: number, fields: RoomFields) {
  await tx.insert(siteRoom).values({ tenantId, siteId, ...fields });
}

/** Changes a live room of the site; false when the id is not one. */
export async function updateRoom(
  { tx, tenantId }: TenantScope,
  siteId: number,
  id: number,
  fields: RoomFields,
): Promise<boolean> {
  const rows = await tx
    .update(siteRoom)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(
      and(
        eq(siteRoom.tenantId, tenantId),
        eq(siteRoom.siteId, siteId),
        eq(siteRoom.id, id),
        isNull(siteRoom.deletedAt),
      ),
    )
    .returning({ id: siteRoom.id });
  return rows.length > 0;
}

/**
 * Whether a code's setting is on, as a correlated subquery for another module's one statement (the
 * principal's single-role switch is read with the user, on every signed-in request).
 */
export const settingEnabledSql = (tenantId: SQL, type: string): SQL<boolean> =>
  sql<boolean>`coalesce((select s.enable from ${setting} s where s.tenant_id = ${tenantId} and s.type = ${type}), false)`;
