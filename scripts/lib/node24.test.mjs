import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SetupError, installNpmDepsInBackground } from './deps.mjs';
import { startNode24 } from './node24.mjs';

const PLATFORM_PKG = `node-${process.platform}-${process.arch}`;
const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A repository root whose scripts/node24 has this package.json and lockfile; `installed` adds node_modules. */
function fakeRoot({ optional = { [PLATFORM_PKG]: '24.0.0' }, lock, installed = false }) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'node24-test-'));
  dirs.push(root);
  const dir = path.join(root, 'scripts', 'node24');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'x', version: '0.0.0', optionalDependencies: optional }),
  );
  fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lock ?? { lockfileVersion: 3 }));
  if (installed) {
    const pkg = path.join(dir, 'node_modules', PLATFORM_PKG);
    fs.mkdirSync(pkg, { recursive: true });
    fs.writeFileSync(
      path.join(pkg, 'package.json'),
      JSON.stringify({ version: '24.9.9', bin: { node: 'bin/node' } }),
    );
    // Written after the lockfile: the install is current.
    fs.writeFileSync(path.join(dir, 'node_modules', '.package-lock.json'), '{}');
  }
  return { root, dir };
}

describe('npm ci in the background', () => {
  it('answers at once, running nothing, when the install is current', async () => {
    const { dir } = fakeRoot({ installed: true });
    await expect(installNpmDepsInBackground(dir)).resolves.toBe('');
  });

  it('rejects with a SetupError carrying npm’s output when npm ci fails', async () => {
    // A lockfile that does not match package.json: npm ci refuses before fetching anything.
    const { dir } = fakeRoot({ lock: { name: 'x', lockfileVersion: 3, packages: {} } });
    const failure = await installNpmDepsInBackground(dir).then(
      () => null,
      (err) => err,
    );
    expect(failure).toBeInstanceOf(SetupError);
    expect(failure.message).toMatch(/npm ci in .* failed \(exit code \d+\):\n[\s\S]*npm/);
  }, 60_000);
});

describe.runIf(Number(process.versions.node.split('.')[0]) !== 24)('Node 24 for the suite', () => {
  it('names Node 24 at once and answers the installed binary', async () => {
    const { root, dir } = fakeRoot({ installed: true });
    const node24 = startNode24(root);
    expect(node24.major).toBe('24');
    await expect(node24.ready).resolves.toEqual({
      path: path.join(dir, 'node_modules', PLATFORM_PKG, 'bin/node'),
      version: '24.9.9',
    });
  });

  it('runs on this machine’s Node, saying why, when the platform has no package', async () => {
    const { root } = fakeRoot({ optional: { 'node-plan9-mips': '24.0.0' } });
    const node24 = startNode24(root);
    expect(node24.major).toBe(process.versions.node.split('.')[0]);
    await expect(node24.ready).resolves.toEqual({
      missing: `no Node 24 package for ${process.platform}-${process.arch}`,
    });
  });
});
