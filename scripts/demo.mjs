#!/usr/bin/env node
// The README's first command: install, build, and run the whole app on the embedded database with the
// demo school. Works from a clean clone with Node 20; nothing else needs to be installed.
import { spawnSync, spawn } from 'node:child_process';
import { ensureNpmDeps } from './lib/deps.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

await ensureNpmDeps(root);
run('npm', ['run', 'build']);

const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    SEED_DEMO: process.env.SEED_DEMO ?? 'true',
    WEB_DIST: process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'),
    DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'),
    // SMS login in the demo reads its codes from the development outbox (this machine only); the
    // server's banner says so. DEV_SMS_OUTBOX=false turns it off.
    DEV_SMS_OUTBOX:
      process.env.DEV_SMS_OUTBOX ?? ((process.env.SMS_ADAPTER ?? 'dev') === 'dev' ? 'true' : 'false'),
  },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
