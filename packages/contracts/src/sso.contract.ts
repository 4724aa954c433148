import { z } from 'zod';
import { tokenResponseSchema } from './auth.contract';
import { boundedPageQuery } from './common';
import { defineEndpoint, idSchema, pageOf } from './endpoint';
import type { PermissionKey } from './permissions';

/**
 * Single sign-on (spec S0.2.4, S0.2.11, S0.7.4) and login by ID card (S0.7.2, S0.8.7): the school's
 * identity providers (CAS, OpenID Connect, DingTalk, WeCom), the flow's calls and the administrator's
 * provider settings. The design is docs/sso.md.
 */

export const SSO_PROVIDER_KINDS = ['cas', 'oidc', 'dingtalk', 'wecom'] as const;
export type SsoProviderKind = (typeof SSO_PROVIDER_KINDS)[number];

/** How a provider's subject finds its user (never by display name). */
export const SSO_LINK_RULES = ['username', 'numberName', 'link'] as const;
export type SsoLinkRule = (typeof SSO_LINK_RULES)[number];

export const SSO_PROVIDER_PERMISSION = 'sys_sso' satisfies PermissionKey;
export const SSO_PROVIDER_EDIT_PERMISSION = 'sys_sso_edit' satisfies PermissionKey;

/** A flow lasts this long between the start call and the provider's return. */
export const SSO_FLOW_TTL_S = 600;
/** The login token of `/auth/sso/login/{x}` is usable once within this many seconds. */
export const SSO_LOGIN_TOKEN_TTL_S = 60;

export const ssoCodeSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,31}$/, '2-32 lower-case letters, digits or hyphens')
  .describe("the provider's short name in the school");

const httpUrl = z
  .string()
  .max(500)
  .url('must be an absolute URL')
  .refine((u) => /^https?:\/\//i.test(u), 'must be an http(s) URL');

export const casConfigSchema = z.object({
  serverUrl: httpUrl.describe('CAS server base, e.g. https://cas.example.edu/cas'),
  version: z.enum(['2.0', '3.0']).describe('2.0: /serviceValidate; 3.0: /p3/serviceValidate (attributes)'),
  logoutUrl: httpUrl.optional().describe('single logout; defaults to {serverUrl}/logout'),
});
export const oidcConfigSchema = z.object({
  issuer: httpUrl.describe('issuer; discovery at {issuer}/.well-known/openid-configuration'),
  clientId: z.string().min(1).max(200),
  scopes: z.string().max(200).default('openid profile').describe('space-separated; openid is always asked'),
});
/** An organisation id of DingTalk (`ding…`) or WeCom (`ww…`): letters, digits, `_` and `-`. */
const corpIdSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, '1-64 letters, digits, _ or -');

export const dingTalkConfigSchema = z.object({
  clientId: z.string().min(1).max(200).describe('AppKey (Client ID) of the DingTalk app'),
  corpId: corpIdSchema
    .optional()
    .describe("the organisation's CorpId: in-app sign-on inside DingTalk asks the JSAPI for a code with it"),
  apiBase: httpUrl.optional().describe('default https://api.dingtalk.com'),
  oauthBase: httpUrl.optional().describe('default https://login.dingtalk.com'),
});
export const weComConfigSchema = z.object({
  corpId: corpIdSchema,
  agentId: z.string().min(1).max(50),
  apiBase: httpUrl.optional().describe('default https://qyapi.weixin.qq.com'),
  oauthBase: httpUrl.optional().describe('default https://login.work.weixin.qq.com'),
  inAppBase: httpUrl
    .optional()
    .describe("default https://open.weixin.qq.com (the silent OAuth address inside WeCom's browser)"),
});

/**
 * Self-registration through a provider (off by default): an unknown subject becomes a new user of this
 * user type, role and department, named by `nameClaim` and numbered by `numberClaim`.
 */
export const ssoRegistrationSchema = z.object({
  enabled: z.boolean().default(false),
  userTypeCode: z.string().trim().min(1).max(64).default('student').describe("the new user's type (code)"),
  roleCode: z.string().trim().min(1).max(64).default('ROLE_GENERAL').describe("the new user's role (code)"),
  deptId: idSchema.optional().describe("the new user's department; default the school's root department"),
  nameClaim: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe(
      'claim or attribute with the real name; default name, nick, cn or displayName, else the subject',
    ),
  numberClaim: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('claim or attribute with the staff or student number (the numberName rule: the subject)'),
});
export type SsoRegistration = z.output<typeof ssoRegistrationSchema>;

