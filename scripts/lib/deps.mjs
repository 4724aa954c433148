// Makes sure everything the test suite needs is installed: npm packages and Debian packages.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_BIN, HEADLESS_SHELL_BIN } from './chromium.mjs';
import { PG_BIN } from './pg-temp.mjs';

export class SetupError extends Error {}

/** Whether `npm ci` has run in `root` since its lockfile last changed. */
export function npmDepsCurrent(root) {
  const lock = path.join(root, 'package-lock.json');
  const installed = path.join(root, 'node_modules', '.package-lock.json');
  return fs.existsSync(installed) && fs.statSync(lock).mtimeMs <= fs.statSync(installed).mtimeMs;
}

const NPM_CI = ['ci', '--no-audit', '--no-fund'];

/** The line said before `npm ci` runs in `root`. */
function staleLine(root, suffix = '') {
  const where = path.relative(process.cwd(), root);
  return `npm dependencies${where ? ` of ${where}` : ''} missing or older than package-lock.json: running npm ci${suffix}`;
}

export function ensureNpmDeps(root) {
  if (npmDepsCurrent(root)) return;
  console.log(staleLine(root));
  const r = spawnSync('npm', NPM_CI, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new SetupError(`npm ci failed (${r.error?.message ?? `exit code ${r.status}`})`);
}

/**
 * `ensureNpmDeps` without waiting: runs `npm ci` in `root` in the background when it is due, keeping its
 * output for the caller to print when it suits (so it does not cut into other output). Answers that output
 * ('' when nothing was due); rejects with a SetupError, npm's output included, when the install fails. A
 * failure nobody has awaited yet does not end the process as an unhandled rejection.
 * @param {string} root
 * @returns {Promise<string>}
 */
export function installNpmDepsInBackground(root) {
  if (npmDepsCurrent(root)) return Promise.resolve('');
  console.log(staleLine(root, ' in the background'));
  return inBackground(`npm ci in ${root} failed`, 'npm', NPM_CI, { cwd: root });
}

/**
 * Runs a command in the background and answers its output (stdout and stderr, kept rather than printed);
 * rejects with a SetupError that begins with `failure` and carries the output when the command fails. A
 * failure nobody has awaited yet does not end the process as an unhandled rejection.
 * @param {string} failure
 * @param {string} cmd
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} [options]
 * @returns {Promise<string>}
 */
function inBackground(failure, cmd, args, options = {}) {
  const done = new Promise((resolve, reject) => {
    const chunks = [];
    const child = spawn(cmd, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (err) => reject(new SetupError(`${failure} (${err.message})`)));
    child.on('close', (code) => {
      const log = Buffer.concat(chunks).toString();
      if (code === 0) resolve(log);
      else reject(new SetupError(`${failure} (exit code ${code}):\n${log}`));
    });
  });
  done.catch(() => undefined);
  return done;
}

const isExecutable = (file) => {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
};
const dpkgInstalled = (pkg) =>
  spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' }).stdout?.includes(
    'install ok installed',
  );
const hasChineseFont = () =>
  spawnSync('fc-list', [':lang=zh'], { encoding: 'utf8' }).stdout?.trim().length > 0;

export const SYSTEM_REQUIREMENTS = [
  {
    // The journeys' browser: the same Chromium (Blink, V8) built without the desktop browser around it, a
    // fifth cheaper to run and a third less to install (no GTK, no systemd). Optional: the full Chromium
    // below stands in for it when it cannot be installed.
    what: `Chromium headless shell (${HEADLESS_SHELL_BIN})`,
    pkgs: ['chromium-headless-shell'],
    ok: () => isExecutable(HEADLESS_SHELL_BIN),
    optional: true,
  },
  {
    // Needed only without the headless shell (and by E2E_HEADED=1, which shows the browser: e2e/run.mjs).
    what: `Chromium (${CHROMIUM_BIN}), as there is no headless shell`,
    pkgs: ['chromium'],
    ok: () => isExecutable(CHROMIUM_BIN) || isExecutable(HEADLESS_SHELL_BIN),
  },
  {
    what: 'a CJK font',
    pkgs: ['fonts-noto-cjk'],
    ok: () => hasChineseFont() || dpkgInstalled('fonts-noto-cjk') || dpkgInstalled('fonts-wqy-zenhei'),
  },
  {
    what: `PostgreSQL 15 server (${PG_BIN})`,
    pkgs: ['postgresql-15'],
    ok: () => ['initdb', 'pg_ctl', 'postgres'].every((bin) => isExecutable(path.join(PG_BIN, bin))),
  },
];

/**
 * Installs the missing Debian packages of `requirements` (as root or through password-less sudo). A required
 * one that cannot be installed throws a SetupError saying what to run; an optional one is only reported.
 * The optional ones go first: a required one may be met by them (the full Chromium by the headless shell),
 * so it is looked at again after them. `run` runs a command as spawnSync does (tests give their own).
 */
