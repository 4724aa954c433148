import type { ModuleManifest } from '../../core/module';

export {
  findTenantById,
  findTenantByCode,
  findTenantDomain,
  findTenantIds,
  insertTenant,
} from './tenants.repository';
export { requireActiveTenant } from './tenants.service';

/** Schools (tenants). The login page's calls that read settings are served by modules/settings. */
export const tenantsModule: ModuleManifest = {
  name: 'tenants',
  layer: 'platform',
  tables: { readOnly: ['tenant'] },
};
