import {
  SLOT_STATUS,
  WORKFORCE_ROLE_CODES,
  isAppointmentType,
  type AppointmentType,
  type DutyStatus,
  type Lang,
  type SchedulingPolicy,
  type Slot,
  type SlotKind,
  type SlotStatus,
} from '@psy/contracts';
import {
  addDays,
  bookingWindow,
  canDutyTransition,
  canSlotTransition,
  dutyKindOf,
  generateSlots,
  localToInstant,
  mondayOf,
  overlappingTemplateItems,
  slotCategoriesOf,
  startOfDay,
  weekdayOf,
  zonedDate,
} from '@psy/scheduling';
import type { Database, TenantScope } from '../../core/db/database';
import { pageAnswer } from '../../core/db/paging';
import { badRequest, forbidden, notFound, type AppError } from '../../core/http/app-error';
import type { Principal } from '../../core/http/context';
import { isDeptInScope } from '../identity';
import {
  countFreeSlotsByDay,
  countSlots,
  countSlotsByDay,
  countUpcomingFreeByCategory,
  findBookedSlotIds,
  findCounsellors,
  findFreeSlots,
  findPerson,
  findRoom,
  findRoomOccupancy,
  findRoomsWithSite,
  findSlotById,
  findSlotRaw,
  findSlots,
  findSites,
  findTemplates,
  findWorkforceOf,
  insertSlots,
  deleteGeneratedSlots,
  findLiveOccupancy,
  insertSlotBatch,
  replaceTemplates,
  setDutyStatus,
  setSlotStatus,
  softDeleteSlots,
  takeSlot,
  slotOfferedToOther,
  updateSlotsRoom,
  type SlotFilter,
  type SlotInsert,
  type SlotRow,
} from './scheduling.repository';
import { guardClashes, refuse } from './scheduling.refusals';
import { dropClashes, splitIndependent } from './generation';
import {
  P,
  can,
  isCounsellor,
  isCounsellorRoleSet,
  isStaff,
  isVisitorRoleSet,
  permissionScopeOf,
} from './scheduling.policy';
import {
  appointmentTypeState,
  closedDates,
  deptAncestry,
  getPolicy,
  loadTerms,
  requireSite,
  siteServes,
} from './scheduling.service';
import { inTurn } from '../../core/db/in-turn';

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------------
// Mapping

/** A slot as the contract shows it; appointments only to viewers who may see who booked. */
export function toSlot(r: SlotRow, showAppointments: boolean): Slot {
  return {
    id: r.id,
    counsellorId: r.counsellorId,
    counsellorName: r.counsellorName,
    siteId: r.siteId,
    siteName: r.siteName,
    roomId: r.roomId,
    roomName: r.roomName,
    kind: r.kind as SlotKind,
    category: r.category,
    startTime: r.startsAt.toISOString(),
    endTime: r.endsAt.toISOString(),
    status: r.status,
    dutyStatus: r.dutyStatus as DutyStatus | null,
    offered: Boolean(r.offered),
    appointments: showAppointments
      ? (r.appointments as Record<string, unknown>[]).map((a) => ({
          id: Number(a.id),
          type: Number(a.type),
          status: String(a.status),
          interviewStatus: Number(a.interviewStatus),
          visitorId: Number(a.visitorId),
          visitorName: String(a.visitorName),
        }))
      : [],
  };
}

/** Whether the caller sees every schedule (else only their own). */
const seesAll = (p: Principal) => can(p, P.scheduleView) || can(p, P.scheduleEdit);

/** The counsellor filter a caller's views are limited to: undefined for viewers, else themselves. */
function ownFilter(p: Principal, requested: number | undefined): number | undefined {
  if (seesAll(p)) return requested;
  if (!isCounsellor(p)) throw forbidden('only staff with the schedule view see schedules');
  if (requested !== undefined && requested !== p.userId) throw forbidden('you see your own schedule only');
  return p.userId;
}

/** The instants of a range of school days: from the first day's start to the day after the last. */
export function dayRange(policy: SchedulingPolicy, startDate: string, endDate: string) {
  return {
    from: startOfDay(startDate, policy.timeZone),
    to: startOfDay(addDays(endDate, 1), policy.timeZone),
  };
}

