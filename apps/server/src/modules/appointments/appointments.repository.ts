import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { deptsView, rolesView, userRolesView, usersView, usersWithPhoneView } from '../identity';
import { slotsView } from '../scheduling';
import { siteRoomsView, sitesView } from '../settings';
import {
  appointment,
  appointmentEvent,
  appointmentNotice,
  approvalRequest,
  approvalStep,
  bookingOverride,
  calendarFeed,
  counsellorLeave,
  HOLDS_SQL,
  videoRecord,
  visitorRegistration,
  waitlistEntry,
  waitlistOffer,
} from './appointments.table';

// The owners' read views (docs/modules.md): visitors with the phone their bookings show, counsellors,
// departments, sites, rooms and slots, under the names the statements used on the tables.
const sysUser = usersWithPhoneView('sys_user');
const dept = deptsView('dept');
const site = sitesView('site');
const siteRoom = siteRoomsView('site_room');
const scheduleSlot = slotsView('schedule_slot');
const visitor = usersWithPhoneView('visitor');
const counsellor = usersView('counsellor');
const visitorDept = deptsView('visitor_dept');

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

// ---------------------------------------------------------------------------------------------------
// Appointments

export type AppointmentRowRaw = typeof appointment.$inferSelect;

export interface AppointmentFilter {
  ids?: number[];
  types?: readonly number[];
  visitorId?: number;
  counsellorId?: number;
  /** Either side: the user is the visitor or the counsellor. */
  participantId?: number;
  /** Visitors in these departments (a data scope); null: everyone. */
  visitorDeptIds?: number[] | null;
  /** Visible to a scoped viewer: in the departments, or where the viewer is the counsellor. */
  orCounsellorId?: number;
  statuses?: readonly string[];
  from?: Date;
  to?: Date;
  keyword?: string;
  mode?: number;
  siteId?: number;
  slotId?: number;
  noShowsOnly?: boolean;
  deleted?: boolean;
  upcomingOnly?: boolean;
}

function appointmentWhere(tenantId: number, f: AppointmentFilter): SQL | undefined {
  const a = appointment;
  const inDepts =
    f.visitorDeptIds === undefined || f.visitorDeptIds === null
      ? undefined
      : inArray(visitor.deptId, f.visitorDeptIds.length ? f.visitorDeptIds : [-1]);
  return and(
    eq(a.tenantId, tenantId),
    f.deleted ? isNotNull(a.deletedAt) : isNull(a.deletedAt),
    f.ids ? inArray(a.id, f.ids.length ? f.ids : [-1]) : undefined,
    f.types ? inArray(a.type, f.types.length ? [...f.types] : [-1]) : undefined,
    f.visitorId !== undefined ? eq(a.visitorId, f.visitorId) : undefined,
    f.counsellorId !== undefined ? eq(a.counsellorId, f.counsellorId) : undefined,
    f.participantId !== undefined
      ? or(eq(a.visitorId, f.participantId), eq(a.counsellorId, f.participantId))
      : undefined,
    inDepts && f.orCounsellorId !== undefined ? or(inDepts, eq(a.counsellorId, f.orCounsellorId)) : inDepts,
    f.statuses ? inArray(a.status, f.statuses.length ? [...f.statuses] : ['-']) : undefined,
    f.from ? gte(a.startsAt, f.from) : undefined,
    f.to ? lt(a.startsAt, f.to) : undefined,
    f.mode !== undefined ? eq(a.mode, f.mode) : undefined,
    f.siteId !== undefined ? eq(a.siteId, f.siteId) : undefined,
    f.slotId !== undefined ? eq(a.slotId, f.slotId) : undefined,
    f.noShowsOnly ? or(eq(a.status, 'userBreakAppointment'), eq(a.countsAsNoShow, true)) : undefined,
    f.upcomingOnly ? gt(a.endsAt, sql`now()`) : undefined,
    f.keyword
      ? or(
          sql`${visitor.realName} like ${like(f.keyword)}`,
          sql`${counsellor.realName} like ${like(f.keyword)}`,
        )
      : undefined,
  );
}

const appointmentColumns = {
  a: appointment,
  visitorName: visitor.realName,
  visitorNumber: visitor.numberName,
  visitorPhone: visitor.phone,
  visitorDeptId: visitor.deptId,
  visitorDeptName: visitorDept.name,
  counsellorName: counsellor.realName,
  siteName: site.name,
  roomName: siteRoom.name,
};
export type AppointmentRow = {
  a: AppointmentRowRaw;
  visitorName: string;
  visitorNumber: string | null;
  visitorPhone: string | null;
  visitorDeptId: number | null;
  visitorDeptName: string | null;
  counsellorName: string;
  siteName: string | null;
  roomName: string | null;
};

function appointmentQuery(tx: TenantScope['tx']) {
  return tx
    .select(appointmentColumns)
    .from(appointment)
    .innerJoin(
      visitor,
      and(eq(visitor.tenantId, appointment.tenantId), eq(visitor.id, appointment.visitorId)),
    )
    .innerJoin(
      counsellor,
      and(eq(counsellor.tenantId, appointment.tenantId), eq(counsellor.id, appointment.counsellorId)),
    )
    .leftJoin(
      visitorDept,
      and(eq(visitorDept.tenantId, visitor.tenantId), eq(visitorDept.id, visitor.deptId)),
    )
    .leftJoin(site, and(eq(site.tenantId, appointment.tenantId), eq(site.id, appointment.siteId)))
    .leftJoin(
      siteRoom,
      and(eq(siteRoom.tenantId, appointment.tenantId), eq(siteRoom.id, appointment.roomId)),
    );
}

