import { SETTING_CODES, pageSetupByTenantEndpoint, tenantDetailByCodeEndpoint } from '@psy/contracts';
import type { Database } from '../../core/db/database';
import { notFound } from '../../core/http/app-error';
import { PUBLIC } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { findTenantByCode, findTenantById } from '../tenants';
import { getPageSetup, isSettingEnabled } from './settings.service';

/**
 * The login page's calls: which school a short name names, with its login settings, and the school's
 * page setup. Served by settings, the owner of what they read; tenants answers the school.
 */
export const loginPageRoutes = (database: Database): RouteDef[] =>
  [
    defineRoute({
      // Public: the login page at /{shortName}/login resolves its school with it.
      endpoint: tenantDetailByCodeEndpoint,
      access: PUBLIC,
      handler: async ({ query }) => {
        const t = await findTenantByCode(database.system, query.code);
        if (!t || t.status !== 'active') throw notFound('school');
        const captchaEnabled = await database.withTenant(t.id, (s) =>
          isSettingEnabled(s, SETTING_CODES.loginCaptcha),
        );
        return {
          id: t.id,
          name: t.name,
          code: t.code,
          domain: t.domain,
          captchaEnabled,
          smsLoginEnabled: t.smsLoginEnabled,
        };
      },
    }),
    defineRoute({
      // Public: the login page shows the school's titles, icon and colour before anyone signs in. Only
      // the school the request names (TENANT-ID header, or the token's) answers: another id is a 404,
      // so the call does not list other schools' setups.
      endpoint: pageSetupByTenantEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ params, tenantId }) => {
        if (params.id !== tenantId) throw notFound('school');
        const t = await findTenantById(database.system, params.id);
        if (!t || t.status !== 'active') throw notFound('school');
        return database.withTenant(t.id, getPageSetup);
      },
    }),
  ] as RouteDef[];
