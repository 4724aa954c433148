import {
  buuCasLoginEndpoint,
  casLoginEndpoint,
  cfauCasLoginEndpoint,
  dingTalkLoginEndpoint,
  socialTokenEndpoint,
  ssoAuthorizeEndpoint,
  ssoLinkDeleteEndpoint,
  ssoLinkPageEndpoint,
  ssoLinkSaveEndpoint,
  ssoLoginEndpoint,
  ssoLogoutEndpoint,
  ssoProviderDeleteEndpoint,
  ssoProviderListEndpoint,
  ssoProviderSaveEndpoint,
  ssoProviderTestEndpoint,
  ssoProvidersEndpoint,
  weComLoginEndpoint,
  type SsoProviderSave,
} from '@psy/contracts';
import { PUBLIC } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { preloadSecretKey } from '../../core/security/secret-box';
import { clientOf } from '../auth';
import * as sso from './sso.service';
import { SSO_ACCESS } from './sso.policy';

const CAS = ['cas'] as const;

export const ssoRoutes = (deps: sso.SsoDeps): RouteDef[] => {
  // Sealing and opening secrets inside the tenant transaction needs the key loaded before it.
  const withKey = { before: () => preloadSecretKey(deps.database.system, deps.env.SECRETS_KEY) };
  return [
    defineRoute({
      endpoint: ssoProvidersEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId }) => sso.listButtons(deps, tenantId),
    }),
    defineRoute({
      endpoint: ssoAuthorizeEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId, params, body, req }) =>
        sso.authorize(deps, tenantId, params.code, body, clientOf(req)),
    }),
    // The completions find their school by the flow's state: the return page does not know it.
    defineRoute({
      endpoint: socialTokenEndpoint,
      access: PUBLIC,
      handler: async ({ query, req, tenantId }) =>
        sso.complete(deps, { kinds: ['oidc'], tenantId }, query, clientOf(req)),
    }),
    defineRoute({
      endpoint: casLoginEndpoint,
      access: PUBLIC,
      handler: async ({ params, query, req, tenantId }) =>
        sso.complete(
          deps,
          { kinds: CAS, shortName: params.a, providerCode: params.b, tenantId },
          query,
          clientOf(req),
        ),
    }),
    defineRoute({
      endpoint: cfauCasLoginEndpoint,
      access: PUBLIC,
      handler: async ({ query, req, tenantId }) =>
        sso.complete(deps, { kinds: CAS, providerCode: 'cfau', tenantId }, query, clientOf(req)),
    }),
    defineRoute({
      endpoint: buuCasLoginEndpoint,
      access: PUBLIC,
      handler: async ({ query, req, tenantId }) =>
        sso.complete(deps, { kinds: CAS, providerCode: 'buu', tenantId }, query, clientOf(req)),
    }),
    defineRoute({
      endpoint: dingTalkLoginEndpoint,
      access: PUBLIC,
      handler: async ({ query, req, tenantId }) =>
        sso.complete(deps, { kinds: ['dingtalk'], tenantId }, query, clientOf(req)),
    }),
    defineRoute({
      endpoint: weComLoginEndpoint,
      access: PUBLIC,
      handler: async ({ query, req, tenantId }) =>
        sso.complete(deps, { kinds: ['wecom'], tenantId }, query, clientOf(req)),
    }),
    defineRoute({
      endpoint: ssoLoginEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId, params, query, req }) =>
        sso.exchange(deps, tenantId, params.x, query.token, clientOf(req)),
    }),
    defineRoute({
      endpoint: ssoLogoutEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId, params, query }) => sso.logoutUrl(deps, tenantId, params.x, query.returnTo),
    }),
    defineRoute({
      endpoint: ssoProviderListEndpoint,
      access: SSO_ACCESS.read,
      handler: async ({ scope }) => sso.listProviders(scope),
    }),
    defineRoute({
      endpoint: ssoProviderSaveEndpoint,
      access: SSO_ACCESS.edit,
      outsideTransaction: withKey,
      handler: async ({ scope, body }) => sso.saveProvider(deps, scope, body as SsoProviderSave),
    }),
    defineRoute({
      endpoint: ssoProviderDeleteEndpoint,
      access: SSO_ACCESS.edit,
      handler: async ({ scope, params }) => sso.deleteProvider(scope, params.id),
    }),
    defineRoute({
      endpoint: ssoProviderTestEndpoint,
      access: SSO_ACCESS.edit,
      outsideTransaction: withKey,
      handler: async ({ scope, params }) => sso.testProvider(deps, scope, params.id),
    }),
    defineRoute({
      endpoint: ssoLinkPageEndpoint,
      access: SSO_ACCESS.read,
      handler: async ({ scope, query }) => sso.pageLinks(scope, query),
    }),
    defineRoute({
      endpoint: ssoLinkSaveEndpoint,
      access: SSO_ACCESS.edit,
      handler: async ({ scope, body }) => sso.saveLink(scope, body),
    }),
    defineRoute({
      endpoint: ssoLinkDeleteEndpoint,
      access: SSO_ACCESS.edit,
      handler: async ({ scope, params }) => sso.deleteLink(scope, params.id),
    }),
  ] as RouteDef[];
};