export async function findAppointments(
  { tx, tenantId }: TenantScope,
  f: AppointmentFilter,
  page: { limit: number; offset: number; order?: 'startAsc' | 'startDesc' | 'deletedDesc' },
): Promise<AppointmentRow[]> {
  const order =
    page.order === 'startAsc'
      ? [asc(appointment.startsAt), asc(appointment.id)]
      : page.order === 'deletedDesc'
        ? [desc(appointment.deletedAt), desc(appointment.id)]
        : [desc(appointment.startsAt), desc(appointment.id)];
  return appointmentQuery(tx)
    .where(appointmentWhere(tenantId, f))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countAppointments(
  { tx, tenantId }: TenantScope,
  f: AppointmentFilter,
): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(appointment)
    .innerJoin(
      visitor,
      and(eq(visitor.tenantId, appointment.tenantId), eq(visitor.id, appointment.visitorId)),
    )
    .innerJoin(
      counsellor,
      and(eq(counsellor.tenantId, appointment.tenantId), eq(counsellor.id, appointment.counsellorId)),
    )
    .where(appointmentWhere(tenantId, f));
  return row?.n ?? 0;
}

export async function findAppointment(scope: TenantScope, id: number, opts: { deleted?: boolean } = {}) {
  const [row] = await findAppointments(scope, { ids: [id], deleted: opts.deleted }, { limit: 1, offset: 0 });
  return row ?? null;
}

/** The appointment row locked for a change (concurrent changes of one appointment run one after another). */
export async function lockAppointment({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(appointment)
    .where(and(eq(appointment.tenantId, tenantId), eq(appointment.id, id), isNull(appointment.deletedAt)))
    .for('update');
  return row ?? null;
}

export async function insertAppointment(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof appointment.$inferInsert, 'tenantId'>,
): Promise<AppointmentRowRaw> {
  const [row] = await tx
    .insert(appointment)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

/** Updates an appointment only while it is in the expected status pair (the service checked the table). */
export async function updateAppointmentFrom(
  { tx, tenantId }: TenantScope,
  id: number,
  from: { status: string; interviewStatus: number },
  set: Partial<typeof appointment.$inferInsert>,
) {
  const [row] = await tx
    .update(appointment)
    .set({ ...set, updatedAt: sql`now()` })
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        eq(appointment.id, id),
        eq(appointment.status, from.status),
        eq(appointment.interviewStatus, from.interviewStatus),
        isNull(appointment.deletedAt),
      ),
    )
    .returning();
  return row ?? null;
}

export async function updateAppointment(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<typeof appointment.$inferInsert>,
) {
  const [row] = await tx
    .update(appointment)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(appointment.tenantId, tenantId), eq(appointment.id, id)))
    .returning();
  return row ?? null;
}

export async function insertEvent(
  { tx, tenantId }: TenantScope,
  e: Omit<typeof appointmentEvent.$inferInsert, 'tenantId'>,
) {
  await tx.insert(appointmentEvent).values({ tenantId, ...e });
}

export function findEvents({ tx, tenantId }: TenantScope, appointmentId: number) {
  return tx
    .select({
      action: appointmentEvent.action,
      fromStatus: appointmentEvent.fromStatus,
      toStatus: appointmentEvent.toStatus,
      actorId: appointmentEvent.actorId,
      actorName: sysUser.realName,
      at: appointmentEvent.at,
    })
    .from(appointmentEvent)
    .leftJoin(
      sysUser,
      and(eq(sysUser.tenantId, appointmentEvent.tenantId), eq(sysUser.id, appointmentEvent.actorId)),
    )
    .where(and(eq(appointmentEvent.tenantId, tenantId), eq(appointmentEvent.appointmentId, appointmentId)))
    .orderBy(asc(appointmentEvent.at), asc(appointmentEvent.id));
}

/** What the rules count for a visitor in a term (S1.4.15, S1.9.6). */
export async function countVisitorTerm(
  { tx, tenantId }: TenantScope,
  visitorId: number,
  termKey: string,
  sessionTypes: readonly number[],
) {
  const res = await tx.execute(sql`
    select
      count(*) filter (where status = 'userBreakAppointment' or counts_as_no_show) as no_shows,
      count(*) filter (where status = 'userTakeLeave') as leaves,
      count(*) filter (where type in (${sql.join(
        sessionTypes.map((t) => sql`${t}`),
        sql`, `,
      )}) and status in ('appointment', 'running', 'success', 'complete', 'userBreakAppointment')) as sessions,
      (select coalesce(sum((r.payload->>'extraSessions')::int), 0) from ${approvalRequest} r
        where r.tenant_id = ${tenantId} and r.visitor_id = ${visitorId} and r.term_key = ${termKey}
          and r.option = 3 and r.status = 2) as extra,
      exists (select 1 from ${bookingOverride} o where o.tenant_id = ${tenantId} and o.visitor_id = ${visitorId}
        and o.term_key = ${termKey}) as overridden
    from ${appointment}
    where tenant_id = ${tenantId} and visitor_id = ${visitorId} and term_key = ${termKey} and deleted_at is null`);
  const r = rowsOf<Record<string, unknown>>(res)[0]!;
  return {
    noShows: toNumber(r.no_shows),
    leaves: toNumber(r.leaves),
    sessions: toNumber(r.sessions),
    extra: toNumber(r.extra),
    overridden: r.overridden === true || r.overridden === 't',
  };
}

