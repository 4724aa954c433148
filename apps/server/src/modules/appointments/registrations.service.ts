import type { TenantScope } from '../../core/db/database';
import { APPOINTMENT_PERMISSIONS, type Registration } from '@psy/contracts';
import { pageAnswer } from '../../core/db/paging';
import { badRequest, forbidden, notFound } from '../../core/http/app-error';
import { isDeptInScope } from '../identity';
import { answerSummaryOf, boundFormOf } from '../forms';
import { getSettingState } from '../settings';
import {
  P,
  can,
  getPolicy,
  guardClashes,
  isProductEnabled,
  permissionScopeOf,
  termRefOf,
} from '../scheduling';
import {
  findRegistrations,
  findUserBrief,
  findVisitors,
  hasEarlierVisits,
  heldSessionsOf,
  insertRegistration,
  softDeleteRegistrations,
  updateRegistration,
} from './appointments.repository';
import { canActForVisitor } from './appointments.policy';
import { visitorFacts, type Ctx } from './appointments.context';
import { bookSlot, visibleAppointment } from './appointments.service';

/**
 * Registration (intake) before booking (S1.3.3, S1.3.4, S1.5.6, S1.5.7, S1.7.16): the willingness answers,
 * the school's intake form answer when it binds one, repeat detection, group-counselling registration.
 */

type Row = Awaited<ReturnType<typeof findRegistrations>>['rows'][number];

const toRegistration = (r: Row): Registration => ({
  id: r.id,
  visitorId: r.visitorId,
  visitorName: r.visitorName,
  kind: r.kind as Registration['kind'],
  oneConsultWishes: r.oneConsultWishes,
  teamConsultWishes: r.teamConsultWishes,
  category: r.category,
  formAnswerId: r.formAnswerId,
  preferredTimes: r.preferredTimes,
  note: r.note,
  source: r.source,
  status: r.status as Registration['status'],
  isRepeat: r.isRepeat,
  termKey: r.termKey,
  createTime: r.createdAt.toISOString(),
});

/** The subject of a registration call: the caller, or a visitor a clerk (or viewer) may act for. */
async function subjectOf(ctx: Ctx, userId: number | undefined, mode: 'write' | 'read') {
  const p = ctx.p!;
  const id = userId ?? p.userId;
  if (id === p.userId) return id;
  const v = await findUserBrief(ctx.scope, id);
  if (!v) throw badRequest('userId', 'no such user in this school');
  if (await canActForVisitor(ctx.scope, p, v.deptId)) return id;
  if (mode === 'read' && can(p, P.appointmentView)) {
    if (isDeptInScope(await permissionScopeOf(ctx.scope, p, P.appointmentView), v.deptId)) return id;
  }
  throw forbidden();
}

/** The status a new registration starts in: waiting for the assessment step the school asks first. */
async function firstStatus(ctx: Ctx) {
  const s = await getSettingState(ctx.scope, 'zxyyms');
  return s.enable && [13, 15, 17].includes(Number(s.value.assessMode)) ? 'assessing' : 'ready';
}

/** Checks the intake form answer: required while the school binds an intake form, about the visitor. */
async function checkIntakeAnswer(ctx: Ctx, visitorId: number, formAnswerId: number | undefined) {
  const bound = await boundFormOf(ctx.scope, 'intake');
  if (formAnswerId === undefined) {
    if (bound) throw badRequest('formAnswerId', 'fill in and submit the intake form first');
    return null;
  }
  const a = await answerSummaryOf(ctx.scope, formAnswerId);
  if (!a || a.purpose !== 'intake' || a.userId !== visitorId || !a.submitted) {
    throw badRequest('formAnswerId', "not a submitted answer of the school's intake form about this visitor");
  }
  return formAnswerId;
}

export async function register(
  ctx: Ctx,
  kind: 'individual' | 'team',
  body: {
    visitorId?: number;
    oneConsultWishes?: number;
    teamConsultWishes?: number;
    category?: number;
    formAnswerId?: number;
    preferredTimes: { time: string; weeks: number[] }[];
    note?: string;
    source?: number;
  },
) {
  const visitorId = await subjectOf(ctx, body.visitorId, 'write');
  const formAnswerId = await checkIntakeAnswer(ctx, visitorId, body.formAnswerId);
  const policy = await getPolicy(ctx.scope);
  const term = await termRefOf(ctx.scope, new Date(), policy);
  const fields = {
    oneConsultWishes: kind === 'individual' ? (body.oneConsultWishes ?? null) : null,
    teamConsultWishes: kind === 'team' ? 1 : (body.teamConsultWishes ?? null),
    category: body.category ?? null,
    formAnswerId,
    preferredTimes: body.preferredTimes,
    note: body.note ?? null,
  };
  const { rows } = await findRegistrations(
    ctx.scope,
    { visitorId, kind, termKey: term.key, live: true },
    { limit: 1, offset: 0 },
  );
  const existing = rows[0];
  // One live registration per term and kind: registering again updates it.
  const row = existing
    ? await updateRegistration(ctx.scope, existing.id, fields)
    : await guardClashes(ctx.lang, async () =>
        insertRegistration(ctx.scope, {
          visitorId,
          kind,
          ...fields,
          source: body.source ?? (visitorId === ctx.p!.userId ? 12 : 3),
          status: kind === 'team' ? 'open' : await firstStatus(ctx),
          isRepeat: await hasEarlierVisits(ctx.scope, visitorId, term.key),
          termKey: term.key,
          createdBy: ctx.p!.userId,
        }),
      );
  return getRegistration(ctx, row!.id);
}

