// Largest contentful paint of the login page and the student's workbench on a slow phone (issue 18): real
// Chromium throttled to 1.6 Mbps down, 750 kbps up, 150 ms round trip and a 4x slower CPU, with an empty
// cache (a first visit), against the built app served by the real server. `npm run bench:web-vitals`.
//
// Each page is loaded BENCH_ROUNDS times with the precompressed files (what the server sends) and as many
// times with `Accept-Encoding: identity` (what it sent before the build wrote compressed copies), and the
// median of each is printed beside the Core Web Vitals line (2.5 s).
//
// Settings (environment, defaults in brackets):
//   BENCH_ROUNDS [3]        loads per page and variant
//   BENCH_BASE_URL          a running server (with the demo school) instead of starting one
//   BENCH_WEB_DIST          another web build to serve (e.g. an earlier commit's apps/web/dist, for "before")
//   BENCH_ONLY              only the pages whose name contains this text ('workbench', 'login')
//   BENCH_VARIANTS [br,identity]  which variants to load (br: the precompressed files; identity: none)
//   BENCH_WATERFALL         1: print each load's requests (start and end after navigation, kB), long tasks
//                           of the main thread and the largest-contentful-paint element
//   CHROMIUM_PATH [/usr/bin/chromium]
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { log } from './lib/util';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_ENTRY = path.join(ROOT, 'apps/server/dist/server.js');
const WEB_DIST = path.resolve(process.env.BENCH_WEB_DIST ?? path.join(ROOT, 'apps/web/dist'));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const ONLY = process.env.BENCH_ONLY ?? '';
const VARIANTS = (process.env.BENCH_VARIANTS ?? 'br,identity').split(',').map((v) => v.trim());
const WATERFALL = process.env.BENCH_WATERFALL === '1';
const TENANT = 'demo';
const STUDENT = { username: 'student', password: 'Demo@2026' };
/** The slow phone: Lighthouse's "slow 4G" mobile profile. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const LCP_LINE_MS = 2500;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  if (!fs.existsSync(SERVER_ENTRY) || !fs.existsSync(path.join(WEB_DIST, 'index.html.br'))) {
    throw new Error('build first: npm run build (the web build writes the compressed copies)');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-bench-vitals-'));
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      WEB_DIST,
      SMS_ADAPTER: 'dev',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer /health within 180 s');
    await new Promise((r) => setTimeout(r, 500));
  }
  return {
    baseUrl,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Records the page's largest-contentful-paint entries from the start of every document. */
const LCP_OBSERVER = `
  window.__lcp = 0;
  window.__lcpElement = '';
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime < window.__lcp) continue;
      window.__lcp = e.startTime;
      const el = e.element;
      window.__lcpElement = el
        ? el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '') +
          ' "' + (el.textContent || '').trim().slice(0, 40) + '" ' + e.size + ' px²'
        : '(removed) ' + e.size + ' px²';
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
`;

interface Load {
  lcpMs: number;
  transferredKb: number;
}

interface Request {
  url: string;
  start: number;
  end?: number;
  bytes?: number;
}