/** Upcoming live appointments of a visitor among some types. */
export async function countUpcoming(
  { tx, tenantId }: TenantScope,
  visitorId: number,
  types: readonly number[],
  now: Date,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        eq(appointment.visitorId, visitorId),
        inArray(appointment.type, [...types]),
        eq(appointment.status, 'appointment'),
        gt(appointment.endsAt, now),
        isNull(appointment.deletedAt),
      ),
    );
  return row?.n ?? 0;
}

/** Live appointments on some slots or duty shifts (a holiday or a counsellor's leave cancels them). */
export function findLiveOnSlots({ tx, tenantId }: TenantScope, slotIds: number[]) {
  if (slotIds.length === 0) return Promise.resolve([] as AppointmentRowRaw[]);
  return tx
    .select()
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        or(inArray(appointment.slotId, slotIds), inArray(appointment.dutyId, slotIds)),
        isNull(appointment.deletedAt),
        eq(appointment.status, 'appointment'),
      ),
    );
}

/** Live (appointment status) appointments of a counsellor in a period, including duty ones. */
export function findLiveOfCounsellor(
  { tx, tenantId }: TenantScope,
  counsellorId: number,
  from: Date,
  to: Date,
) {
  return tx
    .select()
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        eq(appointment.counsellorId, counsellorId),
        isNull(appointment.deletedAt),
        eq(appointment.status, 'appointment'),
        lt(appointment.startsAt, to),
        gt(appointment.endsAt, from),
      ),
    );
}

/** Live (not yet held) appointments in a duty shift. */
export async function countLiveOnDuty({ tx, tenantId }: TenantScope, dutyId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        eq(appointment.dutyId, dutyId),
        isNull(appointment.deletedAt),
        inArray(appointment.status, ['appointment', 'running']),
      ),
    );
  return row?.n ?? 0;
}

/** Sessions held (success, complete) per visitor: the visitor selection's count and last date. */
export async function heldSessionsOf({ tx, tenantId }: TenantScope, visitorIds: number[]) {
  if (visitorIds.length === 0) return [];
  return tx
    .select({
      visitorId: appointment.visitorId,
      n: sql<number>`count(*)`.mapWith(Number),
      last: sql<Date | null>`max(${appointment.startsAt})`,
    })
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        inArray(appointment.visitorId, visitorIds),
        inArray(appointment.status, ['success', 'complete']),
        isNull(appointment.deletedAt),
      ),
    )
    .groupBy(appointment.visitorId);
}

/** Today's figures: counts by status of appointments starting in a range (a filter applied). */
export async function countByStatus({ tx, tenantId }: TenantScope, f: AppointmentFilter) {
  const rows = await tx
    .select({
      status: appointment.status,
      interview: appointment.interviewStatus,
      n: sql<number>`count(*)`.mapWith(Number),
    })
    .from(appointment)
    .innerJoin(
      visitor,
      and(eq(visitor.tenantId, appointment.tenantId), eq(visitor.id, appointment.visitorId)),
    )
    .innerJoin(
      counsellor,
      and(eq(counsellor.tenantId, appointment.tenantId), eq(counsellor.id, appointment.counsellorId)),
    )
    .where(appointmentWhere(tenantId, f))
    .groupBy(appointment.status, appointment.interviewStatus);
  return rows;
}

/** A visitor's counsellors with the sessions held with each. */
export async function findCounsellorsOfVisitor({ tx, tenantId }: TenantScope, visitorId: number) {
  return tx
    .select({
      id: appointment.counsellorId,
      realName: counsellor.realName,
      deptName: dept.name,
      sessions: sql<number>`count(*) filter (where ${appointment.status} in ('success', 'complete'))`.mapWith(
        Number,
      ),
      lastDate: sql<Date | null>`max(${appointment.startsAt})`,
    })
    .from(appointment)
    .innerJoin(
      counsellor,
      and(eq(counsellor.tenantId, appointment.tenantId), eq(counsellor.id, appointment.counsellorId)),
    )
    .leftJoin(dept, and(eq(dept.tenantId, counsellor.tenantId), eq(dept.id, counsellor.deptId)))
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        eq(appointment.visitorId, visitorId),
        isNull(appointment.deletedAt),
      ),
    )
    .groupBy(appointment.counsellorId, counsellor.realName, dept.name)
    .orderBy(desc(sql`max(${appointment.startsAt})`));
}

export async function softDeleteAppointment({ tx, tenantId }: TenantScope, id: number, by: number) {
  const [row] = await tx
    .update(appointment)
    .set({ deletedAt: sql`now()`, deletedBy: by })
    .where(and(eq(appointment.tenantId, tenantId), eq(appointment.id, id), isNull(appointment.deletedAt)))
    .returning();
  return row ?? null;
}

export async function restoreAppointmentRow({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .update(appointment)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(eq(appointment.tenantId, tenantId), eq(appointment.id, id), isNotNull(appointment.deletedAt)))
    .returning();
  return row ?? null;
}

// ---------------------------------------------------------------------------------------------------
// People