async function getRegistration(ctx: Ctx, id: number) {
  const { rows } = await findRegistrations(ctx.scope, { ids: [id] });
  if (!rows[0]) throw notFound('registration');
  return toRegistration(rows[0]);
}

export async function latestRegistration(ctx: Ctx, kind: 'individual' | 'team', userId?: number) {
  const visitorId = await subjectOf(ctx, userId, 'read');
  const { rows } = await findRegistrations(ctx.scope, { visitorId, kind }, { limit: 1, offset: 0 });
  return rows[0] ? toRegistration(rows[0]) : null;
}

export async function registrationsOf(ctx: Ctx, userId: number) {
  const visitorId = await subjectOf(ctx, userId, 'read');
  const { rows } = await findRegistrations(ctx.scope, { visitorId }, { limit: 100, offset: 0 });
  return rows.map(toRegistration);
}

/** `syncRegister`: the caller's registration of this term, carried over from their latest when missing. */
export async function syncRegistration(ctx: Ctx) {
  const p = ctx.p!;
  const policy = await getPolicy(ctx.scope);
  const term = await termRefOf(ctx.scope, new Date(), policy);
  const now = await findRegistrations(
    ctx.scope,
    { visitorId: p.userId, kind: 'individual', termKey: term.key, live: true },
    { limit: 1, offset: 0 },
  );
  if (now.rows[0]) return toRegistration(now.rows[0]);
  const last = await findRegistrations(
    ctx.scope,
    { visitorId: p.userId, kind: 'individual' },
    { limit: 1, offset: 0 },
  );
  const prev = last.rows[0];
  if (!prev) return null;
  const row = await insertRegistration(ctx.scope, {
    visitorId: p.userId,
    kind: 'individual',
    oneConsultWishes: prev.oneConsultWishes,
    teamConsultWishes: prev.teamConsultWishes,
    category: prev.category,
    formAnswerId: prev.formAnswerId,
    preferredTimes: prev.preferredTimes,
    note: prev.note,
    source: prev.source,
    status: await firstStatus(ctx),
    isRepeat: true,
    termKey: term.key,
    createdBy: p.userId,
  });
  return getRegistration(ctx, row.id);
}

/** `getCanInterviewCount`: counselling sessions left this term. */
export async function sessionsLeft(ctx: Ctx, userId?: number) {
  const visitorId = await subjectOf(ctx, userId, 'read');
  const policy = await getPolicy(ctx.scope);
  const f = await visitorFacts(ctx.scope, policy, visitorId, new Date());
  return {
    count: f.sessions.remaining,
    allowed: f.sessions.allowed,
    used: f.sessions.used,
    extra: f.sessions.extra,
    termName: f.term.name,
  };
}

/** `checkGroup`: group counselling takes registrations while its product is enabled. */
export async function checkGroup(ctx: Ctx) {
  const policy = await getPolicy(ctx.scope);
  const term = await termRefOf(ctx.scope, new Date(), policy);
  const { rows } = await findRegistrations(
    ctx.scope,
    { visitorId: ctx.p!.userId, kind: 'team', termKey: term.key, live: true },
    { limit: 1, offset: 0 },
  );
  return { open: await isProductEnabled(ctx.scope, 'GROUP_COUNSELLING'), registered: rows.length > 0 };
}

/** `userForAppoint`: visitors the clerk may book for, as visitor selection entries (S1.3.3). */
export async function visitorsForBooking(ctx: Ctx, q: { current: number; size: number; keyword?: string }) {
  const p = ctx.p!;
  if (!can(p, APPOINTMENT_PERMISSIONS.appointmentBook)) throw forbidden();
  const ds = await permissionScopeOf(ctx.scope, p, P.appointmentBook);
  const { rows, total } = await findVisitors(
    ctx.scope,
    { keyword: q.keyword, deptIds: ds === null ? null : [...ds.deptIds] },
    { limit: q.size, offset: (q.current - 1) * q.size },
  );
  const held = await heldSessionsOf(
    ctx.scope,
    rows.map((r) => r.id),
  );
  const records = [];
  for (const r of rows) {
    const h = held.find((x) => x.visitorId === r.id);
    const { rows: regs } = await findRegistrations(
      ctx.scope,
      { visitorId: r.id, kind: 'individual' },
      { limit: 1, offset: 0 },
    );
    records.push({
      visitorId: r.id,
      visitorName: r.realName,
      userName: r.username,
      numberName: r.numberName,
      deptName: r.deptName ?? null,
      count: h?.n ?? 0,
      lastDate: h?.last ? new Date(h.last).toISOString() : null,
      basicInformation: [r.deptName, r.numberName].filter(Boolean).join(' ') || null,
      chiefComplaint: regs[0]?.note ?? null,
    });
  }
  return pageAnswer(q, records, total);
}

