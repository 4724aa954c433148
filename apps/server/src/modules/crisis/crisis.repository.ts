import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  sql,
  type SQL,
} from 'drizzle-orm';
import { CRISIS_STATUS } from '@psy/contracts';
import type { TenantScope } from '../../core/db/database';
import { findUserPhone, usersView } from '../identity';
import {
  crisisApproval,
  crisisApprovalDecision,
  crisisDelivery,
  crisisEvent,
  crisisIntervention,
  crisisNoticeSetting,
  crisisReadLog,
  crisisRecord,
  crisisSetting,
  crisisWarning,
  crisisWarningHistory,
} from './crisis.table';

export type RecordRow = typeof crisisRecord.$inferSelect;
export type NewRecord = Omit<typeof crisisRecord.$inferInsert, 'tenantId' | 'id'>;
export type DeliveryRow = typeof crisisDelivery.$inferSelect;
export type ApprovalRow = typeof crisisApproval.$inferSelect;
export type WarningRow = typeof crisisWarning.$inferSelect;

/**
 * Which records a caller reaches: the whole school, or the students of some departments plus the records
 * where an intervention order names them (docs/crisis.md 3.10).
 */
export type RecordReach = { all: true } | { all: false; deptIds: number[]; assigneeId: number | null };

const idsIn = (col: SQL | typeof crisisRecord.studentDeptId, ids: number[]) =>
  ids.length === 0
    ? sql`false`
    : sql`${col} in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`;

/** The reach as a condition on crisis_record. */
export function recordReachCondition(reach: RecordReach): SQL | undefined {
  if (reach.all) return undefined;
  const parts = [idsIn(crisisRecord.studentDeptId, reach.deptIds)];
  if (reach.assigneeId !== null) {
    parts.push(sql`exists (select 1 from crisis_intervention i where i.tenant_id = ${crisisRecord.tenantId}
      and i.record_id = ${crisisRecord.id} and ${reach.assigneeId}::bigint = any(i.assignee_ids))`);
  }
  return sql`(${sql.join(parts, sql` or `)})`;
}

// ---------------------------------------------------------------- records

/** Inserts a record; a signal already recorded (same source and sourceRef) answers null. */
export async function insertRecord(
  { tx, tenantId }: TenantScope,
  values: NewRecord,
): Promise<RecordRow | null> {
  const rows = await tx
    .insert(crisisRecord)
    .values({ ...values, tenantId })
    .onConflictDoNothing()
    .returning();
  return rows[0] ?? null;
}

export async function findRecordBySourceRef(
  { tx, tenantId }: TenantScope,
  source: string,
  sourceRef: string,
) {
  const [row] = await tx
    .select()
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        eq(crisisRecord.source, source),
        eq(crisisRecord.sourceRef, sourceRef),
      ),
    );
  return row ?? null;
}

