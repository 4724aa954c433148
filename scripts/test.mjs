// `npm test`: installs what is missing (`npm ci` first; then the Debian packages and Node 24 in the background,
// while the unit part runs, awaited by the parts that need them), then runs the whole suite and prints one
// summary.
//   1. docs/spec-coverage.md matches the tests' spec citations (scripts/spec-coverage.mjs --check; skipped,
//      with the reason, in a clone without ../shared/spec/checklist.md)
//   2. vitest, all projects, on the embedded database (PGlite), on this machine's Node
//   3. vitest, server project, on a temporary real PostgreSQL 15, on Node 24 (scripts/lib/node24.mjs)
//   4. browser journeys (e2e/run.mjs, Chromium; the journeys in JOURNEY_SHARDS shards, each with its own
//      server on its own PostgreSQL 15), on the app built during part 3 (`npm run build`, see startBuild)
//   5. route sizes of that web build against the budgets (scripts/route-sizes.mjs; counts as one test)
// The last line is always `N passed, N failed[, N skipped]`; exit code 0 only if every part ran and passed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SetupError, ensureNpmDeps, installSystemPackagesInBackground } from './lib/deps.mjs';
import { startNode24 } from './lib/node24.mjs';
import { startTempPostgres } from './lib/pg-temp.mjs';

/**
 * Journeys run this many at a time, each shard with a server and database of its own (e2e/run.mjs). Four on
 * two cores: each step costs the browser little since it runs without V8's optimising compilers, and three
 * shards left about a tenth of the CPU idle while pages waited on the server and on timers (the 50 journeys
 * took 299 and 302 s with four, 312 and 314 s with three, one run after the other; docs/decisions.md).
 */
const JOURNEY_SHARDS = 4;
/**
 * Server test files that check code, not the database: the module generator's type check and the OpenAPI
 * document with its compiled client. The same on either database and either Node, so they run once, in the
 * PGlite part, not again on PostgreSQL (a third of the second run's CPU time was these two type checks).
 */
const DATABASE_INDEPENDENT = [
  'apps/server/src/modules.generator.test.ts',
  'apps/server/src/core/http/openapi.test.ts',
];
/** Exit code of `spec-coverage.mjs --check` when the spec checklist is absent. */
const SPEC_COVERAGE_SKIPPED = 3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const env = { ...process.env };
// Plain logs in CI. Not FORCE_COLOR=0: vitest's colour check treats any FORCE_COLOR (and CI) as "on".
if (env.CI && env.FORCE_COLOR === undefined) env.NO_COLOR ??= '1';
delete env.TEST_DATABASE_URL; // PGlite unless a part says otherwise

let child = null; // the running part, so a signal sent only to us still reaches it
let buildChild = null; // the journeys' build, running beside the PostgreSQL part
/** The journeys' build, started by the PostgreSQL part; null when the journeys build for themselves. */
let build = null;
let reportDir = null;
process.on('exit', () => reportDir && fs.rmSync(reportDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    child?.kill(signal);
    buildChild?.kill(signal);
    console.error(`\nnpm test: interrupted by ${signal}`);
    process.exit(128 + os.constants.signals[signal]); // the exit hooks stop PostgreSQL and delete temp dirs
  });
}

/** @returns {Promise<{ code?: number | null, signal?: string | null, error?: Error }>} */
function runChild(cmd, args, extraEnv = {}) {
  return new Promise((resolve) => {
    child = spawn(cmd, args, { stdio: ['ignore', 'inherit', 'inherit'], env: { ...env, ...extraEnv } });
    child.on('error', (err) => resolve({ code: null, error: err }));
    child.on('exit', (code, signal) => resolve({ code, signal }));
  }).finally(() => (child = null));
}

const exitText = ({ code, signal, error }) =>
  error ? error.message : signal ? `signal ${signal}` : `code ${code}`;

