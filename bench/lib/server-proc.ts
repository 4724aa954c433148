// The built server (apps/server/dist/server.js) as a process of its own, as it runs in production: a bench's
// load generator then spends its CPU outside the server's event loop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { SERVER_ROOT } from '@psy/server/src/env';
import { freePort } from './pg-temp';
import { timed } from './util';

export interface ServerProc {
  child: ChildProcess;
  port: number;
  base: string;
}

/** Bundles the server (apps/server/build.mjs) so that the process runs what production runs. */
export async function buildServer(): Promise<void> {
  await timed('server bundle (apps/server/build.mjs)', async () => {
    const b = spawnSync(process.execPath, ['build.mjs'], { cwd: SERVER_ROOT, stdio: 'inherit' });
    if (b.status !== 0) throw new Error('the server build failed');
  });
}

async function waitHealthy(base: string, child: ChildProcess) {
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server at ${base} exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${base} did not start`);
}

/**
 * Starts one server process on a free port with `env` (PATH, NODE_ENV, HOST and PORT are set here);
 * `BENCH_SERVER_NODE_ARGS` adds Node options, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProc> {
  const port = await freePort();
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(SERVER_ROOT, 'dist/server.js')], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', ...env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, child);
  return { child, port, base };
}

export async function stopServer(s: ServerProc): Promise<void> {
  if (s.child.exitCode !== null) return;
  const exited = new Promise((r) => s.child.once('exit', r));
  s.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (s.child.exitCode === null) s.child.kill('SIGKILL');
}