export async function findUserBrief({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select({
      id: sysUser.id,
      realName: sysUser.realName,
      username: sysUser.username,
      numberName: sysUser.numberName,
      phone: sysUser.phone,
      deptId: sysUser.deptId,
      status: sysUser.status,
      roleCodes: sql<
        string[]
      >`coalesce((select array_agg(r.role_code order by r.id) from ${userRolesView('ur')}
        join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and r.del_flag = false
        where ur.tenant_id = "sys_user"."tenant_id" and ur.user_id = "sys_user"."id"), '{}')`,
    })
    .from(sysUser)
    .where(and(eq(sysUser.tenantId, tenantId), eq(sysUser.id, id), eq(sysUser.delFlag, false)));
  return row ?? null;
}

/** Ordinary users (visitors) matching a keyword, in some departments. */
export async function findVisitors(
  { tx, tenantId }: TenantScope,
  f: { keyword?: string; deptIds: number[] | null },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(sysUser.tenantId, tenantId),
    eq(sysUser.delFlag, false),
    eq(sysUser.status, 'active'),
    f.deptIds ? inArray(sysUser.deptId, f.deptIds.length ? f.deptIds : [-1]) : undefined,
    f.keyword
      ? or(
          sql`${sysUser.realName} like ${like(f.keyword)}`,
          sql`${sysUser.username} like ${like(f.keyword)}`,
          sql`${sysUser.numberName} like ${like(f.keyword)}`,
        )
      : undefined,
    sql`exists (select 1 from ${userRolesView('ur')} join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id
      and r.del_flag = false where ur.tenant_id = ${sysUser.tenantId} and ur.user_id = ${sysUser.id}
      and r.role_code = 'ROLE_GENERAL')`,
  );
  const rows = await tx
    .select({
      id: sysUser.id,
      realName: sysUser.realName,
      username: sysUser.username,
      numberName: sysUser.numberName,
      deptName: dept.name,
    })
    .from(sysUser)
    .leftJoin(dept, and(eq(dept.tenantId, sysUser.tenantId), eq(dept.id, sysUser.deptId)))
    .where(where)
    .orderBy(asc(sysUser.realName), asc(sysUser.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(sysUser)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------------------------------------------
// Registrations

export type RegistrationRow = typeof visitorRegistration.$inferSelect & { visitorName: string };

const registrationColumns = { r: visitorRegistration, visitorName: sysUser.realName };

function registrationQuery(tx: TenantScope['tx']) {
  return tx
    .select(registrationColumns)
    .from(visitorRegistration)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, visitorRegistration.tenantId), eq(sysUser.id, visitorRegistration.visitorId)),
    );
}

export async function findRegistrations(
  { tx, tenantId }: TenantScope,
  f: {
    visitorId?: number;
    kind?: string;
    termKey?: string;
    statuses?: string[];
    ids?: number[];
    keyword?: string;
    live?: boolean;
  },
  page: { limit: number; offset: number } = { limit: 100, offset: 0 },
) {
  const where = and(
    eq(visitorRegistration.tenantId, tenantId),
    isNull(visitorRegistration.deletedAt),
    f.visitorId !== undefined ? eq(visitorRegistration.visitorId, f.visitorId) : undefined,
    f.kind ? eq(visitorRegistration.kind, f.kind) : undefined,
    f.termKey ? eq(visitorRegistration.termKey, f.termKey) : undefined,
    f.statuses ? inArray(visitorRegistration.status, f.statuses) : undefined,
    f.live ? sql`${visitorRegistration.status} <> 'closed'` : undefined,
    f.ids ? inArray(visitorRegistration.id, f.ids.length ? f.ids : [-1]) : undefined,
    f.keyword ? sql`${sysUser.realName} like ${like(f.keyword)}` : undefined,
  );
  const rows = await registrationQuery(tx)
    .where(where)
    .orderBy(desc(visitorRegistration.createdAt), desc(visitorRegistration.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(visitorRegistration)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, visitorRegistration.tenantId), eq(sysUser.id, visitorRegistration.visitorId)),
    )
    .where(where);
  return { rows: rows.map((x) => ({ ...x.r, visitorName: x.visitorName })), total: total?.n ?? 0 };
}

export async function insertRegistration(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof visitorRegistration.$inferInsert, 'tenantId'>,
) {
  const [row] = await tx
    .insert(visitorRegistration)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

export async function updateRegistration(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<typeof visitorRegistration.$inferInsert>,
) {
  const [row] = await tx
    .update(visitorRegistration)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(visitorRegistration.tenantId, tenantId), eq(visitorRegistration.id, id)))
    .returning();
  return row ?? null;
}

export async function softDeleteRegistrations({ tx, tenantId }: TenantScope, ids: number[]) {
  const rows = await tx
    .update(visitorRegistration)
    .set({ deletedAt: sql`now()` })
    .where(
      and(
        eq(visitorRegistration.tenantId, tenantId),
        inArray(visitorRegistration.id, ids),
        isNull(visitorRegistration.deletedAt),
      ),
    )
    .returning({ id: visitorRegistration.id });
  return rows.length;
}

/** Earlier visits of a visitor: registrations of other terms or held sessions (repeat detection). */
export async function hasEarlierVisits({ tx, tenantId }: TenantScope, visitorId: number, termKey: string) {
  const res = await tx.execute(sql`
    select exists (select 1 from ${visitorRegistration} r where r.tenant_id = ${tenantId}
        and r.visitor_id = ${visitorId} and r.term_key <> ${termKey} and r.deleted_at is null)
      or exists (select 1 from ${appointment} a where a.tenant_id = ${tenantId} and a.visitor_id = ${visitorId}
        and a.status in ('success', 'complete') and a.deleted_at is null) as repeat`);
  const v = rowsOf<{ repeat: unknown }>(res)[0]?.repeat;
  return v === true || v === 't';
}

