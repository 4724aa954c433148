import { FOCUS_SETTING_EDIT_PERMISSION, FOCUS_SETTING_PERMISSION } from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';

/**
 * Who may do what with the key-person option lists: the administration page lists them (menu key, or
 * the edit button alone), the button key changes them, and every signed-in user reads the enabled
 * entries, which forms offer as options.
 */
export const FOCUS_SETTING_ACCESS = {
  page: permission(FOCUS_SETTING_PERMISSION, FOCUS_SETTING_EDIT_PERMISSION),
  edit: permission(FOCUS_SETTING_EDIT_PERMISSION),
  options: AUTHENTICATED,
} as const;