const providerCommon = {
  code: ssoCodeSchema,
  name: z.string().trim().min(1, 'is required').max(50),
  nameEn: z.string().trim().max(50).optional(),
  enabled: z.boolean().default(true),
  redirectUris: z
    .array(httpUrl)
    .min(1, 'at least one return address (…/authredirect)')
    .max(10)
    .describe('allow-list of our return addresses'),
  linkBy: z.enum(SSO_LINK_RULES),
  subjectClaim: z
    .string()
    .max(64)
    .optional()
    .describe('claim or attribute whose value is matched; default the subject itself'),
  registration: ssoRegistrationSchema.optional().describe('absent: no self-registration'),
};

/** What an administrator saves; `secret` absent keeps the stored one, '' removes it. */
export const ssoProviderSaveSchema = z.discriminatedUnion('kind', [
  z.object({ id: idSchema.optional(), kind: z.literal('cas'), config: casConfigSchema, ...providerCommon }),
  z.object({
    id: idSchema.optional(),
    kind: z.literal('oidc'),
    config: oidcConfigSchema,
    secret: z.string().max(500).optional(),
    ...providerCommon,
  }),
  z.object({
    id: idSchema.optional(),
    kind: z.literal('dingtalk'),
    config: dingTalkConfigSchema,
    secret: z.string().max(500).optional(),
    ...providerCommon,
  }),
  z.object({
    id: idSchema.optional(),
    kind: z.literal('wecom'),
    config: weComConfigSchema,
    secret: z.string().max(500).optional(),
    ...providerCommon,
  }),
]);
export type SsoProviderSave = z.infer<typeof ssoProviderSaveSchema>;

/** A provider as read: never the secret, only whether one is stored. */
export const ssoProviderSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.enum(SSO_PROVIDER_KINDS),
  name: z.string(),
  nameEn: z.string().nullable(),
  enabled: z.boolean(),
  config: z.record(z.string(), z.unknown()),
  redirectUris: z.array(z.string()),
  linkBy: z.enum(SSO_LINK_RULES),
  subjectClaim: z.string().nullable(),
  registration: ssoRegistrationSchema.nullable(),
  hasSecret: z.boolean(),
  updateTime: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** A login page button. */
export const ssoButtonSchema = z.object({
  code: z.string(),
  kind: z.enum(SSO_PROVIDER_KINDS),
  name: z.string(),
  nameEn: z.string().nullable(),
});
export type SsoButton = z.infer<typeof ssoButtonSchema>;

export const ssoProvidersEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/sso/providers',
  summary: "The school's enabled identity providers (the login page's buttons)",
  tags: ['sso'],
  response: z.array(ssoButtonSchema),
});

export const ssoAuthorizeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/authorize/:code',
  summary: "Start a sign-on: stores the flow (state, nonce, PKCE) and answers the provider's address",
  tags: ['sso'],
  params: z.object({ code: ssoCodeSchema }),
  body: z.object({
    redirectUri: z.string().max(500).describe("our return address; must be in the provider's list"),
    returnTo: z.string().max(500).optional().describe('an in-app path to open after the login'),
    inApp: z
      .boolean()
      .optional()
      .describe(
        "the page runs inside DingTalk's or WeCom's own browser: WeCom answers its silent OAuth address, DingTalk the JSAPI's settings",
      ),
  }),
  response: z.object({
    url: z.string(),
    state: z.string(),
    dingTalk: z
      .object({ corpId: z.string(), clientId: z.string() })
      .optional()
      .describe(
        'inside DingTalk, with a corpId set: ask requestAuthCode for a code with these, then complete with the state',
      ),
  }),
});

/** What a completion answers: the single-use login token for `/auth/sso/login/{x}`. */
export const ssoLoginTicketSchema = z.object({
  token: z.string().describe(`single-use, ${SSO_LOGIN_TOKEN_TTL_S} s`),
  provider: z.string(),
  kind: z.enum(SSO_PROVIDER_KINDS),
  tenantId: z.number().int(),
  shortName: z.string(),
  returnTo: z.string().nullable(),
});
export type SsoLoginTicket = z.infer<typeof ssoLoginTicketSchema>;

const stateSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'unknown or expired sign-on, start again')
  .describe('the state of the start call');
const oauthReturn = z.object({
  state: stateSchema,
  code: z.string().min(1).max(1000),
  iss: z.string().max(500).optional().describe("the authorization response's issuer (RFC 9207), when sent"),
});
const casReturn = z.object({
  state: stateSchema,
  ticket: z.string().min(1).max(1000).describe('the CAS service ticket (ST-...)'),
});

