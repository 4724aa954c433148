import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { roleFormPermission } from './form-permissions.table';

/** Stored form permissions of some roles, optionally for one form. */
export async function findFormPermissions({ tx, tenantId }: TenantScope, roleIds: number[], formId?: number) {
  if (roleIds.length === 0) return [];
  return tx
    .select({
      formId: roleFormPermission.formId,
      roleId: roleFormPermission.roleId,
      view: roleFormPermission.canView,
      edit: roleFormPermission.canEdit,
    })
    .from(roleFormPermission)
    .where(
      and(
        eq(roleFormPermission.tenantId, tenantId),
        inArray(roleFormPermission.roleId, roleIds),
        formId !== undefined ? eq(roleFormPermission.formId, formId) : undefined,
      ),
    )
    .orderBy(asc(roleFormPermission.formId), asc(roleFormPermission.roleId));
}

/** Replaces every form permission of one role. */
export async function replaceFormPermissions(
  { tx, tenantId }: TenantScope,
  roleId: number,
  items: { formId: number; view: boolean; edit: boolean }[],
) {
  await tx
    .delete(roleFormPermission)
    .where(and(eq(roleFormPermission.tenantId, tenantId), eq(roleFormPermission.roleId, roleId)));
  if (items.length === 0) return;
  await tx
    .insert(roleFormPermission)
    .values(items.map((i) => ({ tenantId, roleId, formId: i.formId, canView: i.view, canEdit: i.edit })));
}
