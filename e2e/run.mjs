#!/usr/bin/env node
/**
 * Browser journeys in real Chromium (DESIGN.md convention 7).
 *
 *   node e2e/run.mjs            build if sources changed, start a throwaway PostgreSQL 15 cluster
 *                               (scripts/lib/pg-temp.mjs), start the server on it on a free port with the
 *                               demo seed, run every e2e/journeys/*.journey.mjs, stop both
 *
 * Each journey module exports `name` (cite the spec item: '[spec:S0.2.3] ...') and
 * `run({ page, baseUrl, artifacts, db })` (JourneyContext in e2e/lib/journey.mjs); it gets a fresh
 * browser context and throws to fail. `db` (e2e/lib/db.mjs) reaches the server's database as its owner, for
 * fixtures; what its helpers change is undone after the journey. A journey that needs it exports
 * `needsDb = true` and is skipped, with the reason printed, when the run has no PostgreSQL.
 * Shared steps (loginAs, screenshot, expectText) are in e2e/lib/journey.mjs, checkA11y in e2e/lib/axe.mjs.
 * Screenshots and the server log go to e2e/artifacts/, with results.json ({ passed, failed, skipped }).
 *
 * Environment:
 *   E2E_BUILD=always|never   build every time / never (default: when a source is newer than the build)
 *   E2E_DB=postgres|pglite    the server's database (default: PostgreSQL 15 if its binaries are installed,
 *                             else the embedded PGlite, on which journeys that need `db` are skipped)
 *   E2E_BASE_URL=http://...   run against a server that is already running (no build, no start)
 *   E2E_DATABASE_URL=postgres://...  with E2E_BASE_URL: that server's database, as its owner, for `db`
 *   E2E_ONLY=text             run only journeys whose name contains the text
 *   E2E_SHARDS=N              run the journeys N at a time (default 1), each shard with a database and a
 *                             server of its own so that journeys never share data; a shard takes the next
 *                             journey when it is free: journeys that export `onSeededDemo = true` first,
 *                             then the longest first by e2e/journey-seconds.json (a journey not listed
 *                             counts as the longest). `npm test` uses 3.
 *   E2E_SCREENSHOTS=all|failures  every step's full-page screenshot (default), or only a failure's (what
 *                             `npm test` asks: nothing reads the others)
 *   E2E_HEADED=1              show the browser
 *   CHROMIUM_PATH=/path       browser executable (default: /usr/bin/chromium-headless-shell when installed,
 *                             else /usr/bin/chromium; with E2E_HEADED=1 /usr/bin/chromium)
 *
 * A run of every journey writes how long each took to e2e/artifacts/journey-seconds.json; copy it over
 * e2e/journey-seconds.json after adding or much changing journeys.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { journeyBrowser } from '../scripts/lib/chromium.mjs';
import { PG_BIN, startTempPostgres } from '../scripts/lib/pg-temp.mjs';
import { costLines, counted } from './lib/costs.mjs';
import { JourneySkipped, connectDb, unavailableDb } from './lib/db.mjs';
import { journeyTimes, orderJourneys, readJourneySeconds } from './lib/journey-order.mjs';
import { SCREENSHOTS } from './lib/journey.mjs';

const E2E_DIR = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(E2E_DIR, '..');
const ARTIFACTS = path.join(E2E_DIR, 'artifacts');
const JOURNEYS = path.join(E2E_DIR, 'journeys');
/** Seconds each journey took in a run of all of them (slug → seconds), to start the longest first. */
const JOURNEY_SECONDS = path.join(E2E_DIR, 'journey-seconds.json');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const HEALTH_TIMEOUT_MS = 120_000;
// A guard against a hung journey, not a speed check: on a busy shared machine the longest journey (32 s
// alone) has taken 125 s.
const JOURNEY_TIMEOUT_MS = 300_000;
const ACTION_TIMEOUT_MS = 15_000;

/** @param {string} line */
const log = (line) => process.stdout.write(`${line}\n`);
/** Stops what this run started (server, database); idempotent. */
let activeStop = async () => {};

/**
 * Newest modification time of the files under a directory (0 if it does not exist).
 * @param {string} dir
 */
