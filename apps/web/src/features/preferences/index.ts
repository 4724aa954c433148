export {
  DEFAULT_PREFERENCES,
  LAYOUT_THEMES,
  PREFERENCE_SWITCHES,
  readPreferences,
  setLayoutTheme,
  setPreferenceSwitch,
  usePreferences,
  usePreferenceSwitch,
  type LayoutTheme,
  type PreferenceSwitch,
  type Preferences,
} from './model/preferences';
export { SettingsButton } from './components/settings-button';
export { FullScreenButton } from './components/full-screen-button';
export { SiderTheme, ThemePicker, useLayoutAlgorithm } from './components/theme-picker';
export { THEME_COLOR_PRESETS, ThemeColorPicker } from './components/theme-color-picker';
