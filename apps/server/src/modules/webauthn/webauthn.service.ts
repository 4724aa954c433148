import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { TokenResponse } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { AppError, badRequest } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import type { Env } from '../../env';
import { enforceLoginIpLimit, loginVerifiedUser, type AuthDeps, type ClientInfo } from '../auth';
import { requireActiveTenant } from '../tenants';
import * as repo from './webauthn.repository';
import { isAllowedOrigin, originOfClientData } from './webauthn.policy';

/** How long a challenge may be answered (the browser's own timeout is one minute). */
export const CHALLENGE_TTL_MS = 2 * 60_000;
const TIMEOUT_MS = 60_000;

type Options = Record<string, unknown>;

function expectedOrigin(env: Env, clientDataJSON: string): string {
  const origin = originOfClientData(clientDataJSON);
  if (!origin || !isAllowedOrigin(origin, env)) {
    throw badRequest('credential', 'this page origin may not use fingerprint login');
  }
  return origin;
}

const transportsOf = (list: string[]) => list as AuthenticatorTransport[];

/**
 * Step 1 of enrolment: options for a platform authenticator that verifies the user (a fingerprint),
 * with a discoverable credential so the login needs no user name.
 */
export async function enrolmentOptions(
  scope: TenantScope,
  env: Env,
  p: Principal,
): Promise<{ challengeId: string; options: Options }> {
  const existing = await repo.listUserCredentials(scope, p.userId);
  const options = await generateRegistrationOptions({
    rpName: env.WEBAUTHN_RP_NAME,
    rpID: env.WEBAUTHN_RP_ID,
    userName: p.username,
    userDisplayName: p.realName,
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: transportsOf(c.transports) })),
    authenticatorSelection: {
      authenticatorAttachment: 'platform',
      residentKey: 'required',
      userVerification: 'required',
    },
  });
  const challengeId = await repo.insertChallenge(scope, {
    purpose: 'register',
    challenge: options.challenge,
    userId: p.userId,
    ttlMs: CHALLENGE_TTL_MS,
  });
  return { challengeId, options: options as unknown as Options };
}

/** Step 2 of enrolment: verifies the authenticator's answer and stores the credential for the caller. */
export async function enrol(
  scope: TenantScope,
  env: Env,
  p: Principal,
  input: { challengeId: string; credential: RegistrationResponseJSON },
): Promise<{ id: number; createTime: string }> {
  const challenge = await repo.consumeChallenge(scope, input.challengeId, 'register');
  if (!challenge || challenge.userId !== p.userId) {
    throw badRequest('challengeId', 'the enrolment expired or is unknown, start again');
  }
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response: input.credential,
      expectedChallenge: challenge.challenge,
      expectedOrigin: expectedOrigin(env, input.credential.response.clientDataJSON),
      expectedRPID: env.WEBAUTHN_RP_ID,
      requireUserVerification: true,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw badRequest('credential', `the fingerprint could not be verified: ${(err as Error).message}`);
  }
  if (!verified.verified) throw badRequest('credential', 'the fingerprint could not be verified');
  const { credential, credentialDeviceType, credentialBackedUp } = verified.registrationInfo;
  const row = await repo.insertCredential(scope, {
    userId: p.userId,
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    deviceType: credentialDeviceType,
    backedUp: credentialBackedUp,
  });
  if (!row) throw new AppError('conflict', 'this fingerprint is already enrolled');
  return { id: row.id, createTime: row.createdAt.toISOString() };
}

/** Removes the caller's credentials: none of their devices signs in by fingerprint any more. */
export async function removeMine(scope: TenantScope, p: Principal) {
  return { removed: await repo.deleteUserCredentials(scope, p.userId) };
}

/** Whether the caller has enrolled a fingerprint. */
export async function enteredFlag(scope: TenantScope, p: Principal) {
  const count = await repo.countUserCredentials(scope, p.userId);
  return { entered: count > 0, count };
}

/**
 * Step 1 of the fingerprint login: a challenge for the tenant that any discoverable credential of the
 * tenant may answer. No credential list, so the answer is the same for every account.
 */
export async function loginOptions(
  deps: AuthDeps,
  tenantId: number,
  client: ClientInfo,
): Promise<{ challengeId: string; options: Options }> {
  await requireActiveTenant(deps.database.system, tenantId);
  await enforceLoginIpLimit(deps, client);
  return deps.database.withTenant(tenantId, async (scope) => {
    const options = await generateAuthenticationOptions({
      rpID: deps.env.WEBAUTHN_RP_ID,
      timeout: TIMEOUT_MS,
      userVerification: 'required',
    });
    const challengeId = await repo.insertChallenge(scope, {
      purpose: 'authenticate',
      challenge: options.challenge,
      userId: null,
      ttlMs: CHALLENGE_TTL_MS,
    });
    return { challengeId, options: options as unknown as Options };
  });
}

/**
 * Step 2 of the fingerprint login: the challenge is used up, the assertion verified against the stored
 * credential of this tenant, its counter advanced, and the same tokens issued as for a password login.
 */
export async function login(
  deps: AuthDeps,
  tenantId: number,
  input: { challengeId: string; credential: AuthenticationResponseJSON },
  client: ClientInfo,
): Promise<TokenResponse> {
  const { env, database } = deps;
  await requireActiveTenant(database.system, tenantId);
  await enforceLoginIpLimit(deps, client);
  const challenge = await database.withTenant(tenantId, (s) =>
    repo.consumeChallenge(s, input.challengeId, 'authenticate'),
  );
  if (!challenge) throw badRequest('challengeId', 'the login expired or is unknown, start again');
  const origin = expectedOrigin(env, input.credential.response.clientDataJSON);
  const stored = await database.withTenant(tenantId, (s) => repo.findCredential(s, input.credential.id));
  let userId: number | null = null;
  let failure = 'unknown_credential';
  if (stored) {
    try {
      const result = await verifyAuthenticationResponse({
        response: input.credential,
        expectedChallenge: challenge.challenge,
        expectedOrigin: origin,
        expectedRPID: env.WEBAUTHN_RP_ID,
        requireUserVerification: true,
        credential: {
          id: stored.credentialId,
          publicKey: Buffer.from(stored.publicKey, 'base64url'),
          counter: stored.counter,
          transports: transportsOf(stored.transports),
        },
      });
      if (result.verified) {
        userId = stored.userId;
        await database.withTenant(tenantId, (s) =>
          repo.updateCounter(s, stored.id, result.authenticationInfo.newCounter),
        );
      } else {
        failure = 'bad_assertion';
      }
    } catch {
      failure = 'bad_assertion';
    }
  }
  return loginVerifiedUser(deps, { tenantId, userId, method: 'fingerprint', failure }, client);
}
