/**
 * Request signing (spec S0.7, docs/api.md). Shared by the web client, the tests and the server so
 * that all three build the canonical string the same way. Uses WebCrypto only (browser and Node 20).
 */
import { HEADER } from './headers';

/** Requests whose timestamp is further than this from the server's clock are refused. */
export const SIGNATURE_MAX_SKEW_MS = 5 * 60 * 1000;
/** Key used for calls made before login: integrity and freshness only, not authentication. */
export const PUBLIC_SIGNING_KEY = 'psy-public-v1';
/** Body hash of a multipart upload, which is streamed and not hashed. */
export const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

const encoder = new TextEncoder();

function toHex(buf: ArrayBuffer): string {
  return Array.from(new Uint8Array(buf), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === 'string' ? encoder.encode(data) : new Uint8Array(data);
  return toHex(await crypto.subtle.digest('SHA-256', bytes));
}

async function hmacHex(key: string, message: string): Promise<string> {
  const k = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return toHex(await crypto.subtle.sign('HMAC', k, encoder.encode(message)));
}

export function canonicalRequest(parts: {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  requestId: string;
  bodyHash: string;
}): string {
  return [
    parts.method.toUpperCase(),
    parts.pathWithQuery,
    parts.timestamp,
    parts.requestId,
    parts.bodyHash,
  ].join('\n');
}

/** The signing key of an authenticated call: the hex SHA-256 of the access token. */
export function tokenSigningKey(accessToken: string): Promise<string> {
  return sha256Hex(accessToken);
}

export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function computeSignature(input: {
  method: string;
  pathWithQuery: string;
  timestamp: string;
  requestId: string;
  bodyHash: string;
  key: string;
}): Promise<string> {
  return hmacHex(input.key, canonicalRequest(input));
}

/**
 * Headers that sign one request. `body` is the exact bytes or text sent (undefined for none,
 * `UNSIGNED_PAYLOAD` for multipart); `accessToken` is omitted before login.
 */
export async function signRequest(input: {
  method: string;
  pathWithQuery: string;
  body?: string | Uint8Array | typeof UNSIGNED_PAYLOAD;
  accessToken?: string;
  now?: number;
  requestId?: string;
}): Promise<Record<string, string>> {
  const timestamp = String(input.now ?? Date.now());
  const requestId = input.requestId ?? newRequestId();
  const bodyHash =
    input.body === UNSIGNED_PAYLOAD
      ? UNSIGNED_PAYLOAD
      : await sha256Hex(input.body === undefined ? '' : input.body);
  const key = input.accessToken ? await tokenSigningKey(input.accessToken) : PUBLIC_SIGNING_KEY;
  const sign = await computeSignature({
    method: input.method,
    pathWithQuery: input.pathWithQuery,
    timestamp,
    requestId,
    bodyHash,
    key,
  });
  return { [HEADER.timestamp]: timestamp, [HEADER.requestId]: requestId, [HEADER.sign]: sign };
}

/** Constant-time comparison of two hex strings. */
export function safeEqualHex(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}