export const socialTokenEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/mobile/token/social',
  summary: 'Complete an OpenID Connect sign-on (state, code): answers the login token',
  tags: ['sso'],
  query: oauthReturn,
  response: ssoLoginTicketSchema,
});

export const casLoginEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/token/cas/:a/:b',
  summary: "Complete a CAS sign-on of school {a}'s provider {b}: validates the ticket once",
  tags: ['sso'],
  params: z.object({ a: z.string().max(64), b: ssoCodeSchema }),
  query: casReturn,
  response: ssoLoginTicketSchema,
});

export const cfauCasLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/token/cfauCasLogin',
  summary: "Complete a CAS sign-on of the school's provider 'cfau'",
  tags: ['sso'],
  query: casReturn,
  response: ssoLoginTicketSchema,
});

export const buuCasLoginEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/token/buuCasLogin',
  summary: "Complete a CAS sign-on of the school's provider 'buu'",
  tags: ['sso'],
  query: casReturn,
  response: ssoLoginTicketSchema,
});

export const dingTalkLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/token/dingTalk/login',
  summary: 'Complete a DingTalk sign-on (state, code = authCode)',
  tags: ['sso'],
  query: oauthReturn,
  response: ssoLoginTicketSchema,
});

export const weComLoginEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/wx/login',
  summary: 'Complete a WeCom (WeChat Work) sign-on (state, code)',
  tags: ['sso'],
  query: oauthReturn,
  response: ssoLoginTicketSchema,
});

export const ssoLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/sso/login/:x',
  summary: 'Exchange the single-use login token of provider {x} for the login state',
  tags: ['sso'],
  params: z.object({ x: ssoCodeSchema }),
  query: z.object({ token: z.string().min(1).max(100) }),
  response: tokenResponseSchema,
});

export const ssoLogoutEndpoint = defineEndpoint({
  method: 'GET',
  path: '/auth/sso/logout/:x',
  summary: "The provider's single logout address, if it has one",
  tags: ['sso'],
  params: z.object({ x: ssoCodeSchema }),
  query: z.object({ returnTo: z.string().max(500).url() }),
  response: z.object({ url: z.string().nullable() }),
});

export const ssoProviderListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/sso/provider/list',
  summary: "The school's identity providers (no secret)",
  tags: ['sso'],
  response: z.array(ssoProviderSchema),
});

export const ssoProviderSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sso/provider/save',
  summary: 'Add or change an identity provider',
  tags: ['sso'],
  body: ssoProviderSaveSchema,
  response: ssoProviderSchema,
});

export const ssoProviderDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sso/provider/delete/:id',
  summary: 'Remove an identity provider with its links',
  tags: ['sso'],
  params: z.object({ id: idSchema }),
  response: z.literal(true),
});

export const ssoProviderTestEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sso/provider/test/:id',
  summary: 'Test connection: reaches the provider with the stored settings; changes nothing',
  tags: ['sso'],
  params: z.object({ id: idSchema }),
  response: z.object({ ok: z.boolean(), message: z.string() }),
});

export const ssoLinkSchema = z.object({
  id: z.number().int(),
  providerId: z.number().int(),
  subject: z.string(),
  userId: z.number().int(),
  username: z.string(),
  realName: z.string(),
});
export type SsoLink = z.infer<typeof ssoLinkSchema>;

/** The links page's search: by subject, login account or name, within one provider. */
export const ssoLinkPageQuerySchema = boundedPageQuery(100).extend({
  providerId: idSchema,
  keyword: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('subject, login account or real name contains (case-insensitive)'),
});

export const ssoLinkPageEndpoint = defineEndpoint({
  method: 'GET',
  path: '/admin/sso/link/page',
  summary: "A provider's explicit links (subject to user), searched and paged",
  tags: ['sso'],
  query: ssoLinkPageQuerySchema,
  response: pageOf(ssoLinkSchema),
});

export const ssoLinkSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sso/link/save',
  summary: "Link a provider's subject to a user",
  tags: ['sso'],
  body: z.object({
    providerId: idSchema,
    subject: z.string().trim().min(1, 'is required').max(200),
    userId: idSchema,
  }),
  response: ssoLinkSchema,
});

export const ssoLinkDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sso/link/delete/:id',
  summary: 'Remove a link',
  tags: ['sso'],
  params: z.object({ id: idSchema }),
  response: z.literal(true),
});
