import type { SsoLinkRule, SsoProvider, SsoProviderKind, SsoProviderSave } from '@psy/contracts';

/** The provider dialog's values: the kind's settings flattened, the return addresses one per line. */
export interface ProviderFormValues {
  code: string;
  kind: SsoProviderKind;
  name: string;
  nameEn?: string;
  enabled: boolean;
  redirectUris: string;
  linkBy: SsoLinkRule;
  subjectClaim?: string;
  secret?: string;
  serverUrl?: string;
  version?: '2.0' | '3.0';
  logoutUrl?: string;
  issuer?: string;
  clientId?: string;
  scopes?: string;
  corpId?: string;
  agentId?: string;
  apiBase?: string;
  oauthBase?: string;
  inAppBase?: string;
  /** Self-registration of unknown subjects (docs/sso.md "Self-registration"). */
  registerEnabled: boolean;
  registerUserTypeCode?: string;
  registerRoleCode?: string;
  registerNameClaim?: string;
  registerNumberClaim?: string;
  /** The new users' department; empty: the school's root department. */
  registerDeptId?: number;
  hadRegistration?: boolean;
}

/** The settings each kind has (docs/sso.md "Providers per school"). */
export const KIND_FIELDS: Record<SsoProviderKind, readonly (keyof ProviderFormValues)[]> = {
  cas: ['serverUrl', 'version', 'logoutUrl'],
  oidc: ['issuer', 'clientId', 'scopes', 'secret'],
  dingtalk: ['clientId', 'corpId', 'secret', 'apiBase', 'oauthBase'],
  wecom: ['corpId', 'agentId', 'secret', 'apiBase', 'oauthBase', 'inAppBase'],
};

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** First values: a provider's, or a new CAS provider returning to this site's `/authredirect`. */
export function providerFormValues(provider: SsoProvider | null, origin: string): ProviderFormValues {
  if (!provider) {
    return {
      code: '',
      kind: 'cas',
      name: '',
      enabled: true,
      redirectUris: `${origin}/authredirect`,
      linkBy: 'username',
      version: '3.0',
      scopes: 'openid profile',
      registerEnabled: false,
      registerUserTypeCode: 'student',
      registerRoleCode: 'ROLE_GENERAL',
    };
  }
  const c = provider.config;
  return {
    code: provider.code,
    kind: provider.kind,
    name: provider.name,
    nameEn: provider.nameEn ?? undefined,
    enabled: provider.enabled,
    redirectUris: provider.redirectUris.join('\n'),
    linkBy: provider.linkBy,
    subjectClaim: provider.subjectClaim ?? undefined,
    serverUrl: str(c.serverUrl),
    version: c.version === '2.0' ? '2.0' : '3.0',
    logoutUrl: str(c.logoutUrl),
    issuer: str(c.issuer),
    clientId: str(c.clientId),
    scopes: str(c.scopes),
    corpId: str(c.corpId),
    agentId: str(c.agentId),
    apiBase: str(c.apiBase),
    oauthBase: str(c.oauthBase),
    inAppBase: str(c.inAppBase),
    registerEnabled: provider.registration?.enabled ?? false,
    registerUserTypeCode: provider.registration?.userTypeCode ?? 'student',
    registerRoleCode: provider.registration?.roleCode ?? 'ROLE_GENERAL',
    registerNameClaim: provider.registration?.nameClaim,
    registerNumberClaim: provider.registration?.numberClaim,
    registerDeptId: provider.registration?.deptId,
    hadRegistration: provider.registration !== null,
  };
}

/**
 * The self-registration part of the save body: sent when it is on, or to turn off one that was stored;
 * absent otherwise (a provider that never registered anyone keeps no settings).
 */
export function registrationBody(values: ProviderFormValues): SsoProviderSave['registration'] {
  if (!values.registerEnabled && !values.hadRegistration) return undefined;
  return {
    enabled: values.registerEnabled,
    userTypeCode: filled(values.registerUserTypeCode) ?? 'student',
    roleCode: filled(values.registerRoleCode) ?? 'ROLE_GENERAL',
    ...(values.registerDeptId ? { deptId: values.registerDeptId } : {}),
    ...(filled(values.registerNameClaim) ? { nameClaim: filled(values.registerNameClaim) } : {}),
    ...(filled(values.registerNumberClaim) ? { numberClaim: filled(values.registerNumberClaim) } : {}),
  };
}

const filled = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

/** The save body: only the kind's settings; an empty secret field keeps the stored secret. */
export function providerSaveBody(values: ProviderFormValues, id: number | undefined): SsoProviderSave {
  const common = {
    ...(id ? { id } : {}),
    code: values.code.trim(),
    name: values.name.trim(),
    nameEn: filled(values.nameEn),
    enabled: values.enabled,
    redirectUris: values.redirectUris
      .split(/\s+/)
      .map((u) => u.trim())
      .filter(Boolean),
    linkBy: values.linkBy,
    subjectClaim: filled(values.subjectClaim),
    ...(registrationBody(values) ? { registration: registrationBody(values) } : {}),
  };
  const secret = filled(values.secret) ? { secret: values.secret!.trim() } : {};
  const base = { apiBase: filled(values.apiBase), oauthBase: filled(values.oauthBase) };
  switch (values.kind) {
    case 'cas':
      return {
        ...common,
        kind: 'cas',
        config: {
          serverUrl: values.serverUrl?.trim() ?? '',
          version: values.version ?? '3.0',
          logoutUrl: filled(values.logoutUrl),
        },
      };
    case 'oidc':
      return {
        ...common,
        ...secret,
        kind: 'oidc',
        config: {
          issuer: values.issuer?.trim() ?? '',
          clientId: values.clientId?.trim() ?? '',
          scopes: filled(values.scopes) ?? 'openid profile',
        },
      };
    case 'dingtalk':
      return {
        ...common,
        ...secret,
        kind: 'dingtalk',
        config: { clientId: values.clientId?.trim() ?? '', corpId: filled(values.corpId), ...base },
      };
    case 'wecom':
      return {
        ...common,
        ...secret,
        kind: 'wecom',
        config: {
          corpId: values.corpId?.trim() ?? '',
          agentId: values.agentId?.trim() ?? '',
          ...base,
          inAppBase: filled(values.inAppBase),
        },
      };
  }
}
