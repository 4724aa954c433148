import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { deptsView, rolesView, userRolesView, usersView } from '../identity';
import {
  isProductEnabled as isSchoolProductEnabled,
  menusView,
  roleMenusView,
  tenantProductsView,
} from '../products';
import { siteRoomsView, sitesView } from '../settings';
import { findWorkforce } from '../workforce';
import {
  scheduleSlot,
  scheduleTemplate,
  schedulingPolicy,
  schoolHoliday,
  schoolTerm,
  siteDept,
  siteNoticeRead,
  siteProfile,
} from './scheduling.table';
import { slotBookings } from './slot-bookings.repository';

// The owners' read views under their table names, so the statements read as they did on the tables.
const sysUser = usersView('sys_user');
const dept = deptsView('dept');
const site = sitesView('site');
const siteRoom = siteRoomsView('site_room');

// ---------------------------------------------------------------------------------------------------
// Policy, terms, holidays

export async function findPolicy({ tx, tenantId }: TenantScope) {
  const [row] = await tx.select().from(schedulingPolicy).where(eq(schedulingPolicy.tenantId, tenantId));
  return row ?? null;
}

export async function upsertPolicy(
  { tx, tenantId }: TenantScope,
  value: Record<string, unknown>,
  userId: number,
) {
  const [row] = await tx
    .insert(schedulingPolicy)
    .values({ tenantId, value, updatedBy: userId })
    .onConflictDoUpdate({
      target: schedulingPolicy.tenantId,
      set: { value, updatedBy: userId, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}

export function findTerms({ tx, tenantId }: TenantScope) {
  return tx
    .select({
      id: schoolTerm.id,
      name: schoolTerm.name,
      startDate: schoolTerm.startDate,
      endDate: schoolTerm.endDate,
    })
    .from(schoolTerm)
    .where(eq(schoolTerm.tenantId, tenantId))
    .orderBy(asc(schoolTerm.startDate));
}

export async function insertTerm(
  { tx, tenantId }: TenantScope,
  t: { name: string; startDate: string; endDate: string },
) {
  const [row] = await tx
    .insert(schoolTerm)
    .values({ tenantId, ...t })
    .returning();
  return row!;
}

export async function updateTerm(
  { tx, tenantId }: TenantScope,
  id: number,
  t: { name: string; startDate: string; endDate: string },
) {
  const [row] = await tx
    .update(schoolTerm)
    .set(t)
    .where(and(eq(schoolTerm.tenantId, tenantId), eq(schoolTerm.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTerm({ tx, tenantId }: TenantScope, id: number) {
  const rows = await tx
    .delete(schoolTerm)
    .where(and(eq(schoolTerm.tenantId, tenantId), eq(schoolTerm.id, id)))
    .returning({ id: schoolTerm.id });
  return rows.length > 0;
}

export function findHolidays({ tx, tenantId }: TenantScope, range: { startDate?: string; endDate?: string }) {
  return tx
    .select({
      id: schoolHoliday.id,
      name: schoolHoliday.name,
      startDate: schoolHoliday.startDate,
      endDate: schoolHoliday.endDate,
    })
    .from(schoolHoliday)
    .where(
      and(
        eq(schoolHoliday.tenantId, tenantId),
        range.endDate ? lte(schoolHoliday.startDate, range.endDate) : undefined,
        range.startDate ? gte(schoolHoliday.endDate, range.startDate) : undefined,
      ),
    )
    .orderBy(asc(schoolHoliday.startDate));
}

export async function insertHoliday(
  { tx, tenantId }: TenantScope,
  h: { name: string; startDate: string; endDate: string; createdBy: number },
) {
  const [row] = await tx
    .insert(schoolHoliday)
    .values({ tenantId, ...h })
    .returning();
  return row!;
}

export async function deleteHoliday({ tx, tenantId }: TenantScope, id: number) {
  const rows = await tx
    .delete(schoolHoliday)
    .where(and(eq(schoolHoliday.tenantId, tenantId), eq(schoolHoliday.id, id)))
    .returning({ id: schoolHoliday.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------
// School switches that decide the appointment types

/** Whether a product is enabled for the school. */
export function isProductEnabled(scope: TenantScope, code: string): Promise<boolean> {
  return isSchoolProductEnabled(scope, code);
}

// ---------------------------------------------------------------------------------------------------
// Sites

export interface SiteRow {
  id: number;
  name: string;
  address: string | null;
  phone: string | null;
  description: string | null;
  enabled: boolean;
  notice: string | null;
  noticeVersion: number;
  categories: number[];
  deptIds: number[];
  rooms: { id: number; name: string; capacity: number | null }[];
}

/** Live sites (enabled only unless `all`) with their profile, departments and live enabled rooms. */
export async function findSites(
  { tx, tenantId }: TenantScope,
  opts: { ids?: number[]; enabledOnly?: boolean } = {},
): Promise<SiteRow[]> {
  const rows = await tx
    .select({
      id: site.id,
      name: site.name,
      address: site.address,
      phone: site.phone,
      description: site.description,
      enabled: site.enabled,
      notice: siteProfile.notice,
      noticeVersion: sql<number>`coalesce(${siteProfile.noticeVersion}, 0)`.mapWith(Number),
      categories: sql<number[]>`coalesce(${siteProfile.categories}, '{}'::integer[])`,
      deptIds: sql<unknown[]>`coalesce((select array_agg(d.dept_id order by d.dept_id) from ${siteDept} d
        where d.tenant_id = ${site.tenantId} and d.site_id = ${site.id}), '{}')`,
    })
    .from(site)
    .leftJoin(siteProfile, and(eq(siteProfile.tenantId, site.tenantId), eq(siteProfile.siteId, site.id)))
    .where(
      and(
        eq(site.tenantId, tenantId),
        isNull(site.deletedAt),
        opts.enabledOnly === false ? undefined : eq(site.enabled, true),
        opts.ids ? inArray(site.id, opts.ids.length ? opts.ids : [-1]) : undefined,
      ),
    )
    .orderBy(asc(site.sort), asc(site.id));
  if (rows.length === 0) return [];
  const rooms = await tx
    .select({ id: siteRoom.id, siteId: siteRoom.siteId, name: siteRoom.name, capacity: siteRoom.capacity })
    .from(siteRoom)
    .where(
      and(
        eq(siteRoom.tenantId, tenantId),
        inArray(
          siteRoom.siteId,
          rows.map((r) => r.id),
        ),
        isNull(siteRoom.deletedAt),
        eq(siteRoom.enabled, true),
      ),
    )
    .orderBy(asc(siteRoom.sort), asc(siteRoom.id));
  return rows.map((r) => ({
    ...r,
    categories: (r.categories ?? []).map(Number),
    deptIds: (r.deptIds ?? []).map(toNumber),
    rooms: rooms.filter((x) => x.siteId === r.id).map(({ id, name, capacity }) => ({ id, name, capacity })),
  }));
}

export async function findRoom({ tx, tenantId }: TenantScope, roomId: number) {
  const [row] = await tx
    .select({ id: siteRoom.id, siteId: siteRoom.siteId, enabled: siteRoom.enabled })
    .from(siteRoom)
    .where(and(eq(siteRoom.tenantId, tenantId), eq(siteRoom.id, roomId), isNull(siteRoom.deletedAt)));
  return row ?? null;
}

export async function upsertSiteProfile(
  { tx, tenantId }: TenantScope,
  siteId: number,
  p: { notice: string | null; categories: number[] },
) {
  await tx
    .insert(siteProfile)
    .values({ tenantId, siteId, notice: p.notice, categories: p.categories, noticeVersion: p.notice ? 1 : 0 })
    .onConflictDoUpdate({
      target: [siteProfile.tenantId, siteProfile.siteId],
      set: {
        categories: p.categories,
        notice: p.notice,
        // A changed text is shown to everyone again.
        noticeVersion: sql`case when ${siteProfile.notice} is distinct from ${p.notice}
          then ${siteProfile.noticeVersion} + 1 else ${siteProfile.noticeVersion} end`,
        updatedAt: sql`now()`,
      },
    });
}

export async function replaceSiteDepts({ tx, tenantId }: TenantScope, siteId: number, deptIds: number[]) {
  await tx.delete(siteDept).where(and(eq(siteDept.tenantId, tenantId), eq(siteDept.siteId, siteId)));
  if (deptIds.length)
    await tx.insert(siteDept).values(deptIds.map((deptId) => ({ tenantId, siteId, deptId })));
}

export async function findLiveDeptIds({ tx, tenantId }: TenantScope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), inArray(dept.id, ids), eq(dept.delFlag, false)));
  return rows.map((r) => r.id);
}

/** A department and its ancestors, nearest first. */
export async function findDeptAncestry({ tx, tenantId }: TenantScope, deptId: number): Promise<number[]> {
  const res = await tx.execute(sql`
    with recursive up(id, parent_id, depth) as (
      select id, parent_id, 0 from ${dept} where tenant_id = ${tenantId} and id = ${deptId}
      union all
      select d.id, d.parent_id, up.depth + 1 from ${deptsView('d')} join up on d.id = up.parent_id
      where d.tenant_id = ${tenantId} and up.depth < 50)
    select id from up order by depth`);
  return rowsOf<{ id: unknown }>(res).map((r) => toNumber(r.id));
}

export async function findNoticeRead({ tx, tenantId }: TenantScope, siteId: number, userId: number) {
  const [row] = await tx
    .select({ noticeVersion: siteNoticeRead.noticeVersion })
    .from(siteNoticeRead)
    .where(
      and(
        eq(siteNoticeRead.tenantId, tenantId),
        eq(siteNoticeRead.siteId, siteId),
        eq(siteNoticeRead.userId, userId),
      ),
    );
  return row ?? null;
}

export async function saveNoticeRead(
  { tx, tenantId }: TenantScope,
  siteId: number,
  userId: number,
  version: number,
) {
  await tx
    .insert(siteNoticeRead)
    .values({ tenantId, siteId, userId, noticeVersion: version })
    .onConflictDoUpdate({
      target: [siteNoticeRead.tenantId, siteNoticeRead.siteId, siteNoticeRead.userId],
      set: { noticeVersion: version, readAt: sql`now()` },
    });
}

// ---------------------------------------------------------------------------------------------------
// People

/** A live user with department, sex and the codes of their live roles. */
export async function findPerson({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({
      id: sysUser.id,
      realName: sysUser.realName,
      deptId: sysUser.deptId,
      deptName: dept.name,
      sex: sysUser.sex,
      status: sysUser.status,
      roleCodes: sql<
        string[]
      >`coalesce((select array_agg(r.role_code order by r.id) from ${userRolesView('ur')}
        join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
        where ur.tenant_id = "sys_user"."tenant_id" and ur.user_id = "sys_user"."id"), '{}')`,
    })
    .from(sysUser)
    .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, userId), eq(sysUser.delFlag, false)));
  return row ?? null;
}

/** Whether the user of the row holds a permission key (the rule the principal's permissions follow). */
function holdsKey(key: string) {
  return sql`exists (select 1 from ${userRolesView('ur')}
      join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
      join ${roleMenusView('rm')} on rm.tenant_id = r.tenant_id and rm.role_id = r.id
      join ${menusView('m')} on m.tenant_id = rm.tenant_id and m.id = rm.menu_id and m.permission = ${key}
        and not m.del_flag
      join ${tenantProductsView('tp')} on tp.tenant_id = m.tenant_id and tp.product_id = m.product_id
        and tp.enabled
      where ur.tenant_id = ${sysUser.tenantId} and ur.user_id = ${sysUser.id})`;
}

/** Of some users, the live ones of the school and whether each is active and holds a permission key. */
export async function findHoldsOf({ tx, tenantId }: TenantScope, key: string, ids: readonly number[]) {
  if (!ids.length) return new Map<number, boolean>();
  const rows = await tx
    .select({
      id: sysUser.id,
      holds: sql<boolean>`${sysUser.status} = 'active' and ${holdsKey(key)}`.mapWith(Boolean),
    })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.delFlag, false), inArray(sysUser.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.holds]));
}

/**
 * Active users holding a permission key through a live role whose grant is a menu of an enabled product
 * (the rule the principal's permissions follow), plus the users `alsoIds` whatever they hold; each says
 * whether they hold the key. By name.
 */
export async function findKeyHoldersWith(
  { tx, tenantId }: TenantScope,
  key: string,
  alsoIds: readonly number[],
) {
  const holds = holdsKey(key);
  const rows = await tx
    .select({
      id: sysUser.id,
      realName: sysUser.realName,
      deptName: dept.name,
      holds: sql<boolean>`${holds}`.mapWith(Boolean),
    })
    .from(sysUser)
    .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        eq(sysUser.delFlag, false),
        alsoIds.length
          ? or(and(eq(sysUser.status, 'active'), holds), inArray(sysUser.id, [...alsoIds]))
          : and(eq(sysUser.status, 'active'), holds),
      ),
    )
    .orderBy(asc(sysUser.realName), asc(sysUser.id))
    .limit(1000);
  return rows;
}

