import type { SystemScope } from '../../core/db/database';
import { AppError } from '../../core/http/app-error';
import { findTenantById } from './tenants.repository';

/** The tenant of a request; an unknown or disabled tenant is refused with the field named. */
export async function requireActiveTenant(scope: SystemScope, tenantId: number) {
  const t = await findTenantById(scope, tenantId);
  if (!t || t.status !== 'active') throw new AppError('badRequest', 'tenant-id: no such school');
  return t;
}