function newestMtime(dir) {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    if (full.includes(`${path.sep}node_modules${path.sep}`)) continue;
    newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

function needsBuild() {
  const mode = process.env.E2E_BUILD ?? 'auto';
  if (mode === 'always') return true;
  if (mode === 'never') return false;
  const webIndex = path.join(WEB_DIST, 'index.html');
  if (!fs.existsSync(webIndex) || !fs.existsSync(SERVER_ENTRY)) return true;
  const built = Math.min(fs.statSync(webIndex).mtimeMs, fs.statSync(SERVER_ENTRY).mtimeMs);
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'apps/web/src')),
    newestMtime(path.join(ROOT, 'apps/web/public')),
    newestMtime(path.join(ROOT, 'apps/server/src')),
    newestMtime(path.join(ROOT, 'apps/server/drizzle')),
    newestMtime(path.join(ROOT, 'packages')),
    ...['apps/web/index.html', 'apps/web/vite.config.ts', 'apps/server/build.mjs'].map((file) => {
      const full = path.join(ROOT, file);
      return fs.existsSync(full) ? fs.statSync(full).mtimeMs : 0;
    }),
  );
  return sources > built;
}

/**
 * @param {string} command
 * @param {string[]} args
 * @returns {Promise<number>} exit code
 */
function runCommand(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(1));
  });
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {{ kind: 'postgres' | 'pglite', url?: string, note: string, stop: () => void }} Database
 */

/**
 * The server's database: a throwaway PostgreSQL 15 cluster, or PGlite (the server's embedded database)
 * when E2E_DB=pglite or PostgreSQL is not installed.
 * @returns {Promise<Database>}
 */
async function startDatabase() {
  const wanted = process.env.E2E_DB ?? 'auto';
  if (!['auto', 'postgres', 'pglite'].includes(wanted)) {
    throw new Error(`E2E_DB=${wanted}: expected postgres or pglite`);
  }
  if (wanted === 'pglite') {
    return { kind: 'pglite', note: 'E2E_DB=pglite', stop: () => undefined };
  }
  const missing = ['initdb', 'pg_ctl', 'postgres'].filter((bin) => !fs.existsSync(path.join(PG_BIN, bin)));
  if (missing.length && wanted === 'auto') {
    return {
      kind: 'pglite',
      note: `PostgreSQL 15 is not installed (${PG_BIN}/${missing[0]} not found; Debian package postgresql-15)`,
      stop: () => undefined,
    };
  }
  const pg = await startTempPostgres(); // throws with the reason, e.g. binaries missing under E2E_DB=postgres
  return { kind: 'postgres', url: pg.url, note: `PostgreSQL 15 at ${pg.url}`, stop: () => pg.stop() };
}

/**
 * Starts the built server; resolves once GET /health answers 200.
 * @param {string | undefined} databaseUrl PostgreSQL (the server runs its migrations there), else PGlite
 * @param {string} [logName] file in e2e/artifacts/ for the server's output
 * @returns {Promise<{ baseUrl: string, stop: () => Promise<void> }>}
 */
