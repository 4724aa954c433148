import { QUESTION_STAT_TYPES, type CaseRecordKind, type Lang } from '@psy/contracts';
import type { FormColumn } from '@psy/forms';
import { pageAnswer, pageWindow } from '../../core/db/paging';
import { forbidden } from '../../core/http/app-error';
import { boundFormOf, formDefinitionOf, ownedValueCounts } from '../forms';
import { deptScopeOf, findUserBriefs } from '../identity';
import { DEFAULT_RECORD_FORMS, RECORD_PURPOSE } from './cases.forms';
import { canSeeAllCases, isVisitor } from './cases.policy';
import { findEngagementOf, findRecordAnswerIds, findTeamPage } from './cases.repository';
import { reachFilter, visitorFile, type CaseCtx } from './cases.service';

/** The personal report, the question statistics, the team list and the visitor's own sessions (docs/cases.md 7, 9). */

const text = (label: unknown, lang: Lang) =>
  typeof label === 'string'
    ? label
    : ((label as Record<string, string> | undefined)?.[lang] ??
      (label as Record<string, string> | undefined)?.['zh-CN'] ??
      '');

/**
 * `profiles/report` (/aLiftTimeReport): the visitor's file reduced to counts, dates and grades for
 * printing; the same reach and access log as the file.
 */
export async function personalReport(ctx: CaseCtx, visitorId: number) {
  const file = await visitorFile(ctx, visitorId, 'GET /biz/consult/profiles/report');
  const records = file.cases.flatMap((c) => c.recordList);
  const sessions = records.filter((r) => r.kind !== 'closing');
  const times = sessions.map((r) => r.sessionTime ?? r.createTime).sort();
  const graded = records
    .filter((r) => r.grade !== null)
    .sort((a, b) => a.createTime.localeCompare(b.createTime));
  const latest = graded[graded.length - 1] ?? null;
  const stars = file.feedback.map((f) => f.visitorSatisfaction);
  return {
    visitor: file.visitor,
    cases: file.cases.length,
    sessions: sessions.length,
    signedRecords: records.filter((r) => r.signedAt !== null).length,
    amendments: records.reduce((n, r) => n + r.amendmentCount, 0),
    firstSeen: times[0] ?? null,
    lastSeen: times[times.length - 1] ?? null,
    latestGrade: latest?.grade ?? null,
    gradeConsistent: latest?.gradeConsistent ?? null,
    averageSatisfaction: stars.length
      ? Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10
      : null,
    byCase: file.cases.map((c) => ({
      id: c.id,
      status: c.status,
      counsellor: c.counsellor,
      source: c.source,
      openedAt: c.openedAt,
      closedAt: c.closedAt,
      records: c.recordList.length,
      grade: c.grade,
      gradeConsistent: c.gradeConsistent,
    })),
    generatedAt: new Date().toISOString(),
  };
}

const DAY_MS = 86_400_000;

/**
 * `questions/statistic`: how the choice questions of the school's current record form of a kind were
 * answered across the records within the caller's reach (counsellor: their own and supervisees'; admin:
 * the scope). Counts only: no answer text leaves the server.
 */
export async function questionStatistic(
  ctx: CaseCtx,
  b: { kind: CaseRecordKind; from?: string; to?: string },
) {
  const reach = await reachFilter(ctx);
  if (!reach || (isVisitor(ctx.p) && !canSeeAllCases(ctx.p))) throw forbidden();
  const bound = await boundFormOf(ctx.scope, RECORD_PURPOSE[b.kind]);
  const columns: FormColumn[] = bound
    ? (await formDefinitionOf(ctx.scope, bound.id, bound.currentVersion)).columns
    : DEFAULT_RECORD_FORMS[b.kind].columns;
  const asked = columns.filter((c) => (QUESTION_STAT_TYPES as readonly string[]).includes(c.type));
  const answerIds = await findRecordAnswerIds(ctx.scope, reach, {
    kind: b.kind,
    from: b.from ? new Date(`${b.from}T00:00:00Z`) : undefined,
    to: b.to ? new Date(Date.parse(`${b.to}T00:00:00Z`) + DAY_MS) : undefined,
  });
  const counts = await ownedValueCounts(
    ctx.scope,
    answerIds,
    asked.map((c) => c.prop),
  );
  return {
    records: answerIds.length,
    questions: asked.map((c) => {
      const options = new Map<string, { value: string; label: string; count: number }>();
      for (const o of c.dicData ?? [])
        options.set(String(o.value), { value: String(o.value), label: text(o.label, ctx.lang), count: 0 });
      if (c.type === 'grade')
        for (let g = 1; g <= 4; g++)
          options.set(String(g), {
            value: String(g),
            label: c.gradeMode === 'star' ? '★'.repeat(g) : 'ABCD'.charAt(g - 1),
            count: 0,
          });
      for (const v of counts.values.filter((x) => x.prop === c.prop)) {
        const o = options.get(v.value) ?? { value: v.value, label: v.value, count: 0 };
        options.set(v.value, { ...o, count: o.count + v.count });
      }
      return {
        prop: c.prop,
        label: text(c.label, ctx.lang),
        type: c.type,
        answered: counts.answered.find((a) => a.prop === c.prop)?.count ?? 0,
        options: [...options.values()],
      };
    }),
  };
}

/** `team/consult/page`: the counsellors within the administrator's data scope, with supervisor and case counts. */
export async function teamPage(ctx: CaseCtx, q: { current: number; size: number; realName?: string }) {
  if (!canSeeAllCases(ctx.p)) throw forbidden();
  const ds = await deptScopeOf(ctx.scope, ctx.p);
  const { rows, total } = await findTeamPage(
    ctx.scope,
    { realName: q.realName, deptIds: ds === null ? undefined : [...ds.deptIds] },
    pageWindow(q),
  );
  const supervisors = await findUserBriefs(
    ctx.scope,
    rows.flatMap((r) => (r.supervisorId === null ? [] : [r.supervisorId])),
  );
  return pageAnswer(
    q,
    rows.map((r) => ({
      id: r.id,
      realName: r.realName,
      deptName: r.deptName,
      supervisor:
        r.supervisorId === null
          ? null
          : { id: r.supervisorId, name: supervisors.get(r.supervisorId)?.name ?? null },
      liveCases: r.liveCases,
      cases: r.cases,
    })),
    total,
  );
}

/** `mine/engagement`: which of the caller's own appointments they agreed to and gave feedback on. */
export function mineEngagement(ctx: CaseCtx, appointmentIds: readonly number[]) {
  return findEngagementOf(ctx.scope, ctx.p.userId, appointmentIds);
}
