export { FocusSettingsPage } from './components/focus-settings-page';
export {
  focusSettingQueryKeys,
  useFocusSettingOptions,
  type FocusSetting,
  type FocusSettingOption,
} from './api/focus-settings';
