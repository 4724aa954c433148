/**
 * Bulk generation of slots (docs/appointments.md, "Generating a term"): which generated slots clash with
 * something, and how a term's slots split into parts that can be written at the same time.
 *
 * The database still refuses every clash (the exclusion constraints): these checks only keep the bulk
 * insert free of the rows it would refuse, so it can be one plain INSERT per batch instead of
 * `ON CONFLICT DO NOTHING`, whose check before each row costs about as much again as the insert's own.
 */

/** The times a slot holds its counsellor and (when it has one) its room. */
export interface Occupancy {
  counsellorId: number;
  roomId: number | null;
  startsAt: Date;
  endsAt: Date;
}

/** Intervals of one key (a counsellor or a room), sorted by start, with the running maximum of the ends. */
interface Taken {
  starts: number[];
  maxEnds: number[];
}

function indexTaken(live: readonly Occupancy[], keyOf: (o: Occupancy) => string | null) {
  const by = new Map<string, [number, number][]>();
  for (const o of live) {
    const key = keyOf(o);
    if (key === null) continue;
    let list = by.get(key);
    if (!list) by.set(key, (list = []));
    list.push([o.startsAt.getTime(), o.endsAt.getTime()]);
  }
  const out = new Map<string, Taken>();
  for (const [key, list] of by) {
    list.sort((a, b) => a[0] - b[0]);
    let max = -Infinity;
    out.set(key, {
      starts: list.map((x) => x[0]),
      maxEnds: list.map((x) => (max = Math.max(max, x[1]))),
    });
  }
  return out;
}

/** Whether [start, end) overlaps an interval of the key (as `tstzrange(starts_at, ends_at) &&` does). */
function overlapsTaken(taken: Taken | undefined, start: number, end: number) {
  if (!taken) return false;
  // The last interval starting before `end`; among those up to it, the latest end decides.
  let lo = 0;
  let hi = taken.starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (taken.starts[mid]! < end) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 && taken.maxEnds[lo - 1]! > start;
}

const counsellorKey = (o: Occupancy) => String(o.counsellorId);
const roomKey = (o: Occupancy) => (o.roomId === null ? null : String(o.roomId));

/**
 * The candidates that clash with nothing: not with a live slot of their counsellor or room, nor with a
 * candidate kept before them (earlier start first, then input order). Answers them in input order.
 */
export function dropClashes<T extends Occupancy>(candidates: readonly T[], live: readonly Occupancy[]): T[] {
  const byCounsellor = indexTaken(live, counsellorKey);
  const byRoom = indexTaken(live, roomKey);
  // Kept candidates, visited by start: one overlaps an earlier kept one of its key iff it starts before
  // the latest end among them.
  const keptEnd = new Map<string, number>();
  const order = candidates.map((_, i) => i);
  order.sort((a, b) => candidates[a]!.startsAt.getTime() - candidates[b]!.startsAt.getTime() || a - b);
  const keep = new Array<boolean>(candidates.length).fill(false);
  for (const i of order) {
    const c = candidates[i]!;
    const start = c.startsAt.getTime();
    const end = c.endsAt.getTime();
    const ck = 'c' + c.counsellorId;
    const rk = c.roomId === null ? null : 'r' + c.roomId;
    if ((keptEnd.get(ck) ?? -Infinity) > start) continue;
    if (rk !== null && (keptEnd.get(rk) ?? -Infinity) > start) continue;
    if (overlapsTaken(byCounsellor.get(counsellorKey(c)), start, end)) continue;
    if (rk !== null && overlapsTaken(byRoom.get(String(c.roomId)), start, end)) continue;
    keep[i] = true;
    keptEnd.set(ck, Math.max(keptEnd.get(ck) ?? -Infinity, end));
    if (rk !== null) keptEnd.set(rk, Math.max(keptEnd.get(rk) ?? -Infinity, end));
  }
  return candidates.filter((_, i) => keep[i]);
}

/**
 * Splits rows into at most `n` parts of about equal size such that no two parts share a counsellor or a
 * room: rows of different parts can never clash, so parts written in separate transactions never wait for
 * each other's uncommitted rows. Counsellors linked through a shared room stay in one part.
 */
export function splitIndependent<T extends Occupancy>(rows: readonly T[], n: number): T[][] {
  const parent = new Map<string, string>();
  const find = (k: string): string => {
    let root = k;
    while (parent.get(root) !== root) root = parent.get(root)!;
    let x = k;
    while (x !== root) {
      const next = parent.get(x)!;
      parent.set(x, root);
      x = next;
    }
    return root;
  };
  const add = (k: string) => {
    if (!parent.has(k)) parent.set(k, k);
  };
  for (const r of rows) {
    const c = 'c' + r.counsellorId;
    add(c);
    if (r.roomId !== null) {
      const room = 'r' + r.roomId;
      add(room);
      const a = find(c);
      const b = find(room);
      if (a !== b) parent.set(a, b);
    }
  }
  const groups = new Map<string, T[]>();
  for (const r of rows) {
    const root = find('c' + r.counsellorId);
    let g = groups.get(root);
    if (!g) groups.set(root, (g = []));
    g.push(r);
  }
  // Largest group first into the lightest part.
  const parts = Array.from({ length: Math.max(1, n) }, () => [] as T[]);
  for (const g of [...groups.values()].sort((a, b) => b.length - a.length)) {
    const lightest = parts.reduce((min, p) => (p.length < min.length ? p : min));
    for (const r of g) lightest.push(r);
  }
  return parts.filter((p) => p.length > 0);
}
