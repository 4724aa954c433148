import { z } from 'zod';
import { tokenResponseSchema } from './auth.contract';
import { defineEndpoint } from './endpoint';

/**
 * Fingerprint login (spec S0.2.5, S0.7.14 `/admin/sysUserFinger/*`) as WebAuthn with a platform
 * authenticator: enrolment in two steps (options, then the authenticator's answer) and a usernameless
 * login (options, then the assertion) that issues the same tokens as the password login.
 */

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/** Options handed to `navigator.credentials.create/get` (JSON form, as @simplewebauthn/browser takes). */
export const webauthnOptionsResponseSchema = z.object({
  challengeId: z.string().describe('names the server-side challenge; send it back with the answer'),
  options: z.record(z.string(), z.unknown()).describe('PublicKeyCredential*OptionsJSON'),
});

/** The authenticator's answer to `create()` (RegistrationResponseJSON). */
export const registrationCredentialSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(65536),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
    authenticatorData: base64url(65536).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** The authenticator's answer to `get()` (AuthenticationResponseJSON). */
export const authenticationCredentialSchema = z.object({
  id: base64url(1024),
  rawId: base64url(1024),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(65536),
    signature: base64url(8192),
    userHandle: base64url(1024).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const challengeIdSchema = z.string().uuid('challengeId: unknown challenge');

export const fingerEnrolOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sysUserFinger/add/options',
  summary: 'Step 1 of enrolling a fingerprint (WebAuthn platform credential) for the signed-in user',
  tags: ['fingerprint'],
  response: webauthnOptionsResponseSchema,
});

export const fingerEnrolEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sysUserFinger/add',
  summary: "Step 2: verifies the authenticator's answer and stores the credential for the signed-in user",
  tags: ['fingerprint'],
  body: z.object({ challengeId: challengeIdSchema, credential: registrationCredentialSchema }),
  response: z.object({ id: z.number().int(), createTime: z.string() }),
});

export const fingerEnteredFlagEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sysUserFinger/enteredFlag',
  summary: 'Whether the signed-in user has enrolled a fingerprint',
  tags: ['fingerprint'],
  response: z.object({ entered: z.boolean(), count: z.number().int() }),
});

/**
 * Removes every fingerprint credential of the signed-in user (a lost or replaced device; the spec names no
 * call for it). Answers how many were removed.
 */
export const fingerRemoveMineEndpoint = defineEndpoint({
  method: 'POST',
  path: '/admin/sysUserFinger/removeMine',
  summary: "Remove the signed-in user's enrolled fingerprints",
  tags: ['fingerprint'],
  response: z.object({ removed: z.number().int() }),
});

/**
 * Never lists credentials: enrolment makes discoverable credentials, so the authenticator offers its own;
 * an answer that depended on an account name would tell whether that account has a fingerprint.
 */
export const fingerLoginOptionsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/fingerprint/options',
  summary: 'Step 1 of the fingerprint login (tenant from TENANT-ID): an authentication challenge',
  tags: ['fingerprint'],
  body: z.object({}).default({}),
  response: webauthnOptionsResponseSchema,
});

export const fingerLoginEndpoint = defineEndpoint({
  method: 'POST',
  path: '/auth/fingerprint/token',
  summary: 'Step 2: verifies the assertion and answers the same tokens as the password login',
  tags: ['fingerprint'],
  body: z.object({ challengeId: challengeIdSchema, credential: authenticationCredentialSchema }),
  response: tokenResponseSchema,
});