/** One cold load of `url` on the slow phone; LCP once the network has been quiet. */
async function slowLoad(page: Page, url: string, waitFor: string, compressed: boolean): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Network.setExtraHTTPHeaders', {
    headers: compressed ? {} : { 'Accept-Encoding': 'identity' },
  });
  let bytes = 0;
  const requests = new Map<string, Request>();
  cdp.on(
    'Network.requestWillBeSent',
    (e: { requestId: string; timestamp: number; type?: string; request: { url: string } }) => {
      // The message stream stays open for the whole visit: it is not part of loading the page.
      if (e.type === 'EventSource') return;
      requests.set(e.requestId, { url: e.request.url, start: e.timestamp });
    },
  );
  cdp.on(
    'Network.loadingFinished',
    (e: { requestId: string; timestamp: number; encodedDataLength: number }) => {
      bytes += e.encodedDataLength;
      const r = requests.get(e.requestId);
      if (r) Object.assign(r, { end: e.timestamp, bytes: e.encodedDataLength });
    },
  );
  cdp.on('Network.loadingFailed', (e: { requestId: string; timestamp: number }) => {
    const r = requests.get(e.requestId);
    if (r) r.end = e.timestamp;
  });
  /** Resolves once no request has been in flight for `quietMs` (the page has loaded what it asked for). */
  const networkQuiet = async (quietMs = 1000, timeoutMs = 120_000) => {
    const deadline = Date.now() + timeoutMs;
    let quietSince = Date.now();
    while (Date.now() < deadline) {
      if ([...requests.values()].some((r) => r.end === undefined)) quietSince = Date.now();
      else if (Date.now() - quietSince >= quietMs) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  await page.locator(waitFor).first().waitFor({ timeout: 120_000 });
  await networkQuiet();
  // LCP is final at the first input; reading it after the page settled gives the same value.
  const lcpMs = (await page.evaluate('window.__lcp')) as number;
  if (WATERFALL) {
    const all = [...requests.values()];
    const t0 = Math.min(...all.map((r) => r.start));
    const ms = (t: number | undefined) =>
      t === undefined ? '    -' : String(Math.round((t - t0) * 1000)).padStart(5);
    log(`    waterfall (ms after the document's request; kB on the wire):`);
    for (const r of all.sort((a, b) => a.start - b.start)) {
      const u = new URL(r.url);
      log(
        `      ${ms(r.start)} ${ms(r.end)} ${((r.bytes ?? 0) / 1024).toFixed(1).padStart(6)}  ${u.pathname}${u.search}`,
      );
    }
    const longTasks = (await page.evaluate('window.__longTasks')) as [number, number][];
    log(`    long tasks (start+duration ms): ${longTasks.map(([s, d]) => `${s}+${d}`).join(' ')}`);
    log(`    LCP ${Math.round(lcpMs)} ms: ${String(await page.evaluate('window.__lcpElement'))}`);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  return { lcpMs, transferredKb: bytes / 1024 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const external = process.env.BENCH_BASE_URL;
  const server = external ? { baseUrl: external, stop: async () => undefined } : await startServer();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  const rows: string[][] = [];
  try {
    // The student's session, made once without throttling; each measured load reuses its storage.
    const setup = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const sp = await setup.newPage();
    await sp.goto(`${server.baseUrl}/${TENANT}/login`);
    const form = sp.locator('form#password-login');
    await form.locator('input[autocomplete="username"]').fill(STUDENT.username);
    await form.locator('input[autocomplete="current-password"]').fill(STUDENT.password);
    const agreementAnswer = sp.waitForResponse((r) => r.url().includes('/admin/agreement/mine'), {
      timeout: 60_000,
    });
    await form.locator('button[type="submit"]').click();
    await sp.waitForURL((u) => !/\/login\/?$/.test(u.pathname), { timeout: 60_000 });
    const agreement = (await (await agreementAnswer).json()) as { data: { mustAgree: boolean } };
    await sp.waitForLoadState('networkidle');
    const workbenchUrl = sp.url();
    const storage = await setup.storageState();
    let sessionStore = (await sp.evaluate('JSON.stringify({ ...sessionStorage })')) as string;
    await setup.close();
    const newContext = async (session: boolean) => {
      const ctx = await browser.newContext({
        viewport: { width: 375, height: 812 },
        isMobile: true,
        hasTouch: true,
        ...(session ? { storageState: storage } : {}),
      });
      if (session) {
        // The page's own sessionStorage, restored before its scripts run (storageState has no session).
        await ctx.addInitScript(
          `for (const [k, v] of Object.entries(${sessionStore})) sessionStorage.setItem(k, v);`,
        );
      }
      return ctx;
    };

    const pages: {
      name: string;
      url: string;
      waitFor: string;
      session: boolean;
      prepare?: () => Promise<void>;
    }[] = [
      {
        name: 'login page',
        url: `${server.baseUrl}/${TENANT}/login`,
        waitFor: 'form#password-login',
        session: false,
      },
      {
        // The first visit after the first sign-in: the start-up agreement opens over the workbench, and
        // its text is the largest paint.
        name: 'student workbench, agreement due',
        url: workbenchUrl,
        waitFor: '[data-testid="agreement-text"]',
        session: true,
      },
      {
        // Every later visit (the agreement signed): the workbench's own content, not just the layout.
        name: 'student workbench',
        url: workbenchUrl,
        waitFor: '[data-testid="signed-in-as"]',
        session: true,
        prepare: async () => {
          if (!agreement.data.mustAgree) return;
          // The journeys' helper: answers the school's agreement form and agrees (spec S0.4.1).
          const lib = '../e2e/lib/agreement.mjs';
          const { acceptAgreement } = (await import(lib)) as {
            acceptAgreement: (page: Page, agreement: unknown, lang: 'zh-CN' | 'en-US') => Promise<void>;
          };
          const ctx = await newContext(true);
          const page = await ctx.newPage();
          await page.goto(workbenchUrl);
          await acceptAgreement(page, agreement.data, 'zh-CN');
          // The tab's storage as it is on a later visit: without the start-up dialog it remembered.
          await page.waitForFunction("!sessionStorage.getItem('psy-startup-dialog')");
          sessionStore = (await page.evaluate('JSON.stringify({ ...sessionStorage })')) as string;
          await ctx.close();
        },
      },
    ];
    for (const target of pages.filter((p) => p.name.includes(ONLY))) {
      await target.prepare?.();
      for (const compressed of [true, false].filter((c) => VARIANTS.includes(c ? 'br' : 'identity'))) {
        const loads: Load[] = [];
        for (let i = 0; i < ROUNDS; i++) {
          const ctx = await newContext(target.session);
          await ctx.addInitScript(LCP_OBSERVER);
          const page = await ctx.newPage();
          loads.push(await slowLoad(page, target.url, target.waitFor, compressed));
          await ctx.close();
        }
        const lcp = median(loads.map((l) => l.lcpMs));
        rows.push([
          target.name,
          compressed ? 'precompressed (br)' : 'uncompressed (before)',
          (lcp / 1000).toFixed(2),
          loads.map((l) => (l.lcpMs / 1000).toFixed(2)).join(' / '),
          median(loads.map((l) => l.transferredKb)).toFixed(0),
          lcp < LCP_LINE_MS ? 'yes' : 'no',
        ]);
        log(`  ${rows.at(-1)!.join(' | ')}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  log('');
  log(
    `Slow phone: ${(NETWORK.downloadThroughput * 8) / 1024 / 1024} Mbps down, ${NETWORK.latency} ms RTT, CPU ${CPU_SLOWDOWN}x slower, empty cache, 375 px`,
  );
  log('| page | files | LCP median s | each load s | transferred kB | under 2.5 s |');
  log('|---|---|---|---|---|---|');
  for (const r of rows) log(`| ${r.join(' | ')} |`);
  log('');
  log('Reproduce: npm run build && npm run bench:web-vitals');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
