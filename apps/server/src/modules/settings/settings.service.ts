import type { TenantScope } from '../../core/db/database';
import { findDictItems, findPageSetup, findSettingByType } from './settings.repository';

/** Whether a tenant setting exists and is switched on. */
export async function isSettingEnabled(scope: TenantScope, type: string): Promise<boolean> {
  return (await findSettingByType(scope, type))?.enable ?? false;
}

export async function getSetting(scope: TenantScope, type: string) {
  const row = await findSettingByType(scope, type);
  return row ? { id: row.id, type: row.type, enable: row.enable, value: row.value } : null;
}

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

export function getDict(scope: TenantScope, name: string) {
  return findDictItems(scope, name);
}
