import type { TenantScope } from '../db/database';
import type { Principal } from './context';

/** A live access token as found by its hash. */
export interface TokenRecord {
  tokenId: number;
  tenantId: number;
  userId: number;
  tokenHash: string;
  accessExpiresAt: Date;
  activeRoleId: number | null;
  clientPort: string;
  /** The login was a single sign-on (spec S0.4.1: no forced password change). */
  sso: boolean;
}

/**
 * What the HTTP core needs from the auth module, kept as an interface so core does not import modules.
 */
export interface RequestGate {
  /** In one round trip: records the request id (false if already seen) and finds the token by hash. */
  admit(
    requestId: string | null,
    tokenHash: string | null,
  ): Promise<{ fresh: boolean; token: TokenRecord | null }>;
  /**
   * Loads the user, roles and permissions inside the request's tenant transaction; null if the user is
   * gone. Throws the forced-logout errors for a disabled or role-less user unless `allowBlocked`.
   */
  loadPrincipal(
    scope: TenantScope,
    token: TokenRecord,
    requestedRoleId: number | null,
    opts: { allowBlocked: boolean },
  ): Promise<Principal | null>;
}
