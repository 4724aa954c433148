export {
  getTenantByCode,
  isTenantCode,
  isUnknownTenantError,
  tenantQueryKeys,
  useTenantByCode,
  type TenantDetail,
} from './api/get-tenant-by-code';
export { getPageSetup, usePageSetup, type PageSetup } from './api/get-page-setup';
export { brandFromPageSetup } from './lib/brand-from-page-setup';
