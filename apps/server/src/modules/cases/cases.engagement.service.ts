import { type Lang, type AppointmentType } from '@psy/contracts';
import { TYPE_GROUPS, type TypeGroup } from '@psy/scheduling';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import { appointmentBrief, liveAppointmentIdsOf } from '../appointments';
import { findUserBriefs } from '../identity';
import { getVisitorSignature, signatureImage } from '../signatures';
import type { CaseCtx } from './cases.service';
import { canSeeAllCases } from './cases.policy';
import {
  countCasesOfCounsellor,
  findAgreementAppointmentIds,
  findSuperviseeIds,
  findSupervisorOf,
  insertAgreement,
  insertFeedback,
  setSupervisor,
} from './cases.repository';

/** Agreements per appointment kind, feedback after a session, and the team's supervisors (docs/cases.md 7, 8). */

/** Which appointment types each agreement path takes (S1.7.23), by the appointments' type groups. */
export const AGREEMENT_GROUPS: Record<string, readonly TypeGroup[]> = {
  profiles: ['counselling'],
  primaryunit: ['primaryUnit'],
  assessments: ['assessment'],
  manned: ['manned'],
  interview: ['interview'],
  first: ['firstInterview'],
  firstForAssessment: ['firstInterview'],
};

const inGroups = (type: AppointmentType, groups: readonly TypeGroup[]) =>
  groups.some((g) => (TYPE_GROUPS[g] as readonly number[]).includes(type));

/** The visitor agrees to the consultation agreement of one of their appointments; once per appointment. */
export async function agreeToAppointment(
  ctx: CaseCtx,
  kind: string,
  appointmentId: number,
  b: { agree: true; image?: string; quote?: boolean },
) {
  const a = await appointmentBrief(ctx.scope, appointmentId);
  if (!a || a.visitorId !== ctx.p.userId) throw notFound('appointment');
  if (!inGroups(a.type, AGREEMENT_GROUPS[kind]!))
    throw badRequest('id', 'this appointment takes another agreement');
  let signed = false;
  if (b.quote) {
    await getVisitorSignature(ctx.scope, ctx.files, ctx.p, { uid: undefined, quote: true, lang: ctx.lang });
    signed = true;
  } else if (b.image !== undefined) {
    await signatureImage(b.image, 'image', ctx.lang);
    signed = true;
  }
  const row = await insertAgreement(ctx.scope, { appointmentId, visitorId: a.visitorId, kind, signed });
  if (!row) throw new AppError('conflict', 'the agreement of this appointment was given already');
  return { appointmentId, kind, signed, agreedAt: row.agreedAt.toISOString() };
}

/** `agreementPending`: the caller's live appointments still without an agreement. */
export async function agreementPending(ctx: CaseCtx) {
  const ids = await liveAppointmentIdsOf(ctx.scope, ctx.p.userId);
  const given = await findAgreementAppointmentIds(ctx.scope, ids);
  return { total: ids.filter((id) => !given.has(id)).length };
}

/** Feedback of the visitor on a held session (S1.7.22, visitorSatisfaction 1-5); once per appointment. */
export async function giveFeedback(
  ctx: CaseCtx,
  appointmentId: number,
  primary: boolean,
  b: { visitorSatisfaction: number; content?: string },
) {
  const a = await appointmentBrief(ctx.scope, appointmentId);
  if (!a || a.visitorId !== ctx.p.userId) throw notFound('appointment');
  if ((a.type === 10) !== primary) throw badRequest('id', 'this appointment takes the other feedback call');
  if (a.status !== 'success' && a.status !== 'complete')
    throw badRequest('id', 'feedback is given after the session');
  const row = await insertFeedback(ctx.scope, {
    appointmentId,
    visitorId: a.visitorId,
    counsellorId: a.counsellorId,
    satisfaction: b.visitorSatisfaction,
    content: b.content || null,
  });
  if (!row) throw new AppError('conflict', 'feedback on this session was given already');
  return {
    appointmentId,
    visitorSatisfaction: row.satisfaction,
    content: row.content,
    createTime: row.createdAt.toISOString(),
  };
}

const person = async (ctx: CaseCtx, id: number | null) => {
  if (id === null) return null;
  const names = await findUserBriefs(ctx.scope, [id]);
  return names.has(id) ? { id, name: names.get(id)!.name } : null;
};

/** `team/editSupervisor`: who supervises a counsellor (and so reads and co-signs their cases). */
export async function editSupervisor(
  ctx: CaseCtx,
  b: { counsellorId: number; supervisorId: number | null },
  _lang?: Lang,
) {
  if (!canSeeAllCases(ctx.p)) throw forbidden();
  if (b.counsellorId === b.supervisorId)
    throw badRequest('supervisorId', 'a counsellor does not supervise themselves');
  const known = await findUserBriefs(ctx.scope, [
    b.counsellorId,
    ...(b.supervisorId ? [b.supervisorId] : []),
  ]);
  if (!known.has(b.counsellorId)) throw badRequest('counsellorId', 'the user does not exist');
  if (b.supervisorId !== null && !known.has(b.supervisorId))
    throw badRequest('supervisorId', 'the user does not exist');
  await setSupervisor(ctx.scope, b.counsellorId, b.supervisorId, ctx.p.userId);
  return { counsellorId: b.counsellorId, supervisor: await person(ctx, b.supervisorId) };
}

/** `team/detail`: a counsellor's supervisor, supervisees and case counts. */
export async function teamDetail(ctx: CaseCtx, id: number) {
  if (!canSeeAllCases(ctx.p) && id !== ctx.p.userId) throw forbidden();
  const me = await person(ctx, id);
  if (!me) throw notFound('user');
  const supervisees = await findSuperviseeIds(ctx.scope, id);
  const names = await findUserBriefs(ctx.scope, supervisees);
  const counts = await countCasesOfCounsellor(ctx.scope, id);
  return {
    counsellor: me,
    supervisor: await person(ctx, await findSupervisorOf(ctx.scope, id)),
    supervisees: supervisees.map((s) => ({ id: s, name: names.get(s)?.name ?? null })),
    liveCases: counts.live,
    cases: counts.all,
  };
}
