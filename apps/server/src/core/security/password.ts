import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** `Algorithm.Argon2id` of @node-rs/argon2 (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

/** argon2id at the OWASP minimum (m=19 MiB, t=2, p=1). */
export const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// A real hash verified against when the account does not exist, so both cases take the same time.
let dummyHash: Promise<string> | undefined;

async function spendDummyWork(password: string): Promise<void> {
  dummyHash ??= hashPassword('no-such-account-placeholder');
  await verify(await dummyHash, password).catch(() => false);
}

/**
 * Verifies a password; with no stored hash it still spends the same work and answers false. An individual
 * initial password's hash (`hashInitialPassword`) matches only with `acceptInitial` (login of an account
 * that must still change its password); the work spent is the same either way.
 */
export async function verifyPassword(
  stored: string | null,
  password: string,
  opts: { acceptInitial?: boolean } = {},
): Promise<boolean> {
  if (!stored) {
    await spendDummyWork(password);
    return false;
  }
  if (isInitialPasswordHash(stored)) {
    await spendDummyWork(password);
    if (!opts.acceptInitial) return false;
    const a = Buffer.from(hashInitialPassword(password));
    const b = Buffer.from(stored);
    return a.length === b.length && timingSafeEqual(a, b);
  }
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/*
 * Individual initial passwords (docs/decisions.md "Bulk import"): 128 random bits, a secret like a
 * token, so a fast hash is sound where a chosen password needs argon2id: nobody can guess 2^128 values,
 * offline or not. They are written in RFC 4648 base32 (lower case; no 0, 1, 8 or 9 to confuse with
 * letters) in groups of four; spaces, dashes and case do not matter when typed.
 */

/** Prefix of a stored individual initial password hash: SHA-256 (hex) of the canonical text. */
const INITIAL_HASH_PREFIX = '$initial-sha256$';
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** An initial password hash, not a chosen password's (argon2id). */
export function isInitialPasswordHash(stored: string): boolean {
  return stored.startsWith(INITIAL_HASH_PREFIX);
}

/** The text that is hashed: what was typed without spaces and dashes, in lower case. */
const canonicalInitialPassword = (typed: string) => typed.replace(/[\s-]/g, '').toLowerCase();

export function hashInitialPassword(password: string): string {
  return `${INITIAL_HASH_PREFIX}${createHash('sha256').update(canonicalInitialPassword(password)).digest('hex')}`;
}

/** 128 bits as 26 base32 characters in groups of four: `abcd-efgh-...-yz`. */
function formatInitialPassword(bits: Uint8Array): string {
  let out = '';
  let acc = 0;
  let n = 0;
  for (const byte of bits) {
    acc = (acc << 8) | byte;
    n += 8;
    while (n >= 5) {
      out += BASE32[(acc >>> (n - 5)) & 31];
      n -= 5;
    }
    acc &= (1 << n) - 1;
  }
  if (n > 0) out += BASE32[(acc << (5 - n)) & 31];
  return out.match(/.{1,4}/g)!.join('-');
}

/** A key from which a task derives its users' initial passwords (`deriveInitialPassword`). */
export function newInitialPasswordKey(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The initial password of one account: the first 128 bits of HMAC-SHA-256 under a random key, keyed by
 * what names the account. The same inputs give the same password, so a resumed import writes the same
 * hash and the result file can list the passwords without them being stored anywhere.
 */
export function deriveInitialPassword(key: string, subject: string): string {
  const mac = createHmac('sha256', Buffer.from(key, 'base64url')).update(subject).digest();
  return formatInitialPassword(mac.subarray(0, 16));
}
