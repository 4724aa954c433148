// Request signing for the load generator: the canonical string of @psy/contracts, hashed with node:crypto
// (synchronous, so the client's CPU goes to requests and not to WebCrypto promises). `checkSigner`
// proves it produces exactly what the contracts' `signRequest` produces.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { HEADER, PUBLIC_SIGNING_KEY, canonicalRequest, signRequest } from '@psy/contracts';

const EMPTY_BODY_HASH = createHash('sha256').update('').digest('hex');

export const sha256Hex = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** A unique request id: 32 hex characters (the server accepts 16-64 letters or digits). */
let idPrefix = randomBytes(8).toString('hex');
let idCounter = 0;
export function newRequestId(): string {
  if (++idCounter > 0xffffffff) {
    idPrefix = randomBytes(8).toString('hex');
    idCounter = 1;
  }
  return idPrefix + idCounter.toString(16).padStart(16, '0');
}

/** Signing headers for one request; `signingKey` is sha256(access token) or undefined before login. */
export function signHeaders(input: {
  method: string;
  pathWithQuery: string;
  body?: string;
  signingKey?: string;
  now?: number;
  requestId?: string;
}): Record<string, string> {
  const timestamp = String(input.now ?? Date.now());
  const requestId = input.requestId ?? newRequestId();
  const bodyHash = input.body === undefined || input.body === '' ? EMPTY_BODY_HASH : sha256Hex(input.body);
  const canonical = canonicalRequest({
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    timestamp,
    requestId,
    bodyHash,
  });
  const sign = createHmac('sha256', input.signingKey ?? PUBLIC_SIGNING_KEY)
    .update(canonical)
    .digest('hex');
  return { [HEADER.timestamp]: timestamp, [HEADER.requestId]: requestId, [HEADER.sign]: sign };
}

/**
 * Every header of a bench's API call: the signature, and the body's type, the bearer token and the tenant
 * when given (a form body unless `json`).
 */
export function requestHeaders(input: {
  method: string;
  pathWithQuery: string;
  body?: string;
  json?: boolean;
  token?: string;
  tenantId?: number;
  requestId?: string;
}): Record<string, string> {
  const headers = signHeaders({
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    body: input.body,
    signingKey: input.token ? sha256Hex(input.token) : undefined,
    requestId: input.requestId,
  });
  if (input.body !== undefined)
    headers['content-type'] = input.json ? 'application/json' : 'application/x-www-form-urlencoded';
  if (input.token) headers[HEADER.authorization] = `Bearer ${input.token}`;
  if (input.tenantId !== undefined) headers[HEADER.tenantId] = String(input.tenantId);
  return headers;
}

/** Throws unless `signHeaders` matches the contracts' `signRequest` for a signed-in and a public call. */
export async function checkSigner(): Promise<void> {
  const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCD';
  const cases = [
    { method: 'GET', pathWithQuery: '/admin/user/info', accessToken: token },
    { method: 'POST', pathWithQuery: '/auth/oauth/token?grant_type=password', body: 'username=a&password=b' },
  ];
  for (const c of cases) {
    const now = 1_700_000_000_000;
    const requestId = 'benchcheck000000000000001';
    const ours = signHeaders({
      ...c,
      signingKey: c.accessToken ? sha256Hex(c.accessToken) : undefined,
      now,
      requestId,
    });
    const theirs = await signRequest({ ...c, now, requestId });
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) {
      throw new Error(
        `bench signer disagrees with @psy/contracts signRequest: ${JSON.stringify({ ours, theirs })}`,
      );
    }
  }
}