async function startServer(databaseUrl, logName = 'server.log') {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-e2e-'));
  const logFile = path.join(ARTIFACTS, logName);
  const logStream = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development', // the dev SMS adapter is refused in production
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'true',
      WEB_DIST: WEB_DIST,
      SMS_ADAPTER: 'dev',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(logStream);
  child.stderr.pipe(logStream);
  /** @type {number | string | null} */
  let exitCode = null;
  child.on('exit', (code, signal) => (exitCode = code ?? signal));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exitCode === null) {
      child.kill('SIGTERM');
      for (let waited = 0; exitCode === null && waited < 10_000; waited += 100) await sleep(100);
      if (exitCode === null) child.kill('SIGKILL');
    }
    logStream.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      await stop();
      const tail = fs.readFileSync(logFile, 'utf8').split('\n').slice(-20).join('\n');
      throw new Error(
        `the server exited (${exitCode}) before it was healthy; last lines of its log:\n${tail}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return { baseUrl, stop };
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  await stop();
  throw new Error(
    `GET ${baseUrl}/health did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (log: ${logFile})`,
  );
}

/** @returns {Promise<Journey[]>} */
async function loadJourneys() {
  const only = process.env.E2E_ONLY;
  const files = fs
    .readdirSync(JOURNEYS)
    .filter((file) => file.endsWith('.journey.mjs'))
    .sort();
  /** @type {Journey[]} */
  const journeys = [];
  for (const file of files) {
    const mod = await import(pathToFileURL(path.join(JOURNEYS, file)).href);
    if (typeof mod.name !== 'string' || typeof mod.run !== 'function') {
      throw new Error(`${file} must export a string 'name' and a function 'run'`);
    }
    if (only && !mod.name.includes(only)) continue;
    journeys.push({
      file,
      name: mod.name,
      run: mod.run,
      needsDb: mod.needsDb === true,
      onSeededDemo: mod.onSeededDemo === true,
      slug: file.replace(/\.journey\.mjs$/, ''),
    });
  }
  return orderJourneys(journeys, readJourneySeconds(JOURNEY_SECONDS));
}

/**
 * @template T
 * @param {Promise<T>} promise
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(promise, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  /** @type {Promise<never>} */
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What each page went through, told with a failure (a CI log keeps only the last lines): where it went, the
 * buttons and links clicked, the dialogs removed, the layout going away, 4xx/5xx answers and console
 * errors, each with its time. Every page of every context gets one (journeys open contexts for other
 * people); a failure tells the trails of the pages that used its shard's server since it began.
 * @type {{ page: import('playwright-core').Page, since: number, origins: Set<string>, lines: { at: number, what: string }[] }[]}
 */
const TRAILS = [];

/** Runs in every page: tells the trail of clicks, dialogs removed and the layout going away. */
function trailScript() {
  const named = (/** @type {Element} */ el) =>
    el.getAttribute('aria-label') ??
    el.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent ??
    el.className.toString().slice(0, 60);
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.removedNodes) {
        if (!(node instanceof Element)) continue;
        for (const dialog of [node, ...node.querySelectorAll('[role="dialog"]')])
          if (dialog.getAttribute('role') === 'dialog')
            console.debug(`[trail] dialog removed: ${named(dialog)}`);
        // The layout itself going away (and its dialogs' state with it) while the address stays.
        if (node.matches('header.ant-layout-header') || node.querySelector('header.ant-layout-header'))
          console.debug('[trail] layout removed');
      }
  }).observe(document, { childList: true, subtree: true });
  document.addEventListener(
    'click',
    (event) => {
      const target =
        event.target instanceof Element
          ? event.target.closest(
              'button, a, [role="button"], [role="tab"], [role="menuitem"], [role="option"], .ant-select-item-option, label',
            )
          : null;
      if (target)
        console.debug(
          `[trail] click: ${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 40)}`,
        );
    },
    true,
  );
}

/** Records the trail of a page (see TRAILS). @param {import('playwright-core').Page} page */
function followPage(page) {
  const trail = {
    page,
    since: Date.now(),
    origins: new Set(),
    lines: /** @type {{ at: number, what: string }[]} */ ([]),
  };
  TRAILS.push(trail);
  const mark = (/** @type {string} */ what) => {
    trail.lines.push({ at: Date.now(), what: what.slice(0, 160) });
    if (trail.lines.length > 40) trail.lines.splice(0, trail.lines.length - 40);
  };
  page.on('load', () => counted('page loads'));
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    const url = new URL(frame.url());
    trail.origins.add(url.origin);
    mark(`at ${url.pathname}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400)
      mark(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  page.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('[trail] ')) mark(text.slice(8));
    else if (message.type() === 'error' || message.type() === 'warning') mark(`${message.type()}: ${text}`);
  });
}

/**
 * The trail lines of the pages that used `baseUrl` since `began`, oldest first, the last `max` of them;
 * pages are told apart by a number when there were several.
 * @param {string} baseUrl
 * @param {number} began
 * @param {number} [max]
 */
function trailOf(baseUrl, began, max = 40) {
  const origin = new URL(baseUrl).origin;
  const pages = TRAILS.filter((t) => t.since >= began && t.origins.has(origin));
  const lines = pages.flatMap((t, i) =>
    t.lines.map((l) => ({ at: l.at, what: pages.length > 1 ? `[page ${i + 1}] ${l.what}` : l.what })),
  );
  lines.sort((a, b) => a.at - b.at);
  return lines.slice(-max).map((l) => `${((l.at - began) / 1000).toFixed(1)}s ${l.what}`);
}