// ---------------------------------------------------------------------------------------------------
// Approvals

export type ApprovalRowRaw = typeof approvalRequest.$inferSelect;
export type ApprovalStepRow = typeof approvalStep.$inferSelect & { approverName: string };

export async function insertApproval(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof approvalRequest.$inferInsert, 'tenantId'>,
  approverIds: number[],
) {
  const [row] = await tx
    .insert(approvalRequest)
    .values({ tenantId, ...v })
    .returning();
  if (approverIds.length) {
    await tx
      .insert(approvalStep)
      .values(approverIds.map((approverId, i) => ({ tenantId, requestId: row!.id, seq: i + 1, approverId })));
  }
  return row!;
}

export async function findApprovalRaw({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(approvalRequest)
    .where(and(eq(approvalRequest.tenantId, tenantId), eq(approvalRequest.id, id)));
  const [row] = await (forUpdate ? q.for('update') : q);
  return row ?? null;
}

export function findSteps({ tx, tenantId }: TenantScope, requestIds: number[]) {
  if (requestIds.length === 0) return Promise.resolve([] as ApprovalStepRow[]);
  return tx
    .select({
      tenantId: approvalStep.tenantId,
      requestId: approvalStep.requestId,
      seq: approvalStep.seq,
      approverId: approvalStep.approverId,
      status: approvalStep.status,
      comment: approvalStep.comment,
      decidedAt: approvalStep.decidedAt,
      approverName: sysUser.realName,
    })
    .from(approvalStep)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, approvalStep.tenantId), eq(sysUser.id, approvalStep.approverId)),
    )
    .where(and(eq(approvalStep.tenantId, tenantId), inArray(approvalStep.requestId, requestIds)))
    .orderBy(asc(approvalStep.requestId), asc(approvalStep.seq));
}

export async function updateApprovalDecision(
  { tx, tenantId }: TenantScope,
  id: number,
  status: number,
  steps: { seq: number; status: number; comment?: string | null; decided?: boolean }[],
) {
  const rows = await tx
    .update(approvalRequest)
    .set({ status, decidedAt: status === 1 ? null : sql`now()` })
    .where(
      and(eq(approvalRequest.tenantId, tenantId), eq(approvalRequest.id, id), eq(approvalRequest.status, 1)),
    )
    .returning({ id: approvalRequest.id });
  if (rows.length === 0) return false;
  for (const s of steps) {
    await tx
      .update(approvalStep)
      .set({
        status: s.status,
        ...(s.comment !== undefined ? { comment: s.comment } : {}),
        ...(s.decided ? { decidedAt: sql`now()` } : {}),
      })
      .where(
        and(eq(approvalStep.tenantId, tenantId), eq(approvalStep.requestId, id), eq(approvalStep.seq, s.seq)),
      );
  }
  return true;
}

/** Withdraws the pending requests of an appointment (it ended another way). */
export async function withdrawPendingOf({ tx, tenantId }: TenantScope, appointmentId: number) {
  const rows = await tx
    .update(approvalRequest)
    .set({ status: 0, decidedAt: sql`now()` })
    .where(
      and(
        eq(approvalRequest.tenantId, tenantId),
        eq(approvalRequest.appointmentId, appointmentId),
        eq(approvalRequest.status, 1),
      ),
    )
    .returning({ id: approvalRequest.id });
  if (rows.length) {
    await tx
      .update(approvalStep)
      .set({ status: 0 })
      .where(
        and(
          eq(approvalStep.tenantId, tenantId),
          inArray(
            approvalStep.requestId,
            rows.map((r) => r.id),
          ),
          eq(approvalStep.status, 1),
        ),
      );
  }
}

export interface ApprovalListFilter {
  /** Requests waiting for this approver now (their step is current), or open ones if `openToMe`. */
  approverId?: number;
  openToMe?: boolean;
  requesterId?: number;
  appointmentId?: number;
  visitorId?: number;
  status?: number;
  option?: number;
  ids?: number[];
  /** Requests in which this user has decided a step (the approver's history). */
  decidedBy?: number;
}

/** When a request had no named approvers, the holder of `consult_approve` who decided it becomes its step. */
export async function insertDeciderStep(
  { tx, tenantId }: TenantScope,
  v: { requestId: number; approverId: number; status: number; comment: string | null },
) {
  await tx.insert(approvalStep).values({ tenantId, seq: 1, decidedAt: sql`now()`, ...v });
}

function approvalWhere(tenantId: number, f: ApprovalListFilter): SQL | undefined {
  const r = approvalRequest;
  const myTurn =
    f.approverId !== undefined
      ? sql`(exists (select 1 from ${approvalStep} s where s.tenant_id = ${r.tenantId} and s.request_id = ${r.id}
            and s.approver_id = ${f.approverId} and s.status = 1
            and (${r.mode} <> 1 or s.seq = (select min(s2.seq) from ${approvalStep} s2
              where s2.tenant_id = s.tenant_id and s2.request_id = s.request_id and s2.status = 1)))
          ${f.openToMe ? sql`or not exists (select 1 from ${approvalStep} s3 where s3.tenant_id = ${r.tenantId} and s3.request_id = ${r.id})` : sql``})`
      : undefined;
  const decided =
    f.decidedBy !== undefined
      ? sql`exists (select 1 from ${approvalStep} d where d.tenant_id = ${r.tenantId} and d.request_id = ${r.id}
            and d.approver_id = ${f.decidedBy} and d.decided_at is not null)`
      : undefined;
  return and(
    eq(r.tenantId, tenantId),
    myTurn,
    decided,
    f.requesterId !== undefined ? eq(r.requesterId, f.requesterId) : undefined,
    f.appointmentId !== undefined ? eq(r.appointmentId, f.appointmentId) : undefined,
    f.visitorId !== undefined ? eq(r.visitorId, f.visitorId) : undefined,
    f.status !== undefined ? eq(r.status, f.status) : undefined,
    f.option !== undefined ? eq(r.option, f.option) : undefined,
    f.ids ? inArray(r.id, f.ids.length ? f.ids : [-1]) : undefined,
  );
}