// ---------------------------------------------------------------------------------------------------
// Slots: list, add, remove

export async function pageSlots(
  scope: TenantScope,
  p: Principal,
  q: SlotFilter & { current: number; size: number; startDate?: string; endDate?: string },
) {
  const policy = await getPolicy(scope);
  const counsellorId = ownFilter(p, q.counsellorId);
  const range =
    q.startDate || q.endDate
      ? dayRange(policy, q.startDate ?? '1970-01-01', q.endDate ?? '2999-12-31')
      : { from: undefined, to: undefined };
  const f: SlotFilter = {
    counsellorId,
    siteId: q.siteId,
    roomId: q.roomId,
    kind: q.kind,
    category: q.category,
    status: q.status,
    from: range.from,
    to: range.to,
  };
  const [rows, total] = await inTurn([
    () => findSlots(scope, f, { withAppointments: true, limit: q.size, offset: (q.current - 1) * q.size }),
    () => countSlots(scope, f),
  ]);
  return pageAnswer(
    q,
    rows.map((r) => toSlot(r, true)),
    total,
  );
}

async function requireCounsellor(scope: TenantScope, userId: number, field = 'counsellorId') {
  const person = await findPerson(scope, userId);
  if (!person || person.status !== 'active') throw badRequest(field, 'no such active user in this school');
  if (!isCounsellorRoleSet(person.roleCodes)) {
    throw badRequest(field, `the user holds no counsellor role (${WORKFORCE_ROLE_CODES.join(', ')})`);
  }
  return person;
}

async function requireRoomOfSite(scope: TenantScope, roomId: number | null | undefined, siteId: number) {
  if (roomId === null || roomId === undefined) return null;
  const room = await findRoom(scope, roomId);
  if (!room || room.siteId !== siteId) throw badRequest('roomId', 'not a room of the site');
  return roomId;
}

/** Status columns of a new slot or duty shift. */
const initialState = (kind: SlotKind) =>
  kind === 'consult'
    ? { status: SLOT_STATUS.bookable as number, dutyStatus: null }
    : { status: null, dutyStatus: 'ok' as DutyStatus };

/**
 * `POST /consult/schedule/save`: slots on dates at wall-clock times in the school's zone. A clash with a
 * slot of the counsellor or the room (or between the given ones) is refused by the database: 409, nothing
 * saved. Times that do not exist on their day (a daylight-saving gap) are refused on the field.
 */
export async function saveSlots(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: {
    counsellorId: number;
    siteId: number;
    roomId?: number | null;
    kind: SlotKind;
    category?: number;
    slots: { date: string; startTime: string; endTime: string }[];
  },
) {
  const policy = await getPolicy(scope);
  await requireCounsellor(scope, body.counsellorId);
  await requireSite(scope, body.siteId);
  const roomId = await requireRoomOfSite(scope, body.roomId, body.siteId);
  const category = body.kind === 'consult' ? body.category! : body.kind === 'telephone' ? 13 : 6;
  const rows: SlotInsert[] = body.slots.map((s, i) => {
    const start = localToInstant(s.date, s.startTime, policy.timeZone);
    const end = localToInstant(s.date, s.endTime, policy.timeZone);
    if (start.kind !== 'unique' || end.kind !== 'unique') {
      throw badRequest(
        `slots[${i}].startTime`,
        'this time does not exist once on that day (daylight saving)',
      );
    }
    return {
      counsellorId: body.counsellorId,
      siteId: body.siteId,
      roomId,
      kind: body.kind,
      category,
      startsAt: start.instant,
      endsAt: end.instant,
      ...initialState(body.kind),
      createdBy: p.userId,
    };
  });
  const ids = await guardClashes(lang, () => insertSlots(scope, rows));
  const created = await findSlots(scope, { ids }, { withAppointments: false });
  return { created: created.map((r) => toSlot(r, true)) };
}

/** `POST /consult/schedule/delete`: free slots and duty shifts without appointments. */
export async function deleteSlots(scope: TenantScope, lang: Lang, ids: number[]) {
  const booked = await findBookedSlotIds(scope, ids);
  if (booked.length) throw refuse('hasBookings', lang, { slotIds: booked.map(String) });
  const deleted = await softDeleteSlots(scope, ids, 'removed');
  return { deleted: deleted.length };
}

