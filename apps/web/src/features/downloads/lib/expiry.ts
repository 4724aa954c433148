/**
 * When a generated file goes away (docs/user-import.md "Files expire": TASK_FILE_RETENTION_DAYS after the
 * task ended the server deletes it and the task shows `isDownload` 0). Pure.
 */
export type Expiry = { kind: 'none' } | { kind: 'expired' } | { kind: 'left'; days: number };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left, rounded (0 = less than a day), expired, or no expiry known (not finished, no file). */
export function expiryOf(expireTime: string | null, isDownload: number, now: number): Expiry {
  if (!expireTime) return { kind: 'none' };
  const at = Date.parse(expireTime);
  if (Number.isNaN(at)) return { kind: 'none' };
  if (at <= now || isDownload !== 1) return { kind: 'expired' };
  const left = at - now;
  // A file generated a minute ago reads '7 days left', not 6.
  return { kind: 'left', days: left < DAY_MS ? 0 : Math.round(left / DAY_MS) };
}