/** Active users holding one of the role codes, optionally in some departments and matching a name. */
export function findCounsellors(
  { tx, tenantId }: TenantScope,
  opts: { roleCodes: readonly string[]; deptIds?: number[] | null; keyword?: string; ids?: number[] },
) {
  return tx
    .select({
      id: sysUser.id,
      realName: sysUser.realName,
      deptId: sysUser.deptId,
      deptName: dept.name,
      roleCodes: sql<
        string[]
      >`coalesce((select array_agg(r.role_code order by r.id) from ${userRolesView('ur')}
        join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
        where ur.tenant_id = "sys_user"."tenant_id" and ur.user_id = "sys_user"."id"), '{}')`,
    })
    .from(sysUser)
    .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
    .where(
      and(
        eq(sysUser.tenantId, tenantId),
        eq(sysUser.delFlag, false),
        eq(sysUser.status, 'active'),
        opts.ids ? inArray(sysUser.id, opts.ids.length ? opts.ids : [-1]) : undefined,
        opts.deptIds ? inArray(sysUser.deptId, opts.deptIds.length ? opts.deptIds : [-1]) : undefined,
        opts.keyword
          ? sql`${sysUser.realName} like ${`%${opts.keyword.replace(/[\\%_]/g, '\\$&')}%`}`
          : undefined,
        sql`exists (select 1 from ${userRolesView('ur')} join ${rolesView('r')}
          on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
          where ur.tenant_id = ${sysUser.tenantId} and ur.user_id = ${sysUser.id}
          and ${inArray(sql`r.role_code`, [...opts.roleCodes])})`,
      ),
    )
    .orderBy(asc(sysUser.realName), asc(sysUser.id))
    .limit(1000);
}

