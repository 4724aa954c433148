import { FORM_PERMISSIONS, WORKFORCE_ROLE_CODES } from '@psy/contracts';
import type { Principal } from '../../core/http/context';
import { canSeeSensitive } from '../identity';

/** A role's stored permission on one form (`role_form_permission`), or null when no applying role has a row. */
export type FormRolePermission = { view: boolean; edit: boolean } | null;

/** Role codes of the roles whose permissions apply: the `@psy/forms` viewer (visibleCharacters, signatures). */
export function roleCodesOf(p: Principal): string[] {
  return p.roles.filter((r) => p.effectiveRoleIds.includes(r.roleId)).map((r) => r.roleCode);
}

/*
 * The two rules below are the workforce module's (workforce.policy.ts) restated: that module is a business
 * one the form engine may not import, and both read only the principal and the shared role codes.
 */

/** Staff: a role other than the ordinary user's applies (students and visitors never grade anyone). */
export function isStaff(p: Principal): boolean {
  return p.roles.some((r) => p.effectiveRoleIds.includes(r.roleId) && r.roleCode !== 'ROLE_GENERAL');
}

/** The counsellor roles that fill case and interview records. */
export function isWorkforceMember(roleCodes: readonly string[]): boolean {
  return roleCodes.some((code) => (WORKFORCE_ROLE_CODES as readonly string[]).includes(code));
}

/** Builder and smart-form settings: `admin_form_edit`. */
export const canEditForms = (p: Principal) => p.permissions.has(FORM_PERMISSIONS.edit);
/** Form administrators (`sys_form`) may read every answer (never edit one without a form permission). */
export const canReadAllAnswers = (p: Principal) => p.permissions.has(FORM_PERMISSIONS.menu);

/**
 * Who may see and change an answer (docs/forms.md "Server"): its subject and its author (field rules of
 * the definition decide which fields each of them edits); roles with a form permission row (view / edit);
 * form administrators read. Everyone else gets nothing.
 */
export function answerAccess(
  p: Principal,
  answer: { userId: number; createdBy: number },
  perm: FormRolePermission,
): { canView: boolean; canEdit: boolean } {
  const own = answer.userId === p.userId || answer.createdBy === p.userId;
  const canEdit = own || perm?.edit === true;
  const canView = canEdit || perm?.view === true || canReadAllAnswers(p);
  return { canView, canEdit };
}

/** Whether the caller may start an answer about `subjectId`: their own, or with an edit permission on the form. */
export const mayCreateAnswer = (p: Principal, subjectId: number, perm: FormRolePermission) =>
  subjectId === p.userId || perm?.edit === true;

/** Personal values of masked columns are masked unless the answer is the viewer's own or they may see them. */
export const answerMaskedFor = (p: Principal, subjectId: number) =>
  subjectId !== p.userId && !canSeeSensitive(p);
