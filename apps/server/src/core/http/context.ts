import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang, PermissionKey } from '@psy/contracts';
import type { Database, TenantScope } from '../db/database';
import type { Env } from '../../env';

/** The caller's own profile fields, read with the principal (no extra query for who-am-I calls). */
export interface PrincipalProfile {
  numberName: string | null;
  phone: string | null;
  email: string | null;
  sex: number | null;
  avatar: string | null;
  deptId: number | null;
  userTypeId: number | null;
  logoutRedirect: string | null;
  isInitializeAdmin: boolean;
}

/** Who is calling, as established from the bearer token (see modules/auth). */
export interface Principal {
  tenantId: number;
  userId: number;
  username: string;
  realName: string;
  tokenId: number;
  /** Hex SHA-256 of the access token: its lookup key and the request-signing key. */
  tokenHash: string;
  accessExpiresAt: Date;
  clientPort: string;
  roles: PrincipalRole[];
  /** Roles usable from this client port. */
  usableRoleIds: number[];
  /** The role whose permissions apply (ROLE-ID header or the token's chosen role), if any. */
  activeRoleId: number | null;
  /** Roles whose permissions apply to this request. */
  effectiveRoleIds: number[];
  permissions: ReadonlySet<string>;
  permissionsByRole: Readonly<Record<string, readonly string[]>>;
  /**
   * The session must change the password before anything else (the silent code 12): the account's flag,
   * except in a session of a single sign-on, which the flag does not hold up (spec S0.4.1).
   */
  mustChangePassword: boolean;
  /** The session comes from a single sign-on (any provider). */
  isSso: boolean;
  profile: PrincipalProfile;
}

export interface PrincipalRole {
  roleId: number;
  roleCode: string;
  roleName: string;
  portPermission: string[];
  dataScope: string;
}

/** A route anyone may call (login, the login page's setup). */
export interface PublicAccess {
  kind: 'public';
}
/** A route for a signed-in user, or for one holding one of some permission keys. */
export type SignedInAccess =
  { kind: 'authenticated' } | { kind: 'permission'; anyOf: readonly PermissionKey[] };
/** What a route may require: nothing, a signed-in user, or one of some permission keys. */
export type Access = PublicAccess | SignedInAccess;

export const PUBLIC: PublicAccess = { kind: 'public' };
export const AUTHENTICATED: SignedInAccess = { kind: 'authenticated' };
export const permission = (...anyOf: PermissionKey[]): SignedInAccess => ({ kind: 'permission', anyOf });

export interface AppServices {
  env: Env;
  database: Database;
}

/** What a public route's handler receives: a caller may or may not be signed in. */
export interface RouteContext<Q, B, P> {
  req: FastifyRequest;
  reply: FastifyReply;
  query: Q;
  body: B;
  params: P;
  lang: Lang;
  ip: string;
  /** Tenant named by the TENANT-ID header (public routes) or the token (authenticated routes). */
  tenantId: number | null;
  /** Set when the caller presented a live token. */
  principal: Principal | null;
  /** The request's tenant transaction, for routes with `tenant: 'transaction'`. */
  scope: TenantScope | null;
}

/**
 * What a signed-in route's handler receives: the registrar refuses the request before the handler runs
 * unless there is a principal, and runs every signed-in handler inside the tenant's transaction.
 */
export interface SignedInRouteContext<Q, B, P> extends RouteContext<Q, B, P> {
  tenantId: number;
  principal: Principal;
  scope: TenantScope;
}

/**
 * How a route meets its tenant: `transaction` (default for signed-in routes) runs the handler in the
 * tenant's transaction; `header` requires and resolves the TENANT-ID header but leaves transactions to the
 * handler; `none` (default for public routes) has no tenant (platform-wide calls).
 */
export type TenantMode = 'transaction' | 'header' | 'none';

/** A public route that names its tenant: the registrar refuses the call without one. */
export interface TenantRouteContext<Q, B, P> extends RouteContext<Q, B, P> {
  tenantId: number;
}

/** A public route run in its tenant's transaction. */
export interface TenantTransactionRouteContext<Q, B, P> extends TenantRouteContext<Q, B, P> {
  scope: TenantScope;
}

/** The handler context an access rule (and, for public routes, the tenant mode) gives. */
export type ContextFor<A extends Access, T extends TenantMode, Q, B, P> = A extends PublicAccess
  ? T extends 'transaction'
    ? TenantTransactionRouteContext<Q, B, P>
    : T extends 'header'
      ? TenantRouteContext<Q, B, P>
      : RouteContext<Q, B, P>
  : SignedInRouteContext<Q, B, P>;