export function findWorkforceOf(scope: TenantScope, userId: number) {
  return findWorkforce(scope, userId);
}

// ---------------------------------------------------------------------------------------------------
// Slots

export interface SlotFilter {
  ids?: number[];
  counsellorId?: number;
  counsellorIds?: number[];
  siteId?: number;
  siteIds?: number[];
  roomId?: number;
  kind?: string;
  kinds?: string[];
  category?: number;
  categories?: number[];
  status?: number;
  statuses?: number[];
  from?: Date;
  to?: Date;
  /** Covering an instant (duty shifts on now). */
  at?: Date;
  includeDeleted?: boolean;
}

function slotWhere(tenantId: number, f: SlotFilter): SQL | undefined {
  const s = scheduleSlot;
  return and(
    eq(s.tenantId, tenantId),
    f.includeDeleted ? undefined : isNull(s.deletedAt),
    f.ids ? inArray(s.id, f.ids.length ? f.ids : [-1]) : undefined,
    f.counsellorId !== undefined ? eq(s.counsellorId, f.counsellorId) : undefined,
    f.counsellorIds ? inArray(s.counsellorId, f.counsellorIds.length ? f.counsellorIds : [-1]) : undefined,
    f.siteId !== undefined ? eq(s.siteId, f.siteId) : undefined,
    f.siteIds ? inArray(s.siteId, f.siteIds.length ? f.siteIds : [-1]) : undefined,
    f.roomId !== undefined ? eq(s.roomId, f.roomId) : undefined,
    f.kind !== undefined ? eq(s.kind, f.kind) : undefined,
    f.kinds ? inArray(s.kind, f.kinds) : undefined,
    f.category !== undefined ? eq(s.category, f.category) : undefined,
    f.categories ? inArray(s.category, f.categories.length ? f.categories : [-1]) : undefined,
    f.status !== undefined ? eq(s.status, f.status) : undefined,
    f.statuses ? inArray(s.status, f.statuses) : undefined,
    f.from ? gte(s.startsAt, f.from) : undefined,
    f.to ? lt(s.startsAt, f.to) : undefined,
    f.at ? and(lte(s.startsAt, f.at), gt(s.endsAt, f.at)) : undefined,
  );
}

