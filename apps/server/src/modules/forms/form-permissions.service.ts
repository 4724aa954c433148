import type { TenantScope } from '../../core/db/database';
import { badRequest } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { requireRole } from '../identity';
import { findFormPermissions, replaceFormPermissions } from './form-permissions.repository';
import { findMissingFormIds } from './forms.repository';

/*
 * Role form permissions (docs/roles-and-products.md "Form permissions"): the role administration's calls,
 * served by the form engine because the table names both a role and a form.
 */

/**
 * Form permissions of the roles that apply to the caller (`findRoleFormPermission`): per form, allowed
 * when any applying role allows it. Forms without a row are not listed: they follow the form's own rules.
 */
export async function findMyFormPermissions(scope: TenantScope, p: Principal, formId?: number) {
  const rows = await findFormPermissions(scope, p.effectiveRoleIds, formId);
  const byForm = new Map<number, { formId: number; view: boolean; edit: boolean }>();
  for (const r of rows) {
    const cur = byForm.get(r.formId) ?? { formId: r.formId, view: false, edit: false };
    cur.view ||= r.view || r.edit;
    cur.edit ||= r.edit;
    byForm.set(r.formId, cur);
  }
  return [...byForm.values()];
}

export async function getRoleFormPermissions(scope: TenantScope, roleId: number) {
  await requireRole(scope, roleId);
  return findFormPermissions(scope, [roleId]);
}

/** Replaces a role's form permissions; edit implies view. Every form must be one of the school's. */
export async function saveRoleFormPermissions(
  scope: TenantScope,
  body: { roleId: number; items: { formId: number; view: boolean; edit: boolean }[] },
) {
  await requireRole(scope, body.roleId);
  const missing = await findMissingFormIds(
    scope,
    body.items.map((i) => i.formId),
  );
  const bad = body.items.findIndex((i) => missing.has(i.formId));
  if (bad >= 0) throw badRequest(`items[${bad}].formId`, 'the form does not exist');
  await replaceFormPermissions(
    scope,
    body.roleId,
    body.items.map((i) => ({ formId: i.formId, view: i.view || i.edit, edit: i.edit })),
  );
  return findFormPermissions(scope, [body.roleId]);
}
