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

function statOf(pid: number): { ppid: number; cpuTicks: number; childTicks: number } | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; fields after it are plain (rest[0] is field 3).
    const rest = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(rest[1]), cpuTicks: Number(rest[11]) + Number(rest[12]), childTicks: Number(rest[13]) + Number(rest[14]) };
  } catch {
    return null;
  }
}

/**
 * Microseconds of CPU the cluster in `dataDir` has used so far: the postmaster, its live children, and
 * (through the postmaster's cutime/cstime) the children that already exited, e.g. closed connections.
 */
export function postgresCpuUs(dataDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return NaN;
  }
  const master = statOf(postmaster);
  if (!master) return NaN;
  let ticks = master.cpuTicks + master.childTicks;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = statOf(Number(entry));
    if (s && s.ppid === postmaster) ticks += s.cpuTicks;
  }
  return (ticks / ticksPerSecond) * 1e6;
}