const SLOT_TENANT = sql`"schedule_slot"."tenant_id"`;
const SLOT_ID = sql`"schedule_slot"."id"`;

const slotColumns = (withAppointments: boolean) => ({
  id: scheduleSlot.id,
  counsellorId: scheduleSlot.counsellorId,
  counsellorName: sysUser.realName,
  siteId: scheduleSlot.siteId,
  siteName: site.name,
  roomId: scheduleSlot.roomId,
  roomName: siteRoom.name,
  kind: scheduleSlot.kind,
  category: scheduleSlot.category,
  startsAt: scheduleSlot.startsAt,
  endsAt: scheduleSlot.endsAt,
  status: scheduleSlot.status,
  dutyStatus: scheduleSlot.dutyStatus,
  deletedAt: scheduleSlot.deletedAt,
  offered: sql<boolean>`${slotBookings.get().openOfferSql(SLOT_TENANT, SLOT_ID)}`,
  appointments: withAppointments
    ? sql<unknown[]>`${slotBookings.get().holdingAppointmentsSql(SLOT_TENANT, SLOT_ID)}`
    : sql<unknown[]>`'[]'::json`,
});

export type SlotRow = {
  id: number;
  counsellorId: number;
  counsellorName: string;
  siteId: number;
  siteName: string;
  roomId: number | null;
  roomName: string | null;
  kind: string;
  category: number;
  startsAt: Date;
  endsAt: Date;
  status: number | null;
  dutyStatus: string | null;
  deletedAt: Date | null;
  offered: boolean;
  appointments: unknown[];
};

function slotQuery(tx: TenantScope['tx'], withAppointments: boolean) {
  return tx
    .select(slotColumns(withAppointments))
    .from(scheduleSlot)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, scheduleSlot.tenantId), eq(sysUser.id, scheduleSlot.counsellorId)),
    )
    .innerJoin(site, and(eq(site.tenantId, scheduleSlot.tenantId), eq(site.id, scheduleSlot.siteId)))
    .leftJoin(
      siteRoom,
      and(eq(siteRoom.tenantId, scheduleSlot.tenantId), eq(siteRoom.id, scheduleSlot.roomId)),
    );
}

