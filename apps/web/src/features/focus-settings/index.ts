export { focusSettingsFeature } from './manifest';
export {
  focusSettingQueryKeys,
  useFocusSettingOptions,
  type FocusSetting,
  type FocusSettingOption,
} from './api/focus-settings';
