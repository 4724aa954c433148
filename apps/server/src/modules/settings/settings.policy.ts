import { AGREEMENT_SETTING_CODE } from '@psy/contracts';
import type { Principal } from '../../core/http/context';

/** Permission keys of the administration pages (menu codes, seed/catalog.ts). */
export const SETTINGS_PERMISSIONS = {
  dict: 'sys_dict',
  setting: 'sys_setting',
  pageSetup: 'sys_page_setup',
  agreement: 'sys_agreement',
} as const;

/**
 * Who may save a setting code: the settings page (sys_setting) any code; the agreements page
 * (sys_agreement) its own code too.
 */
export function canWriteSetting(p: Principal, code: string): boolean {
  if (p.permissions.has(SETTINGS_PERMISSIONS.setting)) return true;
  return code === AGREEMENT_SETTING_CODE && p.permissions.has(SETTINGS_PERMISSIONS.agreement);
}
