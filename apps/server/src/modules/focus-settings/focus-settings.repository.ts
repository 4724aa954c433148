import { and, asc, count, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { focusSetting } from './focus-settings.table';

export type FocusSettingRow = typeof focusSetting.$inferSelect;
export type NewFocusSetting = Pick<FocusSettingRow, 'type' | 'name' | 'nameEn' | 'status' | 'sort'> & {
  remark: string | null;
};
export type FocusSettingChange = Partial<
  Pick<FocusSettingRow, 'name' | 'nameEn' | 'status' | 'sort' | 'remark'>
>;

const live = (tenantId: number) => and(eq(focusSetting.tenantId, tenantId), isNull(focusSetting.deletedAt));
const byOrder = [asc(focusSetting.sort), asc(focusSetting.id)];

/** Inserts entries (seeding); names a school already has in the type are left alone. */
export async function insertMissingFocusSettings(
  { tx, tenantId }: TenantScope,
  rows: NewFocusSetting[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(focusSetting)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing();
}

export async function findFocusSettingPage(
  { tx, tenantId }: TenantScope,
  filter: { type: number; name?: string | undefined; status?: number | undefined },
  page: { offset: number; limit: number },
) {
  const pattern = filter.name ? `%${filter.name.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    live(tenantId),
    eq(focusSetting.type, filter.type),
    pattern ? or(ilike(focusSetting.name, pattern), ilike(focusSetting.nameEn, pattern)) : undefined,
    filter.status !== undefined ? eq(focusSetting.status, filter.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(focusSetting)
    .where(where)
    .orderBy(...byOrder)
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusSetting).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The enabled entries of a type, by sort then id. */
export function findEnabledFocusSettings({ tx, tenantId }: TenantScope, type: number) {
  return tx
    .select()
    .from(focusSetting)
    .where(and(live(tenantId), eq(focusSetting.type, type), eq(focusSetting.status, 1)))
    .orderBy(...byOrder);
}

export async function findFocusSetting({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(focusSetting)
    .where(and(live(tenantId), eq(focusSetting.id, id)));
  return row ?? null;
}

/** Which of the names another live entry of the type already has (`nameEn` compared without case). */
export async function findNameClashes(
  { tx, tenantId }: TenantScope,
  type: number,
  names: { name?: string | undefined; nameEn?: string | undefined },
  exceptId?: number,
): Promise<{ name: boolean; nameEn: boolean }> {
  const conditions: SQL[] = [];
  if (names.name !== undefined) conditions.push(eq(focusSetting.name, names.name));
  if (names.nameEn !== undefined)
    conditions.push(sql`lower(${focusSetting.nameEn}) = lower(${names.nameEn})`);
  if (conditions.length === 0) return { name: false, nameEn: false };
  const rows = await tx
    .select({ name: focusSetting.name, nameEn: focusSetting.nameEn })
    .from(focusSetting)
    .where(
      and(
        live(tenantId),
        eq(focusSetting.type, type),
        exceptId !== undefined ? ne(focusSetting.id, exceptId) : undefined,
        or(...conditions),
      ),
    );
  return {
    name: names.name !== undefined && rows.some((r) => r.name === names.name),
    nameEn:
      names.nameEn !== undefined && rows.some((r) => r.nameEn.toLowerCase() === names.nameEn!.toLowerCase()),
  };
}

export async function insertFocusSetting({ tx, tenantId }: TenantScope, row: NewFocusSetting) {
  const [created] = await tx
    .insert(focusSetting)
    .values({ ...row, tenantId })
    .returning();
  return created!;
}

export async function updateFocusSetting({ tx, tenantId }: TenantScope, id: number, set: FocusSettingChange) {
  const [row] = await tx
    .update(focusSetting)
    .set({ ...set, updatedAt: new Date() })
    .where(and(live(tenantId), eq(focusSetting.id, id)))
    .returning();
  return row ?? null;
}

/** Marks an entry deleted; answers false when the school has no such live entry. */
export async function softDeleteFocusSetting({ tx, tenantId }: TenantScope, id: number): Promise<boolean> {
  const rows = await tx
    .update(focusSetting)
    .set({ deletedAt: new Date(), updatedAt: new Date() })
    .where(and(live(tenantId), eq(focusSetting.id, id)))
    .returning({ id: focusSetting.id });
  return rows.length > 0;
}

/** Names of entries by id, deleted ones too (the crisis records name what was chosen: measures, methods, topics). */
export async function findFocusSettingNames(
  { tx, tenantId }: TenantScope,
  ids: number[],
  lang: 'zh-CN' | 'en-US',
) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map<number, { type: number; name: string }>();
  const rows = await tx
    .select({
      id: focusSetting.id,
      type: focusSetting.type,
      name: focusSetting.name,
      nameEn: focusSetting.nameEn,
    })
    .from(focusSetting)
    .where(and(eq(focusSetting.tenantId, tenantId), inArray(focusSetting.id, unique)));
  return new Map(rows.map((r) => [r.id, { type: r.type, name: lang === 'en-US' ? r.nameEn : r.name }]));
}

/** Enabled, live entries of a setting type among `ids` (what a new choice may name). */
export async function findUsableFocusSettingIds({ tx, tenantId }: TenantScope, type: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: focusSetting.id })
    .from(focusSetting)
    .where(
      and(
        eq(focusSetting.tenantId, tenantId),
        eq(focusSetting.type, type),
        eq(focusSetting.status, 1),
        sql`${focusSetting.deletedAt} is null`,
        inArray(focusSetting.id, unique),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
