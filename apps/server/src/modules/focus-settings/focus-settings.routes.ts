import {
  focusSettingAllEndpoint,
  focusSettingDeleteEndpoint,
  focusSettingEditEndpoint,
  focusSettingInsertEndpoint,
  focusSettingPageEndpoint,
} from '@psy/contracts';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { FOCUS_SETTING_ACCESS } from './focus-settings.policy';
import {
  addFocusSetting,
  editFocusSetting,
  listFocusSettingOptions,
  pageFocusSettings,
  removeFocusSetting,
} from './focus-settings.service';

/** Key-person option lists (spec S1.7.7; `GET /focus/setting/4/all` is the builder helper of S0.7.21). */
export const focusSettingRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: focusSettingPageEndpoint,
      access: FOCUS_SETTING_ACCESS.page,
      handler: async ({ scope, params, body }) => pageFocusSettings(scope, params.type, body),
    }),
    defineRoute({
      endpoint: focusSettingAllEndpoint,
      access: FOCUS_SETTING_ACCESS.options,
      handler: async ({ scope, params, lang }) => listFocusSettingOptions(scope, params.type, lang),
    }),
    defineRoute({
      endpoint: focusSettingInsertEndpoint,
      access: FOCUS_SETTING_ACCESS.edit,
      handler: async ({ scope, body }) => addFocusSetting(scope, body),
    }),
    defineRoute({
      endpoint: focusSettingEditEndpoint,
      access: FOCUS_SETTING_ACCESS.edit,
      handler: async ({ scope, body }) => editFocusSetting(scope, body),
    }),
    defineRoute({
      endpoint: focusSettingDeleteEndpoint,
      access: FOCUS_SETTING_ACCESS.edit,
      handler: async ({ scope, query }) => removeFocusSetting(scope, query.id),
    }),
  ] as RouteDef[];
