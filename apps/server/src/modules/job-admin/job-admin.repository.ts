import { asc, sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from '../../core/db/database';
import { rowsOf, toNumber } from '../../core/db/rows';
import { jobSchedule } from '../../core/jobs/jobs.table';

export interface JobFilter {
  state?: string | undefined;
  queue?: string | undefined;
}

export interface JobRow {
  id: number;
  queue: string;
  state: string;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lastError: string | null;
  createdAt: Date;
  updatedAt: Date;
}

function whereOf(tenantId: number, f: JobFilter): SQL {
  const conds: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.state === 'scheduled') conds.push(sql`state = 'queued' and run_at > now()`);
  else if (f.state) conds.push(sql`state = ${f.state}`);
  if (f.queue) conds.push(sql`queue = ${f.queue}`);
  return sql.join(conds, sql` and `);
}

/** The school's jobs, newest first, and how many match (row-level security keeps them to the school). */
export async function findJobs(
  { tx, tenantId }: TenantScope,
  f: JobFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: JobRow[]; total: number }> {
  const where = whereOf(tenantId, f);
  const total = toNumber(
    rowsOf<{ n: unknown }>(await tx.execute(sql`select count(*) as n from job where ${where}`))[0]!.n,
  );
  const res = await tx.execute(sql`
    select id, queue, state, attempts, max_attempts, run_at, last_error, created_at, updated_at
    from job where ${where} order by id desc limit ${page.limit} offset ${page.offset}`);
  const at = (v: unknown) => new Date(v as string | Date);
  const rows = rowsOf<Record<string, unknown>>(res).map((r) => ({
    id: toNumber(r.id),
    queue: String(r.queue),
    state: String(r.state),
    attempts: toNumber(r.attempts),
    maxAttempts: toNumber(r.max_attempts),
    runAt: at(r.run_at),
    lastError: (r.last_error as string | null) ?? null,
    createdAt: at(r.created_at),
    updatedAt: at(r.updated_at),
  }));
  return { rows, total };
}

/** One job of the school: its kind and state, or null. */
export async function findJob({ tx, tenantId }: TenantScope, id: number) {
  const rows = rowsOf<{ queue: string; state: string }>(
    await tx.execute(sql`select queue, state from job where id = ${id} and tenant_id = ${tenantId}`),
  );
  return rows[0] ?? null;
}

/** The platform's schedules, by name. */
export function findSchedules({ tx }: TenantScope) {
  return tx.select().from(jobSchedule).orderBy(asc(jobSchedule.name));
}
