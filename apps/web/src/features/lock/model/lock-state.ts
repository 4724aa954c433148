import { parseStored, readStoredRaw, removeStored, writeStored } from '../../../shared/storage/storage';
import { isInAppPath } from '../../../shared/lib/in-app-path';

/** The lock screen (spec S0.2.7): outside the layout, reachable without a login. */
export const LOCK_PATH = '/lock';

/**
 * A locked screen, kept in session storage for the browser tab: a salted SHA-256 hash of the lock
 * password (never the password itself) and the page to return to after unlocking.
 */
export interface LockState {
  locked: true;
  salt: string;
  hash: string;
  returnTo: string;
}

const LOCK_KEY = 'lock';
const HEX = /^[0-9a-f]+$/;

function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-256 of salt and password (WebCrypto). */
export async function hashLockPassword(password: string, salt: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${salt}:${password}`));
  return toHex(digest);
}

/** An in-app path to come back to; anything else (an absolute URL, the lock page itself) is dropped. */
export function safeReturnPath(path: string | null | undefined): string | null {
  if (!isInAppPath(path)) return null;
  if (path === LOCK_PATH || path.startsWith(`${LOCK_PATH}?`)) return null;
  return path;
}

/** Whether a lock password counts as given (spec S0.5.9 'lock password cannot be empty'). */
export function isLockPasswordGiven(password: string | null | undefined): boolean {
  return typeof password === 'string' && password.trim().length > 0;
}

export function readLock(): LockState | null {
  const stored = parseStored<Partial<LockState>>(readStoredRaw(LOCK_KEY));
  if (
    !stored ||
    stored.locked !== true ||
    typeof stored.salt !== 'string' ||
    typeof stored.hash !== 'string' ||
    !HEX.test(stored.hash)
  ) {
    return null;
  }
  return {
    locked: true,
    salt: stored.salt,
    hash: stored.hash,
    returnTo: safeReturnPath(stored.returnTo) ?? '/',
  };
}

export function isScreenLocked(): boolean {
  return readLock() !== null;
}

/** Locks the screen with this password; `returnTo` is where unlocking leads back to. */
export async function lockScreen(password: string, returnTo: string): Promise<LockState> {
  if (!isLockPasswordGiven(password)) throw new Error('A lock password is required');
  const salt = toHex(crypto.getRandomValues(new Uint8Array(16)));
  const state: LockState = {
    locked: true,
    salt,
    hash: await hashLockPassword(password, salt),
    returnTo: safeReturnPath(returnTo) ?? '/',
  };
  writeStored(LOCK_KEY, state);
  return state;
}

/** Unlocks when the password matches: answers the page to return to, or null for a wrong password. */
export async function unlockScreen(password: string): Promise<string | null> {
  const state = readLock();
  if (!state) return '/';
  const hash = await hashLockPassword(password, state.salt);
  if (hash !== state.hash) return null;
  clearLock();
  return state.returnTo;
}

/** Ends the lock without a password: logging in (spec S0.4.2) or logging out from the lock page. */
export function clearLock(): void {
  removeStored(LOCK_KEY);
}
