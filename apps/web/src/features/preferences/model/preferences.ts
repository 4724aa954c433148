import { useSyncExternalStore } from 'react';
import { parseStored, readStoredRaw, writeStored } from '../../../shared/storage/storage';
import { createListeners } from '../../../shared/lib/listeners';

/** The switches of the settings panel, in the panel's order (spec S0.1.6). */
export const PREFERENCE_SWITCHES = [
  'tags',
  'log',
  'theme',
  'themeColor',
  'fullScreen',
  'lock',
  'collapse',
  'topMenu',
] as const;
export type PreferenceSwitch = (typeof PREFERENCE_SWITCHES)[number];
export type PreferenceSwitches = Record<PreferenceSwitch, boolean>;

/** Layout themes offered by the theme control: light, a dark sidebar, or denser spacing. */
export const LAYOUT_THEMES = ['light', 'darkSider', 'compact'] as const;
export type LayoutTheme = (typeof LAYOUT_THEMES)[number];

export interface Preferences {
  switches: PreferenceSwitches;
  layoutTheme: LayoutTheme;
}

const ALL_ON = Object.fromEntries(PREFERENCE_SWITCHES.map((name) => [name, true])) as PreferenceSwitches;
export const DEFAULT_PREFERENCES: Preferences = { switches: ALL_ON, layoutTheme: 'light' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What was stored, made whole: every switch is on unless a stored boolean says otherwise (spec S0.1.6);
 * unknown keys and values of the wrong type are ignored.
 */
export function normalisePreferences(stored: unknown): Preferences {
  if (!isRecord(stored)) return DEFAULT_PREFERENCES;
  const storedSwitches = isRecord(stored.switches) ? stored.switches : {};
  const switches = { ...ALL_ON };
  for (const name of PREFERENCE_SWITCHES) {
    const value = storedSwitches[name];
    if (typeof value === 'boolean') switches[name] = value;
  }
  const layoutTheme =
    LAYOUT_THEMES.find((theme) => theme === stored.layoutTheme) ?? DEFAULT_PREFERENCES.layoutTheme;
  return { switches, layoutTheme };
}

// Local storage: the panel's choices outlive the browser session ("lasting", spec S0.9.11).
const PREFERENCES_KEY = 'preferences';
const LASTING = { lasting: true } as const;
const changes = createListeners();
let cached: { raw: string | null; preferences: Preferences } = {
  raw: null,
  preferences: DEFAULT_PREFERENCES,
};

export function readPreferences(): Preferences {
  const raw = readStoredRaw(PREFERENCES_KEY, LASTING);
  if (raw !== cached.raw) cached = { raw, preferences: normalisePreferences(parseStored<unknown>(raw)) };
  return cached.preferences;
}

function writePreferences(preferences: Preferences): void {
  writeStored(PREFERENCES_KEY, preferences, LASTING);
  changes.emit();
}

/** Turns one switch of the settings panel on or off; it applies at once. */
export function setPreferenceSwitch(name: PreferenceSwitch, isOn: boolean): void {
  const current = readPreferences();
  writePreferences({ ...current, switches: { ...current.switches, [name]: isOn } });
}

export function setLayoutTheme(layoutTheme: LayoutTheme): void {
  writePreferences({ ...readPreferences(), layoutTheme });
}

export function subscribePreferences(listener: () => void): () => void {
  return changes.subscribe(listener);
}

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, readPreferences, () => DEFAULT_PREFERENCES);
}

/** Whether one switch of the settings panel is on. */
export function usePreferenceSwitch(name: PreferenceSwitch): boolean {
  return usePreferences().switches[name];
}
