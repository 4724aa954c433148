import type { Lang, SchedulingPolicy } from '@psy/contracts';
import { SESSION_TYPES, bookingBlock, sessionAllowance, type TermRef } from '@psy/scheduling';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import type { JobQueue } from '../../core/jobs/queue';
import { termRefOf } from '../scheduling';
import { countVisitorTerm } from './appointments.repository';

/*
 * Below every service of the module: what they all run with and read. The booking service, the approval
 * requests and the waiting list's offers build on this file, and the services above them (approvals,
 * waiting list, registrations, records) on those, so no service imports one that imports it back.
 */

/** What every appointment operation runs with: the transaction, the caller (null for jobs), language, queue. */
export interface Ctx {
  scope: TenantScope;
  p: Principal | null;
  lang: Lang;
  jobs: JobQueue;
}

// ---------------------------------------------------------------------------------------------------
// The rules as they stand for a visitor (S1.4.15, S1.9.6)

interface VisitorFacts {
  term: TermRef;
  counts: Awaited<ReturnType<typeof countVisitorTerm>>;
  block: ReturnType<typeof bookingBlock>;
  sessions: ReturnType<typeof sessionAllowance>;
}

export async function visitorFacts(
  scope: TenantScope,
  policy: SchedulingPolicy,
  visitorId: number,
  at: Date,
): Promise<VisitorFacts> {
  const term = await termRefOf(scope, at, policy);
  const counts = await countVisitorTerm(scope, visitorId, term.key, SESSION_TYPES);
  return {
    term,
    counts,
    block: bookingBlock({ noShows: counts.noShows, term, overridden: counts.overridden, policy }),
    sessions: sessionAllowance({ used: counts.sessions, extra: counts.extra, policy }),
  };
}