export async function findRecord({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(crisisRecord)
    .where(and(eq(crisisRecord.tenantId, tenantId), eq(crisisRecord.id, id)));
  return row ?? null;
}

/** The record, locked for the rest of the transaction (escalation steps and transitions serialise on it). */
export async function lockRecord({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(crisisRecord)
    .where(and(eq(crisisRecord.tenantId, tenantId), eq(crisisRecord.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateRecord(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<RecordRow, 'tenantId' | 'id' | 'createdAt'>>,
) {
  const [row] = await tx
    .update(crisisRecord)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(crisisRecord.tenantId, tenantId), eq(crisisRecord.id, id)))
    .returning();
  return row!;
}

export interface RecordFilter {
  status?: number | undefined;
  source?: string | undefined;
  studentName?: string | undefined;
  studentId?: number | undefined;
  acknowledged?: boolean | undefined;
  level?: number | undefined;
  deptIds?: number[] | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  openOnly?: boolean;
}

function recordWhere(tenantId: number, reach: RecordReach, f: RecordFilter) {
  const pattern = f.studentName ? `%${f.studentName.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  return and(
    eq(crisisRecord.tenantId, tenantId),
    recordReachCondition(reach),
    f.status !== undefined ? eq(crisisRecord.status, f.status) : undefined,
    f.openOnly ? ne(crisisRecord.status, 3) : undefined,
    f.source !== undefined ? eq(crisisRecord.source, f.source) : undefined,
    f.studentId !== undefined ? eq(crisisRecord.studentId, f.studentId) : undefined,
    f.acknowledged === true ? isNotNull(crisisRecord.acknowledgedAt) : undefined,
    f.acknowledged === false ? isNull(crisisRecord.acknowledgedAt) : undefined,
    f.level !== undefined ? eq(crisisRecord.escalationLevel, f.level) : undefined,
    f.deptIds !== undefined ? idsIn(crisisRecord.studentDeptId, f.deptIds) : undefined,
    f.from ? gte(crisisRecord.createdAt, f.from) : undefined,
    f.to ? lt(crisisRecord.createdAt, f.to) : undefined,
    pattern
      ? sql`exists (select 1 from ${usersView('u')} where u.tenant_id = ${crisisRecord.tenantId} and u.id = ${crisisRecord.studentId}
          and (u.real_name ilike ${pattern} or u.number_name ilike ${pattern}))`
      : undefined,
  );
}

export async function findRecordPage(
  { tx, tenantId }: TenantScope,
  reach: RecordReach,
  f: RecordFilter,
  page: { offset: number; limit: number },
) {
  const where = recordWhere(tenantId, reach, f);
  const rows = await tx
    .select()
    .from(crisisRecord)
    .where(where)
    .orderBy(desc(crisisRecord.createdAt), desc(crisisRecord.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisRecord).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The open-signals board: records not closed, unacknowledged first, then by deadline. */
export async function findBoardPage(
  { tx, tenantId }: TenantScope,
  reach: RecordReach,
  f: RecordFilter,
  page: { offset: number; limit: number },
) {
  const where = recordWhere(tenantId, reach, { ...f, openOnly: true });
  const rows = await tx
    .select()
    .from(crisisRecord)
    .where(where)
    .orderBy(
      sql`(${crisisRecord.acknowledgedAt} is not null)`,
      sql`${crisisRecord.ackDeadline} nulls last`,
      asc(crisisRecord.id),
    )
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisRecord).where(where);
  return { rows, total: total?.n ?? 0 };
}

export function countRecords(
  { tx, tenantId }: TenantScope,
  reach: RecordReach,
  f: RecordFilter,
  extra?: SQL,
) {
  return tx
    .select({ n: count() })
    .from(crisisRecord)
    .where(and(recordWhere(tenantId, reach, f), extra))
    .then((r) => r[0]?.n ?? 0);
}

/** Open records the person owns that nobody has acknowledged. */
export async function countOwnedUnacknowledged({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        ne(crisisRecord.status, 3),
        isNull(crisisRecord.acknowledgedAt),
        sql`${crisisRecord.ownerIds} @> array[${userId}::bigint]`,
      ),
    );
  return row?.n ?? 0;
}

/** The past-deadline condition for `countRecords`. */
export const pastDeadline = (now: Date) =>
  sql`${crisisRecord.acknowledgedAt} is null and ${crisisRecord.ackDeadline} < ${now.toISOString()}::timestamptz`;

/** A student's records that are not closed. */
export function findOpenRecordsOfStudent({ tx, tenantId }: TenantScope, studentId: number) {
  return tx
    .select()
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        eq(crisisRecord.studentId, studentId),
        ne(crisisRecord.status, 3),
      ),
    )
    .orderBy(desc(crisisRecord.createdAt));
}

export function findRecordsOfStudent({ tx, tenantId }: TenantScope, studentId: number) {
  return tx
    .select()
    .from(crisisRecord)
    .where(and(eq(crisisRecord.tenantId, tenantId), eq(crisisRecord.studentId, studentId)))
    .orderBy(desc(crisisRecord.createdAt))
    .limit(100);
}

/** The caller's own reports. */
export async function findReportsBy(
  { tx, tenantId }: TenantScope,
  reporterId: number,
  f: { status?: number | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisRecord.tenantId, tenantId),
    eq(crisisRecord.reporterId, reporterId),
    f.status !== undefined ? eq(crisisRecord.status, f.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisRecord)
    .where(where)
    .orderBy(desc(crisisRecord.createdAt), desc(crisisRecord.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisRecord).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countOpenReportsBy({ tx, tenantId }: TenantScope, reporterId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        eq(crisisRecord.reporterId, reporterId),
        ne(crisisRecord.status, 3),
      ),
    );
  return row?.n ?? 0;
}

/** The student's own open help request made since `since`, if any. */
export async function findRecentSelfHelp({ tx, tenantId }: TenantScope, studentId: number, since: Date) {
  const [row] = await tx
    .select()
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        eq(crisisRecord.studentId, studentId),
        eq(crisisRecord.source, 'selfHelp'),
        ne(crisisRecord.status, 3),
        gte(crisisRecord.createdAt, since),
      ),
    )
    .orderBy(desc(crisisRecord.createdAt))
    .limit(1);
  return row ?? null;
}

/** Records created in a period for students of some departments (monthly figures). */
export function findRecordsForFigures(
  { tx, tenantId }: TenantScope,
  deptIds: number[],
  from: Date,
  to: Date,
) {
  return tx
    .select({
      id: crisisRecord.id,
      source: crisisRecord.source,
      status: crisisRecord.status,
      createdAt: crisisRecord.createdAt,
      closedAt: crisisRecord.closedAt,
    })
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        idsIn(crisisRecord.studentDeptId, deptIds),
        sql`(${crisisRecord.createdAt} < ${to.toISOString()}::timestamptz)
          and (${crisisRecord.closedAt} is null or ${crisisRecord.closedAt} >= ${from.toISOString()}::timestamptz)`,
      ),
    );
}

// ---------------------------------------------------------------- timeline

export async function insertEvent(
  { tx, tenantId }: TenantScope,
  e: { recordId: number; kind: string; actorId: number | null; data?: Record<string, unknown> },
) {
  await tx.insert(crisisEvent).values({ tenantId, ...e, data: e.data ?? {} });
}

export function findEvents({ tx, tenantId }: TenantScope, recordId: number) {
  return tx
    .select()
    .from(crisisEvent)
    .where(and(eq(crisisEvent.tenantId, tenantId), eq(crisisEvent.recordId, recordId)))
    .orderBy(asc(crisisEvent.id));
}

// ---------------------------------------------------------------- deliveries

/** Writes a step's deliveries; one already there (same record, step, person, channel) is left as it is. */
export async function insertDeliveries(
  { tx, tenantId }: TenantScope,
  rows: Omit<typeof crisisDelivery.$inferInsert, 'tenantId' | 'id'>[],
): Promise<DeliveryRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(crisisDelivery)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing()
    .returning();
}

/**
 * Takes a pending SMS delivery for sending (counting the attempt) and answers it with the person's phone;
 * null when it is no longer pending (sent already, failed for good).
 */
export async function claimPendingDelivery({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .update(crisisDelivery)
    .set({ attempts: sql`${crisisDelivery.attempts} + 1` })
    .where(
      and(
        eq(crisisDelivery.tenantId, tenantId),
        eq(crisisDelivery.id, id),
        eq(crisisDelivery.state, 'pending'),
      ),
    )
    .returning();
  if (!row) return null;
  return { delivery: row, phone: await findUserPhone({ tx, tenantId }, row.userId) };
}

export async function markDelivery(
  { tx, tenantId }: TenantScope,
  id: number,
  set: { state?: 'sent' | 'failed' | 'pending'; lastError?: string | null; sentAt?: Date },
) {
  await tx
    .update(crisisDelivery)
    .set(set)
    .where(and(eq(crisisDelivery.tenantId, tenantId), eq(crisisDelivery.id, id)));
}

export function findDeliveries({ tx, tenantId }: TenantScope, recordId: number) {
  return tx
    .select()
    .from(crisisDelivery)
    .where(and(eq(crisisDelivery.tenantId, tenantId), eq(crisisDelivery.recordId, recordId)))
    .orderBy(asc(crisisDelivery.step), asc(crisisDelivery.userId), asc(crisisDelivery.channel));
}

/** SMS delivery states per record. */
export async function countSmsByRecord({ tx, tenantId }: TenantScope, recordIds: number[]) {
  if (recordIds.length === 0) return [];
  return tx
    .select({ recordId: crisisDelivery.recordId, state: crisisDelivery.state, n: count() })
    .from(crisisDelivery)
    .where(
      and(
        eq(crisisDelivery.tenantId, tenantId),
        inArray(crisisDelivery.recordId, recordIds),
        eq(crisisDelivery.channel, 'sms'),
      ),
    )
    .groupBy(crisisDelivery.recordId, crisisDelivery.state);
}

// ---------------------------------------------------------------- read log

export async function insertReadLog(
  { tx, tenantId }: TenantScope,
  row: { subjectKind: string; subjectId: number; studentId: number; viewerId: number; route: string },
) {
  await tx.insert(crisisReadLog).values({ tenantId, ...row });
}

export function findReaders({ tx, tenantId }: TenantScope, subjectKind: string, subjectId: number) {
  return tx
    .select({
      viewerId: crisisReadLog.viewerId,
      route: crisisReadLog.route,
      createdAt: crisisReadLog.createdAt,
    })
    .from(crisisReadLog)
    .where(
      and(
        eq(crisisReadLog.tenantId, tenantId),
        eq(crisisReadLog.subjectKind, subjectKind),
        eq(crisisReadLog.subjectId, subjectId),
      ),
    )
    .orderBy(desc(crisisReadLog.createdAt), desc(crisisReadLog.id))
    .limit(200);
}

// ---------------------------------------------------------------- warnings

export async function findWarning({ tx, tenantId }: TenantScope, studentId: number) {
  const [row] = await tx
    .select()
    .from(crisisWarning)
    .where(and(eq(crisisWarning.tenantId, tenantId), eq(crisisWarning.studentId, studentId)));
  return row ?? null;
}

export async function upsertWarning(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisWarning.$inferInsert, 'tenantId' | 'updatedAt'>,
) {
  const [saved] = await tx
    .insert(crisisWarning)
    .values({ ...row, tenantId })
    .onConflictDoUpdate({
      target: [crisisWarning.tenantId, crisisWarning.studentId],
      set: { ...row, updatedAt: new Date() },
    })
    .returning();
  return saved!;
}

export async function insertWarningHistory(
  { tx, tenantId }: TenantScope,
  row: { studentId: number; flag: number; manual: boolean; reason: string | null; actorId: number | null },
) {
  await tx.insert(crisisWarningHistory).values({ tenantId, ...row });
}

export function findWarningHistory({ tx, tenantId }: TenantScope, studentId: number) {
  return tx
    .select()
    .from(crisisWarningHistory)
    .where(and(eq(crisisWarningHistory.tenantId, tenantId), eq(crisisWarningHistory.studentId, studentId)))
    .orderBy(desc(crisisWarningHistory.id))
    .limit(200);
}

export async function findWarningPage(
  { tx, tenantId }: TenantScope,
  reach: { all: true } | { all: false; deptIds: number[] },
  f: { flag?: number | undefined; minFlag: number; studentName?: string | undefined },
  page: { offset: number; limit: number },
) {
  const pattern = f.studentName ? `%${f.studentName.replace(/[\\%_]/g, '\\$&')}%` : undefined;
  const where = and(
    eq(crisisWarning.tenantId, tenantId),
    reach.all ? undefined : idsIn(sql`${crisisWarning.studentDeptId}`, reach.deptIds),
    f.flag !== undefined ? eq(crisisWarning.flag, f.flag) : gte(crisisWarning.flag, f.minFlag),
    pattern
      ? sql`exists (select 1 from ${usersView('u')} where u.tenant_id = ${crisisWarning.tenantId} and u.id = ${crisisWarning.studentId}
          and (u.real_name ilike ${pattern} or u.number_name ilike ${pattern}))`
      : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisWarning)
    .where(where)
    .orderBy(desc(crisisWarning.flag), desc(crisisWarning.updatedAt))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisWarning).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- settings

export async function findSetting({ tx, tenantId }: TenantScope, section: string) {
  const [row] = await tx
    .select()
    .from(crisisSetting)
    .where(and(eq(crisisSetting.tenantId, tenantId), eq(crisisSetting.section, section)));
  return row ?? null;
}

/**
 * Writes a section only if the school has none (the mark of a one-time step); answers whether it was
 * written now. A second transaction writing the same section waits on the key, then finds it written.
 */
export async function claimSetting({ tx, tenantId }: TenantScope, section: string, value: unknown) {
  const rows = await tx
    .insert(crisisSetting)
    .values({ tenantId, section, value, updatedBy: null })
    .onConflictDoNothing()
    .returning({ section: crisisSetting.section });
  return rows.length > 0;
}

/** Writes an internal section (not one a person edits, so not checked against a version read). */
export async function upsertSetting(
  { tx, tenantId }: TenantScope,
  section: string,
  value: unknown,
  userId: number | null,
) {
  const [row] = await tx
    .insert(crisisSetting)
    .values({ tenantId, section, value, updatedBy: userId })
    .onConflictDoUpdate({
      target: [crisisSetting.tenantId, crisisSetting.section],
      set: { value, updatedBy: userId, version: sql`${crisisSetting.version} + 1`, updatedAt: new Date() },
    })
    .returning();
  return row!;
}

/**
 * Saves a section if it is still at `version` (0: never saved, the defaults): the first save inserts
 * version 1, later ones bump it, each in one conditional statement so that of two saves read at the same
 * version exactly one wins. Undefined when the section had moved on.
 */
export async function saveSettingAt(
  { tx, tenantId }: TenantScope,
  section: string,
  value: unknown,
  userId: number,
  version: number,
) {
  if (version === 0) {
    const [saved] = await tx
      .insert(crisisSetting)
      .values({ tenantId, section, value, updatedBy: userId, version: 1 })
      .onConflictDoNothing({ target: [crisisSetting.tenantId, crisisSetting.section] })
      .returning();
    return saved;
  }
  const [saved] = await tx
    .update(crisisSetting)
    .set({ value, updatedBy: userId, version: sql`${crisisSetting.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(crisisSetting.tenantId, tenantId),
        eq(crisisSetting.section, section),
        eq(crisisSetting.version, version),
      ),
    )
    .returning();
  return saved;
}

export function findNoticeSettings({ tx, tenantId }: TenantScope) {
  return tx.select().from(crisisNoticeSetting).where(eq(crisisNoticeSetting.tenantId, tenantId));
}

/**
 * Saves an event's notice setting if it is still at `version` (0: never saved, the defaults): the first
 * save inserts version 1, later ones bump it, each in one conditional statement so that of two saves
 * read at the same version exactly one wins. Undefined when the row had moved on.
 */
export async function saveNoticeSettingAt(
  { tx, tenantId }: TenantScope,
  row: { event: string; parties: string[]; sms: boolean; enabled: boolean },
  version: number,
) {
  const values = { parties: row.parties, sms: row.sms, enabled: row.enabled };
  if (version === 0) {
    const [saved] = await tx
      .insert(crisisNoticeSetting)
      .values({ tenantId, event: row.event, ...values, version: 1 })
      .onConflictDoNothing({ target: [crisisNoticeSetting.tenantId, crisisNoticeSetting.event] })
      .returning();
    return saved;
  }
  const [saved] = await tx
    .update(crisisNoticeSetting)
    .set({ ...values, version: sql`${crisisNoticeSetting.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(crisisNoticeSetting.tenantId, tenantId),
        eq(crisisNoticeSetting.event, row.event),
        eq(crisisNoticeSetting.version, version),
      ),
    )
    .returning();
  return saved;
}

// ---------------------------------------------------------------- approvals

export async function insertApproval(
  { tx, tenantId }: TenantScope,
  row: Omit<typeof crisisApproval.$inferInsert, 'tenantId' | 'id'>,
) {
  const [saved] = await tx
    .insert(crisisApproval)
    .values({ ...row, tenantId })
    .returning();
  return saved!;
}

export async function findApproval({ tx, tenantId }: TenantScope, id: number, lock = false) {
  const q = tx
    .select()
    .from(crisisApproval)
    .where(and(eq(crisisApproval.tenantId, tenantId), eq(crisisApproval.id, id)));
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateApproval(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Pick<ApprovalRow, 'status' | 'waitingFor' | 'decidedAt'>>,
) {
  const [row] = await tx
    .update(crisisApproval)
    .set(set)
    .where(and(eq(crisisApproval.tenantId, tenantId), eq(crisisApproval.id, id)))
    .returning();
  return row!;
}

export async function insertDecision(
  { tx, tenantId }: TenantScope,
  row: { approvalId: number; step: number; userId: number; approve: boolean; comment: string | null },
) {
  await tx.insert(crisisApprovalDecision).values({ tenantId, ...row });
}

export function findDecisions({ tx, tenantId }: TenantScope, approvalIds: number[]) {
  if (approvalIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(crisisApprovalDecision)
    .where(
      and(
        eq(crisisApprovalDecision.tenantId, tenantId),
        inArray(crisisApprovalDecision.approvalId, approvalIds),
      ),
    )
    .orderBy(asc(crisisApprovalDecision.id));
}

export async function findApprovalPage(
  { tx, tenantId }: TenantScope,
  f: { box: 'mine' | 'toExamine'; userId: number; status?: number | undefined },
  page: { offset: number; limit: number },
) {
  const where = and(
    eq(crisisApproval.tenantId, tenantId),
    f.box === 'mine'
      ? eq(crisisApproval.requestedBy, f.userId)
      : sql`(${crisisApproval.waitingFor} @> array[${f.userId}::bigint] or exists (
          select 1 from crisis_approval_decision d where d.tenant_id = ${crisisApproval.tenantId}
            and d.approval_id = ${crisisApproval.id} and d.user_id = ${f.userId}))`,
    f.status !== undefined ? eq(crisisApproval.status, f.status) : undefined,
  );
  const rows = await tx
    .select()
    .from(crisisApproval)
    .where(where)
    .orderBy(desc(crisisApproval.createdAt), desc(crisisApproval.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await tx.select({ n: count() }).from(crisisApproval).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function countApprovalsWaitingFor({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(crisisApproval)
    .where(
      and(
        eq(crisisApproval.tenantId, tenantId),
        eq(crisisApproval.status, 1),
        sql`${crisisApproval.waitingFor} @> array[${userId}::bigint]`,
      ),
    );
  return row?.n ?? 0;
}

/** A pending approval of the same kind for the same target (one request at a time). */
export async function findPendingApproval({ tx, tenantId }: TenantScope, kind: string, targetId: number) {
  const [row] = await tx
    .select({ id: crisisApproval.id })
    .from(crisisApproval)
    .where(
      and(
        eq(crisisApproval.tenantId, tenantId),
        eq(crisisApproval.kind, kind),
        eq(crisisApproval.targetId, targetId),
        eq(crisisApproval.status, 1),
      ),
    );
  return row ?? null;
}

/** Intervention orders without a receipt naming the person. */
export async function countOpenOrdersOf({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(crisisIntervention)
    .where(
      and(
        eq(crisisIntervention.tenantId, tenantId),
        eq(crisisIntervention.status, 1),
        sql`${crisisIntervention.assigneeIds} @> array[${userId}::bigint]`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * The crisis level (`collegeLevelcrisis` 1-4) of a student's latest open record that has one, for the
 * assessment's rainbow code; null when no open record is graded.
 */
export async function findOpenCrisisLevel({ tx, tenantId }: TenantScope, studentId: number) {
  const [row] = await tx
    .select({ level: crisisRecord.collegeLevel })
    .from(crisisRecord)
    .where(
      and(
        eq(crisisRecord.tenantId, tenantId),
        eq(crisisRecord.studentId, studentId),
        ne(crisisRecord.status, CRISIS_STATUS.closed),
        isNotNull(crisisRecord.collegeLevel),
      ),
    )
    .orderBy(desc(crisisRecord.createdAt))
    .limit(1);
  return row?.level ?? null;
}