// ---------------------------------------------------------------------------------------------------
// Week templates and generation

export async function listTemplates(scope: TenantScope, counsellorId: number) {
  const rows = await findTemplates(scope, [counsellorId]);
  return rows.map((r) => ({
    id: r.id,
    counsellorId: r.counsellorId,
    week: r.week,
    startTime: r.startTime,
    endTime: r.endTime,
    siteId: r.siteId,
    roomId: r.roomId,
    kind: r.kind as SlotKind,
    category: r.category,
  }));
}

export async function saveTemplates(
  scope: TenantScope,
  body: {
    counsellorId: number;
    items: {
      week: number;
      startTime: string;
      endTime: string;
      siteId: number;
      roomId?: number | null;
      kind: SlotKind;
      category?: number;
    }[];
  },
) {
  await requireCounsellor(scope, body.counsellorId);
  const clash = overlappingTemplateItems(body.items)[0];
  if (clash)
    throw badRequest(`items[${clash[1]}].startTime`, `overlaps row ${clash[0] + 1} on the same weekday`);
  const items = [];
  for (const [i, it] of body.items.entries()) {
    await requireSite(scope, it.siteId, `items[${i}].siteId`);
    const roomId = await requireRoomOfSite(scope, it.roomId, it.siteId).catch(() => {
      throw badRequest(`items[${i}].roomId`, 'not a room of the site');
    });
    items.push({
      week: it.week,
      startTime: it.startTime,
      endTime: it.endTime,
      siteId: it.siteId,
      roomId,
      kind: it.kind,
      category: it.kind === 'consult' ? it.category! : it.kind === 'telephone' ? 13 : 6,
    });
  }
  await replaceTemplates(scope, body.counsellorId, items);
  return listTemplates(scope, body.counsellorId);
}

/** Rows inserted per statement: large enough to be quick, small enough for PGlite's one connection. */
const GENERATE_BATCH = 5000;
/** Below this many slots one transaction is as quick as two. */
const PARALLEL_FROM = 10_000;

/**
 * `POST /consult/schedule/generate`: slots of a term (or range) from the counsellors' templates in the
 * school's zone (`@psy/scheduling` `generateSlots`): holidays, times already past and daylight-saving
 * gaps are skipped; a slot that would clash with an existing one of the counsellor or room is skipped
 * and counted, so generating twice adds nothing.
 *
 * On PostgreSQL a large term is written in two transactions at once (`Database.inParallel`, half the
 * counsellors each, never sharing a room), all or nothing: a failure in either keeps no slot of the term.
 * A slot written by someone else between the look and the write fails the whole generation with the
 * clash's refusal (409); nothing is kept, and generating again skips it.
 */
