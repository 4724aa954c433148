/**
 * Password encryption in the client (spec S0.7): RSA-OAEP with SHA-256 under the server's published
 * public key (`GET /auth/publicKey`). The ciphertext travels as `<keyId>.<base64>`.
 *
 * What is encrypted is bound to the moment, so a captured ciphertext is not the password: the plaintext
 * is `pw1.<epoch ms>.<nonce>.<password>`; the server refuses one older than PASSWORD_PAYLOAD_MAX_AGE_MS
 * (or as far ahead of its clock), and a nonce it has seen before (docs/api.md, "Password encryption").
 */
export const PASSWORD_CIPHER = 'RSA-OAEP-256';

/** Version tag at the head of the encrypted payload. */
export const PASSWORD_PAYLOAD_VERSION = 'pw1';
/** How far the payload's time may be from the server's clock: the request signature's window. */
export const PASSWORD_PAYLOAD_MAX_AGE_MS = 5 * 60 * 1000;
/** Largest payload RSA-OAEP-256 can encrypt under a 2048-bit key (256 - 2 * 32 - 2 bytes). */
export const PASSWORD_PAYLOAD_MAX_BYTES = 190;

const PAYLOAD_PATTERN = /^pw1\.(\d{10,16})\.([A-Za-z0-9_-]{16,64})\.([\s\S]*)$/;

/** A fresh single-use nonce: 128 random bits in hex. */
export function newPasswordNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The text that is encrypted: version, time, nonce, then the password as it is (it may hold dots). */
export function passwordPayload(password: string, opts: { now?: number; nonce?: string } = {}): string {
  return `${PASSWORD_PAYLOAD_VERSION}.${opts.now ?? Date.now()}.${opts.nonce ?? newPasswordNonce()}.${password}`;
}

/** The parts of a decrypted payload, or null when it is not one (an old client's bare password). */
export function parsePasswordPayload(
  text: string,
): { password: string; timestamp: number; nonce: string } | null {
  const m = PAYLOAD_PATTERN.exec(text);
  return m ? { timestamp: Number(m[1]), nonce: m[2]!, password: m[3]! } : null;
}

function base64ToBytes(b64: string): Uint8Array<ArrayBuffer> {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin);
}

/**
 * Encrypts a password for one request: a new nonce and the current time go inside, so the result is
 * accepted once, within PASSWORD_PAYLOAD_MAX_AGE_MS. Encrypt again for every attempt.
 */
export async function encryptPassword(
  publicKey: { keyId: string; spki: string },
  password: string,
  opts: { now?: number; nonce?: string } = {},
): Promise<string> {
  const payload = new TextEncoder().encode(passwordPayload(password, opts));
  if (payload.length > PASSWORD_PAYLOAD_MAX_BYTES) throw new Error('the password is too long to encrypt');
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(publicKey.spki),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const cipher = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, payload);
  return `${publicKey.keyId}.${bytesToBase64(new Uint8Array(cipher))}`;
}
