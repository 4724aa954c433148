import { randomBytes } from 'node:crypto';
import {
  SSO_FLOW_TTL_S,
  SSO_LOGIN_TOKEN_TTL_S,
  casConfigSchema,
  dingTalkConfigSchema,
  oidcConfigSchema,
  weComConfigSchema,
  type SsoButton,
  type SsoLink,
  type SsoLinkRule,
  type SsoLoginTicket,
  type SsoProvider,
  type SsoProviderKind,
  type SsoProviderSave,
  type SsoRegistration,
  type TokenResponse,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { AppError, badRequest } from '../../core/http/app-error';
import { openSecret, sealSecret } from '../../core/security/secret-box';
import { newOpaqueToken, sha256Hex } from '../../core/security/tokens';
import {
  enforceLoginIpLimit,
  loginVerifiedUser,
  recordSignOnAttempt,
  type AuthDeps,
  type ClientInfo,
} from '../auth';
import { hashPassword } from '../../core/security/password';
import {
  deptIsLive,
  findRootDeptId,
  findUserForLogin,
  findUserTypeIdByCode,
  findLiveRolePermissionsByCode,
  findUsersByNumber,
  grantsSchoolAdministration,
  insertRegisteredUser,
  liveRoleCodeExists,
  liveUserExists,
} from '../identity';
import { findTenantById, requireActiveTenant } from '../tenants';
import {
  ProofRefused,
  ProviderUnavailable,
  createAdapters,
  type FlowSecrets,
  type Proof,
  type ProviderSettings,
  type SsoAdapter,
} from './sso.adapters';
import * as repo from './sso.repository';
import { isSafeReturnPath } from './sso.policy';

export interface SsoDeps extends AuthDeps {
  adapters: Record<SsoProviderKind, SsoAdapter>;
}

export const ssoDepsOf = (auth: AuthDeps): SsoDeps => ({
  ...auth,
  adapters: createAdapters({ timeoutMs: auth.env.SSO_HTTP_TIMEOUT_MS }),
});

/** What the secret of a provider is sealed for: another row or school cannot open it. */
const secretPlace = (tenantId: number, providerId: number) => `sso-provider:${tenantId}:${providerId}`;

/** Maps a row to the contract: never the secret, only whether one is stored. */
function toProvider(row: repo.ProviderRow): SsoProvider {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as SsoProviderKind,
    name: row.name,
    nameEn: row.nameEn,
    enabled: row.enabled,
    config: row.config,
    redirectUris: row.redirectUris,
    linkBy: row.linkBy as SsoLinkRule,
    subjectClaim: row.subjectClaim,
    registration: row.registration ?? null,
    hasSecret: row.secretSealed !== null,
    updateTime: row.updatedAt.toISOString(),
  };
}

async function settingsOf(deps: AuthDeps, row: repo.ProviderRow): Promise<ProviderSettings> {
  let secret: string | null = null;
  if (row.secretSealed) {
    try {
      secret = await openSecret(
        deps.database.system,
        deps.env.SECRETS_KEY,
        row.secretSealed,
        secretPlace(row.tenantId, row.id),
      );
    } catch (err) {
      // A secret sealed under another key (SECRETS_KEY changed): the administrator enters it again.
      deps.log.warn({ tenantId: row.tenantId, provider: row.code, err }, 'sso secret cannot be opened');
    }
  }
  return { kind: row.kind as SsoProviderKind, code: row.code, config: row.config, secret };
}

/* ------------------------------------------------------------ administration ------------------------ */

export async function listProviders(scope: TenantScope): Promise<SsoProvider[]> {
  return (await repo.listProviders(scope)).map(toProvider);
}

const CONFIG_SCHEMAS = {
  cas: casConfigSchema,
  oidc: oidcConfigSchema,
  dingtalk: dingTalkConfigSchema,
  wecom: weComConfigSchema,
} as const;

/**
 * Checks a provider's self-registration settings against the school: the user type, role and department
 * exist; a role that administers the school is never handed out to whoever the provider vouches for.
 */
