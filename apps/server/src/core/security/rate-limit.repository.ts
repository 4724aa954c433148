import { eq, sql } from 'drizzle-orm';
import type { SystemScope } from '../db/database';
import { rowsOf, toNumber } from '../db/rows';
import { rateLimit } from './rate-limit.table';

/** Counts one hit in a fixed window and answers the count so far. */
export async function hitRateLimit({ db }: SystemScope, key: string, windowSeconds: number): Promise<number> {
  const res = await db.execute(sql`
    insert into rate_limit (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limit.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limit.count + 1 end,
      window_start = case when rate_limit.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limit.window_start end
    returning count`);
  return toNumber(rowsOf<{ count: unknown }>(res)[0]!.count);
}

/** Gives back one hit of a rate-limit window (an attempt that turned out not to count). */
export async function releaseRateLimitHit({ db }: SystemScope, key: string) {
  await db
    .update(rateLimit)
    .set({ count: sql`greatest(${rateLimit.count} - 1, 0)` })
    .where(eq(rateLimit.key, key));
}
