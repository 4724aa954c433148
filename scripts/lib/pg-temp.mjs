// A throwaway PostgreSQL 15 cluster for tests and benchmarks.
//
//   import { startTempPostgres } from './scripts/lib/pg-temp.mjs';
//   const pg = await startTempPostgres(); // { url, port, dir, stop() }
//   ...
//   pg.stop(); // synchronous, idempotent; also runs automatically on exit, SIGINT and SIGTERM
//
// CLI: `node scripts/lib/pg-temp.mjs [--port N]` prints the URL and runs until SIGINT/SIGTERM.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

const live = new Set(); // stop functions of clusters not yet stopped

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function startTempPostgres({ port } = {}) {
  installExitHooks();
  for (const bin of ['initdb', 'pg_ctl', 'postgres']) {
    if (!fs.existsSync(path.join(PG_BIN, bin))) {
      throw new Error(`${PG_BIN}/${bin} not found (Debian package postgresql-15)`);
    }
  }
  // PostgreSQL refuses to run as root, so as root the cluster belongs to an unprivileged user.
  const user = process.getuid?.() === 0 ? unprivilegedUser() : null;
  const dir = fs.mkdtempSync(path.join(tempBase(user), 'pgtest-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  fs.chmodSync(dir, 0o700);

  let started = false;
  const stop = () => {
    if (!live.delete(stop)) return;
    if (started) runSync(user, path.join(PG_BIN, 'pg_ctl'), ['stop', '-D', dir, '-m', 'immediate', '-w']);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  live.add(stop);

  try {
    const initdbArgs = ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '-N']; // -N: no fsync
    const initdb = (locale) => run(user, path.join(PG_BIN, 'initdb'), [...initdbArgs, `--locale=${locale}`]);
    let init = await initdb('C.UTF-8');
    if (init.code !== 0) {
      emptyDir(dir);
      init = await initdb('C');
    }
    if (init.code !== 0) throw new Error(`initdb failed:\n${init.output}`);

    // Retry with a new port if another process grabbed the free one in the meantime.
    for (let attempt = 1; ; attempt++) {
      const p = port ?? (await freePort());
      const opts = [
        '-c listen_addresses=127.0.0.1',
        `-p ${p}`,
        `-k '${dir}'`,
        '-c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200',
      ].join(' ');
      const log = path.join(dir, 'log');
      const startArgs = ['start', '-D', dir, '-l', log, '-w', '-t', '60', '-o', opts];
      const res = await run(user, path.join(PG_BIN, 'pg_ctl'), startArgs);
      if (res.code === 0) {
        started = true;
        return { url: `postgres://postgres@127.0.0.1:${p}/postgres`, port: p, dir, stop };
      }
      // pg_ctl may have launched a postmaster that is still shutting down; make sure it is gone.
      runSync(user, path.join(PG_BIN, 'pg_ctl'), ['stop', '-D', dir, '-m', 'immediate', '-w']);
      if (port !== undefined || attempt >= 3) {
        const serverLog = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').slice(-4000) : '';
        throw new Error(`pg_ctl start failed:\n${res.output}\n${serverLog}`);
      }
    }
  } catch (err) {
    stop();
    throw err;
  }
}

function unprivilegedUser() {
  let name = 'nobody';
  if (spawnSync('id', ['-u', name]).status !== 0) {
    name = 'pgtest';
    if (spawnSync('id', ['-u', name]).status !== 0) {
      const r = spawnSync(sbin('useradd'), ['-r', '-M', '-s', '/usr/sbin/nologin', name], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`useradd ${name} failed: ${r.stderr}`);
    }
  }
  const id = (flag) => Number(spawnSync('id', [flag, name], { encoding: 'utf8' }).stdout.trim());
  return { name, uid: id('-u'), gid: id('-g') };
}

// The cluster user must be able to reach the data directory; root's TMPDIR may not be traversable.
function tempBase(user) {
  const base = fs.realpathSync(os.tmpdir());
  if (!user) return base;
  for (let d = base; ; d = path.dirname(d)) {
    if ((fs.statSync(d).mode & 0o001) === 0) return '/tmp';
    if (d === path.dirname(d)) return base;
  }
}

// /usr/sbin is not always on PATH (e.g. `su` without `-`).
function sbin(name) {
  return fs.existsSync(`/usr/sbin/${name}`) ? `/usr/sbin/${name}` : name;
}

function emptyDir(dir) {
  for (const entry of fs.readdirSync(dir)) fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
}

function command(user, file, args) {
  return user ? [sbin('runuser'), ['-u', user.name, '--', file, ...args]] : [file, args];
}

function run(user, file, args) {
  const [cmd, argv] = command(user, file, args);
  return new Promise((resolve) => {
    // cwd: the cluster user may not be allowed into the caller's working directory.
    execFile(cmd, argv, { cwd: '/', encoding: 'utf8' }, (err, stdout, stderr) => {
      const spawnFailed = err && typeof err.code !== 'number'; // e.g. ENOENT
      resolve({
        code: err ? (spawnFailed ? 1 : err.code) : 0,
        output: `${stdout}${stderr}${spawnFailed ? err.message : ''}`,
      });
    });
  });
}

function runSync(user, file, args) {
  const [cmd, argv] = command(user, file, args);
  return spawnSync(cmd, argv, { cwd: '/', stdio: 'ignore' });
}

let hooksInstalled = false;
function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  const stopAll = () => [...live].forEach((stop) => stop());
  process.on('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopAll();
      // Keep the default "die on signal" behaviour unless the host process handles the signal itself.
      if (process.listenerCount(signal) === 1) process.exit(128 + os.constants.signals[signal]);
    });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  const i = process.argv.indexOf('--port');
  const pg = await startTempPostgres(i > 0 ? { port: Number(process.argv[i + 1]) } : {});
  console.log(pg.url);
  console.error(`PostgreSQL 15 running in ${pg.dir}; Ctrl-C to stop and delete it.`);
  const keepAlive = setInterval(() => {}, 1 << 30);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      clearInterval(keepAlive);
      pg.stop();
      console.error('stopped');
      process.exit(0);
    });
  }
}
