import { allowedButtons, type PermissionKey } from '@psy/contracts';
/**
 * Which buttons of the user list a signed-in user gets (spec S0.6: buttons by permission key; keys of the
 * seed catalogue, menu `sys_user`), and the batch-delete rule (spec S0.5.17). Pure.
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

/** The buttons the permission keys allow. */
export const allowedUserButtons = (permissions: readonly string[]): Record<UserButton, boolean> =>
  allowedButtons(USER_BUTTONS, permissions);

/** Spec S0.5.17: a batch delete needs ticked rows ('please tick the data to delete'). */
export function batchDeleteIssue(selectedIds: readonly unknown[]): 'noneTicked' | null {
  return selectedIds.length === 0 ? 'noneTicked' : null;
}
