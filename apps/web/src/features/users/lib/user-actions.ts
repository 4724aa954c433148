import type { PermissionKey } from '@psy/contracts';

/**
 * Which buttons of the user list a signed-in user gets (spec S0.6: buttons by permission key; keys of the
 * seed catalogue, menu `sys_user`), checked with `allowedButtons`. Only a type is imported: the feature's
 * manifest lists these keys, and it loads with the layout.
 */
export const USER_BUTTONS = {
  add: 'admin_userInfo_add',
  edit: 'admin_userInfo_edit',
  del: 'admin_userInfo_del',
  export: 'admin_userInfo_export',
  audit: 'admin_userInfo_audit',
  resetPwd: 'admin_userInfo_resetPwd',
} as const satisfies Record<string, PermissionKey>;
export type UserButton = keyof typeof USER_BUTTONS;
