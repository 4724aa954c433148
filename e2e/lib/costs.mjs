/**
 * Where the journeys' time goes: the shared steps that cost the most (full-page screenshots, axe checks)
 * add their wall time here, and run.mjs prints the totals after the results, so a slower suite says which
 * kind of step grew.
 */
/** @type {Map<string, { count: number, ms: number }>} */
const totals = new Map();

/**
 * Runs `step` and adds its wall time to `kind`.
 * @template T
 * @param {string} kind
 * @param {() => Promise<T>} step
 * @returns {Promise<T>}
 */
export async function timed(kind, step) {
  const started = performance.now();
  try {
    return await step();
  } finally {
    const entry = totals.get(kind) ?? { count: 0, ms: 0 };
    entry.count += 1;
    entry.ms += performance.now() - started;
    totals.set(kind, entry);
  }
}

/**
 * Counts one more `kind` that has no wall time of its own, such as a load of a page: each load of the app
 * costs the browser about half a CPU-second, most of what the journeys spend (docs/decisions.md).
 * @param {string} kind
 */
export function counted(kind) {
  const entry = totals.get(kind) ?? { count: 0, ms: Number.NaN };
  entry.count += 1;
  totals.set(kind, entry);
}

/** One line per kind: `screenshots: 228 in 61.3 s`, or `page loads: 471` for a count. */
export function costLines() {
  return [...totals].map(([kind, { count, ms }]) =>
    Number.isNaN(ms) ? `${kind}: ${count}` : `${kind}: ${count} in ${(ms / 1000).toFixed(1)} s`,
  );
}