export async function generateSchedule(
  scope: TenantScope,
  createdBy: number,
  body: { counsellorIds: number[]; termId?: number; startDate?: string; endDate?: string },
  opts: { database?: Pick<Database, 'inParallel'>; lang?: Lang } = {},
) {
  const policy = await getPolicy(scope);
  let { startDate, endDate } = body;
  if (body.termId !== undefined) {
    const term = (await loadTerms(scope)).find((t) => t.id === body.termId);
    if (!term) throw badRequest('termId', 'not a term of the school');
    startDate = term.startDate;
    endDate = term.endDate;
  }
  if (addDays(startDate!, 400) < endDate!) throw badRequest('endDate', 'at most 400 days at once');
  const templates = await findTemplates(scope, body.counsellorIds.length ? body.counsellorIds : null);
  const closed = await closedDates(scope, startDate!, endDate!);
  const now = new Date();
  const skipped = { holiday: 0, dst: 0, past: 0, conflict: 0 };
  const rows: SlotInsert[] = [];
  const counsellors = new Set<number>();
  const byCounsellor = new Map<number, typeof templates>();
  for (const t of templates)
    byCounsellor.set(t.counsellorId, [...(byCounsellor.get(t.counsellorId) ?? []), t]);
  for (const [counsellorId, items] of byCounsellor) {
    counsellors.add(counsellorId);
    const r = generateSlots({
      items,
      startDate: startDate!,
      endDate: endDate!,
      zone: policy.timeZone,
      closedDates: closed,
      notBefore: now,
    });
    skipped.holiday += r.skipped.holiday;
    skipped.dst += r.skipped.dst;
    skipped.past += r.skipped.past;
    for (const s of r.slots) {
      const kind = s.item.kind as SlotKind;
      rows.push({
        counsellorId,
        siteId: s.item.siteId,
        roomId: s.item.roomId,
        kind,
        category: s.item.category,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        ...initialState(kind),
        templateId: s.item.id,
        createdBy,
      });
    }
  }
  let toWrite = rows;
  if (rows.length) {
    let from = rows[0]!.startsAt;
    let to = rows[0]!.endsAt;
    for (const r of rows) {
      if (r.startsAt < from) from = r.startsAt;
      if (r.endsAt > to) to = r.endsAt;
    }
    const live = await findLiveOccupancy(scope, {
      counsellorIds: [...counsellors],
      roomIds: [...new Set(rows.flatMap((r) => (r.roomId === null ? [] : [r.roomId])))],
      from,
      to,
    });
    toWrite = dropClashes(rows, live);
  }
  const writePart = async (part: TenantScope, slots: SlotInsert[]) => {
    const ids: number[] = [];
    for (let i = 0; i < slots.length; i += GENERATE_BATCH) {
      for (const id of await insertSlotBatch(part, slots.slice(i, i + GENERATE_BATCH))) ids.push(id);
    }
    return ids;
  };
  const parts = toWrite.length >= PARALLEL_FROM ? splitIndependent(toWrite, 2) : [toWrite];
  const inParallel = opts.database?.inParallel;
  let created = 0;
  await guardClashes(opts.lang ?? 'zh-CN', async () => {
    if (inParallel && parts.length > 1) {
      const written = await inParallel(
        scope.tenantId,
        parts.map((slots) => (part: TenantScope) => writePart(part, slots)),
        (part, ids) => deleteGeneratedSlots(part, ids),
      );
      created = written.reduce((n, ids) => n + ids.length, 0);
    } else {
      created = (await writePart(scope, toWrite)).length;
    }
  });
  skipped.conflict = rows.length - created;
  return { created, counsellors: counsellors.size, skipped };
}

// ---------------------------------------------------------------------------------------------------
// Views

export async function weekView(scope: TenantScope, p: Principal, body: SlotFilter & { date: string }) {
  const policy = await getPolicy(scope);
  const startDate = mondayOf(body.date);
  const endDate = addDays(startDate, 6);
  const { from, to } = dayRange(policy, startDate, endDate);
  const rows = await findSlots(
    scope,
    { ...pickFilter(body), counsellorId: ownFilter(p, body.counsellorId), from, to },
    { withAppointments: true },
  );
  const days = Array.from({ length: 7 }, (_, i) => addDays(startDate, i)).map((date) => ({
    date,
    week: weekdayOf(date),
    slots: rows.filter((r) => zonedDate(r.startsAt, policy.timeZone) === date).map((r) => toSlot(r, true)),
  }));
  return { startDate, endDate, days };
}

const pickFilter = (b: SlotFilter): SlotFilter => ({
  siteId: b.siteId,
  roomId: b.roomId,
  kind: b.kind,
  category: b.category,
  status: b.status,
});

export async function monthView(
  scope: TenantScope,
  p: Principal,
  body: { month: string; counsellorId?: number; siteId?: number; category?: number },
) {
  const policy = await getPolicy(scope);
  const first = `${body.month}-01`;
  const next = `${addDays(first, 32).slice(0, 7)}-01`;
  const dates: string[] = [];
  for (let d = first; d < next; d = addDays(d, 1)) dates.push(d);
  const days = await countSlotsByDay(
    scope,
    { counsellorId: ownFilter(p, body.counsellorId), siteId: body.siteId, category: body.category },
    dates,
    [...dates, next].map((d) => startOfDay(d, policy.timeZone)),
  );
  return { month: body.month, days };
}