async function checkRegistration(scope: TenantScope, r: SsoRegistration): Promise<SsoRegistration> {
  const clean: SsoRegistration = {
    enabled: r.enabled,
    userTypeCode: r.userTypeCode,
    roleCode: r.roleCode,
    ...(r.deptId ? { deptId: r.deptId } : {}),
    ...(r.nameClaim ? { nameClaim: r.nameClaim } : {}),
    ...(r.numberClaim ? { numberClaim: r.numberClaim } : {}),
  };
  if (!(await findUserTypeIdByCode(scope, clean.userTypeCode))) {
    throw badRequest('registration.userTypeCode', 'the school has no such user type');
  }
  // Decided by what the role may do, not by its code: a school's own "centre administrator" role is as
  // dangerous as the built-in ones. ROLE_ADMIN stays refused even if its grants were emptied.
  const permissions = await findLiveRolePermissionsByCode(scope, clean.roleCode);
  if (permissions === null) throw badRequest('registration.roleCode', 'the school has no such role');
  if (clean.roleCode === 'ROLE_ADMIN' || grantsSchoolAdministration(permissions)) {
    throw badRequest(
      'registration.roleCode',
      'a role with administration permissions is not given by self-registration',
    );
  }
  if (clean.deptId && !(await deptIsLive(scope, clean.deptId))) {
    throw badRequest('registration.deptId', 'department does not exist');
  }
  return clean;
}

/** Adds or changes a provider; the secret is sealed, kept when absent, removed when ''. */
export async function saveProvider(
  deps: AuthDeps,
  scope: TenantScope,
  body: SsoProviderSave,
): Promise<SsoProvider> {
  const config = CONFIG_SCHEMAS[body.kind].parse(body.config) as Record<string, unknown>;
  const values: repo.ProviderValues = {
    code: body.code,
    kind: body.kind,
    name: body.name.trim(),
    nameEn: body.nameEn?.trim() || null,
    enabled: body.enabled ?? true,
    config,
    redirectUris: [...new Set(body.redirectUris)],
    linkBy: body.linkBy,
    subjectClaim: body.subjectClaim?.trim() || null,
    registration: body.registration ? await checkRegistration(scope, body.registration) : null,
  };
  let row: repo.ProviderRow | null;
  if (body.id) {
    const other = await repo.findProviderByCode(scope, body.code);
    if (other && other.id !== body.id)
      throw badRequest('code', 'another provider of the school has this code');
    row = await repo.updateProvider(scope, body.id, values);
    if (!row) throw new AppError('notFound', 'id: no such provider');
  } else {
    row = await repo.insertProvider(scope, values);
    if (!row) throw badRequest('code', 'another provider of the school has this code');
  }
  const secret = 'secret' in body ? body.secret : undefined;
  if (secret !== undefined) {
    const sealed = secret
      ? await sealSecret(
          deps.database.system,
          deps.env.SECRETS_KEY,
          secret,
          secretPlace(scope.tenantId, row.id),
        )
      : null;
    await repo.updateProviderSecret(scope, row.id, sealed);
    row = { ...row, secretSealed: sealed };
  }
  return toProvider(row);
}

export async function deleteProvider(scope: TenantScope, id: number): Promise<true> {
  if (!(await repo.deleteProvider(scope, id))) throw new AppError('notFound', 'id: no such provider');
  return true;
}

/** Test connection: reaches the provider with the stored settings; changes nothing. */
export async function testProvider(deps: SsoDeps, scope: TenantScope, id: number) {
  const row = await repo.findProviderById(scope, id);
  if (!row) throw new AppError('notFound', 'id: no such provider');
  const settings = await settingsOf(deps, row);
  return deps.adapters[settings.kind].test(settings);
}

/** The links of one provider of the school, searched by subject, account or name. */
export async function pageLinks(
  scope: TenantScope,
  q: { providerId: number; keyword?: string; current: number; size: number },
) {
  if (!(await repo.findProviderById(scope, q.providerId))) throw badRequest('providerId', 'no such provider');
  const { records, total } = await repo.pageLinks(scope, q.providerId, q.keyword || undefined, pageWindow(q));
  return pageAnswer(q, records, total);
}

