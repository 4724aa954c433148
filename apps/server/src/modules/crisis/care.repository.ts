import { and, asc, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import {
  crisisAssessment,
  crisisAssessmentEdition,
  crisisFollowUp,
  crisisGreenway,
  crisisIntervention,
  crisisInterventionReceipt,
  crisisSuspension,
} from './crisis.table';

/*
 * Assessments, intervention orders and receipts, follow-ups, suspensions and green-channel referrals:
 * the care given on a record or a key person.
 */

export type AssessmentRow = typeof crisisAssessment.$inferSelect;
export type InterventionRow = typeof crisisIntervention.$inferSelect;
export type FollowUpRow = typeof crisisFollowUp.$inferSelect;
export type SuspensionRow = typeof crisisSuspension.$inferSelect;
export type GreenwayRow = typeof crisisGreenway.$inferSelect;

/** Students of some departments (a reach), as a condition on a table's student_dept_id column. */
export type DeptReach = { all: true } | { all: false; deptIds: number[] };
const inDepts = (col: SQL, reach: DeptReach, extra?: SQL) => {
  if (reach.all) return undefined;
  const deptCond =
    reach.deptIds.length === 0
      ? sql`false`
      : sql`${col} in (${sql.join(
          reach.deptIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  return extra ? sql`(${deptCond} or ${extra})` : deptCond;
};

// ---------------------------------------------------------------- assessments

export async function insertAssessment(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisAssessment.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(crisisAssessment)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findAssessment({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(crisisAssessment)
    .where(and(eq(crisisAssessment.tenantId, tenantId), eq(crisisAssessment.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateAssessment(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<AssessmentRow, 'tenantId' | 'id' | 'createdAt'>>,
) {
  const [row] = await tx
    .update(crisisAssessment)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(crisisAssessment.tenantId, tenantId), eq(crisisAssessment.id, id)))
    .returning();
  return row!;
}

export async function insertAssessmentEdition(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisAssessmentEdition.$inferInsert, 'tenantId' | 'id'>,
) {
  await tx.insert(crisisAssessmentEdition).values({ ...row, tenantId });
}

export function findAssessmentEditions({ tx, tenantId }: TenantScope, assessmentId: number) {
  return tx
    .select()
    .from(crisisAssessmentEdition)
    .where(
      and(
        eq(crisisAssessmentEdition.tenantId, tenantId),
        eq(crisisAssessmentEdition.assessmentId, assessmentId),
      ),
    )
    .orderBy(asc(crisisAssessmentEdition.edition));
}

/** Assessments whose record or suspension the caller reaches (the student's department). */
export async function findAssessmentPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: {
    recordId?: number | undefined;
    suspensionId?: number | undefined;
    studentId?: number | undefined;
    kind?: string | undefined;
  },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisAssessment.tenantId, tenantId),
    inDepts(sql`${crisisAssessment.studentDeptId}`, reach),
    f.recordId !== undefined ? eq(crisisAssessment.recordId, f.recordId) : undefined,
    f.suspensionId !== undefined ? eq(crisisAssessment.suspensionId, f.suspensionId) : undefined,
    f.studentId !== undefined ? eq(crisisAssessment.studentId, f.studentId) : undefined,
    f.kind !== undefined ? eq(crisisAssessment.kind, f.kind) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisAssessment)
    .where(where)
    .orderBy(desc(crisisAssessment.createdAt), desc(crisisAssessment.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisAssessment).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The latest crisis assessment of a record. */
export async function findLatestAssessment({ tx, tenantId }: TenantScope, recordId: number) {
  const [row] = await tx
    .select()
    .from(crisisAssessment)
    .where(
      and(
        eq(crisisAssessment.tenantId, tenantId),
        eq(crisisAssessment.recordId, recordId),
        eq(crisisAssessment.kind, 'crisis'),
      ),
    )
    .orderBy(desc(crisisAssessment.createdAt), desc(crisisAssessment.id))
    .limit(1);
  return row ?? null;
}

export function findAssessmentsOfSuspension({ tx, tenantId }: TenantScope, suspensionId: number) {
  return tx
    .select()
    .from(crisisAssessment)
    .where(and(eq(crisisAssessment.tenantId, tenantId), eq(crisisAssessment.suspensionId, suspensionId)))
    .orderBy(desc(crisisAssessment.createdAt));
}

// ---------------------------------------------------------------- intervention orders

export async function insertIntervention(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisIntervention.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(crisisIntervention)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findIntervention({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(crisisIntervention)
    .where(and(eq(crisisIntervention.tenantId, tenantId), eq(crisisIntervention.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function setInterventionStatus({ tx, tenantId }: TenantScope, id: number, status: number) {
  await tx
    .update(crisisIntervention)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(crisisIntervention.tenantId, tenantId), eq(crisisIntervention.id, id)));
}

export async function insertReceipt(
  { tx, tenantId }: TenantScope,
  row: { interventionId: number; authorId: number; content: string },
) {
  await tx.insert(crisisInterventionReceipt).values({ tenantId, ...row });
}

export function findReceipts({ tx, tenantId }: TenantScope, interventionIds: number[]) {
  if (interventionIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(crisisInterventionReceipt)
    .where(
      and(
        eq(crisisInterventionReceipt.tenantId, tenantId),
        inArray(crisisInterventionReceipt.interventionId, interventionIds),
      ),
    )
    .orderBy(asc(crisisInterventionReceipt.id));
}

/** Whether an order on the record names the person. */
export async function isAssignedOnRecord({ tx, tenantId }: TenantScope, recordId: number, userId: number) {
  const [row] = await tx
    .select({ id: crisisIntervention.id })
    .from(crisisIntervention)
    .where(
      and(
        eq(crisisIntervention.tenantId, tenantId),
        eq(crisisIntervention.recordId, recordId),
        sql`${crisisIntervention.assigneeIds} @> array[${userId}::bigint]`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function isAssignedOnFocus({ tx, tenantId }: TenantScope, focusId: number, userId: number) {
  const [row] = await tx
    .select({ id: crisisIntervention.id })
    .from(crisisIntervention)
    .where(
      and(
        eq(crisisIntervention.tenantId, tenantId),
        eq(crisisIntervention.focusId, focusId),
        sql`${crisisIntervention.assigneeIds} @> array[${userId}::bigint]`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function findInterventionPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: {
    recordId?: number | undefined;
    focusId?: number | undefined;
    status?: number | undefined;
    area?: 'crisis' | 'focus' | undefined;
    assigneeId?: number | undefined;
    /** Also the orders naming this person, whatever the reach. */
    orAssignedTo?: number | null;
  },
  page: { offset: number; limit: number },
) {
  const assigned = (id: number) => sql`${crisisIntervention.assigneeIds} @> array[${id}::bigint]`;
  const where = and(
    eq(crisisIntervention.tenantId, tenantId),
    inDepts(
      sql`${crisisIntervention.studentDeptId}`,
      reach,
      f.orAssignedTo != null ? assigned(f.orAssignedTo) : undefined,
    ),
    f.assigneeId !== undefined ? assigned(f.assigneeId) : undefined,
    f.recordId !== undefined ? eq(crisisIntervention.recordId, f.recordId) : undefined,
    f.focusId !== undefined ? eq(crisisIntervention.focusId, f.focusId) : undefined,
    f.status !== undefined ? eq(crisisIntervention.status, f.status) : undefined,
    f.area === 'crisis' ? sql`${crisisIntervention.recordId} is not null` : undefined,
    f.area === 'focus' ? sql`${crisisIntervention.focusId} is not null` : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisIntervention)
    .where(where)
    .orderBy(desc(crisisIntervention.createdAt), desc(crisisIntervention.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisIntervention).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- follow-ups

export async function insertFollowUp(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisFollowUp.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(crisisFollowUp)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findFollowUpPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: { recordId?: number | undefined; focusId?: number | undefined; studentId?: number | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisFollowUp.tenantId, tenantId),
    inDepts(sql`${crisisFollowUp.studentDeptId}`, reach),
    f.recordId !== undefined ? eq(crisisFollowUp.recordId, f.recordId) : undefined,
    f.focusId !== undefined ? eq(crisisFollowUp.focusId, f.focusId) : undefined,
    f.studentId !== undefined ? eq(crisisFollowUp.studentId, f.studentId) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisFollowUp)
    .where(where)
    .orderBy(desc(crisisFollowUp.trackDate), desc(crisisFollowUp.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisFollowUp).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Follow-ups in a period for students of some departments (monthly figures). */
export async function countFollowUpsIn(
  { tx, tenantId }: TenantScope,
  deptIds: number[],
  first: string,
  last: string,
) {
  if (deptIds.length === 0) return 0;
  const [row] = await tx
    .select({ n: count() })
    .from(crisisFollowUp)
    .where(
      and(
        eq(crisisFollowUp.tenantId, tenantId),
        inArray(crisisFollowUp.studentDeptId, deptIds),
        gte(crisisFollowUp.trackDate, first),
        sql`${crisisFollowUp.trackDate} <= ${last}`,
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- suspensions

export async function insertSuspension(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisSuspension.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(crisisSuspension)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findSuspension({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(crisisSuspension)
    .where(and(eq(crisisSuspension.tenantId, tenantId), eq(crisisSuspension.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateSuspension(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<SuspensionRow, 'tenantId' | 'id' | 'createdAt'>>,
) {
  const [row] = await tx
    .update(crisisSuspension)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(crisisSuspension.tenantId, tenantId), eq(crisisSuspension.id, id)))
    .returning();
  return row!;
}

export async function findSuspensionPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: { status?: number | undefined; studentId?: number | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisSuspension.tenantId, tenantId),
    inDepts(sql`${crisisSuspension.studentDeptId}`, reach),
    f.status !== undefined ? eq(crisisSuspension.status, f.status) : undefined,
    f.studentId !== undefined ? eq(crisisSuspension.studentId, f.studentId) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisSuspension)
    .where(where)
    .orderBy(desc(crisisSuspension.createdAt), desc(crisisSuspension.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisSuspension).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- green channel

export async function insertGreenway(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisGreenway.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(crisisGreenway)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findGreenway({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(crisisGreenway)
    .where(and(eq(crisisGreenway.tenantId, tenantId), eq(crisisGreenway.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateGreenway(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Pick<GreenwayRow, 'status' | 'result'>>,
) {
  const [row] = await tx
    .update(crisisGreenway)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(crisisGreenway.tenantId, tenantId), eq(crisisGreenway.id, id)))
    .returning();
  return row!;
}

export async function findGreenwayPage(
  { tx, tenantId }: TenantScope,
  reach: DeptReach,
  f: { status?: number | undefined; recordId?: number | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisGreenway.tenantId, tenantId),
    inDepts(sql`${crisisGreenway.studentDeptId}`, reach),
    f.status !== undefined ? eq(crisisGreenway.status, f.status) : undefined,
    f.recordId !== undefined ? eq(crisisGreenway.recordId, f.recordId) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisGreenway)
    .where(where)
    .orderBy(desc(crisisGreenway.createdAt), desc(crisisGreenway.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisGreenway).where(where);
  return { rows, total: total?.n ?? 0 };
}