/** `forAssessment`: registrations waiting for an assessment or first interview (book permission). */
export async function registrationQueue(
  ctx: Ctx,
  q: { current: number; size: number; status?: string; keyword?: string },
) {
  if (!can(ctx.p!, P.appointmentBook) && !can(ctx.p!, P.appointmentView)) throw forbidden();
  const { rows, total } = await findRegistrations(
    ctx.scope,
    {
      kind: 'individual',
      statuses: q.status ? [q.status] : ['open', 'assessing', 'ready', 'waiting'],
      keyword: q.keyword,
    },
    { limit: q.size, offset: (q.current - 1) * q.size },
  );
  return pageAnswer(q, rows.map(toRegistration), total);
}

/** `forAssessment/firstInterview`: books the first interview (15) of a registration. */
export async function bookFirstInterview(
  ctx: Ctx,
  body: { registrationId: number; slotId: number; note?: string },
) {
  const reg = await getRegistration(ctx, body.registrationId);
  if (reg.status === 'closed') throw badRequest('registrationId', 'the registration is closed');
  return bookSlot(ctx, {
    slotId: body.slotId,
    type: 15,
    visitorId: reg.visitorId,
    registrationId: reg.id,
    note: body.note,
    source: 9,
  });
}

/** `toConsult`: after an assessment its registration is ready for counselling (transfer source 2). */
export async function assessmentToConsult(ctx: Ctx, appointmentId: number) {
  const row = await visibleAppointment(ctx, appointmentId);
  const p = ctx.p!;
  if (row.a.counsellorId !== p.userId && !can(p, P.appointmentBook)) throw forbidden();
  if (!['success', 'complete'].includes(row.a.status))
    throw badRequest('id', 'the assessment has not taken place');
  const policy = await getPolicy(ctx.scope);
  const term = await termRefOf(ctx.scope, new Date(), policy);
  const { rows } = await findRegistrations(
    ctx.scope,
    { visitorId: row.a.visitorId, kind: 'individual', termKey: term.key, live: true },
    { limit: 1, offset: 0 },
  );
  const reg = rows[0]
    ? await updateRegistration(ctx.scope, rows[0].id, { status: 'ready', source: 2 })
    : await insertRegistration(ctx.scope, {
        visitorId: row.a.visitorId,
        kind: 'individual',
        source: 2,
        status: 'ready',
        isRepeat: await hasEarlierVisits(ctx.scope, row.a.visitorId, term.key),
        termKey: term.key,
        createdBy: p.userId,
      });
  return getRegistration(ctx, reg!.id);
}

/**
 * A transfer from another area (source 1 assessment interview, docs/appointments.md "Registration"): opens
 * the visitor's registration of this term, or marks the live one with the transfer, so that it shows in
 * the clerks' `forAssessment` queue. Called in the transferring request's transaction.
 */
export async function openTransferRegistration(
  scope: TenantScope,
  t: { userId: number; source: number; urgent: boolean; note: string | null; createdBy: number },
): Promise<number> {
  const policy = await getPolicy(scope);
  const term = await termRefOf(scope, new Date(), policy);
  const note = [t.urgent ? '[urgent]' : null, t.note].filter(Boolean).join(' ') || null;
  const { rows } = await findRegistrations(
    scope,
    { visitorId: t.userId, kind: 'individual', termKey: term.key, live: true },
    { limit: 1, offset: 0 },
  );
  const reg = rows[0]
    ? await updateRegistration(scope, rows[0].id, { source: t.source, note: note ?? rows[0].note })
    : await insertRegistration(scope, {
        visitorId: t.userId,
        kind: 'individual',
        source: t.source,
        status: 'open',
        note,
        isRepeat: await hasEarlierVisits(scope, t.userId, term.key),
        termKey: term.key,
        createdBy: t.createdBy,
      });
  return reg!.id;
}

export async function deleteRegistrations(ctx: Ctx, ids: number[]) {
  if (!can(ctx.p!, P.appointmentManage)) throw forbidden();
  return { deleted: await softDeleteRegistrations(ctx.scope, ids) };
}