export async function saveLink(
  scope: TenantScope,
  body: { providerId: number; subject: string; userId: number },
): Promise<SsoLink> {
  if (!(await repo.findProviderById(scope, body.providerId))) {
    throw badRequest('providerId', 'no such provider');
  }
  if (!(await liveUserExists(scope, body.userId))) throw badRequest('userId', 'no such user');
  const id = await repo.upsertLink(scope, { ...body, subject: body.subject.trim() });
  return (await repo.findLink(scope, id))!;
}

export async function deleteLink(scope: TenantScope, id: number): Promise<true> {
  if (!(await repo.deleteLink(scope, id))) throw new AppError('notFound', 'id: no such link');
  return true;
}

/* ------------------------------------------------------------ the flow ------------------------------ */

/** The login page's buttons: the school's enabled providers. */
export async function listButtons(deps: AuthDeps, tenantId: number): Promise<SsoButton[]> {
  await requireActiveTenant(deps.database.system, tenantId);
  const rows = await deps.database.withTenant(tenantId, (s) => repo.listProviders(s));
  return rows
    .filter((r) => r.enabled)
    .map((r) => ({ code: r.code, kind: r.kind as SsoProviderKind, name: r.name, nameEn: r.nameEn }));
}

async function enabledProvider(deps: AuthDeps, tenantId: number, code: string) {
  const row = await deps.database.withTenant(tenantId, (s) => repo.findProviderByCode(s, code));
  if (!row || !row.enabled) throw badRequest('code', 'the school has no such sign-on');
  return row;
}

function unavailable(err: unknown): never {
  if (err instanceof ProviderUnavailable) {
    throw new AppError('business', `the identity provider cannot be reached: ${err.message}`);
  }
  throw err;
}

/**
 * Starts a sign-on: checks the return address against the provider's list and the return path, stores
 * the flow (state, nonce, PKCE verifier) and answers the provider's authorisation address.
 */
export async function authorize(
  deps: SsoDeps,
  tenantId: number,
  code: string,
  input: { redirectUri: string; returnTo?: string; inApp?: boolean },
  client: ClientInfo,
): Promise<{ url: string; state: string; dingTalk?: { corpId: string; clientId: string } }> {
  await requireActiveTenant(deps.database.system, tenantId);
  await enforceLoginIpLimit(deps, client);
  const row = await enabledProvider(deps, tenantId, code);
  if (!row.redirectUris.includes(input.redirectUri)) {
    throw badRequest('redirectUri', "is not one of the school's return addresses for this sign-on");
  }
  if (input.returnTo !== undefined && input.returnTo !== '' && !isSafeReturnPath(input.returnTo)) {
    throw badRequest('returnTo', 'must be a path of this site');
  }
  const flow: FlowSecrets = {
    state: newOpaqueToken(),
    nonce: newOpaqueToken(),
    codeVerifier: randomBytes(48).toString('base64url'),
    redirectUri: input.redirectUri,
  };
  const settings = await settingsOf(deps, row);
  const url = await deps.adapters[settings.kind]
    .authorizeUrl(settings, flow, { inApp: input.inApp === true })
    .catch(unavailable);
  await repo.insertFlow(deps.database.system, {
    tenantId,
    stateHash: sha256Hex(flow.state),
    providerId: row.id,
    nonce: flow.nonce,
    codeVerifier: flow.codeVerifier,
    redirectUri: flow.redirectUri,
    returnTo: input.returnTo || null,
    expiresAt: new Date(Date.now() + SSO_FLOW_TTL_S * 1000),
  });
  // Inside DingTalk the page asks the JSAPI for the code (no browser round trip) and completes with this
  // flow's state; without a corpId it goes to the OAuth page like any browser.
  const corpId = typeof row.config.corpId === 'string' ? row.config.corpId : '';
  const clientId = typeof row.config.clientId === 'string' ? row.config.clientId : '';
  if (input.inApp && row.kind === 'dingtalk' && corpId) {
    return { url, state: flow.state, dingTalk: { corpId, clientId } };
  }
  return { url, state: flow.state };
}

