import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber, toNumberOrNull } from '../../core/db/rows';
import { deptsView, rolesView, userRolesView, usersView, usersWithPhoneView } from '../identity';
import { menusView, roleMenusView } from '../products';
import {
  assessmentFollowUp,
  assessmentHtp,
  assessmentInterview,
  assessmentRainbow,
  assessmentTransfer,
} from './assessment.table';

/** Interviews, transfers, follow-up records, rainbow codes and HTP records. */

export type InterviewRowDb = typeof assessmentInterview.$inferSelect;
export type TransferRowDb = typeof assessmentTransfer.$inferSelect;
export type FollowUpRowDb = typeof assessmentFollowUp.$inferSelect;
export type HtpRowDb = typeof assessmentHtp.$inferSelect;

/** A `date` column from raw SQL as yyyy-MM-dd (a string on one driver, a local-midnight Date on another). */
const dayOf = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  if (v instanceof Date)
    return `${v.getFullYear()}-${String(v.getMonth() + 1).padStart(2, '0')}-${String(v.getDate()).padStart(2, '0')}`;
  return String(v).slice(0, 10);
};

const like = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;

/** Person columns joined onto a row with `user_id`: name, number, department, phone. */
const personCols = sql`u.real_name, u.number_name, u.phone, d.name as dept_name, u.dept_id`;
const personJoin = (alias: string) =>
  sql`join ${usersWithPhoneView('u')} on u.tenant_id = ${sql.raw(alias)}.tenant_id and u.id = ${sql.raw(alias)}.user_id
    left join ${deptsView('d')} on d.tenant_id = u.tenant_id and d.id = u.dept_id`;

/** The condition "user `u` holds permission key `key` through a live role". */
const holdsKeySql = (key: string) => sql`
  select 1 from ${userRolesView('ur')}
  join ${rolesView('r')} on r.tenant_id = ur.tenant_id and r.id = ur.role_id and not r.del_flag
  join ${roleMenusView('rm')} on rm.tenant_id = r.tenant_id and rm.role_id = r.id
  join ${menusView('m')} on m.tenant_id = rm.tenant_id and m.id = rm.menu_id and m.permission = ${key}`;

export interface Person {
  realName: string;
  numberName: string | null;
  phone: string | null;
  deptName: string | null;
  deptId: number | null;
}
const personOf = (r: Record<string, unknown>): Person => ({
  realName: String(r.real_name),
  numberName: (r.number_name as string | null) ?? null,
  phone: (r.phone as string | null) ?? null,
  deptName: (r.dept_name as string | null) ?? null,
  deptId: toNumberOrNull(r.dept_id),
});

// --- interviews ----------------------------------------------------------------------------------------

export async function insertInterviews(
  { tx, tenantId }: TenantScope,
  rows: Omit<typeof assessmentInterview.$inferInsert, 'tenantId' | 'id'>[],
) {
  return tx
    .insert(assessmentInterview)
    .values(rows.map((r) => ({ ...r, tenantId })))
    .onConflictDoNothing()
    .returning();
}

export async function findInterviewRow(
  { tx, tenantId }: TenantScope,
  id: number,
  opts: { forUpdate?: boolean } = {},
) {
  const q = tx
    .select()
    .from(assessmentInterview)
    .where(and(eq(assessmentInterview.tenantId, tenantId), eq(assessmentInterview.id, id)));
  const [row] = opts.forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function updateInterview(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<InterviewRowDb, 'tenantId' | 'id'>>,
) {
  const [row] = await tx
    .update(assessmentInterview)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(assessmentInterview.tenantId, tenantId), eq(assessmentInterview.id, id)))
    .returning();
  return row!;
}

export interface ListedInterview extends InterviewRowDb, Person {
  planName: string;
  interviewerName: string;
  transferred: boolean;
}

