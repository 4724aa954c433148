import {
  DEFAULT_SCHEDULING_POLICY,
  schedulingPolicySchema,
  type AppointmentType,
  type BookingSite,
  type Lang,
  type SchedulingPolicy,
} from '@psy/contracts';
import {
  enabledAppointmentTypes,
  termOf,
  zonedDate,
  type Term,
  type TermRef,
  type TypeSwitches,
} from '@psy/scheduling';
import type { TenantScope } from '../../core/db/database';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { getSettingState } from '../settings';
import {
  deleteHoliday,
  deleteTerm,
  findDeptAncestry,
  findHolidays,
  findHoldsOf,
  findKeyHoldersWith,
  findLiveDeptIds,
  findNoticeRead,
  findPerson,
  findPolicy,
  findSites,
  findTerms,
  insertHoliday,
  insertTerm,
  isProductEnabled,
  replaceSiteDepts,
  saveNoticeRead,
  updateTerm,
  upsertPolicy,
  upsertSiteProfile,
  type SiteRow,
} from './scheduling.repository';
import { guardClashes } from './scheduling.refusals';
import { P, isStaff } from './scheduling.policy';
import { inTurn } from '../../core/db/in-turn';

// ---------------------------------------------------------------------------------------------------
// The booking rules

/**
 * The school's rules with defaults filled in. A stored value that no longer fits the schema (a field
 * removed or tightened since) falls back field by field to the defaults rather than failing every booking.
 */
export async function getPolicy(scope: TenantScope): Promise<SchedulingPolicy> {
  const row = await findPolicy(scope);
  if (!row) return DEFAULT_SCHEDULING_POLICY;
  const parsed = schedulingPolicySchema.safeParse(row.value);
  if (parsed.success) return parsed.data;
  const merged: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row.value)) {
    const one = schedulingPolicySchema.safeParse({ [k]: v });
    if (one.success) merged[k] = v;
  }
  return schedulingPolicySchema.parse(merged);
}

