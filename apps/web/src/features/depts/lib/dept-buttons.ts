import { allowedButtons, type PermissionKey } from '@psy/contracts';
/** Buttons of the departments page by permission key (seed catalogue, menu `sys_dept`). Pure. */
export const DEPT_BUTTONS = {
  add: 'admin_dept_add',
  edit: 'admin_dept_edit',
  del: 'admin_dept_del',
} as const satisfies Record<string, PermissionKey>;
export type DeptButton = keyof typeof DEPT_BUTTONS;

export const allowedDeptButtons = (permissions: readonly string[]): Record<DeptButton, boolean> =>
  allowedButtons(DEPT_BUTTONS, permissions);
