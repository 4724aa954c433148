import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { SystemScope } from '../db/database';
import { findServerKey, insertServerKeyOnce } from './server-key.repository';

/**
 * Secrets at rest (an identity provider's client secret): AES-256-GCM with a fresh 96-bit nonce per value
 * and associated data naming where the value belongs, so a sealed value copied to another row or school
 * does not open. The key is SECRETS_KEY when set (kept outside the database, as production should); without
 * it a key is created once in `server_key`, which protects a dump of one table but not of the database.
 */

const PURPOSE = 'secrets-at-rest';
const VERSION = 'v1';

interface SecretKey {
  keyId: string;
  key: Buffer;
}

let cached: { for: SystemScope; envKey: string | undefined; key: Promise<SecretKey> } | undefined;

async function loadKey(system: SystemScope, envKey: string | undefined): Promise<SecretKey> {
  if (envKey) {
    const key = Buffer.from(envKey, 'base64');
    return { keyId: `env-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`, key };
  }
  let row = await findServerKey(system, PURPOSE);
  if (!row) {
    const key = randomBytes(32);
    row = await insertServerKeyOnce(system, {
      keyId: `db-${randomBytes(4).toString('hex')}`,
      purpose: PURPOSE,
      publicSpki: '',
      privatePem: key.toString('base64'),
    });
  }
  return { keyId: row.keyId, key: Buffer.from(row.privatePem, 'base64') };
}

function keyOf(system: SystemScope, envKey: string | undefined): Promise<SecretKey> {
  if (!cached || cached.for !== system || cached.envKey !== envKey) {
    const key = loadKey(system, envKey).catch((e: unknown) => {
      cached = undefined;
      throw e;
    });
    cached = { for: system, envKey, key };
  }
  return cached.key;
}

/** Seals a secret: `v1.<keyId>.<nonce>.<ciphertext+tag>` (base64url parts). */
export async function sealSecret(
  system: SystemScope,
  envKey: string | undefined,
  plain: string,
  boundTo: string,
): Promise<string> {
  const { keyId, key } = await keyOf(system, envKey);
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(boundTo, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return [VERSION, keyId, nonce.toString('base64url'), body.toString('base64url')].join('.');
}

/**
 * Opens a sealed secret; throws when it was sealed with another key or for another place, or was altered
 * (the caller treats that as a provider without a usable secret, never as the client's error).
 */
export async function openSecret(
  system: SystemScope,
  envKey: string | undefined,
  sealed: string,
  boundTo: string,
): Promise<string> {
  const [version, keyId, nonce, body] = sealed.split('.');
  const { keyId: currentId, key } = await keyOf(system, envKey);
  if (version !== VERSION || keyId !== currentId || !nonce || !body) {
    throw new Error(`secret sealed with key ${keyId ?? '?'}, the server has ${currentId}`);
  }
  const data = Buffer.from(body, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
  decipher.setAAD(Buffer.from(boundTo, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/**
 * Loads the key before a tenant transaction, which may not touch the system handle: inside it the seal
 * and open calls then find the key cached.
 */
export async function preloadSecretKey(system: SystemScope, envKey: string | undefined): Promise<void> {
  await keyOf(system, envKey);
}