/** Slots with names, by start; `withAppointments` adds the live appointments in each (staff views). */
export async function findSlots(
  { tx, tenantId }: TenantScope,
  f: SlotFilter,
  opts: { withAppointments: boolean; limit?: number; offset?: number },
): Promise<SlotRow[]> {
  const q = slotQuery(tx, opts.withAppointments)
    .where(slotWhere(tenantId, f))
    .orderBy(asc(scheduleSlot.startsAt), asc(sysUser.realName), asc(scheduleSlot.id))
    .limit(opts.limit ?? 5000)
    .offset(opts.offset ?? 0);
  return (await q) as SlotRow[];
}

export async function countSlots({ tx, tenantId }: TenantScope, f: SlotFilter): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(scheduleSlot)
    .where(slotWhere(tenantId, f));
  return row?.n ?? 0;
}

export async function findSlotById(scope: TenantScope, id: number, withAppointments = true) {
  const [row] = await findSlots(scope, { ids: [id], includeDeleted: true }, { withAppointments, limit: 1 });
  return row ?? null;
}

export interface SlotInsert {
  counsellorId: number;
  siteId: number;
  roomId: number | null;
  kind: string;
  category: number;
  startsAt: Date;
  endsAt: Date;
  status: number | null;
  dutyStatus: string | null;
  templateId?: number | null;
  createdBy: number;
}

/** Inserts slots; a clash with a live slot of the counsellor or room fails the statement (23P01). */
export async function insertSlots({ tx, tenantId }: TenantScope, rows: SlotInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  const out = await tx
    .insert(scheduleSlot)
    .values(rows.map((r) => ({ tenantId, ...r })))
    .returning({ id: scheduleSlot.id });
  return out.map((r) => r.id);
}

/** Live slots of some counsellors or rooms overlapping a period: what a generated term must not clash with. */
export async function findLiveOccupancy(
  { tx, tenantId }: TenantScope,
  f: { counsellorIds: number[]; roomIds: number[]; from: Date; to: Date },
) {
  return tx
    .select({
      counsellorId: scheduleSlot.counsellorId,
      roomId: scheduleSlot.roomId,
      startsAt: scheduleSlot.startsAt,
      endsAt: scheduleSlot.endsAt,
    })
    .from(scheduleSlot)
    .where(
      and(
        eq(scheduleSlot.tenantId, tenantId),
        isNull(scheduleSlot.deletedAt),
        lt(scheduleSlot.startsAt, f.to),
        gt(scheduleSlot.endsAt, f.from),
        or(
          inArray(scheduleSlot.counsellorId, f.counsellorIds.length ? f.counsellorIds : [0]),
          inArray(scheduleSlot.roomId, f.roomIds.length ? f.roomIds : [0]),
        ),
      ),
    );
}

/**
 * Bulk generation: inserts the rows in one statement and answers their ids. A row clashing with a live
 * slot of its counsellor or room (one written since the caller looked) fails the statement (23P01): the
 * caller drops the clashes it knows of first (generation.ts `dropClashes`).
 */
export async function insertSlotBatch({ tx, tenantId }: TenantScope, rows: SlotInsert[]): Promise<number[]> {
  if (rows.length === 0) return [];
  // One JSON parameter: both drivers pass it alike, whatever the row count.
  const input = JSON.stringify(
    rows.map((r) => ({
      counsellor_id: r.counsellorId,
      site_id: r.siteId,
      room_id: r.roomId,
      kind: r.kind,
      category: r.category,
      starts_at: r.startsAt.toISOString(),
      ends_at: r.endsAt.toISOString(),
      status: r.status,
      duty_status: r.dutyStatus,
      template_id: r.templateId ?? null,
      created_by: r.createdBy,
    })),
  );
  // The ids as one array value: one row back rather than one per slot.
  const res = await tx.execute(sql`
    with inserted as (
      insert into ${scheduleSlot} (tenant_id, counsellor_id, site_id, room_id, kind, category, starts_at, ends_at,
        status, duty_status, template_id, created_by)
      select ${tenantId}, counsellor_id, site_id, room_id, kind, category, starts_at, ends_at, status, duty_status,
        template_id, created_by
      from json_to_recordset(${input}::json) as t(counsellor_id bigint, site_id bigint, room_id bigint,
        kind text, category smallint, starts_at timestamptz, ends_at timestamptz, status smallint, duty_status text,
        template_id bigint, created_by bigint)
      returning id)
    select coalesce(array_agg(id), '{}') as ids from inserted`);
  const ids = rowsOf<{ ids: unknown }>(res)[0]!.ids;
  return (Array.isArray(ids) ? ids : parsePgArray(String(ids))).map(toNumber);
}

/** `{1,2,3}` as PGlite or a driver without array parsing hands it back. */
const parsePgArray = (text: string) => (text === '{}' ? [] : text.slice(1, -1).split(','));

