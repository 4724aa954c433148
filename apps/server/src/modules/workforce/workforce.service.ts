import {
  categoryIdSchema,
  SINGLE_SESSION_CATEGORY_ID,
  WORKFORCE_CATEGORY_DICT,
  WORKFORCE_ROLE_CODES,
  type FreeCounsellor,
  type Lang,
  type Workforce,
} from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { isDeptInScope } from '../identity';
import { getDict } from '../settings';
import {
  deleteWorkforce,
  findFreeCounsellors,
  findWorkforce,
  findWorkforceSubject,
  replaceWorkforce,
} from './workforce.repository';
import { canEditWorkforce, isStaff, isWorkforceMember, workforceScopeOf } from './workforce.policy';

/** Categories a counsellor may be given: the enabled values of the school's `categoryId` dictionary and 10. */
export async function allowedCategoryIds(scope: TenantScope): Promise<Set<number>> {
  const items = await getDict(scope, WORKFORCE_CATEGORY_DICT);
  const ids = items.flatMap((i) => {
    const id = categoryIdSchema.safeParse(i.value);
    return id.success ? [id.data] : [];
  });
  return new Set([...ids, SINGLE_SESSION_CATEGORY_ID]);
}

async function loadFree(scope: TenantScope, categoryId: number): Promise<FreeCounsellor[]> {
  const rows = await findFreeCounsellors(scope, categoryId, WORKFORCE_ROLE_CODES);
  return rows.map((r) => ({
    id: r.id,
    value: String(r.id),
    label: r.realName,
    realName: r.realName,
    deptName: r.deptName ?? null,
  }));
}

/**
 * `POST /consult/workforce/schedule/freeUser` (spec S0.7.21, S1.7.12): counsellors free for a category,
 * by name. A category nobody works answers an empty list (a form asking with a category the school has
 * since switched off still gets an answer). Staff only.
 */
export async function listFreeCounsellors(scope: TenantScope, p: Principal, categoryId: number) {
  if (!isStaff(p)) throw forbidden('only staff see which counsellors are free');
  return loadFree(scope, categoryId);
}

/**
 * Option loader of the list path `/consult/workforce/schedule/freeUser?categoryId={...}` for the form
 * engine (validating submitted answers): `{value, label}` per free counsellor; no options without a
 * valid `categoryId`.
 */
export async function freeCounsellorOptions(
  scope: TenantScope,
  input: { tenantId: number; lang: Lang; params: Record<string, string> },
): Promise<{ value: string; label: string }[]> {
  const categoryId = categoryIdSchema.safeParse(input.params.categoryId?.trim() ?? '');
  if (!categoryId.success) return [];
  const free = await loadFree(scope, categoryId.data);
  return free.map((f) => ({ value: f.value, label: f.label }));
}

/**
 * The subject of an edit: a live user of the school inside the caller's data scope. Unknown users are
 * refused on the field naming them (`field`), users outside the scope with 403.
 */
async function subjectForEdit(scope: TenantScope, p: Principal, userId: number, field: string) {
  const subject = await findWorkforceSubject(scope, userId);
  if (!subject) throw badRequest(field, 'no such user in this school');
  if (!isDeptInScope(await workforceScopeOf(scope, p), subject.deptId)) {
    throw forbidden(`${field}: the user is outside your department`);
  }
  return subject;
}

/** `GET /consult/workforce/user/{id}`: for the person themselves or an editor whose scope includes them. */
export async function getWorkforce(scope: TenantScope, p: Principal, userId: number): Promise<Workforce> {
  const subject = await findWorkforceSubject(scope, userId);
  if (!subject) throw notFound('user');
  if (userId !== p.userId) {
    if (!canEditWorkforce(p)) throw forbidden();
    if (!isDeptInScope(await workforceScopeOf(scope, p), subject.deptId)) {
      throw forbidden('the user is outside your department');
    }
  }
  return { userId, ...(await findWorkforce(scope, userId)) };
}

/**
 * `POST /consult/workforce/workForTeacher`: replaces a counsellor's categories and accepting flag. The
 * user must hold a counsellor role; every category must be offered by the school (or be 10).
 */
export async function saveWorkforce(
  scope: TenantScope,
  p: Principal,
  body: { userId: number; categoryIds: number[]; accepting: boolean },
): Promise<Workforce> {
  const subject = await subjectForEdit(scope, p, body.userId, 'userId');
  if (!isWorkforceMember(subject.roleCodes)) {
    throw badRequest('userId', `the user holds no counsellor role (${WORKFORCE_ROLE_CODES.join(', ')})`);
  }
  const categoryIds = [...new Set(body.categoryIds)].sort((a, b) => a - b);
  const allowed = await allowedCategoryIds(scope);
  const unknown = categoryIds.filter((id) => !allowed.has(id));
  if (unknown.length > 0) {
    throw badRequest('categoryIds', `unknown or switched-off category: ${unknown.join(', ')}`);
  }
  await replaceWorkforce(scope, { ...body, categoryIds, updatedBy: p.userId });
  return { userId: body.userId, categoryIds, accepting: body.accepting };
}

/** `GET /consult/workforce/del`: removes the person's categories and flag; they are no longer listed. */
export async function removeWorkforce(scope: TenantScope, p: Principal, userId: number): Promise<Workforce> {
  await subjectForEdit(scope, p, userId, 'userId');
  await deleteWorkforce(scope, userId);
  return { userId, categoryIds: [], accepting: true };
}
