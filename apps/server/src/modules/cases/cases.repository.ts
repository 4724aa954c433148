import { and, asc, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { deptsView, rolesView, userRolesView, usersView } from '../identity';
import {
  caseEvent,
  caseRecord,
  caseTransfer,
  consultAgreement,
  consultCase,
  consultFeedback,
  counsellorSupervisor,
} from './cases.table';

/** The only place with the case module's queries (docs/cases.md 10); the tenant is always an argument. */

export type CaseRow = typeof consultCase.$inferSelect;
export type RecordRow = typeof caseRecord.$inferSelect;

export async function findCase({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(consultCase)
    .where(and(eq(consultCase.tenantId, tenantId), eq(consultCase.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findLiveCaseOf({ tx, tenantId }: TenantScope, visitorId: number) {
  const [row] = await tx
    .select()
    .from(consultCase)
    .where(
      and(
        eq(consultCase.tenantId, tenantId),
        eq(consultCase.visitorId, visitorId),
        inArray(consultCase.status, ['wait', 'running']),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function countCasesOf({ tx, tenantId }: TenantScope, visitorId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(consultCase)
    .where(and(eq(consultCase.tenantId, tenantId), eq(consultCase.visitorId, visitorId)));
  return row?.n ?? 0;
}

/**
 * Inserts a case; a second live case of the visitor (a race with another opening) answers null instead of
 * failing the transaction (ON CONFLICT on the live-case index).
 */
export async function insertCase(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof consultCase.$inferInsert, 'tenantId'>,
): Promise<CaseRow | null> {
  const [row] = await tx
    .insert(consultCase)
    .values({ tenantId, ...v })
    .onConflictDoNothing({
      target: [consultCase.tenantId, consultCase.visitorId],
      where: sql`status in ('wait', 'running')`,
    })
    .returning();
  return row ?? null;
}

export async function updateCase(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<CaseRow, 'tenantId' | 'id'>>,
) {
  const [row] = await tx
    .update(consultCase)
    .set({ ...set, updatedAt: new Date(), version: sql`${consultCase.version} + 1` })
    .where(and(eq(consultCase.tenantId, tenantId), eq(consultCase.id, id)))
    .returning();
  return row!;
}

export async function insertCaseEvent(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof caseEvent.$inferInsert, 'tenantId' | 'id' | 'at'>,
) {
  await tx.insert(caseEvent).values({ tenantId, ...v });
}

export async function findCaseEvents({ tx, tenantId }: TenantScope, caseId: number) {
  return tx
    .select()
    .from(caseEvent)
    .where(and(eq(caseEvent.tenantId, tenantId), eq(caseEvent.caseId, caseId)))
    .orderBy(asc(caseEvent.at), asc(caseEvent.id));
}

/** Who may see which cases: everything (within `visitorIds` when limited), or the cases of these counsellors. */
export interface CaseFilter {
  counsellorIds?: readonly number[];
  visitorIds?: readonly number[];
  visitorId?: number;
  status?: string;
  live?: boolean;
  risk?: boolean;
}

function caseWhere(tenantId: number, f: CaseFilter): SQL {
  const conds: SQL[] = [sql`c.tenant_id = ${tenantId}`];
  if (f.counsellorIds) conds.push(sql`c.counsellor_id = any(${bigintArray(f.counsellorIds)})`);
  if (f.visitorIds) conds.push(sql`c.visitor_id = any(${bigintArray(f.visitorIds)})`);
  if (f.visitorId !== undefined) conds.push(sql`c.visitor_id = ${f.visitorId}`);
  if (f.status) conds.push(sql`c.status = ${f.status}`);
  if (f.live) conds.push(sql`c.status in ('wait', 'running')`);
  if (f.risk)
    conds.push(sql`c.status in ('wait', 'running') and (c.grade in (1, 2) or c.grade_consistent = false)`);
  return sql.join(conds, sql` and `);
}

const bigintArray = (ids: readonly number[]) => sql.raw(`'{${ids.map(Number).join(',')}}'::bigint[]`);

export type CaseListRow = CaseRow & { records: number; lockedRecords: number };

/** A page of cases, newest activity first, with their record counts (one statement, index-ordered). */
export async function findCasePage(
  { tx, tenantId }: TenantScope,
  f: CaseFilter,
  page: { offset: number; limit: number },
  order: 'updated' | 'risk' = 'updated',
): Promise<{ rows: CaseListRow[]; total: number }> {
  const where = caseWhere(tenantId, f);
  const orderBy =
    order === 'risk'
      ? sql`c.grade asc nulls last, c.updated_at desc, c.id desc`
      : sql`c.updated_at desc, c.id desc`;
  const [totalRes, res] = [
    await tx.execute(sql`select count(*)::int as n from consult_case c where ${where}`),
    await tx.execute(sql`
      select c.*,
        (select count(*)::int from case_record r where r.tenant_id = c.tenant_id and r.case_id = c.id) as records,
        (select count(*)::int from case_record r where r.tenant_id = c.tenant_id and r.case_id = c.id
           and r.signed_at is null and (r.locked_at is not null or r.lock_due_at <= now())) as locked_records
      from consult_case c where ${where} order by ${orderBy} limit ${page.limit} offset ${page.offset}`),
  ];
  return {
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
    rows: rowsOf<Record<string, unknown>>(res).map(caseOfRaw),
  };
}

const dateOf = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));

function caseOfRaw(r: Record<string, unknown>): CaseListRow {
  return {
    tenantId: toNumber(r.tenant_id),
    id: toNumber(r.id),
    visitorId: toNumber(r.visitor_id),
    counsellorId: toNumber(r.counsellor_id),
    status: String(r.status),
    source: Number(r.source),
    repeatStatus: Number(r.repeat_status),
    grade: r.grade === null ? null : Number(r.grade),
    gradeConsistent: (r.grade_consistent as boolean | null) ?? null,
    openedBy: r.opened_by === null ? null : toNumber(r.opened_by),
    openedAt: dateOf(r.opened_at)!,
    closedAt: dateOf(r.closed_at),
    closeReason: (r.close_reason as string | null) ?? null,
    updatedAt: dateOf(r.updated_at)!,
    version: Number(r.version),
    records: Number(r.records),
    lockedRecords: Number(r.locked_records),
  };
}

export async function countCasesByGrade({ tx, tenantId }: TenantScope, f: CaseFilter) {
  const where = caseWhere(tenantId, f);
  const res = await tx.execute(sql`
    select c.grade, count(*)::int as n, count(*) filter (where c.grade_consistent = false)::int as inconsistent
    from consult_case c where ${where} group by c.grade`);
  return rowsOf<{ grade: unknown; n: unknown; inconsistent: unknown }>(res).map((r) => ({
    grade: r.grade === null ? null : Number(r.grade),
    count: Number(r.n),
    inconsistent: Number(r.inconsistent),
  }));
}

// --- records ------------------------------------------------------------------------------------------

export async function findRecord({ tx, tenantId }: TenantScope, id: number, forUpdate = false) {
  const q = tx
    .select()
    .from(caseRecord)
    .where(and(eq(caseRecord.tenantId, tenantId), eq(caseRecord.id, id)));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function findRecordOfAppointment(
  { tx, tenantId }: TenantScope,
  appointmentId: number,
  kind: string,
) {
  const [row] = await tx
    .select()
    .from(caseRecord)
    .where(
      and(
        eq(caseRecord.tenantId, tenantId),
        eq(caseRecord.appointmentId, appointmentId),
        eq(caseRecord.kind, kind),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function findAnyRecordOfAppointment({ tx, tenantId }: TenantScope, appointmentId: number) {
  const [row] = await tx
    .select()
    .from(caseRecord)
    .where(and(eq(caseRecord.tenantId, tenantId), eq(caseRecord.appointmentId, appointmentId)))
    .limit(1);
  return row ?? null;
}

export async function findClosingRecord({ tx, tenantId }: TenantScope, caseId: number) {
  const [row] = await tx
    .select()
    .from(caseRecord)
    .where(
      and(eq(caseRecord.tenantId, tenantId), eq(caseRecord.caseId, caseId), eq(caseRecord.kind, 'closing')),
    )
    .for('update');
  return row ?? null;
}

export async function findRecordsOfCases({ tx, tenantId }: TenantScope, caseIds: readonly number[]) {
  if (caseIds.length === 0) return [];
  return tx
    .select()
    .from(caseRecord)
    .where(and(eq(caseRecord.tenantId, tenantId), inArray(caseRecord.caseId, [...caseIds])))
    .orderBy(asc(caseRecord.createdAt), asc(caseRecord.id));
}

export async function insertRecord(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof caseRecord.$inferInsert, 'tenantId' | 'id'>,
): Promise<RecordRow> {
  const [row] = await tx
    .insert(caseRecord)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

export async function updateRecord(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<RecordRow, 'tenantId' | 'id'>>,
) {
  const [row] = await tx
    .update(caseRecord)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(caseRecord.tenantId, tenantId), eq(caseRecord.id, id)))
    .returning();
  return row!;
}

/** Unsigned, not yet locked records whose deadline has passed (the lock job), oldest first. */
export async function findRecordsPastDue({ tx, tenantId }: TenantScope, now: Date, limit: number) {
  return tx
    .select({ r: caseRecord, visitorId: consultCase.visitorId, counsellorId: consultCase.counsellorId })
    .from(caseRecord)
    .innerJoin(
      consultCase,
      and(eq(consultCase.tenantId, caseRecord.tenantId), eq(consultCase.id, caseRecord.caseId)),
    )
    .where(
      and(
        eq(caseRecord.tenantId, tenantId),
        isNull(caseRecord.signedAt),
        isNull(caseRecord.lockedAt),
        lt(caseRecord.lockDueAt, now),
      ),
    )
    .orderBy(asc(caseRecord.lockDueAt))
    .limit(limit);
}

/** A counsellor's unsigned records (their own cases), for the pending counts. */
export async function findUnsignedRecordsOf({ tx, tenantId }: TenantScope, counsellorId: number) {
  return tx
    .select({ r: caseRecord })
    .from(caseRecord)
    .innerJoin(
      consultCase,
      and(eq(consultCase.tenantId, caseRecord.tenantId), eq(consultCase.id, caseRecord.caseId)),
    )
    .where(
      and(
        eq(caseRecord.tenantId, tenantId),
        eq(consultCase.counsellorId, counsellorId),
        isNull(caseRecord.signedAt),
      ),
    )
    .limit(1000);
}

// --- transfers, agreements, feedback, supervisors --------------------------------------------------------

export async function insertTransfer(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof caseTransfer.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(caseTransfer)
    .values({ tenantId, ...v })
    .returning();
  return row!;
}

export async function findTransfers({ tx, tenantId }: TenantScope, caseIds: readonly number[]) {
  if (caseIds.length === 0) return [];
  return tx
    .select()
    .from(caseTransfer)
    .where(and(eq(caseTransfer.tenantId, tenantId), inArray(caseTransfer.caseId, [...caseIds])))
    .orderBy(asc(caseTransfer.createdAt), asc(caseTransfer.id));
}

/**
 * Transfers to group counselling, newest first: pending group referrals until the group-counselling
 * module takes them (docs/cases.md 6). `visitorIds`: an administrator's data scope (undefined: all).
 */
export async function findGroupReferralPage(
  { tx, tenantId }: TenantScope,
  f: { visitorIds?: readonly number[] },
  page: { offset: number; limit: number },
) {
  if (f.visitorIds && f.visitorIds.length === 0) return { rows: [], total: 0 };
  const where = and(
    eq(caseTransfer.tenantId, tenantId),
    eq(caseTransfer.target, 'group'),
    f.visitorIds ? inArray(consultCase.visitorId, [...f.visitorIds]) : undefined,
  );
  const joined = and(
    eq(consultCase.tenantId, caseTransfer.tenantId),
    eq(consultCase.id, caseTransfer.caseId),
  );
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(caseTransfer)
    .innerJoin(consultCase, joined)
    .where(where);
  const rows = await tx
    .select({
      id: caseTransfer.id,
      caseId: caseTransfer.caseId,
      visitorId: consultCase.visitorId,
      counsellorId: consultCase.counsellorId,
      reason: caseTransfer.reason,
      createdBy: caseTransfer.createdBy,
      createdAt: caseTransfer.createdAt,
    })
    .from(caseTransfer)
    .innerJoin(consultCase, joined)
    .where(where)
    .orderBy(desc(caseTransfer.createdAt), desc(caseTransfer.id))
    .limit(page.limit)
    .offset(page.offset);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function insertAgreement(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof consultAgreement.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(consultAgreement)
    .values({ tenantId, ...v })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** One agreement, as it was given. */
export async function findAgreement({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(consultAgreement)
    .where(and(eq(consultAgreement.tenantId, tenantId), eq(consultAgreement.id, id)));
  return row ?? null;
}

/** The agreement given for an appointment, if any. */
export async function findAgreementOfAppointment({ tx, tenantId }: TenantScope, appointmentId: number) {
  const [row] = await tx
    .select({ id: consultAgreement.id, agreedAt: consultAgreement.agreedAt })
    .from(consultAgreement)
    .where(and(eq(consultAgreement.tenantId, tenantId), eq(consultAgreement.appointmentId, appointmentId)));
  return row ?? null;
}

/** A visitor's agreements, newest first (the texts stay in the table: the file lists, the detail reads). */
export async function findAgreementsOfVisitor({ tx, tenantId }: TenantScope, visitorId: number) {
  return tx
    .select({
      id: consultAgreement.id,
      appointmentId: consultAgreement.appointmentId,
      kind: consultAgreement.kind,
      agreedAt: consultAgreement.agreedAt,
      signed: consultAgreement.signed,
      textVersion: consultAgreement.textVersion,
    })
    .from(consultAgreement)
    .where(and(eq(consultAgreement.tenantId, tenantId), eq(consultAgreement.visitorId, visitorId)))
    .orderBy(desc(consultAgreement.agreedAt), desc(consultAgreement.id))
    .limit(500);
}

export async function findAgreementAppointmentIds(
  { tx, tenantId }: TenantScope,
  appointmentIds: readonly number[],
) {
  if (appointmentIds.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: consultAgreement.appointmentId })
    .from(consultAgreement)
    .where(
      and(
        eq(consultAgreement.tenantId, tenantId),
        inArray(consultAgreement.appointmentId, [...appointmentIds]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function insertFeedback(
  { tx, tenantId }: TenantScope,
  v: Omit<typeof consultFeedback.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(consultFeedback)
    .values({ tenantId, ...v })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function findFeedback(
  { tx, tenantId }: TenantScope,
  f: { appointmentIds?: readonly number[]; visitorId?: number },
) {
  const conds = [eq(consultFeedback.tenantId, tenantId)];
  if (f.appointmentIds) {
    if (f.appointmentIds.length === 0) return [];
    conds.push(inArray(consultFeedback.appointmentId, [...f.appointmentIds]));
  }
  if (f.visitorId !== undefined) conds.push(eq(consultFeedback.visitorId, f.visitorId));
  return tx
    .select()
    .from(consultFeedback)
    .where(and(...conds))
    .orderBy(desc(consultFeedback.createdAt));
}

export async function findSuperviseeIds({ tx, tenantId }: TenantScope, supervisorId: number) {
  const rows = await tx
    .select({ id: counsellorSupervisor.counsellorId })
    .from(counsellorSupervisor)
    .where(
      and(eq(counsellorSupervisor.tenantId, tenantId), eq(counsellorSupervisor.supervisorId, supervisorId)),
    );
  return rows.map((r) => r.id);
}

export async function findSupervisorOf({ tx, tenantId }: TenantScope, counsellorId: number) {
  const [row] = await tx
    .select({ id: counsellorSupervisor.supervisorId })
    .from(counsellorSupervisor)
    .where(
      and(eq(counsellorSupervisor.tenantId, tenantId), eq(counsellorSupervisor.counsellorId, counsellorId)),
    );
  return row?.id ?? null;
}

export async function setSupervisor(
  { tx, tenantId }: TenantScope,
  counsellorId: number,
  supervisorId: number | null,
  by: number,
) {
  if (supervisorId === null) {
    await tx
      .delete(counsellorSupervisor)
      .where(
        and(eq(counsellorSupervisor.tenantId, tenantId), eq(counsellorSupervisor.counsellorId, counsellorId)),
      );
    return;
  }
  await tx
    .insert(counsellorSupervisor)
    .values({ tenantId, counsellorId, supervisorId, updatedBy: by })
    .onConflictDoUpdate({
      target: [counsellorSupervisor.tenantId, counsellorSupervisor.counsellorId],
      set: { supervisorId, updatedBy: by, updatedAt: new Date() },
    });
}

export async function countCasesOfCounsellor({ tx, tenantId }: TenantScope, counsellorId: number) {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      live: sql<number>`count(*) filter (where ${consultCase.status} in ('wait', 'running'))::int`,
    })
    .from(consultCase)
    .where(and(eq(consultCase.tenantId, tenantId), eq(consultCase.counsellorId, counsellorId)));
  return { all: row?.all ?? 0, live: row?.live ?? 0 };
}

// --- statistics, team, the visitor's own sessions ----------------------------------------------------------

/** Answer ids of the records of one kind, within the reach filter, written within the days (inclusive). */
export async function findRecordAnswerIds(
  { tx, tenantId }: TenantScope,
  f: CaseFilter,
  q: { kind: string; from?: Date; to?: Date },
) {
  const conds: SQL[] = [caseWhere(tenantId, f), sql`r.kind = ${q.kind}`, sql`r.answer_id is not null`];
  if (q.from) conds.push(sql`r.created_at >= ${q.from.toISOString()}`);
  if (q.to) conds.push(sql`r.created_at < ${q.to.toISOString()}`);
  const res = await tx.execute(sql`
    select r.answer_id from case_record r
    join consult_case c on c.tenant_id = r.tenant_id and c.id = r.case_id
    where r.tenant_id = ${tenantId} and ${sql.join(conds, sql` and `)}`);
  return rowsOf<{ answer_id: unknown }>(res).map((r) => toNumber(r.answer_id));
}

export interface TeamRow {
  id: number;
  realName: string;
  deptName: string | null;
  supervisorId: number | null;
  cases: number;
  liveCases: number;
}

/**
 * The counsellors of the school (holders of the counsellor role), within the departments given (a
 * sub-administrator's scope), with their supervisor and case counts; by name.
 */
export async function findTeamPage(
  { tx, tenantId }: TenantScope,
  f: { realName?: string; deptIds?: readonly number[] },
  page: { offset: number; limit: number },
) {
  const u = usersView('u');
  const d = deptsView('d');
  const ur = userRolesView('ur');
  const ro = rolesView('ro');
  const conds: SQL[] = [
    sql`u.tenant_id = ${tenantId}`,
    sql`not u.del_flag`,
    sql`exists (select 1 from ${ur} join ${ro} on ro.tenant_id = ur.tenant_id and ro.id = ur.role_id
      where ur.tenant_id = u.tenant_id and ur.user_id = u.id and ro.role_code = 'ROLE_CONSULTANT' and not ro.del_flag)`,
  ];
  if (f.realName) conds.push(sql`u.real_name ilike ${`%${f.realName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  if (f.deptIds) conds.push(sql`u.dept_id = any(${bigintArray(f.deptIds)})`);
  const where = sql.join(conds, sql` and `);
  const total = await tx.execute(sql`select count(*)::int as n from ${u} where ${where}`);
  const res = await tx.execute(sql`
    select u.id, u.real_name, d.name as dept_name, s.supervisor_id,
      (select count(*)::int from consult_case c where c.tenant_id = u.tenant_id and c.counsellor_id = u.id) as cases,
      (select count(*)::int from consult_case c where c.tenant_id = u.tenant_id and c.counsellor_id = u.id
         and c.status in ('wait', 'running')) as live_cases
    from ${u}
    left join ${d} on d.tenant_id = u.tenant_id and d.id = u.dept_id
    left join counsellor_supervisor s on s.tenant_id = u.tenant_id and s.counsellor_id = u.id
    where ${where}
    order by u.real_name, u.id limit ${page.limit} offset ${page.offset}`);
  return {
    total: toNumber(rowsOf<{ n: unknown }>(total)[0]!.n),
    rows: rowsOf<Record<string, unknown>>(res).map((r): TeamRow => ({
      id: toNumber(r.id),
      realName: String(r.real_name),
      deptName: (r.dept_name as string | null) ?? null,
      supervisorId: r.supervisor_id === null ? null : toNumber(r.supervisor_id),
      cases: Number(r.cases),
      liveCases: Number(r.live_cases),
    })),
  };
}

/** Of these appointments, those the visitor agreed to and those they gave feedback on (their own only). */
export async function findEngagementOf(
  { tx, tenantId }: TenantScope,
  visitorId: number,
  appointmentIds: readonly number[],
) {
  if (appointmentIds.length === 0) return { agreed: [], feedback: [] };
  const agreed = await tx
    .select({ id: consultAgreement.appointmentId })
    .from(consultAgreement)
    .where(
      and(
        eq(consultAgreement.tenantId, tenantId),
        eq(consultAgreement.visitorId, visitorId),
        inArray(consultAgreement.appointmentId, [...appointmentIds]),
      ),
    );
  const feedback = await tx
    .select({ id: consultFeedback.appointmentId })
    .from(consultFeedback)
    .where(
      and(
        eq(consultFeedback.tenantId, tenantId),
        eq(consultFeedback.visitorId, visitorId),
        inArray(consultFeedback.appointmentId, [...appointmentIds]),
      ),
    );
  return { agreed: agreed.map((r) => r.id), feedback: feedback.map((r) => r.id) };
}