/** Which completion call is asking: the kinds it serves, and the school and provider its path names. */
export interface CompletionCall {
  kinds: readonly SsoProviderKind[];
  providerCode?: string;
  shortName?: string;
  /** The school of the TENANT-ID header, when the call carries one. */
  tenantId?: number | null;
}

const badState = () => badRequest('state', 'unknown or expired sign-on, start again');

/** Finds the flow's user by the school's link rule; null when none or more than one. */
async function linkedUser(scope: TenantScope, row: repo.ProviderRow, value: string): Promise<number | null> {
  switch (row.linkBy as SsoLinkRule) {
    case 'username': {
      const user = await findUserForLogin(scope, value);
      return user?.id ?? null;
    }
    case 'numberName': {
      const users = await findUsersByNumber(scope, value);
      return users.length === 1 ? users[0]!.id : null;
    }
    case 'link':
      return repo.findLinkedUser(scope, row.id, value);
  }
}

/** Claims that usually carry a person's name: OIDC `name`, DingTalk `nick`, CAS `cn` / `displayName`. */
const NAME_CLAIMS = ['name', 'nick', 'cn', 'displayName'];

/**
 * Registers an unknown subject as a new user (the provider's self-registration settings): the login
 * account is the matched value, the number is the value under the number rule (else `numberClaim`),
 * the name comes from `nameClaim` (else a usual name claim, else the value). The password is random and
 * never told: the user signs in through the provider (or has it reset). Under the link rule the subject
 * is linked to the new user. Null when the account or number is taken by another user: a subject is
 * never attached to someone else's account.
 */
async function registerSubject(
  scope: TenantScope,
  row: repo.ProviderRow,
  r: SsoRegistration,
  value: string,
  claims: Record<string, string>,
): Promise<number | null> {
  const rule = row.linkBy as SsoLinkRule;
  const username = value.trim().slice(0, 64);
  const numberName = (rule === 'numberName' ? value : r.numberClaim ? claims[r.numberClaim] : undefined)
    ?.trim()
    .slice(0, 64);
  const named = [r.nameClaim, ...NAME_CLAIMS].find((c) => c && claims[c]?.trim());
  const realName = (named ? claims[named]! : value).trim().slice(0, 50);
  const userTypeId = await findUserTypeIdByCode(scope, r.userTypeCode);
  const deptId = r.deptId && (await deptIsLive(scope, r.deptId)) ? r.deptId : await findRootDeptId(scope);
  if (!username || !userTypeId || !deptId || !(await liveRoleCodeExists(scope, r.roleCode))) return null;
  if (await findUserForLogin(scope, username)) return null;
  if (numberName && (await findUsersByNumber(scope, numberName)).length > 0) return null;
  const userId = await insertRegisteredUser(scope, {
    username,
    passwordHash: await hashPassword(newOpaqueToken()),
    realName,
    numberName: numberName || null,
    phone: null,
    deptId,
    userTypeId,
    roleCode: r.roleCode,
  });
  if (userId !== null && rule === 'link')
    await repo.upsertLink(scope, { providerId: row.id, subject: value, userId });
  return userId;
}

/**
 * Completes a sign-on on the provider's return: takes the flow once, checks that this call and the flow
 * agree on school and provider, lets the adapter verify the proof, links the subject and answers the
 * single-use login token.
 */
