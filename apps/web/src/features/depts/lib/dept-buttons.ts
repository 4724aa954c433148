/** Buttons of the departments page by permission key (seed catalogue, menu `sys_dept`). Pure. */
export const DEPT_BUTTONS = {
  add: 'admin_dept_add',
  edit: 'admin_dept_edit',
  del: 'admin_dept_del',
} as const;
export type DeptButton = keyof typeof DEPT_BUTTONS;

export function allowedDeptButtons(permissions: readonly string[]): Record<DeptButton, boolean> {
  const keys = new Set(permissions);
  return {
    add: keys.has(DEPT_BUTTONS.add),
    edit: keys.has(DEPT_BUTTONS.edit),
    del: keys.has(DEPT_BUTTONS.del),
  };
}