export async function userView(
  scope: TenantScope,
  p: Principal,
  body: { startDate: string; endDate: string; counsellorIds: number[]; siteId?: number; category?: number },
) {
  const policy = await getPolicy(scope);
  const { from, to } = dayRange(policy, body.startDate, body.endDate);
  let ids: number[] | undefined = body.counsellorIds.length ? body.counsellorIds : undefined;
  if (!seesAll(p)) {
    ownFilter(p, ids && ids.length === 1 ? ids[0] : ids ? -1 : undefined);
    ids = [p.userId];
  }
  const rows = await findSlots(
    scope,
    { counsellorIds: ids, siteId: body.siteId, category: body.category, from, to },
    { withAppointments: true, limit: 20_000 },
  );
  const out = new Map<number, { counsellorId: number; counsellorName: string; slots: Slot[] }>();
  for (const r of rows) {
    const entry = out.get(r.counsellorId) ?? {
      counsellorId: r.counsellorId,
      counsellorName: r.counsellorName,
      slots: [],
    };
    entry.slots.push(toSlot(r, true));
    out.set(r.counsellorId, entry);
  }
  return [...out.values()].sort((a, b) => a.counsellorName.localeCompare(b.counsellorName, 'zh-CN'));
}

/** `workDateList`: days with bookable slots (from today unless a range is given). */
export async function workDates(
  scope: TenantScope,
  p: Principal,
  body: { counsellorId?: number; siteId?: number; category?: number; startDate?: string; endDate?: string },
) {
  const policy = await getPolicy(scope);
  const today = zonedDate(new Date(), policy.timeZone);
  const startDate = body.startDate ?? today;
  const endDate = body.endDate ?? addDays(startDate, policy.bookingWindowDays);
  const { from, to } = dayRange(policy, startDate, endDate);
  return countFreeSlotsByDay(
    scope,
    {
      counsellorId: body.counsellorId,
      siteId: body.siteId,
      category: body.category,
      from: new Date(Math.max(from.getTime(), Date.now())),
      to,
    },
    policy.timeZone,
    isStaff(p) ? null : p.userId,
  );
}

interface BookingScope {
  policy: SchedulingPolicy;
  categories: number[];
  visitorId: number | null;
  siteIds: number[] | undefined;
  window: { from: Date; to: Date };
}

/**
 * What a caller may book for an appointment type: the slot categories serving it, the sites the visitor's
 * department may use, and the booking window (a visitor's own, or the staff's when booking for someone).
 */
async function bookingScope(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  type: number,
  visitorId: number | undefined,
): Promise<BookingScope> {
  if (!isAppointmentType(type)) throw badRequest('type', 'not an appointment type (S1.9.2)');
  const policy = await getPolicy(scope);
  const state = await appointmentTypeState(scope, policy);
  if (!state.enabled.includes(type)) throw refuse('typeDisabled', lang, { type });
  const staff = visitorId !== undefined && visitorId !== p.userId;
  if (staff && !can(p, P.appointmentBook))
    throw forbidden('booking for someone else needs consult_appointment_book');
  const visitor = staff ? await findPerson(scope, visitorId!) : null;
  if (staff && !visitor) throw badRequest('visitorId', 'no such user in this school');
  const ancestry = await deptAncestry(scope, staff ? visitor!.deptId : p.profile.deptId);
  const sites = await findSites(scope);
  const siteIds =
    isStaff(p) && !staff ? undefined : sites.filter((s) => siteServes(s, ancestry)).map((s) => s.id);
  return {
    policy,
    categories: slotCategoriesOf(type as AppointmentType),
    visitorId: staff ? visitorId! : isStaff(p) ? null : p.userId,
    siteIds,
    window: bookingWindow({ now: new Date(), policy, staff: isStaff(p) }),
  };
}

/** `consultDateList`: days within the booking window with slots bookable for the type. */
export async function consultDates(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  q: { type: number; counsellorId?: number; siteId?: number },
) {
  const b = await bookingScope(scope, p, lang, q.type, undefined);
  if (b.categories.length === 0) return [];
  const sites = q.siteId !== undefined ? (b.siteIds ?? [q.siteId]).filter((s) => s === q.siteId) : b.siteIds;
  if (sites && sites.length === 0) return [];
  return countFreeSlotsByDay(
    scope,
    {
      categories: b.categories,
      counsellorId: q.counsellorId,
      siteIds: sites,
      from: b.window.from,
      to: b.window.to,
    },
    b.policy.timeZone,
    b.visitorId,
  );
}