const requester = usersView('requester');
const approvalColumns = {
  r: approvalRequest,
  visitorName: visitor.realName,
  requesterName: requester.realName,
  startsAt: appointment.startsAt,
};
export type ApprovalRow = {
  r: ApprovalRowRaw;
  visitorName: string;
  requesterName: string;
  startsAt: Date | null;
};

export async function findApprovals(
  { tx, tenantId }: TenantScope,
  f: ApprovalListFilter,
  page: { limit: number; offset: number },
): Promise<ApprovalRow[]> {
  return tx
    .select(approvalColumns)
    .from(approvalRequest)
    .innerJoin(
      visitor,
      and(eq(visitor.tenantId, approvalRequest.tenantId), eq(visitor.id, approvalRequest.visitorId)),
    )
    .innerJoin(
      requester,
      and(eq(requester.tenantId, approvalRequest.tenantId), eq(requester.id, approvalRequest.requesterId)),
    )
    .leftJoin(
      appointment,
      and(
        eq(appointment.tenantId, approvalRequest.tenantId),
        eq(appointment.id, approvalRequest.appointmentId),
      ),
    )
    .where(approvalWhere(tenantId, f))
    .orderBy(
      // The approver's history reads newest decision first; the other lists newest request first.
      ...(f.decidedBy !== undefined
        ? [
            desc(sql`(select max(d.decided_at) from ${approvalStep} d where d.tenant_id = ${approvalRequest.tenantId}
              and d.request_id = ${approvalRequest.id} and d.approver_id = ${f.decidedBy})`),
          ]
        : []),
      desc(approvalRequest.createdAt),
      desc(approvalRequest.id),
    )
    .limit(page.limit)
    .offset(page.offset);
}

export async function countApprovals({ tx, tenantId }: TenantScope, f: ApprovalListFilter) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(approvalRequest)
    .where(approvalWhere(tenantId, f));
  return row?.n ?? 0;
}

