import { createHash } from 'node:crypto';
import {
  CONSULT_AGREEMENT_DEFAULT_TEXT,
  CONSULT_AGREEMENT_SETTING_CODE,
  SETTING_VALUE_SCHEMAS,
  parseDataUrl,
  type Lang,
  type AppointmentType,
} from '@psy/contracts';
import { TYPE_GROUPS, type TypeGroup } from '@psy/scheduling';
import { AppError, badRequest, forbidden, notFound } from '../../core/http/app-error';
import { appointmentBrief, liveAppointmentIdsOf } from '../appointments';
import { findUserBriefs, recordPersonalDataRead } from '../identity';
import { getSettingState } from '../settings';
import { getVisitorSignature, signatureImage } from '../signatures';
import { requireFileReach, toAgreementSummary, type CaseCtx } from './cases.service';
import { canSeeAllCases, caseAccessOf } from './cases.policy';
import {
  countCasesOfCounsellor,
  findAgreement,
  findAgreementAppointmentIds,
  findAgreementOfAppointment,
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

/** The version of an agreement text: SHA-256 of its title and content, so one text has one version. */
export const agreementTextVersion = (title: string, content: string) =>
  createHash('sha256').update(`${title}\n\n${content}`).digest('hex');

/**
 * The consultation agreement a visitor is shown now: the school's (setting `consultAgreement`, switched
 * on with a text) as written, else the default in the caller's language; with its version.
 */
export async function currentAgreementText(ctx: CaseCtx) {
  const state = await getSettingState(ctx.scope, CONSULT_AGREEMENT_SETTING_CODE);
  const parsed = SETTING_VALUE_SCHEMAS[CONSULT_AGREEMENT_SETTING_CODE].safeParse(state.value);
  const school = state.enable && parsed.success && parsed.data.content.trim() !== '' ? parsed.data : null;
  const fallback = CONSULT_AGREEMENT_DEFAULT_TEXT[ctx.lang];
  const title = school ? school.title || fallback.title : fallback.title;
  const content = school ? school.content : fallback.content;
  return {
    title,
    content,
    lang: ctx.lang,
    source: school ? ('school' as const) : ('default' as const),
    textVersion: agreementTextVersion(title, content),
  };
}

const agreementKindOf = (type: AppointmentType) =>
  Object.entries(AGREEMENT_GROUPS).find(([, groups]) => inGroups(type, groups))?.[0] ?? 'profiles';

/** `agreement/text`: what the visitor of an appointment is asked to agree to, and whether they have. */
export async function agreementTextFor(ctx: CaseCtx, appointmentId: number) {
  const a = await appointmentBrief(ctx.scope, appointmentId);
  if (!a || a.visitorId !== ctx.p.userId) throw notFound('appointment');
  const given = await findAgreementOfAppointment(ctx.scope, appointmentId);
  return {
    appointmentId,
    kind: agreementKindOf(a.type),
    text: await currentAgreementText(ctx),
    agreement: given ? { id: given.id, agreedAt: given.agreedAt.toISOString() } : null,
  };
}

/**
 * The visitor agrees to the consultation agreement of one of their appointments; once per appointment.
 * What they agreed to is kept as it was (docs/cases.md 7): the text and its version, and the signature
 * image copied into a file of the agreement's own (a quoted stored signature may be replaced later).
 */
export async function agreeToAppointment(
  ctx: CaseCtx,
  kind: string,
  appointmentId: number,
  b: { agree: true; image?: string; quote?: boolean; textVersion?: string },
) {
  const a = await appointmentBrief(ctx.scope, appointmentId);
  if (!a || a.visitorId !== ctx.p.userId) throw notFound('appointment');
  if (!inGroups(a.type, AGREEMENT_GROUPS[kind]!))
    throw badRequest('id', 'this appointment takes another agreement');
  const text = await currentAgreementText(ctx);
  if (b.textVersion !== undefined && b.textVersion !== text.textVersion)
    throw new AppError('conflict', 'the agreement has changed since it was shown: read it again');
  const given = () => new AppError('conflict', 'the agreement of this appointment was given already');
  // Before any file is written; the unique key still decides a race.
  if ((await findAgreementAppointmentIds(ctx.scope, [appointmentId])).has(appointmentId)) throw given();
  let image: { bytes: Buffer; type: string; source: 'drawn' | 'stored' } | null = null;
  if (b.quote) {
    const stored = await getVisitorSignature(ctx.scope, ctx.files, ctx.p, {
      uid: undefined,
      quote: true,
      lang: ctx.lang,
    });
    const parsed = stored ? parseDataUrl(stored.sign) : null;
    if (!stored || !parsed) throw notFound('signature');
    image = { bytes: Buffer.from(parsed.base64, 'base64'), type: stored.contentType, source: 'stored' };
  } else if (b.image !== undefined) {
    const drawn = await signatureImage(b.image, 'image', ctx.lang);
    image = { bytes: drawn.bytes, type: drawn.type, source: 'drawn' };
  }
  const fileKey = image ? await ctx.files.put(`t${ctx.p.tenantId}/agreements`, image.bytes) : null;
  const row = await insertAgreement(ctx.scope, {
    appointmentId,
    visitorId: a.visitorId,
    kind,
    signed: image !== null,
    lang: text.lang,
    title: text.title,
    content: text.content,
    textSource: text.source,
    textVersion: text.textVersion,
    signatureFileKey: fileKey,
    signatureType: image?.type ?? null,
    signatureSha256: image ? createHash('sha256').update(image.bytes).digest('hex') : null,
    signatureSource: image?.source ?? null,
  });
  if (!row) {
    if (fileKey) await ctx.files.remove(fileKey).catch(() => undefined);
    throw given();
  }
  return {
    id: row.id,
    appointmentId,
    kind,
    signed: row.signed,
    textVersion: text.textVersion,
    agreedAt: row.agreedAt.toISOString(),
  };
}

const AGREEMENT_DETAIL_ROUTE = 'GET /biz/consult/agreement/detail';

/**
 * `agreement/detail`: a given agreement as it was agreed to. The visitor reads their own; staff read it
 * when they may see the appointment's case (its counsellor, their supervisor, `consult_case_all` in the
 * data scope) or reach the visitor's file, and the read is access-logged. Anyone else: not found.
 */
export async function agreementDetail(ctx: CaseCtx, id: number) {
  const row = await findAgreement(ctx.scope, id);
  if (!row) throw notFound('agreement');
  if (row.visitorId !== ctx.p.userId) {
    const a = await appointmentBrief(ctx.scope, row.appointmentId);
    const access = a ? await caseAccessOf(ctx.scope, ctx.p, a, async () => a.visitorDeptId ?? null) : null;
    if (!access || access === 'visitor') {
      try {
        await requireFileReach(ctx, row.visitorId);
      } catch {
        throw notFound('agreement');
      }
    }
    await recordPersonalDataRead(ctx.scope, ctx.p, {
      subjectId: row.visitorId,
      fields: ['consultAgreement'],
      route: AGREEMENT_DETAIL_ROUTE,
    });
  }
  const bytes = row.signatureFileKey ? await ctx.files.get(row.signatureFileKey) : null;
  const names = await findUserBriefs(ctx.scope, [row.visitorId]);
  return {
    ...toAgreementSummary(row),
    visitor: { id: row.visitorId, name: names.get(row.visitorId)?.name ?? null },
    text:
      row.textVersion === null
        ? null
        : {
            title: row.title ?? '',
            content: row.content ?? '',
            lang: (row.lang ?? 'zh-CN') as Lang,
            source: (row.textSource ?? 'default') as 'school' | 'default',
            textVersion: row.textVersion,
          },
    signature:
      bytes && row.signatureType && row.signatureSha256
        ? {
            image: `data:${row.signatureType};base64,${bytes.toString('base64')}`,
            source: (row.signatureSource ?? 'drawn') as 'drawn' | 'stored',
            sha256: row.signatureSha256,
          }
        : null,
  };
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
