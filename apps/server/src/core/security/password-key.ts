import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import type { SystemScope } from '../db/database';
import { badRequest } from '../http/app-error';
import { findServerKey, insertServerKeyOnce } from './server-key.repository';

const PURPOSE = 'password-encryption';

export interface PasswordKey {
  keyId: string;
  spki: string;
  privateKey: KeyObject;
}

let cached: Promise<PasswordKey> | undefined;
let cachedFor: SystemScope | undefined;

/** The RSA key pair for password encryption; created once per database and shared by all processes. */
export function getPasswordKey(scope: SystemScope): Promise<PasswordKey> {
  if (!cached || cachedFor !== scope) {
    cachedFor = scope;
    cached = loadOrCreate(scope).catch((e: unknown) => {
      cached = undefined;
      throw e;
    });
  }
  return cached;
}

async function loadOrCreate(scope: SystemScope): Promise<PasswordKey> {
  let row = await findServerKey(scope, PURPOSE);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    row = await insertServerKeyOnce(scope, {
      keyId: randomUUID().slice(0, 8),
      purpose: PURPOSE,
      publicSpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
  }
  return { keyId: row.keyId, spki: row.publicSpki, privateKey: createPrivateKey(row.privatePem) };
}

/** Decrypts `<keyId>.<base64>`; a wrong key id or bad ciphertext is the client's error, named by field. */
export function decryptPassword(key: PasswordKey, field: string, value: string): string {
  const dot = value.indexOf('.');
  if (dot <= 0) throw badRequest(field, 'must be encrypted with the key from GET /auth/publicKey');
  if (value.slice(0, dot) !== key.keyId)
    throw badRequest(field, 'encrypted with an unknown key, fetch /auth/publicKey again');
  try {
    return privateDecrypt(
      { key: key.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(value.slice(dot + 1), 'base64'),
    ).toString('utf8');
  } catch {
    throw badRequest(field, 'cannot be decrypted');
  }
}
