import {
  constants,
  createPrivateKey,
  generateKeyPairSync,
  privateDecrypt,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { PASSWORD_PAYLOAD_MAX_AGE_MS, parsePasswordPayload } from '@psy/contracts';
import type { FastifyRequest } from 'fastify';
import type { SystemScope } from '../db/database';
import { AppError, badRequest } from '../http/app-error';
import { definePort } from '../module';
import { findServerKey, insertServerKeyOnce } from './server-key.repository';

/** The `server_key` row of the key pair passwords are encrypted with. */
export const PASSWORD_KEY_PURPOSE = 'password-encryption';

/**
 * Records a password payload's nonce as spent; false when it was spent already (a replayed ciphertext).
 * The nonces live with the request nonces of the sign-in module, which provides this port.
 */
export const passwordNoncePort = definePort<
  (system: SystemScope, nonce: string, ttlMs: number) => Promise<boolean>
>('security.spendPasswordNonce');
const spendPasswordNonce = (system: SystemScope, nonce: string, ttlMs: number) =>
  passwordNoncePort.get()(system, nonce, ttlMs);

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
  let row = await findServerKey(scope, PASSWORD_KEY_PURPOSE);
  if (!row) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    row = await insertServerKeyOnce(scope, {
      keyId: randomUUID().slice(0, 8),
      purpose: PASSWORD_KEY_PURPOSE,
      publicSpki: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
      privatePem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    });
  }
  return { keyId: row.keyId, spki: row.publicSpki, privateKey: createPrivateKey(row.privatePem) };
}

/** Decrypts `<keyId>.<base64>`; a wrong key id or bad ciphertext is the client's error, named by field. */
function decryptPayload(key: PasswordKey, field: string, value: string): string {
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

/**
 * The password and nonce of an encrypted payload (`encryptPassword`), refused when it is not a payload
 * of the current format or when its time is more than PASSWORD_PAYLOAD_MAX_AGE_MS from the server's
 * clock (a ciphertext captured earlier). Whether the nonce is new is the caller's next step.
 */
export function openPasswordPayload(
  key: PasswordKey,
  field: string,
  value: string,
  now = Date.now(),
): { password: string; nonce: string } {
  const payload = parsePasswordPayload(decryptPayload(key, field, value));
  if (!payload) {
    throw badRequest(field, 'must carry a time and a nonce (encryptPassword of @psy/contracts, docs/api.md)');
  }
  if (Math.abs(now - payload.timestamp) > PASSWORD_PAYLOAD_MAX_AGE_MS) {
    throw badRequest(field, 'the encrypted password has expired: encrypt it again');
  }
  return { password: payload.password, nonce: payload.nonce };
}

const replayed = (field: string) =>
  badRequest(field, 'this encrypted password was already used: encrypt it again for every attempt');

/**
 * Decrypts a password in the system context (login, registration): fresh, and its nonce spent here, so
 * the same ciphertext sent again is refused whatever the request id and signature around it.
 */
export async function decryptPassword(system: SystemScope, field: string, value: string): Promise<string> {
  const { password, nonce } = openPasswordPayload(await getPasswordKey(system), field, value);
  if (!(await spendPasswordNonce(system, nonce, PASSWORD_PAYLOAD_MAX_AGE_MS))) throw replayed(field);
  return password;
}

type Opened = { value: string; password: string } | { value: string; error: AppError };
const openedByRequest = new WeakMap<FastifyRequest, Map<string, Opened>>();

/**
 * For routes whose passwords are read inside the tenant transaction (password changes, user
 * administration), where the system context cannot be used: before the transaction, opens the named
 * fields of the request body and spends their nonces; `openedPassword` then gives the result inside.
 * A refusal is kept, not thrown, so a caller who may not make the call still gets the access refusal
 * first; a nonce is spent whatever the call's outcome (a rolled-back transaction cannot give it back).
 */
export async function openRequestPasswords(
  system: SystemScope,
  req: FastifyRequest,
  fields: readonly string[],
): Promise<void> {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const key = await getPasswordKey(system);
  const opened = new Map<string, Opened>();
  for (const field of fields) {
    const value = body[field];
    if (typeof value !== 'string') continue;
    try {
      const { password, nonce } = openPasswordPayload(key, field, value);
      if (!(await spendPasswordNonce(system, nonce, PASSWORD_PAYLOAD_MAX_AGE_MS))) throw replayed(field);
      opened.set(field, { value, password });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      opened.set(field, { value, error: err });
    }
  }
  openedByRequest.set(req, opened);
}

/** Inside the transaction: the password `openRequestPasswords` opened for this field, or its refusal. */
export function openedPassword(req: FastifyRequest, field: string, value: string): string {
  const opened = openedByRequest.get(req)?.get(field);
  // A route that reads a password must open it first; a value that changed since is not trusted.
  if (!opened || opened.value !== value)
    throw new Error(`password field ${field} was not opened before the transaction`);
  if ('error' in opened) throw opened.error;
  return opened.password;
}