/**
 * @typedef {import('./lib/journey.mjs').Artifacts} Artifacts
 * @typedef {import('./lib/journey.mjs').JourneyContext} JourneyContext
 * @typedef {import('./lib/db.mjs').Db} Db
 * @typedef {{ file: string, name: string, slug: string, needsDb: boolean, onSeededDemo: boolean, run: (context: JourneyContext) => Promise<void> }} Journey
 * @typedef {{ name?: string, slug?: string, ms?: number, error: Error | null, skipped?: string, trail?: string[] }} Result
 */

/**
 * @param {import('playwright-core').Browser} browser
 * @param {Journey} journey
 * @param {string} baseUrl
 * @param {Db} db
 * @returns {Promise<{ error: Error | null, skipped?: string, ms: number, trail: string[] }>}
 */
async function runJourney(browser, journey, baseUrl, db) {
  if (journey.needsDb && !db.available) return { error: null, skipped: db.reason, ms: 0, trail: [] };
  // Before the context: the trail of its first page starts with it.
  const began = Date.now();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  const page = await context.newPage();
  /** @type {string[]} */
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Refusals that end a session, reported with a failure (some journeys expect them; then they do no harm).
  /** @type {Promise<string>[]} */
  const refusals = [];
  page.on('response', (response) => {
    if (response.status() !== 401) return;
    const { pathname } = new URL(response.url());
    refusals.push(
      response
        .text()
        .catch(() => '')
        .then((body) => `${response.request().method()} ${pathname}: ${body.slice(0, 160)}`),
    );
  });
  /** @type {Artifacts} */
  const artifacts = {
    dir: ARTIFACTS,
    // A full-page screenshot as e2e/artifacts/<fileName>.
    screenshot: (fileName) => page.screenshot({ path: path.join(ARTIFACTS, fileName), fullPage: true }),
  };
  const started = Date.now();
  /** @type {Error | null} */
  let error = null;
  /** @type {string | undefined} */
  let skipped;
  try {
    await withTimeout(journey.run({ page, baseUrl, artifacts, db }), JOURNEY_TIMEOUT_MS, journey.name);
  } catch (caught) {
    if (caught instanceof JourneySkipped) skipped = caught.message;
    else error = caught instanceof Error ? caught : new Error(String(caught));
  }
  if (error) {
    const dialogs = await page
      .getByRole('dialog')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? el.textContent?.slice(0, 40)))
      .catch(() => []);
    error.message += `\n    page at the failure: ${page.url()}; dialogs open: ${JSON.stringify(dialogs)}`;
  }
  if (error || SCREENSHOTS === 'all') {
    const shot = error ? `${journey.slug}-failure.png` : `${journey.slug}.png`;
    await artifacts.screenshot(shot).catch(() => undefined);
  }
  await context.close().catch(() => undefined);
  // Put back what the journey's fixtures changed, so the next journey starts from the seed.
  try {
    await db.undoChanges();
  } catch (caught) {
    const message = caught instanceof Error ? caught.message : String(caught);
    if (error) error.message += `\n    ${message}`;
    else error = new Error(message);
  }
  if (error && pageErrors.length) {
    const counts = new Map();
    for (const message of pageErrors) counts.set(message, (counts.get(message) ?? 0) + 1);
    const listed = [...counts].map(([message, n]) => (n > 1 ? `${message} (×${n})` : message));
    error.message += `\n    page errors: ${listed.join(' | ')}`;
  }
  if (error && refusals.length)
    error.message += `\n    401 answers: ${(await Promise.all(refusals)).join(' | ')}`;
  const trail = error ? trailOf(baseUrl, began) : [];
  // This shard's pages are done with: their trails go (the other shard's stay for its journey).
  const origin = new URL(baseUrl).origin;
  for (let i = TRAILS.length - 1; i >= 0; i -= 1) if (TRAILS[i]?.origins.has(origin)) TRAILS.splice(i, 1);
  return { error, skipped: error ? undefined : skipped, ms: Date.now() - started, trail };
}

/**
 * One line for a failure: the journey, the error, where the page was, and the last of its trail.
 * @param {Result} r
 */
function failureLine(r) {
  const lines = r.error?.message.split('\n').map((line) => line.trim()) ?? [];
  const at = lines.find((line) => line.startsWith('page at the failure:'));
  const trail = r.trail?.length ? `trail: ${r.trail.slice(-12).join(' · ')}` : '';
  return [`${r.name ?? 'the run'}: ${lines[0] ?? ''}`, at, trail].filter(Boolean).join(' | ');
}