async function vitestPart(name, args, extraEnv, node = process.execPath) {
  reportDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'psy-test-'));
  const reportFile = path.join(reportDir, `${name.replace(/\W+/g, '-')}.json`);
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const exit = await runChild(
    node,
    [vitest, 'run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`],
    extraEnv,
  );
  let report;
  try {
    report = JSON.parse(fs.readFileSync(reportFile, 'utf8'));
  } catch {
    return { failed: 1, note: `vitest exited with ${exitText(exit)} before writing its report` };
  }
  // A file that fails to load or in a hook fails without a failing test; count it as one failure.
  const brokenFiles = report.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  ).length;
  const part = {
    passed: report.numPassedTests,
    failed: report.numFailedTests + brokenFiles,
    skipped: report.numPendingTests + report.numTodoTests,
    failures: report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${path.relative(root, file.name)}: ${test.fullName}`)
        .concat(
          file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed')
            ? [`${path.relative(root, file.name)}: ${String(file.message ?? '').split('\n')[0]}`]
            : [],
        ),
    ),
  };
  if (brokenFiles) part.note = `${brokenFiles} test file(s) failed outside a test (see above)`;
  if (exit.code !== 0 && part.failed === 0) {
    part.failed = 1; // e.g. an unhandled error
    part.note = `vitest exited with ${exitText(exit)} (see above)`;
  } else if (report.numTotalTests === 0 && !part.failed) {
    part.note = 'no test files yet';
  }
  return part;
}

/** The Debian packages being installed while the first parts run (deps.mjs), awaited by the parts that need them. */
let systemPackages = Promise.resolve('');
let systemPackagesReported = false;

/**
 * Waits for the system packages (PostgreSQL 15, Chromium, the CJK font); prints the installer's output once.
 * Answers null when they are there, else the failed part's result.
 */
async function systemPackagesReady() {
  try {
    const log = await systemPackages;
    if (log && !systemPackagesReported) process.stdout.write(`system packages:\n${log}`);
    return null;
  } catch (err) {
    if (!(err instanceof SetupError)) throw err;
    if (!systemPackagesReported) console.error(err.message);
    return { failed: 1, note: 'could not install the system packages (see above)' };
  } finally {
    systemPackagesReported = true;
  }
}

/** The server project on PostgreSQL 15 under Node 24, so the server suite runs on both supported runtimes. */
async function postgresPart(name, node24Ready) {
  // A run told not to build (E2E_BUILD=never) keeps the build it has.
  if (env.E2E_BUILD !== 'never') build = startBuild();
  const serverArgs = ['--project', 'server', ...DATABASE_INDEPENDENT.flatMap((file) => ['--exclude', file])];
  let node24;
  try {
    node24 = await node24Ready;
  } catch (err) {
    if (!(err instanceof SetupError)) throw err;
    console.error(err.message);
    return { failed: 1, note: 'could not install Node 24 (see above)' };
  }
  if (node24.log) process.stdout.write(`npm ci in scripts/node24:${node24.log}`);
  const missingPackages = await systemPackagesReady();
  if (missingPackages) return missingPackages;
  let pg;
  try {
    pg = await startTempPostgres();
  } catch (err) {
    console.error(err.message);
    return { failed: 1, note: 'could not start PostgreSQL 15 (see above)' };
  }
  try {
    console.log(`PostgreSQL 15 at ${pg.url}`);
    if ('missing' in node24) {
      console.log(`Node 24: ${node24.missing}; running on this machine's Node ${process.versions.node}`);
      const part = await vitestPart(name, serverArgs, { TEST_DATABASE_URL: pg.url });
      return {
        ...part,
        note: [part.note, `on Node ${process.versions.node}: ${node24.missing}`].filter(Boolean).join('; '),
      };
    }
    console.log(`Node ${node24.version} (${node24.path})`);
    return await vitestPart(name, serverArgs, { TEST_DATABASE_URL: pg.url }, node24.path);
  } finally {
    pg.stop();
  }
}