/** Removes slots that a failed generation had committed (nothing can refer to them yet). */
export async function deleteGeneratedSlots({ tx, tenantId }: TenantScope, ids: number[]) {
  for (let i = 0; i < ids.length; i += 10_000) {
    await tx
      .delete(scheduleSlot)
      .where(and(eq(scheduleSlot.tenantId, tenantId), inArray(scheduleSlot.id, ids.slice(i, i + 10_000))));
  }
}

/**
 * Takes a slot for a booking: status 1 or 10 → 2 in one statement, so of concurrent bookers exactly one
 * changes the row; a released slot with an open offer is taken only by the offered visitor. Answers the
 * slot, or null when it was not free for this visitor.
 *
 * It does not wait for a row another transaction holds (`skip locked`): that transaction is almost always
 * a booking of the same slot, and a booker who waited for it would mostly be told "taken" anyway, after
 * the winner's whole booking (messages, reminders). The caller tells the two cases apart
 * (`slotOfferedToOther`, then "taken").
 */
export async function takeSlot({ tx, tenantId }: TenantScope, slotId: number, visitorId: number) {
  const unlocked = sql`(select s.id from ${scheduleSlot} s where s.tenant_id = ${tenantId} and s.id = ${slotId}
    for no key update skip locked)`;
  const rows = await tx
    .update(scheduleSlot)
    .set({ status: 2, updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduleSlot.tenantId, tenantId),
        eq(scheduleSlot.id, unlocked),
        eq(scheduleSlot.kind, 'consult'),
        isNull(scheduleSlot.deletedAt),
        inArray(scheduleSlot.status, [1, 10]),
        sql`not ${slotBookings.get().openOfferSql(sql`${tenantId}`, sql`${slotId}`, visitorId)}`,
      ),
    )
    .returning();
  return rows[0] ?? null;
}

/** Whether a slot is held by an open waiting-list offer to someone other than `visitorId`. */
export async function slotOfferedToOther({ tx, tenantId }: TenantScope, slotId: number, visitorId: number) {
  const rows = rowsOf<{ offered: boolean }>(
    await tx.execute(
      sql`select ${slotBookings.get().openOfferSql(sql`${tenantId}`, sql`${slotId}`, visitorId)} as offered`,
    ),
  );
  return rows[0]?.offered === true;
}

/** Moves a slot's status from one value to another (the service checked the transition table). */
export async function setSlotStatus({ tx, tenantId }: TenantScope, slotId: number, from: number, to: number) {
  const rows = await tx
    .update(scheduleSlot)
    .set({ status: to, updatedAt: sql`now()` })
    .where(
      and(eq(scheduleSlot.tenantId, tenantId), eq(scheduleSlot.id, slotId), eq(scheduleSlot.status, from)),
    )
    .returning({ id: scheduleSlot.id });
  return rows.length > 0;
}

export async function setDutyStatus({ tx, tenantId }: TenantScope, slotId: number, from: string, to: string) {
  const rows = await tx
    .update(scheduleSlot)
    .set({ dutyStatus: to, updatedAt: sql`now()` })
    .where(
      and(
        eq(scheduleSlot.tenantId, tenantId),
        eq(scheduleSlot.id, slotId),
        eq(scheduleSlot.dutyStatus, from),
      ),
    )
    .returning({ id: scheduleSlot.id });
  return rows.length > 0;
}

export async function findSlotRaw({ tx, tenantId }: TenantScope, slotId: number, forUpdate = false) {
  const q = tx
    .select()
    .from(scheduleSlot)
    .where(and(eq(scheduleSlot.tenantId, tenantId), eq(scheduleSlot.id, slotId)));
  const [row] = await (forUpdate ? q.for('update') : q);
  return row ?? null;
}

/** Soft-deletes slots; answers the ids removed. */
export async function softDeleteSlots({ tx, tenantId }: TenantScope, ids: number[], reason: string) {
  if (ids.length === 0) return [];
  const rows = await tx
    .update(scheduleSlot)
    .set({ deletedAt: sql`now()`, deletedReason: reason })
    .where(
      and(eq(scheduleSlot.tenantId, tenantId), inArray(scheduleSlot.id, ids), isNull(scheduleSlot.deletedAt)),
    )
    .returning({ id: scheduleSlot.id });
  return rows.map((r) => r.id);
}

/** Ids among `ids` of slots or duty shifts holding a live appointment. */
export function findBookedSlotIds(scope: TenantScope, ids: number[]): Promise<number[]> {
  return slotBookings.get().findBookedSlotIds(scope, ids);
}

