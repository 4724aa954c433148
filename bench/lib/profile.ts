// Optional CPU profile of the bench process (the server) over a scenario's measured window, with a
// summary of where the samples fall: by package / source area and by function.
import { Session } from 'node:inspector/promises';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  totalMs: number;
  /** Share of samples (%) by area: a package, a source folder, node internals, GC, idle. */
  byArea: [string, number][];
  /** Top functions by self time (%). */
  topFunctions: [string, number][];
}

export class Profiler {
  private session = new Session();

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.setSamplingInterval', { interval: 100 });
    await this.session.post('Profiler.start');
  }

  async stop(): Promise<CpuProfile> {
    const { profile } = (await this.session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
    await this.session.post('Profiler.disable');
    this.session.disconnect();
    return profile;
  }
}

function areaOf(url: string, fn: string): string {
  if (!url) {
    if (fn === '(garbage collector)' || fn === '(idle)' || fn === '(program)') return fn;
    return '(native)';
  }
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url);
  if (nm) return nm[1]!;
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const src = /\/(apps\/server\/src\/(?:core\/[^/]+|modules\/[^/]+)|packages\/[^/]+|bench)\//.exec(url);
  if (src) return src[1]!;
  return url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
}

export function summarize(profile: CpuProfile, top = 20): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0) || 1;
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const { callFrame: cf } = byId.get(id)!;
    const area = areaOf(cf.url, cf.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const where = cf.url
      ? `${cf.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(apps|packages|bench)\//, '$1/')}:${cf.lineNumber + 1}`
      : '';
    const key = `${cf.functionName || '(anonymous)'} ${where}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const pct = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => [k, Math.round((v / total) * 1000) / 10] as [string, number]);
  return { totalMs: total / 1000, byArea: pct(areas, 25), topFunctions: pct(fns, top) };
}