/**
 * @param {Result[]} results
 * @returns {number} exit code
 */
function finish(results) {
  const skipped = results.filter((r) => !r.error && r.skipped).length;
  const failed = results.filter((r) => r.error).length;
  const passed = results.length - failed - skipped;
  fs.writeFileSync(
    path.join(ARTIFACTS, 'results.json'),
    `${JSON.stringify({ passed, failed, skipped, failures: results.filter((r) => r.error).map(failureLine) }, null, 2)}\n`,
  );
  const times = process.env.E2E_ONLY ? undefined : journeyTimes(results);
  if (times) {
    fs.writeFileSync(path.join(ARTIFACTS, 'journey-seconds.json'), `${JSON.stringify(times, null, 2)}\n`);
  }
  for (const line of costLines()) log(line);
  if (SCREENSHOTS === 'failures') log('full-page screenshots: only of failures (E2E_SCREENSHOTS=failures)');
  log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return failed === 0 && results.length > 0 ? 0 : 1;
}

/**
 * @typedef {{ label: string, baseUrl: string, db: Db, database?: Database, stopServer: () => Promise<void> }} Shard
 */

/** @returns {number} */
function shardsWanted() {
  const wanted = Number(process.env.E2E_SHARDS ?? '1');
  if (!Number.isInteger(wanted) || wanted < 1)
    throw new Error(`E2E_SHARDS=${process.env.E2E_SHARDS}: expected 1 or more`);
  return wanted;
}

/**
 * Starts a database and a server on it for one shard and adds it to `shards` (so a later failure stops it).
 * @param {string} label '' for a single shard, else its number
 * @param {Shard[]} shards
 */
async function startShard(label, shards) {
  const prefix = label ? `shard ${label}: ` : '';
  /** @type {Shard} */
  const shard = { label, baseUrl: '', db: unavailableDb('not started'), stopServer: async () => {} };
  shards.push(shard);
  try {
    shard.database = await startDatabase();
  } catch (error) {
    throw new Error(`PostgreSQL could not start: ${error instanceof Error ? error.message : String(error)}`);
  }
  log(`${prefix}database: ${shard.database.note}`);
  const server = await startServer(shard.database.url, label ? `server-${label}.log` : 'server.log');
  shard.baseUrl = server.baseUrl;
  shard.stopServer = server.stop;
  log(`${prefix}server ready at ${shard.baseUrl}`);
  shard.db = shard.database.url
    ? connectDb(shard.database.url)
    : unavailableDb(`the server runs on PGlite (${shard.database.note}): no database handle`);
}

