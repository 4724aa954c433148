// CPU time of the temporary PostgreSQL cluster (postmaster and its children) from /proc, to show how the
// two cores are shared between load generator, server and database. Linux only; answers NaN elsewhere.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
} catch {
  /* the usual value */
}

interface Stat {
  ppid: number;
  /** utime + stime of the process itself. */
  ticks: number;
  /** cutime + cstime: CPU of its children that exited and were reaped. */
  childTicks: number;
}

function statOf(pid: number): Stat | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it are plain (rest[0] is field 3).
    const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return {
      ppid: Number(rest[1]),
      ticks: Number(rest[11]) + Number(rest[12]),
      childTicks: Number(rest[13]) + Number(rest[14]),
    };
  } catch {
    return null;
  }
}

export interface PgCpuSnapshot {
  master: Stat;
  children: Map<number, number>;
}

/** CPU counters of the cluster in `dataDir`: the postmaster and each live child (backends, workers). */
export function snapshotPostgresCpu(dataDir: string): PgCpuSnapshot | null {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const master = statOf(postmaster);
  if (!master) return null;
  const children = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = statOf(Number(entry));
    if (s && s.ppid === postmaster) children.set(Number(entry), s.ticks);
  }
  return { master, children };
}

/**
 * Microseconds of CPU the cluster used between two snapshots. Children that exited in between (closed
 * connections, autovacuum workers) are counted through the postmaster's cutime, less what they had
 * already used at the first snapshot; children alive at both count their difference.
 */
export function postgresCpuDeltaUs(a: PgCpuSnapshot | null, b: PgCpuSnapshot | null): number {
  if (!a || !b) return NaN;
  let ticks = b.master.ticks - a.master.ticks + (b.master.childTicks - a.master.childTicks);
  for (const [pid, end] of b.children) ticks += end - (a.children.get(pid) ?? 0);
  for (const [pid, start] of a.children) if (!b.children.has(pid)) ticks -= start;
  return (ticks / ticksPerSecond) * 1e6;
}

/** CPU seconds of one process and its reaped children (a server process started by a bench). */
export function processCpuSeconds(pid: number | undefined): number {
  const s = pid === undefined ? null : statOf(pid);
  return s ? (s.ticks + s.childTicks) / ticksPerSecond : NaN;
}