/** `freeSlots`: slots bookable on a day for the type (duty shifts for telephone and duty types). */
export async function freeSlotsOfDay(
  scope: TenantScope,
  p: Principal,
  lang: Lang,
  body: { date: string; type: number; counsellorId?: number; siteId?: number; visitorId?: number },
) {
  const b = await bookingScope(scope, p, lang, body.type, body.visitorId);
  const day = dayRange(b.policy, body.date, body.date);
  const from = new Date(Math.max(day.from.getTime(), b.window.from.getTime()));
  const to = new Date(Math.min(day.to.getTime(), b.window.to.getTime()));
  if (from >= to) return [];
  const duty = dutyKindOf(body.type as AppointmentType);
  if (duty) {
    const rows = await findSlots(
      scope,
      { kind: duty, counsellorId: body.counsellorId, siteId: body.siteId, from: day.from, to: day.to },
      { withAppointments: false },
    );
    return rows.filter((r) => r.dutyStatus !== 'complete' && r.endsAt > from).map((r) => toSlot(r, false));
  }
  const rows = await findFreeSlots(
    scope,
    {
      categories: b.categories,
      counsellorId: body.counsellorId,
      siteId: body.siteId,
      siteIds: b.siteIds,
      from,
      to,
    },
    b.visitorId,
  );
  return rows.map((r) => toSlot(r, false));
}

export async function slotDetail(scope: TenantScope, p: Principal, id: number) {
  const row = await findSlotById(scope, id);
  if (!row || row.deletedAt) throw notFound('slot');
  if (!seesAll(p) && row.counsellorId !== p.userId) throw notFound('slot');
  return toSlot(row, true);
}

/** `counselor/detail`: a counsellor's card for booking (staff, or a visitor choosing a counsellor). */
export async function counsellorCard(scope: TenantScope, p: Principal, uid: number) {
  const person = await findPerson(scope, uid);
  if (!person || !isCounsellorRoleSet(person.roleCodes)) throw notFound('counsellor');
  const policy = await getPolicy(scope);
  const workforce = await findWorkforceOf(scope, uid);
  const now = new Date();
  const next = await findFreeSlots(
    scope,
    { counsellorId: uid, from: now, to: new Date(now.getTime() + policy.bookingWindowDays * DAY_MS) },
    isStaff(p) ? null : p.userId,
    10,
  );
  const sites = new Map<number, string>();
  for (const s of await findSlots(
    scope,
    { counsellorId: uid, from: now },
    { withAppointments: false, limit: 200 },
  )) {
    sites.set(s.siteId, s.siteName);
  }
  return {
    id: person.id,
    realName: person.realName,
    deptName: person.deptName ?? null,
    sex: person.sex,
    categoryIds: workforce.categoryIds,
    accepting: workforce.accepting,
    sites: [...sites].map(([id, name]) => ({ id, name })),
    nextSlots: next.map((r) => toSlot(r, false)),
  };
}

/** `workScheduleList`: the caller's own slots in a range. */
export async function mySchedule(
  scope: TenantScope,
  p: Principal,
  q: { startDate: string; endDate: string },
) {
  if (addDays(q.startDate, 61) < q.endDate) throw badRequest('endDate', 'at most 62 days');
  const policy = await getPolicy(scope);
  const rows = await findSlots(
    scope,
    { counsellorId: p.userId, ...dayRange(policy, q.startDate, q.endDate) },
    { withAppointments: true },
  );
  return rows.map((r) => toSlot(r, true));
}

// ---------------------------------------------------------------------------------------------------
// Rooms