/** Live slots of a counsellor (or everyone) overlapping a period, with their appointments. */
export function findSlotsOverlapping(
  { tx, tenantId }: TenantScope,
  f: { counsellorId?: number; from: Date; to: Date },
) {
  return tx
    .select({ id: scheduleSlot.id, kind: scheduleSlot.kind, status: scheduleSlot.status })
    .from(scheduleSlot)
    .where(
      and(
        eq(scheduleSlot.tenantId, tenantId),
        isNull(scheduleSlot.deletedAt),
        f.counsellorId !== undefined ? eq(scheduleSlot.counsellorId, f.counsellorId) : undefined,
        lt(scheduleSlot.startsAt, f.to),
        gt(scheduleSlot.endsAt, f.from),
      ),
    );
}

export async function updateSlotsRoom({ tx, tenantId }: TenantScope, ids: number[], roomId: number | null) {
  const rows = await tx
    .update(scheduleSlot)
    .set({ roomId, updatedAt: sql`now()` })
    .where(
      and(eq(scheduleSlot.tenantId, tenantId), inArray(scheduleSlot.id, ids), isNull(scheduleSlot.deletedAt)),
    )
    .returning({ id: scheduleSlot.id });
  return rows.length;
}

/**
 * Per day (school zone) and status: the month view's counts. `days` are the dates and `dayStarts` the
 * instants each begins (one more: the end of the last), computed by the caller in the school's zone, so a
 * slot finds its day by a search in that short list (`width_bucket`) rather than by a time-zone
 * conversion per slot. Grouped first by day and counsellor (a hash aggregate), so counting the counsellors
 * of a day needs no sort of the month's slots. Read through the covering index `schedule_slot_month_idx`
 * alone: the planner, seeing a quarter of a small table, would scan all of it, which costs twice as much.
 */
export async function countSlotsByDay(
  { tx, tenantId }: TenantScope,
  f: SlotFilter,
  days: readonly string[],
  dayStarts: readonly Date[],
) {
  const bounds = `{${dayStarts.map((d) => d.toISOString()).join(',')}}`;
  await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
  const res = await tx.execute(sql`
    select day, sum(bookable) as bookable, sum(released) as released,
      sum(booked) as booked, sum(completed) as completed, sum(duty) as duty, count(*) as counsellors
    from (
      select width_bucket(starts_at, ${bounds}::timestamptz[]) as day, counsellor_id,
        count(*) filter (where kind = 'consult' and status = 1) as bookable,
        count(*) filter (where kind = 'consult' and status = 10) as released,
        count(*) filter (where kind = 'consult' and status = 2) as booked,
        count(*) filter (where kind = 'consult' and status = 3) as completed,
        count(*) filter (where kind <> 'consult') as duty
      from ${scheduleSlot}
      where ${slotWhere(tenantId, { ...f, from: dayStarts[0]!, to: dayStarts.at(-1)! })}
      group by 1, 2) per_counsellor
    group by 1 order by 1`);
  await tx.execute(sql`select set_config('enable_seqscan', 'on', true)`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    date: days[toNumber(r.day) - 1]!,
    bookable: toNumber(r.bookable),
    released: toNumber(r.released),
    booked: toNumber(r.booked),
    completed: toNumber(r.completed),
    duty: toNumber(r.duty),
    counsellors: toNumber(r.counsellors),
  }));
}

/** Days (school zone) with bookable slots and how many. */
export async function countFreeSlotsByDay(
  { tx, tenantId }: TenantScope,
  f: SlotFilter & { from: Date; to: Date },
  zone: string,
  visitorId: number | null,
) {
  const res = await tx.execute(sql`
    select to_char(starts_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as n
    from ${scheduleSlot}
    where ${slotWhere(tenantId, { ...f, kind: 'consult', statuses: [1, 10] })}
      and not ${slotBookings.get().openOfferSql(sql`${tenantId}`, SLOT_ID, visitorId ?? undefined)}
    group by 1 order by 1`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({ date: String(r.day), count: toNumber(r.n) }));
}

/** Free (bookable, not offered to someone else) slots, by start. */
export async function findFreeSlots(
  scope: TenantScope,
  f: SlotFilter & { from: Date; to: Date },
  visitorId: number | null,
  limit = 500,
) {
  const rows = await findSlots(
    scope,
    { ...f, kind: 'consult', statuses: [1, 10] },
    { withAppointments: false, limit },
  );
  if (visitorId === null) return rows.filter((r) => !r.offered);
  const offeredToMe = await findOpenOfferSlotIds(scope, visitorId);
  return rows.filter((r) => !r.offered || offeredToMe.has(r.id));
}

export function findOpenOfferSlotIds(scope: TenantScope, visitorId: number) {
  return slotBookings.get().findOpenOfferSlotIds(scope, visitorId);
}

/** Live bookable slots per category of a counsellor from now on. */
export async function countUpcomingFreeByCategory(
  { tx, tenantId }: TenantScope,
  counsellorId: number,
  now: Date,
) {
  return tx
    .select({ category: scheduleSlot.category, n: sql<number>`count(*)`.mapWith(Number) })
    .from(scheduleSlot)
    .where(
      and(
        eq(scheduleSlot.tenantId, tenantId),
        eq(scheduleSlot.counsellorId, counsellorId),
        eq(scheduleSlot.kind, 'consult'),
        inArray(scheduleSlot.status, [1, 10]),
        isNull(scheduleSlot.deletedAt),
        gt(scheduleSlot.startsAt, now),
      ),
    )
    .groupBy(scheduleSlot.category);
}

