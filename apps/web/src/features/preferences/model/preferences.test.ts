import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/memory-storage';
import {
  DEFAULT_PREFERENCES,
  normalisePreferences,
  PREFERENCE_SWITCHES,
  readPreferences,
  setLayoutTheme,
  setPreferenceSwitch,
} from './preferences';

describe('settings panel switches [spec:S0.1.6]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has the eight switches of the spec, in its order', () => {
    expect(PREFERENCE_SWITCHES).toEqual([
      'tags',
      'log',
      'theme',
      'themeColor',
      'fullScreen',
      'lock',
      'collapse',
      'topMenu',
    ]);
  });

  it('starts every switch on when nothing is stored', () => {
    expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
    expect(Object.values(readPreferences().switches).every(Boolean)).toBe(true);
  });

  it('starts from the stored value, kept in local storage', () => {
    setPreferenceSwitch('tags', false);
    expect(localStorage.getItem('psy-preferences')).toContain('"tags":false');
    expect(sessionStorage.length).toBe(0);
    const read = readPreferences();
    expect(read.switches.tags).toBe(false);
    expect(read.switches.log).toBe(true);
    setPreferenceSwitch('tags', true);
    expect(readPreferences().switches.tags).toBe(true);
  });

  it('ignores stored junk: unknown keys, wrong types, unknown themes', () => {
    expect(normalisePreferences('nonsense')).toEqual(DEFAULT_PREFERENCES);
    expect(normalisePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(normalisePreferences([false])).toEqual(DEFAULT_PREFERENCES);
    const read = normalisePreferences({
      switches: { tags: 'off', log: 0, lock: false, extra: false },
      layoutTheme: 'neon',
      other: 1,
    });
    expect(read.switches).toEqual({ ...DEFAULT_PREFERENCES.switches, lock: false });
    expect(read.layoutTheme).toBe('light');
    localStorage.setItem('psy-preferences', '{not json');
    expect(readPreferences()).toEqual(DEFAULT_PREFERENCES);
  });

  it('keeps the chosen layout theme', () => {
    setLayoutTheme('darkSider');
    expect(readPreferences().layoutTheme).toBe('darkSider');
    expect(readPreferences().switches.tags).toBe(true);
  });
});