/**
 * Builds the app for the journeys (`npm run build`) in the background, its output kept for the journeys'
 * part. It runs beside the PostgreSQL part, whose workers leave part of the cores idle while they wait on
 * the database; the build then costs the run little time of its own (it ends before that part does).
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function startBuild() {
  return new Promise((resolve) => {
    const chunks = [];
    buildChild = spawn('npm', ['run', 'build'], { stdio: ['ignore', 'pipe', 'pipe'], env });
    buildChild.stdout.on('data', (chunk) => chunks.push(chunk));
    buildChild.stderr.on('data', (chunk) => chunks.push(chunk));
    buildChild.on('error', (err) => {
      chunks.push(Buffer.from(`${err.message}\n`));
      resolve({ code: null, output: Buffer.concat(chunks).toString() });
    });
    buildChild.on('close', (code) => resolve({ code, output: Buffer.concat(chunks).toString() }));
  }).finally(() => (buildChild = null));
}

async function e2ePart() {
  const script = path.join(root, 'e2e', 'run.mjs');
  const resultsFile = path.join(root, 'e2e', 'artifacts', 'results.json');
  if (!fs.existsSync(script)) {
    console.error('browser journeys missing: e2e/run.mjs not found');
    return { failed: 1, note: 'browser journeys missing (e2e/run.mjs not found)' };
  }
  fs.rmSync(resultsFile, { force: true }); // never read a previous run's results
  // Only a failure's screenshots: nothing reads a step's, and they cost 3 % of the journeys' CPU.
  const extraEnv = {
    E2E_SHARDS: env.E2E_SHARDS ?? String(JOURNEY_SHARDS),
    E2E_SCREENSHOTS: env.E2E_SCREENSHOTS ?? 'failures',
  };
  if (build) {
    const built = await build;
    process.stdout.write(built.output);
    if (built.code !== 0)
      return { failed: 1, note: `npm run build exited with code ${built.code} (see above)` };
    extraEnv.E2E_BUILD = 'never';
  }
  // After the build: the route sizes read it, so it must not be left running.
  const missingPackages = await systemPackagesReady();
  if (missingPackages) return missingPackages;
  const exit = await runChild(process.execPath, [script], extraEnv);
  let results;
  try {
    results = JSON.parse(fs.readFileSync(resultsFile, 'utf8'));
  } catch {
    return { failed: 1, note: `e2e/run.mjs exited with ${exitText(exit)} without writing results.json` };
  }
  const part = {
    passed: Number(results.passed) || 0,
    failed: Number(results.failed) || 0,
    skipped: Number(results.skipped) || 0,
    failures: Array.isArray(results.failures) ? results.failures.map(String) : [],
  };
  if (exit.code !== 0 && part.failed === 0) {
    part.failed = 1;
    part.note = `e2e/run.mjs exited with ${exitText(exit)} but reported no failure`;
  }
  return part;
}

/** Gzipped JavaScript per route of the web build (made by the journeys part) against the budgets. */
async function sizePart() {
  const exit = await runChild(process.execPath, [path.join(root, 'scripts', 'route-sizes.mjs')]);
  return exit.code === 0
    ? { passed: 1, failed: 0 }
    : { passed: 0, failed: 1, note: 'route size budget broken or no web build (see above)' };
}

/** Checks docs/spec-coverage.md lists exactly what the tests cite (skipped without the spec checklist). */
async function docsPart() {
  const exit = await runChild(process.execPath, [path.join(root, 'scripts', 'spec-coverage.mjs'), '--check']);
  if (exit.code === SPEC_COVERAGE_SKIPPED) {
    return {
      passed: 0,
      failed: 0,
      skipped: 1,
      note: 'skipped: no ../shared/spec/checklist.md beside this clone',
    };
  }
  return exit.code === 0
    ? { passed: 1, failed: 0 }
    : { passed: 0, failed: 1, note: 'docs/spec-coverage.md out of date' };
}

let node24;
try {
  ensureNpmDeps(root);
  systemPackages = installSystemPackagesInBackground();
  node24 = startNode24(root);
} catch (err) {
  if (!(err instanceof SetupError)) throw err;
  console.error(`\nnpm test: ${err.message}`);
  process.exit(1);
}

const serverPartName = `server (PostgreSQL 15, Node ${node24.major})`;
const parts = [
  ['spec coverage doc', docsPart],
  [`unit (PGlite, Node ${process.versions.node.split('.')[0]})`, (name) => vitestPart(name, [])],
  [serverPartName, (name) => postgresPart(name, node24.ready)],
  ['browser journeys', e2ePart],
  ['route sizes', sizePart],
];

const results = [];
for (const [name, run] of parts) {
  console.log(`\n=== ${name} ===\n`);
  const started = Date.now();
  let result;
  try {
    result = await run(name);
  } catch (err) {
    console.error(err);
    result = { failed: 1, note: `crashed: ${err.message}` };
  }
  results.push({ name, passed: 0, skipped: 0, ...result, seconds: (Date.now() - started) / 1000 });
}

const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
const row = (cells) => cells.map((c, i) => (i === 0 ? String(c).padEnd(32) : String(c).padStart(9))).join('');
console.log(`\n${row(['part', 'passed', 'failed', 'skipped', 'seconds'])}`);
for (const r of results) {
  console.log(
    row([r.name, r.passed, r.failed, r.skipped, r.seconds.toFixed(1)]) + (r.note ? `  ${r.note}` : ''),
  );
}
// What failed, by name, just above the last line: a CI log cut to its tail still says which test it was.
for (const r of results) {
  for (const failure of r.failures ?? []) console.log(`failed in ${r.name}: ${failure.slice(0, 1600)}`);
}
const [passed, failed, skipped] = [total('passed'), total('failed'), total('skipped')];
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