/** Live slots occupying rooms in a period (room views). */
export async function findRoomOccupancy(
  { tx, tenantId }: TenantScope,
  f: { roomIds: number[]; from: Date; to: Date },
) {
  if (f.roomIds.length === 0) return [];
  return tx
    .select({
      slotId: scheduleSlot.id,
      roomId: scheduleSlot.roomId,
      startsAt: scheduleSlot.startsAt,
      endsAt: scheduleSlot.endsAt,
      kind: scheduleSlot.kind,
      counsellorName: sysUser.realName,
    })
    .from(scheduleSlot)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, scheduleSlot.tenantId), eq(sysUser.id, scheduleSlot.counsellorId)),
    )
    .where(
      and(
        eq(scheduleSlot.tenantId, tenantId),
        isNull(scheduleSlot.deletedAt),
        inArray(scheduleSlot.roomId, f.roomIds),
        lt(scheduleSlot.startsAt, f.to),
        gt(scheduleSlot.endsAt, f.from),
      ),
    )
    .orderBy(asc(scheduleSlot.startsAt));
}

/** Live, enabled rooms of live sites (of one site, matching a name). */
export function findRoomsWithSite({ tx, tenantId }: TenantScope, f: { siteId?: number; name?: string }) {
  return tx
    .select({
      id: siteRoom.id,
      name: siteRoom.name,
      capacity: siteRoom.capacity,
      siteId: site.id,
      siteName: site.name,
    })
    .from(siteRoom)
    .innerJoin(site, and(eq(site.tenantId, siteRoom.tenantId), eq(site.id, siteRoom.siteId)))
    .where(
      and(
        eq(siteRoom.tenantId, tenantId),
        isNull(siteRoom.deletedAt),
        isNull(site.deletedAt),
        eq(siteRoom.enabled, true),
        f.siteId !== undefined ? eq(site.id, f.siteId) : undefined,
        f.name ? sql`${siteRoom.name} like ${`%${f.name.replace(/[\\%_]/g, '\\$&')}%`}` : undefined,
      ),
    )
    .orderBy(asc(site.sort), asc(site.id), asc(siteRoom.sort), asc(siteRoom.id));
}

// ---------------------------------------------------------------------------------------------------
// Templates

export function findTemplates({ tx, tenantId }: TenantScope, counsellorIds: number[] | null) {
  return tx
    .select()
    .from(scheduleTemplate)
    .where(
      and(
        eq(scheduleTemplate.tenantId, tenantId),
        counsellorIds
          ? inArray(scheduleTemplate.counsellorId, counsellorIds.length ? counsellorIds : [-1])
          : undefined,
      ),
    )
    .orderBy(asc(scheduleTemplate.counsellorId), asc(scheduleTemplate.week), asc(scheduleTemplate.startTime));
}

export async function replaceTemplates(
  { tx, tenantId }: TenantScope,
  counsellorId: number,
  items: {
    week: number;
    startTime: string;
    endTime: string;
    siteId: number;
    roomId: number | null;
    kind: string;
    category: number;
  }[],
) {
  await tx
    .delete(scheduleTemplate)
    .where(and(eq(scheduleTemplate.tenantId, tenantId), eq(scheduleTemplate.counsellorId, counsellorId)));
  if (items.length)
    await tx.insert(scheduleTemplate).values(items.map((i) => ({ tenantId, counsellorId, ...i })));
}

/** Bookable slots starting in a period (the workbench's free slots of today). */
export async function countFreeSlotsIn(
  { tx, tenantId }: TenantScope,
  f: { from: Date; to: Date; siteId?: number; counsellorId?: number },
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(scheduleSlot)
    .where(slotWhere(tenantId, { ...f, kind: 'consult', statuses: [1, 10] }));
  return row?.n ?? 0;
}

/** A counsellor's slots per day (school zone): all and bookable. */
export async function slotCountsByDay(
  { tx, tenantId }: TenantScope,
  counsellorId: number,
  from: Date,
  to: Date,
  zone: string,
) {
  const res = await tx.execute(sql`
    select to_char(starts_at at time zone ${zone}, 'YYYY-MM-DD') as day, count(*) as total,
      count(*) filter (where kind = 'consult' and status in (1, 10)) as free
    from ${scheduleSlot}
    where ${slotWhere(tenantId, { counsellorId, from, to })}
    group by 1`);
  return new Map(
    rowsOf<Record<string, unknown>>(res).map((r) => [
      String(r.day),
      { total: toNumber(r.total), free: toNumber(r.free) },
    ]),
  );
}