export function ensureSystemPackages(requirements = SYSTEM_REQUIREMENTS, run = spawnSync) {
  const optional = requirements.filter((r) => r.optional && !r.ok());
  if (optional.length) {
    try {
      installPackages(optional, run);
    } catch (err) {
      if (!(err instanceof SetupError)) throw err;
      console.log(`Not installed, the suite goes on without it: ${err.message}`);
    }
  }
  const required = requirements.filter((r) => !r.optional && !r.ok());
  if (required.length) installPackages(required, run);
}

/** What installs the missing system packages in the background: `ensureSystemPackages` in a process of its own. */
const BACKGROUND_INSTALLER = [
  process.execPath,
  fileURLToPath(new URL('./system-packages.mjs', import.meta.url)),
];

/**
 * `ensureSystemPackages` without waiting, for the parts of the suite that need no system package (the unit
 * part) to run meanwhile: on a minimal Debian, installing the headless shell, the CJK font and PostgreSQL
 * (197 packages, 953 MB unpacked) took 20 s, and 27 CPU-seconds the unit part shares (docs/decisions.md).
 * - Nothing missing: answers '' at once and starts nothing.
 * - A required package missing where apt-get cannot run (not root, no password-less sudo, no apt-get):
 *   throws the SetupError with the command to run, at once, as `ensureSystemPackages` does.
 * - Otherwise runs `installer` (by default `system-packages.mjs`, which calls `ensureSystemPackages`) and
 *   answers its output, kept for the caller to print when it suits; rejects with a SetupError carrying that
 *   output when the installer fails. A failure nobody has awaited yet does not end the process as an
 *   unhandled rejection.
 * `run` and `uid` (the user's id) as the check of whether apt-get can run sees them (tests give their own).
 * @param {{ requirements?: typeof SYSTEM_REQUIREMENTS, run?: typeof spawnSync, installer?: string[], uid?: number }} [options]
 * @returns {Promise<string>}
 */
export function installSystemPackagesInBackground({
  requirements = SYSTEM_REQUIREMENTS,
  run = spawnSync,
  installer = BACKGROUND_INSTALLER,
  uid = process.getuid?.(),
} = {}) {
  const missing = requirements.filter((r) => !r.ok());
  if (!missing.length) return Promise.resolve('');
  const required = missing.filter((r) => !r.optional);
  // The command to run by hand names the optional packages too, as the installer would try them first.
  if (required.length) aptPrefix([...new Set(missing.flatMap((r) => r.pkgs))], run, uid);
  console.log(
    `Missing system packages for: ${missing.map((r) => r.what).join(', ')}: installing them in the background`,
  );
  const [cmd, ...args] = installer;
  // Not killed when the run is interrupted: dpkg stopped midway leaves the package database to repair.
  return inBackground('installing system packages failed', cmd, args);
}

let aptUpdated = false;

const installArgs = (pkgs) => ['install', '-y', '--no-install-recommends', ...pkgs];
const manualInstall = (pkgs) =>
  `sudo apt-get update && sudo DEBIAN_FRONTEND=noninteractive apt-get ${installArgs(pkgs).join(' ')}`;

/**
 * How apt-get runs here: directly as root, else through sudo when it needs no password (CI runners); throws a
 * SetupError saying what to run by hand when it cannot run at all.
 */
function aptPrefix(pkgs, run, uid = process.getuid?.()) {
  if (!fs.existsSync('/usr/bin/apt-get')) {
    throw new SetupError(
      `apt-get not found; install these Debian packages (or equivalents): ${pkgs.join(' ')}`,
    );
  }
  if (uid === 0) return [];
  if (run('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0) return ['sudo', '-n'];
  throw new SetupError(
    `Not running as root. Install them with:\n\n  ${manualInstall(pkgs)}\n\nthen run npm test again.`,
  );
}

/** Installs the Debian packages of `missing` with apt-get; throws a SetupError saying what to do if it cannot. */
function installPackages(missing, run) {
  const pkgs = [...new Set(missing.flatMap((r) => r.pkgs))];
  console.log(`Missing system packages for: ${missing.map((r) => r.what).join(', ')}`);

  const install = installArgs(pkgs);
  const manual = manualInstall(pkgs);
  const prefix = aptPrefix(pkgs, run);

  // Wait for a concurrent apt/dpkg instead of failing on its lock.
  const apt = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', '-o', 'DPkg::Lock::Timeout=600'];
  for (const args of aptUpdated ? [install] : [['update'], install]) {
    const [cmd, ...argv] = [...prefix, ...apt, ...args];
    console.log(`$ ${[cmd, ...argv].join(' ')}`);
    const r = run(cmd, argv, { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0)
      throw new SetupError(`apt-get ${args[0]} failed (exit code ${r.status}); try: ${manual}`);
    if (args[0] === 'update') aptUpdated = true;
  }
  const still = missing.filter((r) => !r.ok());
  if (still.length)
    throw new SetupError(`Still missing after apt-get install: ${still.map((r) => r.what).join(', ')}`);
}
