import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@psy/contracts';
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
  mustChangePassword: boolean;
  profile: PrincipalProfile;
}

export interface PrincipalRole {
  roleId: number;
  roleCode: string;
  roleName: string;
  portPermission: string[];
  dataScope: string;
}

/** What a route may require: nothing, a signed-in user, or one of some permission keys. */
export type Access =
  { kind: 'public' } | { kind: 'authenticated' } | { kind: 'permission'; anyOf: readonly string[] };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const permission = (...anyOf: string[]): Access => ({ kind: 'permission', anyOf });

export interface AppServices {
  env: Env;
  database: Database;
}

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
  /** Set for authenticated routes. */
  principal: Principal | null;
  /** The request's tenant transaction, for routes with `tenant: 'transaction'`. */
  scope: TenantScope | null;
}