export async function getPolicyAnswer(scope: TenantScope) {
  const row = await findPolicy(scope);
  return {
    policy: await getPolicy(scope),
    saved: row !== null,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/**
 * `POST /consult/schedule/policy`: approvers must be active users of the school holding `consult_approve`
 * (whom `approverCandidates` offers): a step named to someone who cannot open the approvals page would
 * wait for ever.
 */
export async function savePolicy(scope: TenantScope, p: Principal, policy: SchedulingPolicy) {
  const named = Object.values(policy.approvals).flatMap((rule) => rule.approverIds);
  const holds = await findHoldsOf(scope, P.approve, named);
  for (const [option, rule] of Object.entries(policy.approvals)) {
    for (const [i, id] of rule.approverIds.entries()) {
      const field = `approvals.${option}.approverIds[${i}]`;
      if (!holds.has(id)) throw badRequest(field, 'no such user in this school');
      if (!holds.get(id)) throw badRequest(field, 'is not an active user holding the approval permission');
    }
  }
  await upsertPolicy(scope, policy as unknown as Record<string, unknown>, p.userId);
  return getPolicyAnswer(scope);
}

/**
 * `approverCandidates`: whom the rules may name as approvers. A centre's approver is often its director
 * or an administrator who does not counsel, so the candidates are every active holder of
 * `consult_approve` (the permission of the approvals page, whatever their role), and anyone the rules
 * already name (flagged when they no longer hold it, so the picker can show and replace them).
 */
export async function approverCandidates(scope: TenantScope) {
  const policy = await getPolicy(scope);
  const named = [...new Set(Object.values(policy.approvals).flatMap((rule) => rule.approverIds))];
  const rows = await findKeyHoldersWith(scope, P.approve, named);
  return rows.map((r) => ({
    id: r.id,
    realName: r.realName,
    deptName: r.deptName ?? null,
    holdsApprove: r.holds,
  }));
}

// ---------------------------------------------------------------------------------------------------
// Terms and holidays

export const loadTerms = (scope: TenantScope): Promise<Term[]> => findTerms(scope);

/** The term (or fallback half-year) of an instant's day in the school's zone. */
export async function termRefOf(
  scope: TenantScope,
  instant: Date,
  policy: SchedulingPolicy,
  terms?: Term[],
): Promise<TermRef> {
  return termOf(zonedDate(instant, policy.timeZone), terms ?? (await loadTerms(scope)));
}

export async function saveTerm(
  scope: TenantScope,
  lang: Lang,
  body: { id?: number; name: string; startDate: string; endDate: string },
) {
  const { id, ...fields } = body;
  return guardClashes(lang, async () => {
    if (id === undefined) return insertTerm(scope, fields);
    const row = await updateTerm(scope, id, fields);
    if (!row) throw notFound('term');
    return row;
  });
}

export async function removeTerm(scope: TenantScope, id: number) {
  if (!(await deleteTerm(scope, id))) throw notFound('term');
  return { id };
}

export const listHolidays = (scope: TenantScope, range: { startDate?: string; endDate?: string }) =>
  findHolidays(scope, range);

/** Records a holiday (appointments' time-off service withdraws the slots and tells the visitors). */
export const addHoliday = (
  scope: TenantScope,
  h: { name: string; startDate: string; endDate: string; createdBy: number },
) => insertHoliday(scope, h);

export async function removeHoliday(scope: TenantScope, id: number) {
  if (!(await deleteHoliday(scope, id))) throw notFound('holiday');
  return { id };
}

/** Holiday days in a range, as a set of `yyyy-MM-dd` (slot generation skips them). */
export async function closedDates(
  scope: TenantScope,
  startDate: string,
  endDate: string,
): Promise<Set<string>> {
  const out = new Set<string>();
  for (const h of await findHolidays(scope, { startDate, endDate })) {
    for (let d = h.startDate; d <= h.endDate; d = nextDay(d)) out.add(d);
  }
  return out;
}
const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

// ---------------------------------------------------------------------------------------------------
// Appointment types (S1.4.7-S1.4.11)

export interface TypeState {
  enabled: AppointmentType[];
  /** `ytmssz.interviewEnable`: visitors may book psychological interviews themselves. */
  interviewByVisitor: boolean;
  /** `zxyyms.bookingCheckEnable`: a visitor's own booking waits for the centre to confirm it. */
  bookingNeedsConfirmation: boolean;
}

/** The types the school's switches enable now. */
export async function appointmentTypeState(scope: TenantScope, policy: SchedulingPolicy): Promise<TypeState> {
  const [zxyyms, sfqyycdy, ytmssz, crisis, group] = await inTurn([
    () => getSettingState(scope, 'zxyyms'),
    () => getSettingState(scope, 'sfqyycdy'),
    () => getSettingState(scope, 'ytmssz'),
    () => isProductEnabled(scope, 'CRISIS'),
    () => isProductEnabled(scope, 'GROUP_COUNSELLING'),
  ]);
  const switches: TypeSwitches = {
    bookingMode: { enabled: zxyyms.enable, assessMode: Number(zxyyms.value.assessMode ?? 0) },
    primaryUnit: sfqyycdy.enable,
    interview: ytmssz.enable,
    crisisProduct: crisis,
    groupProduct: group,
    peerTalk: policy.peerTalkEnabled,
  };
  return {
    enabled: enabledAppointmentTypes(switches),
    interviewByVisitor: ytmssz.enable && ytmssz.value.interviewEnable === true,
    bookingNeedsConfirmation: zxyyms.enable && zxyyms.value.bookingCheckEnable === true,
  };
}

// ---------------------------------------------------------------------------------------------------
// Sites by department and by type (S1.7.13)

const toSite = (r: SiteRow): BookingSite => ({
  id: r.id,
  name: r.name,
  address: r.address,
  phone: r.phone,
  description: r.description,
  notice: r.notice,
  noticeVersion: r.noticeVersion,
  categories: r.categories,
  deptIds: r.deptIds,
  rooms: r.rooms,
});

/** Whether a site serves a department: it lists none, or the department or one of its ancestors. */
export const siteServes = (s: Pick<SiteRow, 'deptIds'>, ancestry: readonly number[]): boolean =>
  s.deptIds.length === 0 || s.deptIds.some((d) => ancestry.includes(d));

export async function deptAncestry(scope: TenantScope, deptId: number | null): Promise<number[]> {
  return deptId === null ? [] : findDeptAncestry(scope, deptId);
}

/** Whether a site serves a visitor (by their department); unknown sites serve nobody. */
export async function siteServesVisitor(
  scope: TenantScope,
  siteId: number,
  visitorId: number,
): Promise<boolean> {
  const [s] = await findSites(scope, { ids: [siteId], enabledOnly: false });
  if (!s) return false;
  if (s.deptIds.length === 0) return true;
  const person = await findPerson(scope, visitorId);
  return siteServes(s, await deptAncestry(scope, person?.deptId ?? null));
}

/** The sites a caller may use: staff every enabled site, a visitor those serving their department. */
export async function sitesForCaller(scope: TenantScope, p: Principal): Promise<BookingSite[]> {
  const sites = await findSites(scope);
  if (isStaff(p)) return sites.map(toSite);
  const ancestry = await deptAncestry(scope, p.profile.deptId);
  return sites.filter((s) => siteServes(s, ancestry)).map(toSite);
}

export async function sitesByType(scope: TenantScope, p: Principal, category: number) {
  return (await sitesForCaller(scope, p)).filter(
    (s) => s.categories.length === 0 || s.categories.includes(category),
  );
}

async function requireSite(scope: TenantScope, siteId: number, field = 'siteId') {
  const [s] = await findSites(scope, { ids: [siteId], enabledOnly: false });
  if (!s) throw badRequest(field, 'not a site of the school');
  return s;
}

export async function noticeState(scope: TenantScope, p: Principal, siteId: number, mark: boolean) {
  const s = await requireSite(scope, siteId);
  if (mark && s.notice) await saveNoticeRead(scope, siteId, p.userId, s.noticeVersion);
  const read = await findNoticeRead(scope, siteId, p.userId);
  // A site without a notice has nothing to show: it counts as seen.
  const exist = !s.notice || (read !== null && read.noticeVersion >= s.noticeVersion);
  return { exist, notice: s.notice, noticeVersion: s.noticeVersion };
}

export async function roomsOfSite(scope: TenantScope, siteId: number) {
  return (await requireSite(scope, siteId)).rooms;
}

async function deptOrCaller(scope: TenantScope, p: Principal, deptId: number | undefined) {
  if (deptId === undefined) return p.profile.deptId;
  if (!isStaff(p) && deptId !== p.profile.deptId) throw forbidden('only your own department');
  if ((await findLiveDeptIds(scope, [deptId])).length === 0)
    throw badRequest('deptId', 'not a department of the school');
  return deptId;
}

/** `deptVerify`: whether a site serves the department, and which. */
export async function verifyDept(scope: TenantScope, p: Principal, deptId?: number) {
  const d = await deptOrCaller(scope, p, deptId);
  const ancestry = await deptAncestry(scope, d);
  const serving = (await findSites(scope)).filter((s) => siteServes(s, ancestry));
  return { verified: serving.length > 0, siteIds: serving.map((s) => s.id) };
}

/** `singleDeptSite`: the site naming the department or its nearest ancestor (else one serving everyone). */
export async function singleSiteOfDept(scope: TenantScope, p: Principal, deptId?: number) {
  const d = await deptOrCaller(scope, p, deptId);
  const ancestry = await deptAncestry(scope, d);
  const sites = await findSites(scope);
  for (const a of ancestry) {
    const s = sites.find((x) => x.deptIds.includes(a));
    if (s) return toSite(s);
  }
  const open = sites.find((s) => s.deptIds.length === 0);
  return open ? toSite(open) : null;
}

export async function sitesOfDepts(scope: TenantScope, deptIds: number[]) {
  const sites = await findSites(scope);
  const out = new Map<number, SiteRow>();
  for (const d of deptIds) {
    const ancestry = await deptAncestry(scope, d);
    for (const s of sites) if (siteServes(s, ancestry)) out.set(s.id, s);
  }
  return [...out.values()].map(toSite);
}

export async function getSiteProfile(scope: TenantScope, siteId: number) {
  return toSite(await requireSite(scope, siteId));
}

export async function saveSiteProfile(
  scope: TenantScope,
  body: { siteId: number; notice?: string | null; deptIds: number[]; categories: number[] },
) {
  await requireSite(scope, body.siteId);
  const deptIds = [...new Set(body.deptIds)];
  const live = await findLiveDeptIds(scope, deptIds);
  const unknown = deptIds.filter((d) => !live.includes(d));
  if (unknown.length) throw badRequest('deptIds', `not departments of the school: ${unknown.join(', ')}`);
  const notice = body.notice?.trim() ? body.notice.trim() : null;
  await upsertSiteProfile(scope, body.siteId, {
    notice,
    categories: [...new Set(body.categories)].sort((a, b) => a - b),
  });
  await replaceSiteDepts(scope, body.siteId, deptIds);
  return getSiteProfile(scope, body.siteId);
}

export { requireSite };
