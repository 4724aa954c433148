import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, base64url: an opaque bearer token. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string | Uint8Array): string {
  return createHash('sha256').update(value).digest('hex');
}