export async function findInterviewPage(
  { tx, tenantId }: TenantScope,
  f: {
    id?: number;
    status?: number;
    planId?: number;
    interviewerId?: number;
    name?: string;
    deptIds: number[] | null;
  },
  page: { offset: number; limit: number },
): Promise<{ rows: ListedInterview[]; total: number }> {
  const c: SQL[] = [sql`i.tenant_id = ${tenantId}`];
  if (f.id !== undefined) c.push(sql`i.id = ${f.id}`);
  if (f.status !== undefined) c.push(sql`i.status = ${f.status}`);
  if (f.planId !== undefined) c.push(sql`i.plan_id = ${f.planId}`);
  if (f.interviewerId !== undefined) c.push(sql`i.interviewer_id = ${f.interviewerId}`);
  if (f.name) c.push(sql`(u.real_name ilike ${like(f.name)} or u.number_name ilike ${like(f.name)})`);
  if (f.deptIds) c.push(sql`u.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  const from = sql`from assessment_interview i ${personJoin('i')}
    join assessment_plan p on p.tenant_id = i.tenant_id and p.id = i.plan_id
    join ${usersView('iv')} on iv.tenant_id = i.tenant_id and iv.id = i.interviewer_id
    where ${sql.join(c, sql` and `)}`;
  const res = await tx.execute(sql`
    select i.*, ${personCols}, p.name as plan_name, iv.real_name as interviewer_name,
      exists (select 1 from assessment_transfer t where t.tenant_id = i.tenant_id and t.interview_id = i.id and t.status <> 4) as transferred
    ${from}
    order by (i.status in (1, 8)) desc, i.time, i.id
    offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      tenantId,
      id: toNumber(r.id),
      planId: toNumber(r.plan_id),
      userId: toNumber(r.user_id),
      interviewerId: toNumber(r.interviewer_id),
      time: new Date(r.time as string),
      address: (r.address as string | null) ?? null,
      status: toNumber(r.status),
      result: (r.result as string | null) ?? null,
      riskScore: toNumberOrNull(r.risk_score),
      riskGrade: toNumberOrNull(r.risk_grade),
      level: toNumberOrNull(r.level),
      star: toNumberOrNull(r.star),
      content: (r.content as string | null) ?? null,
      nextStep: toNumberOrNull(r.next_step),
      recordTime: r.record_time ? new Date(r.record_time as string) : null,
      createdBy: toNumber(r.created_by),
      createdAt: new Date(r.created_at as string),
      updatedAt: new Date(r.updated_at as string),
      ...personOf(r),
      planName: String(r.plan_name),
      interviewerName: String(r.interviewer_name),
      transferred: Boolean(r.transferred),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

/** Users holding a key (interviewers), with their pending and held interviews. */
export async function findInterviewers(
  { tx, tenantId }: TenantScope,
  key: string,
  f: { name?: string },
  page: { offset: number; limit: number },
) {
  const from = sql`
    from ${usersView('u')}
    left join ${deptsView('d')} on d.tenant_id = u.tenant_id and d.id = u.dept_id
    where u.tenant_id = ${tenantId} and not u.del_flag and u.status = 'active'
      ${f.name ? sql`and u.real_name ilike ${like(f.name)}` : sql``}
      and exists (${holdsKeySql(key)}
        where ur.tenant_id = u.tenant_id and ur.user_id = u.id)`;
  const res = await tx.execute(sql`
    select u.id, u.real_name, d.name as dept_name,
      (select count(*) from assessment_interview i where i.tenant_id = u.tenant_id and i.interviewer_id = u.id and i.status in (1, 3, 4, 6, 8)) as pending,
      (select count(*) from assessment_interview i where i.tenant_id = u.tenant_id and i.interviewer_id = u.id and i.status = 7) as held
    ${from} order by u.real_name, u.id offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      userId: toNumber(r.id),
      realName: String(r.real_name),
      deptName: (r.dept_name as string | null) ?? null,
      pending: toNumber(r.pending),
      held: toNumber(r.held),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

export async function holdsKey({ tx, tenantId }: TenantScope, userId: number, key: string) {
  const res = await tx.execute(sql`
    ${holdsKeySql(key)}
    join ${usersView('u')} on u.tenant_id = ur.tenant_id and u.id = ur.user_id and not u.del_flag and u.status = 'active'
    where ur.tenant_id = ${tenantId} and ur.user_id = ${userId} limit 1`);
  return rowsOf(res).length > 0;
}

// --- transfers -----------------------------------------------------------------------------------------

export async function insertTransfer(
  { tx, tenantId }: TenantScope,
  t: Omit<typeof assessmentTransfer.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(assessmentTransfer)
    .values({ ...t, tenantId })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export async function updateTransfer(
  { tx, tenantId }: TenantScope,
  id: number,
  set: Partial<Omit<TransferRowDb, 'tenantId' | 'id'>>,
) {
  const [row] = await tx
    .update(assessmentTransfer)
    .set(set)
    .where(and(eq(assessmentTransfer.tenantId, tenantId), eq(assessmentTransfer.id, id)))
    .returning();
  return row ?? null;
}

export interface ListedTransfer extends TransferRowDb, Person {
  planName: string;
  riskGrade: number | null;
  createUserName: string;
}

export async function findTransferPage(
  { tx, tenantId }: TenantScope,
  f: { id?: number; status?: number; interviewId?: number },
  page: { offset: number; limit: number },
): Promise<{ rows: ListedTransfer[]; total: number }> {
  const c: SQL[] = [sql`t.tenant_id = ${tenantId}`];
  if (f.id !== undefined) c.push(sql`t.id = ${f.id}`);
  if (f.status !== undefined) c.push(sql`t.status = ${f.status}`);
  if (f.interviewId !== undefined) c.push(sql`t.interview_id = ${f.interviewId}`);
  const from = sql`from assessment_transfer t ${personJoin('t')}
    join assessment_interview i on i.tenant_id = t.tenant_id and i.id = t.interview_id
    join assessment_plan p on p.tenant_id = t.tenant_id and p.id = i.plan_id
    join ${usersView('c')} on c.tenant_id = t.tenant_id and c.id = t.created_by
    where ${sql.join(c, sql` and `)}`;
  const res = await tx.execute(sql`
    select t.*, ${personCols}, p.name as plan_name, i.risk_grade, c.real_name as create_user_name
    ${from} order by (t.status = 1) desc, t.urgent desc, t.created_at, t.id
    offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      tenantId,
      id: toNumber(r.id),
      source: toNumber(r.source),
      interviewId: toNumber(r.interview_id),
      userId: toNumber(r.user_id),
      urgent: Boolean(r.urgent),
      note: (r.note as string | null) ?? null,
      status: toNumber(r.status),
      handoverRef: (r.handover_ref as string | null) ?? null,
      createdBy: toNumber(r.created_by),
      createdAt: new Date(r.created_at as string),
      handledBy: toNumberOrNull(r.handled_by),
      handledAt: r.handled_at ? new Date(r.handled_at as string) : null,
      handleNote: (r.handle_note as string | null) ?? null,
      ...personOf(r),
      planName: String(r.plan_name),
      riskGrade: toNumberOrNull(r.risk_grade),
      createUserName: String(r.create_user_name),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

// --- follow-up records ---------------------------------------------------------------------------------

export async function insertFollowUp(
  { tx, tenantId }: TenantScope,
  f: Omit<typeof assessmentFollowUp.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(assessmentFollowUp)
    .values({ ...f, tenantId })
    .returning();
  return row!;
}

export async function findFollowUpRow({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(assessmentFollowUp)
    .where(and(eq(assessmentFollowUp.tenantId, tenantId), eq(assessmentFollowUp.id, id)));
  return row ?? null;
}

export interface ListedFollowUp extends FollowUpRowDb, Person {
  createUserName: string;
}

export async function findFollowUpPage(
  { tx, tenantId }: TenantScope,
  f: { id?: number; type?: number; userId?: number; warningId?: number; deptIds: number[] | null },
  page: { offset: number; limit: number },
): Promise<{ rows: ListedFollowUp[]; total: number }> {
  const c: SQL[] = [sql`f.tenant_id = ${tenantId}`];
  if (f.id !== undefined) c.push(sql`f.id = ${f.id}`);
  if (f.type !== undefined) c.push(sql`f.type = ${f.type}`);
  if (f.userId !== undefined) c.push(sql`f.user_id = ${f.userId}`);
  if (f.warningId !== undefined) c.push(sql`f.warning_id = ${f.warningId}`);
  if (f.deptIds) c.push(sql`u.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  const from = sql`from assessment_follow_up f ${personJoin('f')}
    join ${usersView('c')} on c.tenant_id = f.tenant_id and c.id = f.created_by
    where ${sql.join(c, sql` and `)}`;
  const res = await tx.execute(sql`
    select f.*, ${personCols}, c.real_name as create_user_name ${from}
    order by f.date desc, f.id desc offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      tenantId,
      id: toNumber(r.id),
      type: toNumber(r.type),
      userId: toNumber(r.user_id),
      warningId: toNumberOrNull(r.warning_id),
      answerId: toNumberOrNull(r.answer_id),
      interviewId: toNumberOrNull(r.interview_id),
      interventionId: toNumberOrNull(r.intervention_id),
      amendsId: toNumberOrNull(r.amends_id),
      date: dayOf(r.date)!,
      method: toNumberOrNull(r.method),
      measures: ((r.measures as unknown[] | null) ?? []).map(toNumber),
      hours: toNumberOrNull(r.hours),
      content: (r.content as string | null) ?? null,
      receiver: (r.receiver as string | null) ?? null,
      feedback: (r.feedback as string | null) ?? null,
      riskScore: toNumberOrNull(r.risk_score),
      riskGrade: toNumberOrNull(r.risk_grade),
      level: toNumberOrNull(r.level),
      nextDate: dayOf(r.next_date),
      createdBy: toNumber(r.created_by),
      createdAt: new Date(r.created_at as string),
      ...personOf(r),
      createUserName: String(r.create_user_name),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

// --- rainbow code --------------------------------------------------------------------------------------

/** What the rainbow rules read about a person, in one statement. */
export async function findRainbowInputs({ tx, tenantId }: TenantScope, userId: number) {
  const res = await tx.execute(sql`
    select
      (select json_build_object('at', a.submitted_at, 'riskGrade', a.risk_grade, 'screenPositive', a.screen_positive)
        from assessment_answer a join assessment_plan p on p.tenant_id = a.tenant_id and p.id = a.plan_id
        join assessment_scale s on s.tenant_id = a.tenant_id and s.id = a.scale_id
        where a.tenant_id = ${tenantId} and a.user_id = ${userId} and p.kind = 1 and s.kind = 'scale'
        order by a.submitted_at desc, a.id desc limit 1) as screening,
      (select count(*) from assessment_warning w where w.tenant_id = ${tenantId} and w.user_id = ${userId}
        and w.status in (1, 2) and w.level = 1) as critical_warnings,
      (select count(*) from assessment_warning w where w.tenant_id = ${tenantId} and w.user_id = ${userId}
        and w.status in (1, 2) and w.level <> 1) as other_warnings,
      (select json_build_object('at', i.record_time, 'riskGrade', i.risk_grade, 'nextStep', i.next_step)
        from assessment_interview i where i.tenant_id = ${tenantId} and i.user_id = ${userId} and i.status = 7
        order by i.record_time desc, i.id desc limit 1) as interview`);
  const r = rowsOf<Record<string, unknown>>(res)[0]!;
  const parse = (v: unknown) =>
    typeof v === 'string'
      ? (JSON.parse(v) as Record<string, unknown>)
      : (v as Record<string, unknown> | null);
  const s = parse(r.screening);
  const i = parse(r.interview);
  return {
    latestScreening: s
      ? {
          at: new Date(s.at as string),
          riskGrade: toNumberOrNull(s.riskGrade),
          screenPositive: Boolean(s.screenPositive),
        }
      : null,
    openWarnings: { critical: toNumber(r.critical_warnings), other: toNumber(r.other_warnings) },
    latestInterview: i
      ? {
          at: new Date(i.at as string),
          riskGrade: toNumberOrNull(i.riskGrade),
          nextStep: toNumberOrNull(i.nextStep),
        }
      : null,
  };
}

export async function upsertRainbow(
  { tx, tenantId }: TenantScope,
  r: { userId: number; colour: string; rank: number; rule: string; inputs: unknown },
) {
  await tx
    .insert(assessmentRainbow)
    .values({ ...r, tenantId })
    .onConflictDoUpdate({
      target: [assessmentRainbow.tenantId, assessmentRainbow.userId],
      set: { colour: r.colour, rank: r.rank, rule: r.rule, inputs: r.inputs, updatedAt: new Date() },
    });
}

export async function findRainbow({ tx, tenantId }: TenantScope, userId: number) {
  const [row] = await tx
    .select()
    .from(assessmentRainbow)
    .where(and(eq(assessmentRainbow.tenantId, tenantId), eq(assessmentRainbow.userId, userId)));
  return row ?? null;
}

export async function findRainbowPage(
  { tx, tenantId }: TenantScope,
  f: { colour?: string; deptIds: number[] | null; name?: string },
  page: { offset: number; limit: number },
) {
  const c: SQL[] = [sql`r.tenant_id = ${tenantId}`];
  if (f.colour) c.push(sql`r.colour = ${f.colour}`);
  if (f.deptIds) c.push(sql`u.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  if (f.name) c.push(sql`(u.real_name ilike ${like(f.name)} or u.number_name ilike ${like(f.name)})`);
  const from = sql`from assessment_rainbow r ${personJoin('r')} where ${sql.join(c, sql` and `)}`;
  const res = await tx.execute(sql`
    select r.user_id, r.colour, r.rule, r.updated_at, ${personCols} ${from}
    order by r.rank, r.updated_at desc, r.user_id offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      userId: toNumber(r.user_id),
      colour: String(r.colour),
      rule: String(r.rule),
      updatedAt: new Date(r.updated_at as string),
      ...personOf(r),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

// --- House-Tree-Person ---------------------------------------------------------------------------------

export async function insertHtp(
  { tx, tenantId }: TenantScope,
  h: Omit<typeof assessmentHtp.$inferInsert, 'tenantId' | 'id'>,
) {
  const [row] = await tx
    .insert(assessmentHtp)
    .values({ ...h, tenantId })
    .returning();
  return row!;
}

export async function findHtpRow({ tx, tenantId }: TenantScope, id: number) {
  const [row] = await tx
    .select()
    .from(assessmentHtp)
    .where(and(eq(assessmentHtp.tenantId, tenantId), eq(assessmentHtp.id, id)));
  return row ?? null;
}

export interface ListedHtp extends HtpRowDb, Person {
  createUserName: string;
}

export async function findHtpPage(
  { tx, tenantId }: TenantScope,
  f: { id?: number; userId?: number; deptIds: number[] | null },
  page: { offset: number; limit: number },
): Promise<{ rows: ListedHtp[]; total: number }> {
  const c: SQL[] = [sql`h.tenant_id = ${tenantId}`];
  if (f.id !== undefined) c.push(sql`h.id = ${f.id}`);
  if (f.userId !== undefined) c.push(sql`h.user_id = ${f.userId}`);
  if (f.deptIds) c.push(sql`u.dept_id = any(${sql.param(f.deptIds)}::bigint[])`);
  const from = sql`from assessment_htp h ${personJoin('h')}
    join ${usersView('c')} on c.tenant_id = h.tenant_id and c.id = h.created_by where ${sql.join(c, sql` and `)}`;
  const res = await tx.execute(sql`
    select h.*, ${personCols}, c.real_name as create_user_name ${from}
    order by h.draw_date desc, h.id desc offset ${page.offset} limit ${page.limit}`);
  const totalRes = await tx.execute(sql`select count(*) as n ${from}`);
  return {
    rows: rowsOf<Record<string, unknown>>(res).map((r) => ({
      tenantId,
      id: toNumber(r.id),
      userId: toNumber(r.user_id),
      fileKey: String(r.file_key),
      drawDate: dayOf(r.draw_date)!,
      observations: typeof r.observations === 'string' ? JSON.parse(r.observations) : r.observations,
      impression: (r.impression as string | null) ?? null,
      followUp: Boolean(r.follow_up),
      amendsId: toNumberOrNull(r.amends_id),
      createdBy: toNumber(r.created_by),
      createdAt: new Date(r.created_at as string),
      ...personOf(r),
      createUserName: String(r.create_user_name),
    })),
    total: toNumber(rowsOf<{ n: unknown }>(totalRes)[0]!.n),
  };
}

/** Whether a file key is already used by a record (a key is used once). */
export async function isHtpFileUsed({ tx, tenantId }: TenantScope, fileKey: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(assessmentHtp)
    .where(and(eq(assessmentHtp.tenantId, tenantId), eq(assessmentHtp.fileKey, fileKey)));
  return (row?.n ?? 0) > 0;
}
