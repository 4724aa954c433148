import fs from 'node:fs';

/**
 * The order in which the shards take the journeys. A journey that reads the demo as seeded (every row the
 * product's own, `onSeededDemo`) comes first, so it starts a shard before any other journey of that shard has
 * added rows of its own. The others go longest first by `seconds` (a run's times), so that the shards end
 * together instead of one running a long journey after the others have finished: in file order the shards
 * of one run ended 27 s apart (docs/decisions.md). A journey without a time counts as the longest: a new one
 * is likely to be long, and starting it early costs nothing if it is not. Ties keep file order.
 * @template {{ file: string, slug: string, onSeededDemo: boolean }} J
 * @param {J[]} journeys
 * @param {Record<string, number>} seconds slug → seconds
 * @returns {J[]} a new array
 */
export function orderJourneys(journeys, seconds) {
  const cost = (/** @type {J} */ j) => seconds[j.slug] ?? Number.MAX_VALUE;
  return [...journeys].sort(
    (a, b) =>
      Number(b.onSeededDemo) - Number(a.onSeededDemo) ||
      cost(b) - cost(a) ||
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
  );
}

/**
 * A file of journey times (slug → seconds), as `journeyTimes` writes it; nothing when the file is missing or
 * unreadable, and only the entries that are finite numbers.
 * @param {string} file
 * @returns {Record<string, number>}
 */
export function readJourneySeconds(file) {
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  return Object.fromEntries(
    Object.entries(parsed).filter(([, value]) => typeof value === 'number' && Number.isFinite(value)),
  );
}

/**
 * The times of a run to write as the next run's order (slug → seconds, one decimal, by slug), or undefined
 * unless every journey of the run passed: a failed or skipped journey's time says nothing of its length.
 * (The runner writes them only for a run of every journey.)
 * @param {Array<{ slug?: string, ms?: number, error: unknown, skipped?: string }>} results
 * @returns {Record<string, number> | undefined}
 */
export function journeyTimes(results) {
  const timed = results.filter((r) => !r.error && !r.skipped && r.slug && typeof r.ms === 'number');
  if (timed.length === 0 || timed.length !== results.length) return undefined;
  return Object.fromEntries(
    timed
      .map(
        (r) =>
          /** @type {[string, number]} */ ([r.slug, Math.round(/** @type {number} */ (r.ms) / 100) / 10]),
      )
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}