async function roomStatuses(scope: TenantScope, f: { siteId?: number; name?: string }, from: Date, to: Date) {
  const rooms = await findRoomsWithSite(scope, f);
  const busy = await findRoomOccupancy(scope, { roomIds: rooms.map((r) => r.id), from, to });
  return rooms.map((r) => {
    const mine = busy.filter((b) => b.roomId === r.id);
    return {
      ...r,
      free: mine.length === 0,
      busy: mine.map((b) => ({
        slotId: b.slotId,
        startTime: b.startsAt.toISOString(),
        endTime: b.endsAt.toISOString(),
        counsellorName: b.counsellorName,
        kind: b.kind as SlotKind,
      })),
    };
  });
}

export async function freeRooms(
  scope: TenantScope,
  body: { siteId?: number; startTime: string; endTime: string },
) {
  if (body.siteId !== undefined) await requireSite(scope, body.siteId);
  return (
    await roomStatuses(scope, { siteId: body.siteId }, new Date(body.startTime), new Date(body.endTime))
  ).filter((r) => r.free);
}

export async function roomsWithStatus(scope: TenantScope, body: { siteId: number; date: string }) {
  await requireSite(scope, body.siteId);
  const policy = await getPolicy(scope);
  const { from, to } = dayRange(policy, body.date, body.date);
  return roomStatuses(scope, { siteId: body.siteId }, from, to);
}

export async function searchRooms(
  scope: TenantScope,
  body: { siteId?: number; name?: string; startTime: string; endTime: string },
) {
  const rooms = await roomStatuses(scope, body, new Date(body.startTime), new Date(body.endTime));
  return rooms.sort((a, b) => Number(b.free) - Number(a.free));
}

/** `updateScheduleRoom`: the room must belong to each slot's site; a busy room refuses all (409). */
export async function assignRoom(
  scope: TenantScope,
  lang: Lang,
  body: { ids: number[]; roomId: number | null },
) {
  const slots = await findSlots(scope, { ids: body.ids }, { withAppointments: false });
  if (slots.length !== new Set(body.ids).size) throw badRequest('ids', 'not live slots of the school');
  if (body.roomId !== null) {
    const room = await findRoom(scope, body.roomId);
    if (!room) throw badRequest('roomId', 'not a room of the school');
    if (slots.some((s) => s.siteId !== room.siteId))
      throw badRequest('roomId', "not a room of the slots' site");
  }
  const updated = await guardClashes(lang, () => updateSlotsRoom(scope, body.ids, body.roomId));
  return { updated };
}

// ---------------------------------------------------------------------------------------------------
// Duty

export async function telephoneDuty(
  scope: TenantScope,
  body: { startDate: string; endDate: string; counsellorId?: number },
) {
  const policy = await getPolicy(scope);
  const rows = await findSlots(
    scope,
    { kind: 'telephone', counsellorId: body.counsellorId, ...dayRange(policy, body.startDate, body.endDate) },
    { withAppointments: true },
  );
  return rows.map((r) => toSlot(r, true));
}

/** Counsellors on a duty at an instant (the workforce's `freeUser/manned` and `freeUser/fromTelephone`). */
export async function onDuty(scope: TenantScope, kind: 'telephone' | 'manned', at: Date) {
  const rows = await findSlots(scope, { kind, at }, { withAppointments: false });
  return rows
    .filter((r) => r.dutyStatus !== 'complete')
    .map((r) => ({
      id: r.counsellorId,
      value: String(r.counsellorId),
      label: r.counsellorName,
      realName: r.counsellorName,
      deptName: null,
      slotId: r.id,
      startTime: r.startsAt.toISOString(),
      endTime: r.endsAt.toISOString(),
      dutyStatus: r.dutyStatus as DutyStatus,
    }));
}

export async function completeDuty(scope: TenantScope, p: Principal, lang: Lang, id: number) {
  const row = await findSlotRaw(scope, id);
  if (!row || row.deletedAt || row.kind === 'consult') throw notFound('duty shift');
  if (row.counsellorId !== p.userId && !can(p, P.scheduleEdit)) throw forbidden();
  await moveDuty(scope, lang, id, row.dutyStatus as DutyStatus, 'complete');
  return slotDetail(scope, { ...p, permissions: new Set([...p.permissions, P.scheduleView]) }, id);
}

// ---------------------------------------------------------------------------------------------------
// Status moves other modules make (through the transition tables)

