// A closed-loop load generator: N workers, each sends its next request as soon as the previous answered.
// Used in the client child process (HTTP) and in the bench process itself (bare SQL).

export interface LatencySummary {
  requests: number;
  errors: number;
  /** Requests per second over the measured window (successes and errors). */
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
  /** Seconds of the measured window. */
  seconds: number;
  firstError: string | null;
  /** Distinct error messages (trimmed) with counts, at most 10. */
  errorKinds: Record<string, number>;
}

export interface LoopOptions {
  concurrency: number;
  /**
   * Open loop: total requests per second, spread evenly over the `concurrency` clients (each sends on its
   * own fixed schedule, as people with think time do). Latency counts from the scheduled send time, so a
   * request that had to wait for its client's previous one is charged the wait (no coordinated omission).
   * Unset: closed loop.
   */
  ratePerSec?: number;
  warmupMs: number;
  durationMs: number;
  /** One request; throw to count an error (the message is reported). `worker` is the loop's index. */
  op: (worker: number) => Promise<void>;
  /** Called when the measured window opens and closes (to sample CPU over exactly that window). */
  onWindow?: (edge: 'start' | 'end') => void;
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
export function median(values: number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/**
 * Runs the loop (closed, or open with `ratePerSec`) for warmup + duration. A request counts when it *started* inside the measured window;
 * its latency (ms, from just before it was sent to the end of its answer) goes into the sample.
 */
export async function runClosedLoop(opts: LoopOptions): Promise<LatencySummary> {
  const start = performance.now();
  const measureFrom = start + opts.warmupMs;
  const stopAt = measureFrom + opts.durationMs;
  let lat = new Float64Array(1 << 16);
  let n = 0;
  let errors = 0;
  let firstError: string | null = null;
  const errorKinds: Record<string, number> = {};
  let lastEnd = measureFrom;
  const timers = [
    setTimeout(() => opts.onWindow?.('start'), opts.warmupMs),
    setTimeout(() => opts.onWindow?.('end'), opts.warmupMs + opts.durationMs),
  ];

  const interval = opts.ratePerSec ? (1000 * opts.concurrency) / opts.ratePerSec : 0;
  const worker = async (w: number) => {
    let scheduled = start + (interval * w) / opts.concurrency;
    for (;;) {
      if (interval) {
        const wait = scheduled - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
      const t0 = interval ? scheduled : performance.now();
      scheduled += interval;
      if (t0 >= stopAt) return;
      let failed: unknown = null;
      try {
        await opts.op(w);
      } catch (err) {
        failed = err ?? new Error('unknown error');
      }
      const t1 = performance.now();
      if (t0 < measureFrom) continue;
      lastEnd = Math.max(lastEnd, t1);
      if (failed !== null) {
        errors++;
        const msg = failed instanceof Error ? failed.message : String(failed);
        firstError ??= msg;
        const kind = msg.slice(0, 120);
        if (kind in errorKinds || Object.keys(errorKinds).length < 10)
          errorKinds[kind] = (errorKinds[kind] ?? 0) + 1;
        continue;
      }
      if (n === lat.length) {
        const bigger = new Float64Array(lat.length * 2);
        bigger.set(lat);
        lat = bigger;
      }
      lat[n++] = t1 - t0;
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency }, (_, i) => worker(i)));
  timers.forEach(clearTimeout);

  const sorted = lat.slice(0, n).sort();
  const seconds = Math.max(lastEnd - measureFrom, 1) / 1000;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i]!;
  return {
    requests: n + errors,
    errors,
    rps: (n + errors) / seconds,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p99: percentile(sorted, 99),
    max: n ? sorted[n - 1]! : NaN,
    mean: n ? sum / n : NaN,
    seconds,
    firstError,
    errorKinds,
  };
}
