import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { usersView } from '../identity';
import {
  crisisMonthlyReport,
  focusDormReport,
  focusJournal,
  focusJournalEntry,
  focusJournalFeedback,
  focusPerson,
  focusReport,
  focusTalk,
} from './crisis.table';
import type { DeptReach } from './care.repository';

/* Key persons, information updates, talks, dormitory reports, journals and monthly reports. */

export type FocusRow = typeof focusPerson.$inferSelect;
export type FocusReportRow = typeof focusReport.$inferSelect;
export type TalkRow = typeof focusTalk.$inferSelect;
export type DormReportRow = typeof focusDormReport.$inferSelect;
export type JournalRow = typeof focusJournal.$inferSelect;
export type MonthlyRow = typeof crisisMonthlyReport.$inferSelect;

const inDepts = (col: SQL, reach: DeptReach) =>
  reach.all
    ? undefined
    : reach.deptIds.length === 0
      ? sql`false`
      : sql`${col} in (${sql.join(
          reach.deptIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
const nameLike = (tenantCol: SQL, studentCol: SQL, name: string | undefined) => {
  if (!name) return undefined;
  const pattern = `%${name.replace(/[\\%_]/g, '\\$&')}%`;
  return sql`exists (select 1 from ${usersView('u')} where u.tenant_id = ${tenantCol} and u.id = ${studentCol}
    and (u.real_name ilike ${pattern} or u.number_name ilike ${pattern}))`;
};

// ---------------------------------------------------------------- key persons

export async function findFocus({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(focusPerson)
    .where(and(eq(focusPerson.tenantId, tenantId), eq(focusPerson.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** A student's live key-person entry, locked. */
export async function findLiveFocusOfStudent({ tx, tenantId }: TenantScope, studentId: number) {
  const [row] = await tx
    .select()
    .from(focusPerson)
    .where(
      and(
        eq(focusPerson.tenantId, tenantId),
        eq(focusPerson.studentId, studentId),
        eq(focusPerson.status, 1),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function insertFocus(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof focusPerson.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(focusPerson)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function updateFocus(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<FocusRow, 'tenantId' | 'id' | 'createdAt'>>,
) {
  const [row] = await tx
    .update(focusPerson)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(focusPerson.tenantId, tenantId), eq(focusPerson.id, id)))
    .returning();
  return row!;
}

export async function findFocusPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: {
    status: number;
    level?: number | undefined;
    categoryId?: number | undefined;
    studentName?: string | undefined;
    dueBy?: string | undefined;
  },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(focusPerson.tenantId, tenantId),
    eq(focusPerson.status, f.status),
    inDepts(sql`${focusPerson.studentDeptId}`, reach),
    f.level !== undefined ? eq(focusPerson.level, f.level) : undefined,
    f.categoryId !== undefined
      ? sql`${focusPerson.categoryIds} @> array[${f.categoryId}::bigint]`
      : undefined,
    f.dueBy !== undefined ? lte(focusPerson.nextDue, f.dueBy) : undefined,
    nameLike(sql`${focusPerson.tenantId}`, sql`${focusPerson.studentId}`, f.studentName),
  );
  const rows = await tx
    .select()
    .from(focusPerson)
    .where(where)
    .orderBy(sql`${focusPerson.nextDue} nulls last`, asc(focusPerson.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusPerson).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countFocusDue({ tx, tenantId }: TenantScope, reach: DeptReach, dueBy: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(focusPerson)
    .where(
      and(
        eq(focusPerson.tenantId, tenantId),
        eq(focusPerson.status, 1),
        lte(focusPerson.nextDue, dueBy),
        inDepts(sql`${focusPerson.studentDeptId}`, reach),
      ),
    );
  return row?.n ?? 0;
}

/** Live key persons due by a day and not yet reminded of that due date (the daily reminder). */
export function findFocusToRemind({ tx, tenantId }: TenantScope, dueBy: string) {
  return tx
    .select()
    .from(focusPerson)
    .where(
      and(
        eq(focusPerson.tenantId, tenantId),
        eq(focusPerson.status, 1),
        lte(focusPerson.nextDue, dueBy),
        sql`${focusPerson.remindedDue} is distinct from ${focusPerson.nextDue}`,
      ),
    )
    .limit(5000);
}

/** Key persons by level among some departments (monthly figures). */
export async function countFocusByLevel({ tx, tenantId }: TenantScope, deptIds: number[]) {
  if (deptIds.length === 0) return [];
  return tx
    .select({ level: focusPerson.level, n: count() })
    .from(focusPerson)
    .where(
      and(
        eq(focusPerson.tenantId, tenantId),
        eq(focusPerson.status, 1),
        inArray(focusPerson.studentDeptId, deptIds),
      ),
    )
    .groupBy(focusPerson.level);
}

// ---------------------------------------------------------------- information updates

export async function insertFocusReport(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof focusReport.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(focusReport)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findFocusReport({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(focusReport)
    .where(and(eq(focusReport.tenantId, tenantId), eq(focusReport.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateFocusReport(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Pick<FocusReportRow, 'status' | 'auditorId' | 'auditComment' | 'auditedAt' | 'focusId'>>,
) {
  const [row] = await tx
    .update(focusReport)
    .set(set)
    .where(and(eq(focusReport.tenantId, tenantId), eq(focusReport.id, id)))
    .returning();
  return row!;
}

export async function findFocusReportPage(
  { tx, tenantId }: TenantScope,
  f: {
    reach: DeptReach | null;
    reporterId?: number | undefined;
    status?: number | undefined;
    studentId?: number | undefined;
  },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(focusReport.tenantId, tenantId),
    f.reach ? inDepts(sql`${focusReport.studentDeptId}`, f.reach) : undefined,
    f.reporterId !== undefined ? eq(focusReport.reporterId, f.reporterId) : undefined,
    f.status !== undefined ? eq(focusReport.status, f.status) : undefined,
    f.studentId !== undefined ? eq(focusReport.studentId, f.studentId) : undefined,
  );
  const rows = await tx
    .select()
    .from(focusReport)
    .where(where)
    .orderBy(desc(focusReport.createdAt), desc(focusReport.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusReport).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countPendingFocusReports({ tx, tenantId }: TenantScope, reach: DeptReach) {
  const [row] = await tx
    .select({ n: count() })
    .from(focusReport)
    .where(
      and(
        eq(focusReport.tenantId, tenantId),
        eq(focusReport.status, 1),
        inDepts(sql`${focusReport.studentDeptId}`, reach),
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- talks

export async function insertTalk(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof focusTalk.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(focusTalk)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function setTalkRecord({ tx, tenantId }: TenantScope, id: number, recordId: number) {
  await tx
    .update(focusTalk)
    .set({ recordId })
    .where(and(eq(focusTalk.tenantId, tenantId), eq(focusTalk.id, id)));
}

export async function findTalk({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(focusTalk)
    .where(and(eq(focusTalk.tenantId, tenantId), eq(focusTalk.id, id)));
  return row ?? null;
}

export async function findTalkPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: {
    studentId?: number | undefined;
    authorId?: number | undefined;
    finding?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
    orAuthor?: number | null;
  },
  page: { offset: number; limit: number },
) {
  const deptCond = inDepts(sql`${focusTalk.studentDeptId}`, reach);
  const where = and(
    eq(focusTalk.tenantId, tenantId),
    deptCond && f.orAuthor != null ? sql`(${deptCond} or ${focusTalk.authorId} = ${f.orAuthor})` : deptCond,
    f.studentId !== undefined ? eq(focusTalk.studentId, f.studentId) : undefined,
    f.authorId !== undefined ? eq(focusTalk.authorId, f.authorId) : undefined,
    f.finding !== undefined ? eq(focusTalk.finding, f.finding) : undefined,
    f.from ? gte(focusTalk.talkDate, f.from) : undefined,
    f.to ? lte(focusTalk.talkDate, f.to) : undefined,
  );
  const rows = await tx
    .select()
    .from(focusTalk)
    .where(where)
    .orderBy(desc(focusTalk.talkDate), desc(focusTalk.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusTalk).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countTalksIn(
  { tx, tenantId }: TenantScope,
  deptIds: number[],
  first: string,
  last: string,
) {
  if (deptIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(focusTalk)
    .where(
      and(
        eq(focusTalk.tenantId, tenantId),
        inArray(focusTalk.studentDeptId, deptIds),
        gte(focusTalk.talkDate, first),
        lte(focusTalk.talkDate, last),
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- dormitory reports

export async function insertDormReport(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof focusDormReport.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(focusDormReport)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function setDormReportItems({ tx, tenantId }: TenantScope, id: number, items: unknown) {
  const [row] = await tx
    .update(focusDormReport)
    .set({ items })
    .where(and(eq(focusDormReport.tenantId, tenantId), eq(focusDormReport.id, id)))
    .returning();
  return row!;
}

export async function findDormReport({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(focusDormReport)
    .where(and(eq(focusDormReport.tenantId, tenantId), eq(focusDormReport.id, id)));
  return row ?? null;
}

/**
 * Dormitory reports of a leader (`leaderId`) or of dormitories whose department, or a member's class, the
 * caller reaches (`reach`).
 */
export async function findDormReportPage(
  { tx, tenantId }: TenantScope,
  f: {
    leaderId: number | null;
    reach: DeptReach | null;
    dormitoryId?: number | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
  page: { offset: number; limit: number },
) {
  const visible: SQL[] = [];
  if (f.leaderId !== null) visible.push(sql`${focusDormReport.leaderId} = ${f.leaderId}`);
  if (f.reach?.all) visible.push(sql`true`);
  else if (f.reach && f.reach.deptIds.length > 0) {
    const ids = sql.join(
      f.reach.deptIds.map((id) => sql`${id}`),
      sql`, `,
    );
    visible.push(sql`exists (select 1 from crisis_dormitory d where d.tenant_id = ${focusDormReport.tenantId}
      and d.id = ${focusDormReport.dormitoryId} and (d.dept_id in (${ids}) or exists (
        select 1 from crisis_dormitory_member m join ${usersView('u')} on u.tenant_id = m.tenant_id and u.id = m.student_id
        where m.tenant_id = d.tenant_id and m.dormitory_id = d.id and u.dept_id in (${ids}))))`);
  }
  const where = and(
    eq(focusDormReport.tenantId, tenantId),
    visible.length ? sql`(${sql.join(visible, sql` or `)})` : sql`false`,
    f.dormitoryId !== undefined ? eq(focusDormReport.dormitoryId, f.dormitoryId) : undefined,
    f.from ? gte(focusDormReport.reportDate, f.from) : undefined,
    f.to ? lte(focusDormReport.reportDate, f.to) : undefined,
  );
  const rows = await tx
    .select()
    .from(focusDormReport)
    .where(where)
    .orderBy(desc(focusDormReport.reportDate), desc(focusDormReport.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusDormReport).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- journals

export async function insertJournal(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof focusJournal.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(focusJournal)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findJournal({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(focusJournal)
    .where(and(eq(focusJournal.tenantId, tenantId), eq(focusJournal.id, id)));
  return row ?? null;
}

export async function updateJournal({ tx, tenantId }: TenantScope, id: number, set: { status: number }) {
  const [row] = await tx
    .update(focusJournal)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(focusJournal.tenantId, tenantId), eq(focusJournal.id, id)))
    .returning();
  return row!;
}

export async function touchJournal({ tx, tenantId }: TenantScope, id: number) {
  await tx
    .update(focusJournal)
    .set({ updatedAt: new Date() })
    .where(and(eq(focusJournal.tenantId, tenantId), eq(focusJournal.id, id)));
}

export async function findJournalPage(
  { tx, tenantId }: TenantScope,
  f: {
    reach: DeptReach | null;
    ownerId?: number | null;
    studentId?: number | undefined;
    status?: number | undefined;
  },
  page: { offset: number; limit: number },
) {
  const deptCond = f.reach ? inDepts(sql`${focusJournal.studentDeptId}`, f.reach) : sql`false`;
  const visible =
    f.ownerId != null
      ? deptCond
        ? sql`(${deptCond} or ${focusJournal.ownerId} = ${f.ownerId})`
        : undefined
      : deptCond;
  const where = and(
    eq(focusJournal.tenantId, tenantId),
    visible,
    f.studentId !== undefined ? eq(focusJournal.studentId, f.studentId) : undefined,
    f.status !== undefined ? eq(focusJournal.status, f.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(focusJournal)
    .where(where)
    .orderBy(desc(focusJournal.updatedAt), desc(focusJournal.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusJournal).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Entry and answer counts and the latest answer of journals. */
export async function findJournalCounts({ tx, tenantId }: TenantScope, ids: number[]) {
  if (ids.length === 0)
    return new Map<number, { entries: number; feedbacks: number; lastFeedbackAt: Date | null }>();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const res = await tx.execute(sql`
    select j.id,
      (select count(*) from focus_journal_entry e where e.tenant_id = j.tenant_id and e.journal_id = j.id) as entries,
      (select count(*) from focus_journal_feedback f where f.tenant_id = j.tenant_id and f.journal_id = j.id) as feedbacks,
      (select max(f.created_at) from focus_journal_feedback f where f.tenant_id = j.tenant_id and f.journal_id = j.id) as last_at
    from focus_journal j where j.tenant_id = ${tenantId} and j.id in (${list})`);
  return new Map(
    rowsOf<Record<string, unknown>>(res).map((r) => [
      toNumber(r.id),
      {
        entries: toNumber(r.entries),
        feedbacks: toNumber(r.feedbacks),
        lastFeedbackAt: r.last_at ? new Date(r.last_at as string) : null,
      },
    ]),
  );
}

export async function findOpenJournalsOf(
  { tx, tenantId }: TenantScope,
  studentId: number,
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(focusJournal.tenantId, tenantId),
    eq(focusJournal.studentId, studentId),
    eq(focusJournal.status, 1),
  );
  const rows = await tx
    .select()
    .from(focusJournal)
    .where(where)
    .orderBy(desc(focusJournal.createdAt))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(focusJournal).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function insertJournalEntry(
  { tx, tenantId }: TenantScope,
  row: { journalId: number; authorId: number; entryDate: string; content: string },
) {
  await tx.insert(focusJournalEntry).values({ tenantId, ...row });
}

export function findJournalEntries({ tx, tenantId }: TenantScope, journalId: number) {
  return tx
    .select()
    .from(focusJournalEntry)
    .where(and(eq(focusJournalEntry.tenantId, tenantId), eq(focusJournalEntry.journalId, journalId)))
    .orderBy(desc(focusJournalEntry.entryDate), desc(focusJournalEntry.id));
}

export async function insertJournalFeedback(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof focusJournalFeedback.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(focusJournalFeedback)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function setFeedbackRecord({ tx, tenantId }: TenantScope, id: number, recordId: number) {
  const [row] = await tx
    .update(focusJournalFeedback)
    .set({ recordId })
    .where(and(eq(focusJournalFeedback.tenantId, tenantId), eq(focusJournalFeedback.id, id)))
    .returning();
  return row!;
}

export function findJournalFeedback({ tx, tenantId }: TenantScope, journalId: number) {
  return tx
    .select()
    .from(focusJournalFeedback)
    .where(and(eq(focusJournalFeedback.tenantId, tenantId), eq(focusJournalFeedback.journalId, journalId)))
    .orderBy(desc(focusJournalFeedback.createdAt), desc(focusJournalFeedback.id));
}

/** Answers in reach in a period: count by mood, help requests, by month (China calendar). */
export async function findFeedbackStatistics(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  from: Date | undefined,
  to: Date | undefined,
) {
  const deptCond = reach.all
    ? sql`true`
    : reach.deptIds.length === 0
      ? sql`false`
      : sql`j.student_dept_id in (${sql.join(
          reach.deptIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const res = await tx.execute(sql`
    select to_char(f.created_at at time zone 'Asia/Shanghai', 'YYYY-MM') as month, f.mood, f.need_help, count(*) as n
    from focus_journal_feedback f
    join focus_journal j on j.tenant_id = f.tenant_id and j.id = f.journal_id
    where f.tenant_id = ${tenantId} and ${deptCond}
      ${from ? sql`and f.created_at >= ${from.toISOString()}::timestamptz` : sql``}
      ${to ? sql`and f.created_at < ${to.toISOString()}::timestamptz` : sql``}
    group by 1, 2, 3`);
  return rowsOf<Record<string, unknown>>(res).map((r) => ({
    month: String(r.month),
    mood: toNumber(r.mood),
    needHelp: toNumber(r.need_help),
    n: toNumber(r.n),
  }));
}

// ---------------------------------------------------------------- monthly reports

export async function findMonthly({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(crisisMonthlyReport)
    .where(and(eq(crisisMonthlyReport.tenantId, tenantId), eq(crisisMonthlyReport.id, id)));
  return row ?? null;
}

export async function findMonthlyOf(
  { tx, tenantId }: TenantScope,
  deptId: number,
  month: string,
  kind: string,
) {
  const [row] = await tx
    .select()
    .from(crisisMonthlyReport)
    .where(
      and(
        eq(crisisMonthlyReport.tenantId, tenantId),
        eq(crisisMonthlyReport.deptId, deptId),
        eq(crisisMonthlyReport.month, month),
        eq(crisisMonthlyReport.kind, kind),
      ),
    )
    .for('update');
  return row ?? null;
}

export async function upsertMonthly(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisMonthlyReport.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>,
) {
  const { deptId: _d, month: _m, kind: _k, createdBy: _c, ...changes } = row;
  const [saved] = await tx
    .insert(crisisMonthlyReport)
    .values({ ...row, tenantId })
    .onConflictDoUpdate({
      target: [
        crisisMonthlyReport.tenantId,
        crisisMonthlyReport.deptId,
        crisisMonthlyReport.month,
        crisisMonthlyReport.kind,
      ],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

export async function findMonthlyPage(
  { tx, tenantId }: TenantScope,
  f: {
    deptIds: number[] | null;
    month?: string | undefined;
    kind?: string | undefined;
    deptId?: number | undefined;
    status?: number | undefined;
  },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisMonthlyReport.tenantId, tenantId),
    f.deptIds === null
      ? undefined
      : f.deptIds.length
        ? inArray(crisisMonthlyReport.deptId, f.deptIds)
        : sql`false`,
    f.month !== undefined ? eq(crisisMonthlyReport.month, f.month) : undefined,
    f.kind !== undefined ? eq(crisisMonthlyReport.kind, f.kind) : undefined,
    f.deptId !== undefined ? eq(crisisMonthlyReport.deptId, f.deptId) : undefined,
    f.status !== undefined ? eq(crisisMonthlyReport.status, f.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisMonthlyReport)
    .where(where)
    .orderBy(desc(crisisMonthlyReport.month), asc(crisisMonthlyReport.deptId))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisMonthlyReport).where(where);
  return { rows, total: total?.n ?? 0 };
}

export function findMonthlyOfMonth({ tx, tenantId }: TenantScope, month: string, kind: string) {
  return tx
    .select()
    .from(crisisMonthlyReport)
    .where(
      and(
        eq(crisisMonthlyReport.tenantId, tenantId),
        eq(crisisMonthlyReport.month, month),
        eq(crisisMonthlyReport.kind, kind),
      ),
    );
}