function badMove(lang: Lang): AppError {
  return refuse('notAllowed', lang);
}

/** Moves a slot's status; refused when the table does not allow it or the slot is not in `from`. */
export async function moveSlot(
  scope: TenantScope,
  lang: Lang,
  slotId: number,
  from: SlotStatus,
  to: SlotStatus,
) {
  if (!canSlotTransition(from, to)) throw badMove(lang);
  if (!(await setSlotStatus(scope, slotId, from, to))) throw badMove(lang);
}

export async function moveDuty(
  scope: TenantScope,
  lang: Lang,
  slotId: number,
  from: DutyStatus,
  to: DutyStatus,
) {
  if (from === to) return;
  if (!canDutyTransition(from, to)) throw badMove(lang);
  if (!(await setDutyStatus(scope, slotId, from, to))) throw badMove(lang);
}

/** Takes a free slot for a visitor (status 1 or 10 → 2), or answers why not. */
export async function claimSlot(scope: TenantScope, lang: Lang, slotId: number, visitorId: number) {
  const taken = await takeSlot(scope, slotId, visitorId);
  if (taken) return taken;
  const row = await findSlotRaw(scope, slotId);
  if (!row || row.deletedAt || row.kind !== 'consult') throw refuse('slotUnavailable', lang);
  if (row.status === SLOT_STATUS.booked || row.status === SLOT_STATUS.completed)
    throw refuse('slotTaken', lang);
  if (await slotOfferedToOther(scope, slotId, visitorId)) throw refuse('offeredToOther', lang);
  // Free and offered to no one else: another transaction holds the row, in all likelihood a booking of it.
  throw refuse('slotTaken', lang);
}

export { findSlotRaw, findSlotById, softDeleteSlots, findBookedSlotIds };

// ---------------------------------------------------------------------------------------------------
// Workforce calls that need the schedule

export async function workforceAll(scope: TenantScope, p: Principal, id: number) {
  if (id !== p.userId && !seesAll(p)) throw forbidden();
  const person = await findPerson(scope, id);
  if (!person) throw notFound('user');
  const w = await findWorkforceOf(scope, id);
  const counts = await countUpcomingFreeByCategory(scope, id, new Date());
  return {
    userId: id,
    accepting: w.accepting,
    categories: w.categoryIds.map((categoryId) => ({
      categoryId,
      upcomingFree: counts.find((c) => c.category === categoryId)?.n ?? 0,
    })),
  };
}

export async function dualIdentity(scope: TenantScope, p: Principal, userId?: number) {
  const id = userId ?? p.userId;
  if (id !== p.userId && !isStaff(p)) throw forbidden();
  const person = await findPerson(scope, id);
  if (!person) throw notFound('user');
  const counsellor = isCounsellorRoleSet(person.roleCodes);
  const visitor = isVisitorRoleSet(person.roleCodes);
  return { userId: id, counsellor, visitor, dual: counsellor && visitor };
}

/** `getCounselorListAndDataScope`: counsellors in the departments the caller administers or views. */
export async function counsellorsInScope(scope: TenantScope, p: Principal, keyword?: string) {
  if (!isStaff(p)) throw forbidden('only staff list counsellors');
  const ds = can(p, P.scheduleView)
    ? await permissionScopeOf(scope, p, P.scheduleView)
    : await permissionScopeOf(scope, p, P.appointmentView);
  const rows = await findCounsellors(scope, { roleCodes: WORKFORCE_ROLE_CODES, keyword });
  return rows
    .filter((r) => ds === null || isDeptInScope(ds, r.deptId) || r.id === p.userId || !hasAnyScopedKey(p))
    .map((r) => ({
      id: r.id,
      value: String(r.id),
      label: r.realName,
      realName: r.realName,
      deptId: r.deptId,
      deptName: r.deptName ?? null,
      roleCodes: r.roleCodes,
    }));
}

/** Staff without a view permission (a counsellor) still get the school's counsellor list (to refer). */
const hasAnyScopedKey = (p: Principal) => can(p, P.scheduleView) || can(p, P.appointmentView);

export function localDate(policy: SchedulingPolicy, instant: Date): string {
  return zonedDate(instant, policy.timeZone);
}
