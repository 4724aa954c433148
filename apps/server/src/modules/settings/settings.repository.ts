import { and, asc, eq } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { dictItem, dictType, pageSetup, setting } from './settings.table';

export async function findSettingByType({ tx, tenantId }: TenantScope, type: string) {
  const [row] = await tx
    .select()
    .from(setting)
    .where(and(eq(setting.tenantId, tenantId), eq(setting.type, type)));
  return row ?? null;
}

export async function findPageSetup({ tx, tenantId }: TenantScope) {
  const [row] = await tx.select().from(pageSetup).where(eq(pageSetup.tenantId, tenantId));
  return row ?? null;
}

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
    .where(and(eq(dictItem.tenantId, tenantId), eq(dictType.name, name)))
    .orderBy(asc(dictItem.sort), asc(dictItem.id));
}
