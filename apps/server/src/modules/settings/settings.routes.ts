import {
  allAppSettingsEndpoint,
  createDictEndpoint,
  createDictItemEndpoint,
  createSiteEndpoint,
  deleteDictEndpoint,
  deleteDictItemEndpoint,
  deleteSiteEndpoint,
  dictByTypeEndpoint,
  dictItemListEndpoint,
  dictPageEndpoint,
  firstSettingEndpoint,
  saveSettingEndpoint,
  saveSettingsBatchEndpoint,
  savePageSetupEndpoint,
  settingByTypeEndpoint,
  settingListEndpoint,
  siteListEndpoint,
  updateDictEndpoint,
  updateDictItemEndpoint,
  updateSiteEndpoint,
  findScheduleTimeEndpoint,
  interviewResultsEndpoint,
  schemeCategoryEndpoint,
} from '@psy/contracts';
import type { SystemScope } from '../../core/db/database';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { limitUploads } from '../../core/security/upload-limit';
import { SETTINGS_PERMISSIONS as P } from './settings.policy';
import { findScheduleTime, listInterviewResults, listSchemeCategories } from './lookups.service';
import {
  changeDict,
  changeDictItem,
  changeSite,
  createDict,
  createDictItem,
  createSite,
  getAllAppSettings,
  getDict,
  getKnownSetting,
  getSettingState,
  listDictItems,
  listDicts,
  listSettingStates,
  listSites,
  removeDict,
  removeDictItem,
  removeSite,
  savePageSetup,
  saveSetting,
  saveSettings,
} from './settings.service';

export const settingsRoutes = (system: SystemScope): RouteDef[] =>
  [
    // Settings (spec S0.7.8, S1.7.3): any signed-in user reads; writing is checked per code.
    defineRoute({
      endpoint: settingByTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => getKnownSetting(scope, query.type),
    }),
    defineRoute({
      endpoint: firstSettingEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => getSettingState(scope, query.type),
    }),
    defineRoute({
      endpoint: allAppSettingsEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope }) => getAllAppSettings(scope),
    }),
    defineRoute({
      endpoint: settingListEndpoint,
      access: permission(P.setting, P.agreement),
      handler: async ({ scope }) => listSettingStates(scope),
    }),
    defineRoute({
      endpoint: saveSettingEndpoint,
      access: permission(P.setting, P.agreement),
      handler: async ({ scope, principal, body }) => saveSetting(scope, principal, body),
    }),
    defineRoute({
      endpoint: saveSettingsBatchEndpoint,
      access: permission(P.setting),
      handler: async ({ scope, principal, body }) => saveSettings(scope, principal, body, '[#].'),
    }),

    // Sites and rooms (spec S1.7.4).
    defineRoute({
      endpoint: siteListEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, query }) => listSites(scope, query),
    }),
    defineRoute({
      endpoint: createSiteEndpoint,
      access: permission(P.setting),
      handler: async ({ scope, body }) => createSite(scope, body),
    }),
    defineRoute({
      endpoint: updateSiteEndpoint,
      access: permission(P.setting),
      handler: async ({ scope, body }) => changeSite(scope, body),
    }),
    defineRoute({
      endpoint: deleteSiteEndpoint,
      access: permission(P.setting),
      handler: async ({ scope, body }) => removeSite(scope, body.id),
    }),

    // Page setup (spec S0.1.7, S0.7.16); reading it is public, in modules/tenants.
    defineRoute({
      endpoint: savePageSetupEndpoint,
      access: permission(P.pageSetup),
      // Two images of at most 256 KiB as base64 data URLs, and the titles.
      bodyLimit: 1024 * 1024,
      outsideTransaction: { before: (token) => limitUploads(system, token) },
      handler: async ({ scope, body }) => savePageSetup(scope, body),
    }),

    // Dictionaries: every signed-in user reads the items offered; the administrator edits.
    defineRoute({
      endpoint: dictByTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, params }) => getDict(scope, params.type),
    }),
    defineRoute({
      endpoint: dictPageEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, query }) => listDicts(scope, query),
    }),
    defineRoute({
      endpoint: createDictEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, body }) => createDict(scope, body),
    }),
    defineRoute({
      endpoint: updateDictEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, body }) => changeDict(scope, body),
    }),
    defineRoute({
      endpoint: deleteDictEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, params }) => removeDict(scope, params.id),
    }),
    defineRoute({
      endpoint: dictItemListEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, query }) => listDictItems(scope, query.dictId),
    }),
    defineRoute({
      endpoint: createDictItemEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, body }) => createDictItem(scope, body),
    }),
    defineRoute({
      endpoint: updateDictItemEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, body }) => changeDictItem(scope, body),
    }),
    defineRoute({
      endpoint: deleteDictItemEndpoint,
      access: permission(P.dict),
      handler: async ({ scope, params }) => removeDictItem(scope, params.id),
    }),

    // Builder helpers (spec S0.7.21, docs/builder-helpers.md): lookups for every signed-in user.
    defineRoute({
      endpoint: interviewResultsEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, lang }) => listInterviewResults(scope, lang),
    }),
    defineRoute({
      endpoint: schemeCategoryEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, lang }) => listSchemeCategories(scope, lang),
    }),
    defineRoute({
      endpoint: findScheduleTimeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, body }) => findScheduleTime(scope, body),
    }),
  ] as RouteDef[];
