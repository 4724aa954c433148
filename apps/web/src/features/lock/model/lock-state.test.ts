import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/memory-storage';
import {
  clearLock,
  hashLockPassword,
  isLockPasswordGiven,
  isScreenLocked,
  lockScreen,
  readLock,
  safeReturnPath,
  unlockScreen,
} from './lock-state';

describe('lock screen state [spec:S0.2.7] [spec:S0.4.2]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('needs a lock password first [spec:S0.5.9]', async () => {
    expect(isLockPasswordGiven('')).toBe(false);
    expect(isLockPasswordGiven('   ')).toBe(false);
    expect(isLockPasswordGiven(undefined)).toBe(false);
    expect(isLockPasswordGiven('s3cret')).toBe(true);
    await expect(lockScreen('', '/wel/index')).rejects.toThrow();
    expect(isScreenLocked()).toBe(false);
  });

  it('keeps only a salted hash of the password, in session storage, with the page to return to', async () => {
    await lockScreen('s3cret', '/consult/list?page=2');
    expect(isScreenLocked()).toBe(true);
    const raw = sessionStorage.getItem('psy-lock') ?? '';
    expect(raw).not.toContain('s3cret');
    expect(localStorage.length).toBe(0);
    const state = readLock()!;
    expect(state.returnTo).toBe('/consult/list?page=2');
    expect(state.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(state.hash).toBe(await hashLockPassword('s3cret', state.salt));
  });

  it('uses a fresh salt each time, so the same password hashes differently', async () => {
    const first = await lockScreen('same', '/a');
    const second = await lockScreen('same', '/a');
    expect(first.salt).not.toBe(second.salt);
    expect(first.hash).not.toBe(second.hash);
  });

  it('refuses a wrong password and stays locked', async () => {
    await lockScreen('s3cret', '/wel/index');
    expect(await unlockScreen('wrong')).toBeNull();
    expect(await unlockScreen('S3CRET')).toBeNull();
    expect(isScreenLocked()).toBe(true);
  });

  it('unlocks with the right password and answers the page to return to', async () => {
    await lockScreen('s3cret', '/wel/index');
    expect(await unlockScreen('s3cret')).toBe('/wel/index');
    expect(isScreenLocked()).toBe(false);
  });

  it('is cleared by logging in', async () => {
    await lockScreen('s3cret', '/wel/index');
    clearLock();
    expect(isScreenLocked()).toBe(false);
  });

  it('never returns to another site or to the lock page itself', async () => {
    expect(safeReturnPath('https://evil.example/')).toBeNull();
    expect(safeReturnPath('//evil.example/')).toBeNull();
    expect(safeReturnPath('/lock')).toBeNull();
    expect(safeReturnPath('/wel/index')).toBe('/wel/index');
    await lockScreen('s3cret', 'https://evil.example/');
    expect(readLock()!.returnTo).toBe('/');
  });

  it('ignores a tampered or malformed stored state', () => {
    sessionStorage.setItem('psy-lock', JSON.stringify({ locked: true, salt: 'x' }));
    expect(isScreenLocked()).toBe(false);
    sessionStorage.setItem('psy-lock', '{oops');
    expect(isScreenLocked()).toBe(false);
  });
});