export async function insertOverride(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof bookingOverride.$inferInsert, 'tenantId'>,
) {
  const [row] = await tx
    .insert(bookingOverride)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

// ---------------------------------------------------------------------------------------------------
// Waiting list

export type WaitEntryRow = typeof waitlistEntry.$inferSelect;
export type OfferRow = typeof waitlistOffer.$inferSelect;

export async function insertWaitEntry(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof waitlistEntry.$inferInsert, 'tenantId'>,
) {
  const [row] = await tx
    .insert(waitlistEntry)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

export async function findWaitEntry({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(waitlistEntry)
    .where(and(eq(waitlistEntry.tenantId, tenantId), eq(waitlistEntry.id, id)));
  const [row] = await (forUpdate ? q.for('update') : q);
  return row ?? null;
}

export async function updateWaitEntry(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<typeof waitlistEntry.$inferInsert>,
) {
  const [row] = await tx
    .update(waitlistEntry)
    .set(set)
    .where(and(eq(waitlistEntry.tenantId, tenantId), eq(waitlistEntry.id, id)))
    .returning();
  return row ?? null;
}

/** Entries waiting (not offered) in join order, for categories. */
export function findWaitingEntries({ tx, tenantId }: TenantScope, categories: number[]) {
  return tx
    .select()
    .from(waitlistEntry)
    .where(
      and(
        eq(waitlistEntry.tenantId, tenantId),
        eq(waitlistEntry.status, 'waiting'),
        inArray(waitlistEntry.category, categories.length ? categories : [-1]),
      ),
    )
    .orderBy(asc(waitlistEntry.joinedAt), asc(waitlistEntry.id))
    .limit(500);
}

/** Closes a visitor's live entries of a category (they booked): status booked. */
export async function closeEntriesOf(
  { tx, tenantId }: TenantScope,
  visitorId: number,
  categories: number[],
  appointmentId: number,
) {
  await tx
    .update(waitlistEntry)
    .set({ status: 'booked', endedAt: sql`now()`, appointmentId })
    .where(
      and(
        eq(waitlistEntry.tenantId, tenantId),
        eq(waitlistEntry.visitorId, visitorId),
        inArray(waitlistEntry.category, categories.length ? categories : [-1]),
        eq(waitlistEntry.status, 'waiting'),
      ),
    );
}

export async function findEntries(
  { tx, tenantId }: TenantScope,
  f: { visitorId?: number; status?: string; category?: number },
  page: { limit: number; offset: number },
) {
  const where = and(
    eq(waitlistEntry.tenantId, tenantId),
    f.visitorId !== undefined ? eq(waitlistEntry.visitorId, f.visitorId) : undefined,
    f.status ? eq(waitlistEntry.status, f.status) : undefined,
    f.category !== undefined ? eq(waitlistEntry.category, f.category) : undefined,
  );
  const c = usersView('pref_counsellor');
  const rows = await tx
    .select({ e: waitlistEntry, visitorName: visitor.realName, counsellorName: c.realName })
    .from(waitlistEntry)
    .innerJoin(
      visitor,
      and(eq(visitor.tenantId, waitlistEntry.tenantId), eq(visitor.id, waitlistEntry.visitorId)),
    )
    .leftJoin(c, and(eq(c.tenantId, waitlistEntry.tenantId), eq(c.id, waitlistEntry.counsellorId)))
    .where(where)
    .orderBy(asc(waitlistEntry.joinedAt), asc(waitlistEntry.id))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(waitlistEntry)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Place among those waiting for the category (1 first). */
export async function positionsOf({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const res = await tx.execute(sql`
    select id, pos from (
      select id, row_number() over (partition by category order by joined_at, id) as pos
      from ${waitlistEntry} where tenant_id = ${tenantId} and status in ('waiting', 'offered')) x
    where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`);
  return new Map(rowsOf<{ id: unknown; pos: unknown }>(res).map((r) => [toNumber(r.id), toNumber(r.pos)]));
}

export function findOffersOfEntries({ tx, tenantId }: TenantScope, entryIds: number[]) {
  if (entryIds.length === 0) return Promise.resolve([]);
  return tx
    .select({
      o: waitlistOffer,
      startsAt: scheduleSlot.startsAt,
      endsAt: scheduleSlot.endsAt,
      counsellorName: counsellor.realName,
      siteName: site.name,
    })
    .from(waitlistOffer)
    .innerJoin(
      scheduleSlot,
      and(eq(scheduleSlot.tenantId, waitlistOffer.tenantId), eq(scheduleSlot.id, waitlistOffer.slotId)),
    )
    .innerJoin(
      counsellor,
      and(eq(counsellor.tenantId, scheduleSlot.tenantId), eq(counsellor.id, scheduleSlot.counsellorId)),
    )
    .innerJoin(site, and(eq(site.tenantId, scheduleSlot.tenantId), eq(site.id, scheduleSlot.siteId)))
    .where(and(eq(waitlistOffer.tenantId, tenantId), inArray(waitlistOffer.entryId, entryIds)))
    .orderBy(desc(waitlistOffer.offeredAt), desc(waitlistOffer.id));
}

export async function insertOffer(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof waitlistOffer.$inferInsert, 'tenantId'>,
) {
  const [row] = await tx
    .insert(waitlistOffer)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

export async function findOffer({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(waitlistOffer)
    .where(and(eq(waitlistOffer.tenantId, tenantId), eq(waitlistOffer.id, id)));
  const [row] = await (forUpdate ? q.for('update') : q);
  return row ?? null;
}

export async function findOpenOfferOfSlot({ tx, tenantId }: TenantScope, slotId: number) {
  const [row] = await tx
    .select()
    .from(waitlistOffer)
    .where(
      and(
        eq(waitlistOffer.tenantId, tenantId),
        eq(waitlistOffer.slotId, slotId),
        eq(waitlistOffer.status, 'open'),
      ),
    );
  return row ?? null;
}

/** Visitors who were offered a slot already (they are not offered it again). */
export async function visitorsOfferedSlot({ tx, tenantId }: TenantScope, slotId: number) {
  const rows = await tx
    .select({ visitorId: waitlistOffer.visitorId })
    .from(waitlistOffer)
    .where(and(eq(waitlistOffer.tenantId, tenantId), eq(waitlistOffer.slotId, slotId)));
  return new Set(rows.map((r) => r.visitorId));
}

export async function closeOffer({ tx, tenantId }: TenantScope, id: number, status: string) {
  const [row] = await tx
    .update(waitlistOffer)
    .set({ status, closedAt: sql`now()` })
    .where(
      and(eq(waitlistOffer.tenantId, tenantId), eq(waitlistOffer.id, id), eq(waitlistOffer.status, 'open')),
    )
    .returning();
  return row ?? null;
}

/** Whether a visitor has a live appointment overlapping a period. */
export async function isVisitorBusy({ tx, tenantId }: TenantScope, visitorId: number, from: Date, to: Date) {
  const [row] = await tx
    .select({ id: appointment.id })
    .from(appointment)
    .where(
      and(
        eq(appointment.tenantId, tenantId),
        eq(appointment.visitorId, visitorId),
        isNull(appointment.deletedAt),
        HOLDS_SQL,
        lt(appointment.startsAt, to),
        gt(appointment.endsAt, from),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function countWaiting({ tx, tenantId }: TenantScope) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(waitlistEntry)
    .where(and(eq(waitlistEntry.tenantId, tenantId), inArray(waitlistEntry.status, ['waiting', 'offered'])));
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------
// Notices (delivery records), counsellor leave, calendar feeds, video records

/** Records a delivery; false when it was recorded already (sent before). */
export async function claimNotice({ tx, tenantId }: TenantScope, key: string, channel: string) {
  const rows = await tx
    .insert(appointmentNotice)
    .values({ tenantId, key, channel })
    .onConflictDoNothing()
    .returning({ key: appointmentNotice.key });
  return rows.length > 0;
}

export async function releaseNotice({ tx, tenantId }: TenantScope, key: string, channel: string) {
  await tx
    .delete(appointmentNotice)
    .where(
      and(
        eq(appointmentNotice.tenantId, tenantId),
        eq(appointmentNotice.key, key),
        eq(appointmentNotice.channel, channel),
      ),
    );
}

export async function insertCounsellorLeave(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof counsellorLeave.$inferInsert, 'tenantId'>,
) {
  const [row] = await tx
    .insert(counsellorLeave)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

const leaveDecider = usersView('leave_decider');

export function findCounsellorLeaves(
  { tx, tenantId }: TenantScope,
  f: { counsellorId?: number; from?: Date; status?: string; id?: number },
) {
  return tx
    .select({ l: counsellorLeave, counsellorName: sysUser.realName, decidedByName: leaveDecider.realName })
    .from(counsellorLeave)
    .innerJoin(
      sysUser,
      and(eq(sysUser.tenantId, counsellorLeave.tenantId), eq(sysUser.id, counsellorLeave.counsellorId)),
    )
    .leftJoin(
      leaveDecider,
      and(
        eq(leaveDecider.tenantId, counsellorLeave.tenantId),
        eq(leaveDecider.id, counsellorLeave.decidedBy),
      ),
    )
    .where(
      and(
        eq(counsellorLeave.tenantId, tenantId),
        f.id !== undefined ? eq(counsellorLeave.id, f.id) : undefined,
        f.counsellorId !== undefined ? eq(counsellorLeave.counsellorId, f.counsellorId) : undefined,
        f.status !== undefined ? eq(counsellorLeave.status, f.status) : undefined,
        f.from ? gt(counsellorLeave.endsAt, f.from) : undefined,
      ),
    )
    .orderBy(desc(counsellorLeave.startsAt), desc(counsellorLeave.id))
    .limit(200);
}

/** Locks a leave for its decision; null when it does not exist. */
export async function lockCounsellorLeave({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(counsellorLeave)
    .where(and(eq(counsellorLeave.tenantId, tenantId), eq(counsellorLeave.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateCounsellorLeave(
  { tx, tenantId }: TenantScope,
  id: number,
  v: Partial<Omit<typeof counsellorLeave.$inferInsert, 'tenantId' | 'id'>>,
) {
  await tx
    .update(counsellorLeave)
    .set(v)
    .where(and(eq(counsellorLeave.tenantId, tenantId), eq(counsellorLeave.id, id)));
}

export async function findLiveFeed({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select()
    .from(calendarFeed)
    .where(
      and(
        eq(calendarFeed.tenantId, tenantId),
        eq(calendarFeed.userId, userId),
        isNull(calendarFeed.revokedAt),
      ),
    );
  return row ?? null;
}

export async function findFeedByHash({ tx, tenantId }: TenantScope, hash: string) {
  const [row] = await tx
    .select()
    .from(calendarFeed)
    .where(
      and(
        eq(calendarFeed.tenantId, tenantId),
        eq(calendarFeed.tokenHash, hash),
        isNull(calendarFeed.revokedAt),
      ),
    );
  return row ?? null;
}

export async function revokeFeeds({ tx, tenantId }: TenantScope, userId: number) {
  await tx
    .update(calendarFeed)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(calendarFeed.tenantId, tenantId),
        eq(calendarFeed.userId, userId),
        isNull(calendarFeed.revokedAt),
      ),
    );
}

export async function insertFeed({ tx, tenantId }: TenantScope, userId: number, tokenHash: string) {
  const [row] = await tx.insert(calendarFeed).values({ tenantId, userId, tokenHash }).returning();
  return row!;
}

export async function upsertVideoStart(
  { tx, tenantId }: TenantScope,
  appointmentId: number,
  by: number | null,
) {
  await tx
    .insert(videoRecord)
    .values({ tenantId, appointmentId, startedAt: sql`now()` as unknown as Date, createdBy: by })
    .onConflictDoNothing();
}

export async function endVideo({ tx, tenantId }: TenantScope, appointmentId: number) {
  await tx
    .update(videoRecord)
    .set({ endedAt: sql`now()` })
    .where(
      and(
        eq(videoRecord.tenantId, tenantId),
        eq(videoRecord.appointmentId, appointmentId),
        isNull(videoRecord.endedAt),
      ),
    );
}

export async function findVideoRecords({ tx, tenantId }: TenantScope, appointmentIds: number[]) {
  if (appointmentIds.length === 0) return [];
  return tx
    .select()
    .from(videoRecord)
    .where(
      and(
        eq(videoRecord.tenantId, tenantId),
        inArray(videoRecord.appointmentId, appointmentIds),
        isNull(videoRecord.deletedAt),
      ),
    );
}

/** Appointment ids with a live video record, newest first (filtered by the caller). */
export async function findVideoAppointmentIds({ tx, tenantId }: TenantScope) {
  const rows = await tx
    .select({ appointmentId: videoRecord.appointmentId })
    .from(videoRecord)
    .where(and(eq(videoRecord.tenantId, tenantId), isNull(videoRecord.deletedAt)))
    .orderBy(desc(videoRecord.startedAt))
    .limit(5000);
  return rows.map((r) => r.appointmentId);
}

export async function findVideoRecord({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(videoRecord)
    .where(and(eq(videoRecord.tenantId, tenantId), eq(videoRecord.id, id), isNull(videoRecord.deletedAt)));
  return row ?? null;
}

export async function softDeleteVideo({ tx, tenantId }: TenantScope, id: number) {
  const rows = await tx
    .update(videoRecord)
    .set({ deletedAt: sql`now()` })
    .where(and(eq(videoRecord.tenantId, tenantId), eq(videoRecord.id, id), isNull(videoRecord.deletedAt)))
    .returning({ id: videoRecord.id });
  return rows.length;
}
