import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from './database';
import { rowsOf, toNumber } from './rows';

/** `current` (from 1) and `size` of a list call (spec: lists answer `records` and `total`). */
export interface PageRequest {
  current: number;
  size: number;
}

/** The rows a page covers, as a query's offset and limit. */
export const pageWindow = ({ current, size }: PageRequest): { offset: number; limit: number } => ({
  offset: (current - 1) * size,
  limit: size,
});

/** A list's total: exact, or the planner's estimate when there are more rows than a list counts. */
export interface ListTotal {
  total: number;
  estimated: boolean;
}

/** A list answer: the page's records, the total (flagged when it is an estimate) and the page asked for. */
export const pageAnswer = <T>(q: PageRequest, records: T[], total: number | ListTotal) => {
  const t = typeof total === 'number' ? { total, estimated: false } : total;
  return {
    records,
    total: t.total,
    ...(t.estimated ? { estimated: true } : {}),
    current: q.current,
    size: q.size,
  };
};

/**
 * Rows a list counts exactly (docs/decisions.md "Lists at a large school"): counting every row of a
 * school of 500,000 users is a scan per request; beyond this many the total is the planner's estimate.
 */
export const EXACT_COUNT_LIMIT = 10_000;

/**
 * Plans the rest of the transaction's statements for their actual values. The server names frequent
 * statements (core/db/named-statements.ts), and PostgreSQL may then keep a generic plan; a list's filters
 * (a role every student holds, or one of a hundred people) need plans for the values at hand.
 */
export async function preferCustomPlans(tx: Tx): Promise<void> {
  await tx.execute(sql`set local plan_cache_mode = force_custom_plan`);
}

/**
 * The number of rows `query` (a SELECT) answers: counted exactly up to EXACT_COUNT_LIMIT (no more rows
 * are read than that), else the planner's estimate of the same query (at least the limit + 1).
 */
export async function countRows(tx: Tx, query: SQL, limit = EXACT_COUNT_LIMIT): Promise<ListTotal> {
  await preferCustomPlans(tx);
  const counted = await tx.execute(sql`select count(*) as n from (${query} limit ${limit + 1}) as counted`);
  const n = toNumber(rowsOf<{ n: unknown }>(counted)[0]!.n);
  if (n <= limit) return { total: n, estimated: false };
  return { total: Math.max(limit + 1, await estimateRows(tx, query)), estimated: true };
}

/**
 * The planner's estimate of the rows of a query, from its statistics (no rows read). Planned for the
 * actual values: a generic plan of a named statement would estimate for unknown ones.
 */
export async function estimateRows(tx: Tx, query: SQL): Promise<number> {
  await preferCustomPlans(tx);
  const res = await tx.execute(sql`explain (format json) ${query}`);
  const row = rowsOf<Record<string, unknown>>(res)[0];
  const raw = row ? Object.values(row)[0] : null;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as
    { Plan?: { 'Plan Rows'?: number } }[] | null;
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