async function main() {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // Never leave a previous run's verdict behind if this one breaks.
  fs.rmSync(path.join(ARTIFACTS, 'results.json'), { force: true });
  const journeys = await loadJourneys();
  if (journeys.length === 0) {
    log('no journeys found in e2e/journeys');
    return finish([]);
  }
  /** Every journey fails with the same reason when the run cannot start. */
  /** @param {string} reason */
  const failAll = (reason) => {
    for (const journey of journeys) log(`✗ ${journey.name}: not run, ${reason}`);
    return finish(journeys.map(() => ({ error: new Error(reason) })));
  };

  const externalUrl = process.env.E2E_BASE_URL?.replace(/\/$/, '');
  const shardCount = externalUrl ? 1 : Math.min(journeys.length, shardsWanted());
  /** @type {Shard[]} */
  const shards = [];
  let stopped = false;
  // Per shard: journeys' connections first, then the server (it drains), then its database.
  const stopAll = async () => {
    if (stopped) return;
    stopped = true;
    await Promise.all(
      shards.map(async (shard) => {
        await shard.db.close().catch(() => undefined);
        await shard.stopServer().catch(() => undefined);
        shard.database?.stop();
      }),
    );
  };
  activeStop = stopAll;

  if (externalUrl) {
    shards.push({
      label: '',
      baseUrl: externalUrl,
      db: process.env.E2E_DATABASE_URL
        ? connectDb(process.env.E2E_DATABASE_URL)
        : unavailableDb('E2E_BASE_URL is set without E2E_DATABASE_URL: no database handle'),
      stopServer: async () => {},
    });
  } else {
    if (needsBuild()) {
      log('building (npm run build) ...');
      if ((await runCommand('npm', ['run', 'build'])) !== 0) return failAll('npm run build failed');
    }
    if (!fs.existsSync(SERVER_ENTRY)) {
      return failAll(
        `${path.relative(ROOT, SERVER_ENTRY)} does not exist: the server build produced no bundle`,
      );
    }
    if (!fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
      return failAll(
        `${path.relative(ROOT, WEB_DIST)}/index.html does not exist: the web build produced nothing`,
      );
    }
    // The shards start together: database, migrations and demo seed are mostly waiting on each other.
    const started = await Promise.allSettled(
      Array.from({ length: shardCount }, (_, i) => startShard(shardCount > 1 ? `${i + 1}` : '', shards)),
    );
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) {
      await stopAll();
      return failAll(failure.reason instanceof Error ? failure.reason.message : String(failure.reason));
    }
  }
  const noDb = shards.find((shard) => !shard.db.available);
  if (noDb && journeys.some((journey) => journey.needsDb)) {
    log(`journeys that need the database are skipped: ${noDb.db.reason}`);
  }

  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  /** @type {Result[]} */
  const results = [];
  try {
    const headless = process.env.E2E_HEADED !== '1';
    // The headless shell is the same engine without the desktop browser's window, tab strip and pages of its
    // own, which spent a fifth of the journeys' Chromium CPU (docs/decisions.md); a headed run needs the full
    // browser (scripts/lib/chromium.mjs).
    browser = await chromium.launch({
      executablePath: journeyBrowser({ headed: !headless, override: process.env.CHROMIUM_PATH }),
      headless,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // V8 without its optimising compilers (Maglev, TurboFan): a journey's page lives seconds, and their
        // background compiling was a quarter of a load's CPU, never paid back. The journeys check what a
        // person sees, which the compilers do not change; 50 journeys took 627 to 634 CPU-seconds with them
        // and 551 to 592 without (docs/decisions.md).
        '--js-flags=--max-opt=1',
      ],
    });
    // Every context (the journeys open more for other people) asks for reduced motion, as a person can ask
    // of their system: dialogs and menus appear at once, with no zoom or slide to click through on a loaded
    // machine. The animated path is the same components with a transition.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options = {}) => {
      const context = await newContext({ reducedMotion: 'reduce', ...options });
      await context.addInitScript(trailScript);
      context.on('page', followPage);
      return context;
    };
    const queue = [...journeys];
    const openBrowser = browser;
    await Promise.all(
      shards.map(async (shard) => {
        for (let journey = queue.shift(); journey; journey = queue.shift()) {
          const { error, skipped, ms, trail } = await runJourney(
            openBrowser,
            journey,
            shard.baseUrl,
            shard.db,
          );
          results.push({ name: journey.name, slug: journey.slug, error, skipped, trail, ms });
          const time = `${(ms / 1000).toFixed(1)} s${shard.label ? `, shard ${shard.label}` : ''}`;
          log(
            error
              ? `✗ ${journey.name} (${time})\n    ${error.message}\n    trail:\n      ${trail.join('\n      ')}`
              : skipped
                ? `- ${journey.name}: skipped, ${skipped}`
                : `✓ ${journey.name} (${time})`,
          );
        }
      }),
    );
  } catch (error) {
    await browser?.close().catch(() => undefined);
    await stopAll();
    return failAll(`the browser could not start: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await browser?.close().catch(() => undefined);
  }
  await stopAll();
  return finish(results);
}

// A journey's stray promise (a wait left pending when it failed) must not end the whole run.
process.on('unhandledRejection', (reason) => {
  log(
    `(ignored) a promise failed outside any journey step: ${reason instanceof Error ? reason.message : String(reason)}`,
  );
});

// Interrupted: still stop the server and the database, and remove their data directories. (`on`, not
// `once`: pg-temp's own signal hook then leaves the exit to this one.)
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    void activeStop().finally(() =>
      process.exit(128 + os.constants.signals[/** @type {NodeJS.Signals} */ (signal)]),
    );
  });
}

try {
  process.exitCode = await main();
} catch (error) {
  // Whatever went wrong, the results file must say the run failed.
  log(`the run broke: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  await activeStop().catch(() => undefined);
  process.exitCode = finish([{ error: error instanceof Error ? error : new Error(String(error)) }]);
}
