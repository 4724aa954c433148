import type { SystemScope } from '../db/database';
import { AppError } from '../http/app-error';
import { hitRateLimit } from './rate-limit.repository';

/**
 * Uploads one user may make in a window, over every kind (signatures, avatar, user import, page-setup
 * images): enough for trying a few images, not for filling the disk or the CPU with re-encoding.
 */
export const UPLOAD_RATE = { uploads: 20, windowSeconds: 600 } as const;

/**
 * Counts one upload of the user (the rate-limit table) and refuses past UPLOAD_RATE with 429. Runs
 * outside the request's transaction (the route's `outsideTransaction.before`), so refused uploads count
 * too.
 */
export async function limitUploads(system: SystemScope, user: { tenantId: number; userId: number }) {
  const { uploads, windowSeconds } = UPLOAD_RATE;
  const n = await hitRateLimit(system, `upload:${user.tenantId}:${user.userId}`, windowSeconds);
  if (n > uploads) {
    throw new AppError(
      'tooManyRequests',
      `at most ${uploads} uploads in ${windowSeconds / 60} minutes: try again later`,
      { retryAfter: windowSeconds },
      { 'retry-after': String(windowSeconds) },
    );
  }
}
