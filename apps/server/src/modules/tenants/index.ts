export { tenant } from './tenants.table';
export { findTenantById, findTenantByCode, findTenantIds, insertTenant } from './tenants.repository';
export { tenantRoutes } from './tenants.routes';
export { requireActiveTenant } from './tenants.service';