export async function complete(
  deps: SsoDeps,
  call: CompletionCall,
  input: { state: string } & Proof,
  client: ClientInfo,
): Promise<SsoLoginTicket> {
  const system = deps.database.system;
  await enforceLoginIpLimit(deps, client);
  const flow = await repo.takeFlow(system, sha256Hex(input.state));
  if (!flow) throw badState();
  const { tenantId } = flow;
  const school = await findTenantById(system, tenantId);
  const row = await deps.database.withTenant(tenantId, (s) => repo.findProviderById(s, flow.providerId));
  if (!school || school.status !== 'active' || !row || !row.enabled) throw badState();
  const log = (result: string, userId: number | null = null, username = '') =>
    recordSignOnAttempt(deps, client, { tenantId, username, userId, provider: row.code, result });
  const mismatch =
    !call.kinds.includes(row.kind as SsoProviderKind) ||
    (call.providerCode !== undefined && call.providerCode !== row.code) ||
    (call.shortName !== undefined && call.shortName.toLowerCase() !== school.code.toLowerCase()) ||
    (call.tenantId != null && call.tenantId !== tenantId);
  if (mismatch) {
    await log('wrong_provider');
    throw badRequest('state', 'this sign-on was started for another school or provider, start again');
  }
  const settings = await settingsOf(deps, row);
  let identity;
  try {
    identity = await deps.adapters[settings.kind].complete(
      settings,
      {
        state: input.state,
        nonce: flow.nonce,
        codeVerifier: flow.codeVerifier,
        redirectUri: flow.redirectUri,
      },
      input,
    );
  } catch (err) {
    if (err instanceof ProofRefused) {
      await log('bad_proof');
      deps.log.warn({ tenantId, provider: row.code, reason: err.message }, 'sso proof refused');
      throw new AppError('business', 'the identity provider did not confirm this sign-on, start again');
    }
    unavailable(err);
  }
  const value = row.subjectClaim ? identity.claims[row.subjectClaim] : identity.subject;
  let userId = value ? await deps.database.withTenant(tenantId, (s) => linkedUser(s, row, value)) : null;
  if (userId === null && value && row.registration?.enabled) {
    userId = await deps.database.withTenant(tenantId, (s) =>
      registerSubject(s, row, row.registration!, value, identity.claims),
    );
    if (userId !== null) await log('registered', userId, value.slice(0, 100));
  }
  if (userId === null) {
    await log('unknown_subject', null, (value ?? identity.subject).slice(0, 100));
    throw new AppError('noAccountBound');
  }
  const token = newOpaqueToken();
  await repo.insertLoginToken(system, {
    tenantId,
    tokenHash: sha256Hex(token),
    providerId: row.id,
    userId,
    expiresAt: new Date(Date.now() + SSO_LOGIN_TOKEN_TTL_S * 1000),
  });
  return {
    token,
    provider: row.code,
    kind: row.kind as SsoProviderKind,
    tenantId,
    shortName: school.code,
    returnTo: flow.returnTo,
  };
}

/** Exchanges a login token of provider `code` at the school of the request for the login state. */
export async function exchange(
  deps: SsoDeps,
  tenantId: number,
  code: string,
  token: string,
  client: ClientInfo,
): Promise<TokenResponse> {
  await requireActiveTenant(deps.database.system, tenantId);
  await enforceLoginIpLimit(deps, client);
  const row = await repo.takeLoginToken(deps.database.system, sha256Hex(token));
  const provider = row
    ? await deps.database.withTenant(tenantId, (s) => repo.findProviderById(s, row.providerId))
    : null;
  if (!row || row.tenantId !== tenantId || !provider || provider.code !== code) {
    await recordSignOnAttempt(deps, client, {
      tenantId,
      username: '',
      userId: null,
      provider: code,
      result: 'bad_token',
    });
    throw badRequest('token', 'the sign-on token is unknown, used or expired; sign on again');
  }
  return loginVerifiedUser(deps, { tenantId, userId: row.userId, method: 'sso', provider: code }, client);
}

/** The provider's single logout address, when its protocol has one. */
export async function logoutUrl(
  deps: SsoDeps,
  tenantId: number,
  code: string,
  returnTo: string,
): Promise<{ url: string | null }> {
  const row = await deps.database.withTenant(tenantId, (s) => repo.findProviderByCode(s, code));
  if (!row) throw badRequest('code', 'the school has no such sign-on');
  const settings = await settingsOf(deps, row);
  return { url: await deps.adapters[settings.kind].logoutUrl(settings, returnTo).catch(() => null) };
}
