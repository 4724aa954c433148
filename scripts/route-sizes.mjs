#!/usr/bin/env node
// Per-route JavaScript size of the built web app, from the Vite manifest (apps/web/dist/.vite/manifest.json).
//
//   npm run size                      build the web app, then this report
//   node scripts/route-sizes.mjs      report on the existing build  [--dist DIR] [--json FILE]
//
// A route is every dynamically imported chunk (`isDynamicEntry`): the router's lazy pages. What a route
// costs is all the JavaScript a first visit to it downloads: the entry chunk and its static imports
// (transitively) plus the route chunk and its static imports (transitively), each file counted once and
// gzipped on its own (level 9), as the browser receives it. CSS, source maps and lazy imports are not counted.
// Sizes are in kB of 1,000 bytes, as Vite prints them.
//
// Budgets (exit 1 when broken): the login route at most 200 kB gzipped, every route at most 450 kB (also
// together with each form widget it loads on demand, ON_DEMAND_PARTS), except
// the administration pages (declared with `adminPage` in their feature's manifest): at most 600 kB on a first
// visit. Their Ant Design tables, tree pickers and forms do not fit in 450 kB on top of the shell; the
// departure, its figures and the way back are in docs/decisions.md ("Decisions": route sizes).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { readRegisteredPages } from './lib/registered-pages.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LOGIN_ROUTE_SRC = 'src/app/routes/login-page.tsx';
const LOGIN_BUDGET_KB = 200;
const ROUTE_BUDGET_KB = 450;
const ADMIN_ROUTE_BUDGET_KB = 600;
/**
 * Parts a route loads on demand while it is shown (`React.lazy` inside its page): the form renderer's
 * heavier widgets. A route that can load one (a chunk of its first visit imports it dynamically) is also
 * reported with it ("fill-page.ts + cascader-field.tsx"), against the route's budget, failing like a route:
 * a form with a cascader or tree must fit 450 kB on a first visit too (issue 6).
 */
const ON_DEMAND_PARTS = /^src\/features\/forms\/components\/widgets\/[^/]+\.tsx$/;

/**
 * @typedef {{ file: string, src?: string, name?: string, isEntry?: boolean, isDynamicEntry?: boolean,
 *   imports?: string[], dynamicImports?: string[], css?: string[] }} ManifestChunk
 * @typedef {Record<string, ManifestChunk>} Manifest
 */

/** @param {string} name */
function argValue(name) {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}

const dist = path.resolve(ROOT, argValue('--dist') ?? 'apps/web/dist');
const jsonOut = argValue('--json');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

if (!fs.existsSync(manifestFile)) {
  console.error(
    `route sizes: ${path.relative(ROOT, manifestFile)} not found; build the web app first ` +
      '(npm run build -w @psy/web, with build.manifest: true in apps/web/vite.config.ts)',
  );
  process.exit(1);
}

/** @type {Manifest} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

/** @type {Map<string, { raw: number, gz: number }>} */
const fileSizes = new Map();
/** @param {string} file a path relative to dist */
function sizeOf(file) {
  let size = fileSizes.get(file);
  if (!size) {
    const bytes = fs.readFileSync(path.join(dist, file));
    size = { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
    fileSizes.set(file, size);
  }
  return size;
}

/**
 * The JavaScript files a chunk needs before it runs: itself and its static imports, transitively.
 * @param {string} key
 * @param {Set<string>} files
 */
function collect(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest entry ${key} is referenced but missing`);
  if (files.has(chunk.file)) return files; // counted already, with its imports
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported, files);
  return files;
}

/** @param {Set<string>} files */
function total(files) {
  const js = [...files].filter((file) => /\.[cm]?js$/.test(file));
  let raw = 0;
  let gz = 0;
  for (const file of js) {
    const size = sizeOf(file);
    raw += size.raw;
    gz += size.gz;
  }
  return { raw, gz, count: js.length };
}

const kB = (/** @type {number} */ bytes) => bytes / 1000;
const fmt = (/** @type {number} */ bytes) => kB(bytes).toFixed(1);

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`route sizes: expected one entry chunk in the manifest, found ${entries.length}`);
  process.exit(1);
}
const [entryKey, entryChunk] = /** @type {[string, ManifestChunk]} */ (entries[0]);
const entryFiles = collect(entryKey);
const entry = total(entryFiles);

/** The chunk of a source module (its manifest key is the source path relative to apps/web). */
const keyOf = (/** @type {(src: string) => boolean} */ test) =>
  Object.keys(manifest).find((key) => test(manifest[key]?.src ?? key));
const providersKey = keyOf((src) => src.endsWith('src/app/antd-providers.tsx'));
const layoutKey = keyOf((src) => src.endsWith('src/app/layout/app-layout.tsx'));
const catalogueKey = keyOf((src) => src.endsWith('src/i18n/zh-CN.json'));
/** The chunk of a catalogue part (its zh-CN file, the larger language). */
const partKeyOf = (/** @type {string} */ part) =>
  keyOf((src) => src.endsWith(`src/i18n/parts/${part}.zh-CN.json`));

// The pages (the shell's and those of the feature manifests listed in apps/web/src/app/features.ts) are
// routes wherever their code lives; a page also loads the catalogue parts its feature names (the
// administration pages: `admin` or a part of their own) before it renders.
/** @type {Map<string, 'page' | 'adminPage'>} manifest source path of each registered page -> kind */
const registeredPages = new Map();
/** @type {Map<string, string[]>} manifest source path of each registered page -> its catalogue parts */
const pageParts = new Map();
for (const page of readRegisteredPages(path.join(ROOT, 'apps/web'))) {
  for (const suffix of ['.tsx', '.ts', '/index.ts', '/index.tsx']) {
    registeredPages.set(page.module + suffix, page.kind);
    // A component file that serves several pages loads the parts of all of them.
    pageParts.set(page.module + suffix, [
      ...new Set([...(pageParts.get(page.module + suffix) ?? []), ...page.parts]),
    ]);
  }
}
/** @param {string | undefined} key */
const closureOf = (key) => (key ? collect(key, new Set()) : new Set());
// The layout's own files: not those it shares with the entry (the router there imports every route).
const layoutClosure = new Set([...closureOf(layoutKey)].filter((file) => !entryFiles.has(file)));
/** Chunks the layout loads on demand (its pages and dialogs): a first visit also loads the layout. */
const insideLayout = new Set(
  [...layoutClosure].flatMap((file) =>
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.file === file)
      .flatMap(([, chunk]) => chunk.dynamicImports ?? []),
  ),
);

/** The layout's own first visit (entry, catalogue, providers, layout), for the navigation column. */
const layoutFirstVisit = (() => {
  const files = new Set(entryFiles);
  if (catalogueKey) collect(catalogueKey, files);
  if (providersKey) collect(providersKey, files);
  if (layoutKey) collect(layoutKey, files);
  return total(files);
})();

/** @param {{ module: string, kind: string }} route */
const budgetOf = (route) =>
  route.module === LOGIN_ROUTE_SRC
    ? LOGIN_BUDGET_KB
    : route.kind === 'admin route'
      ? ADMIN_ROUTE_BUDGET_KB
      : ROUTE_BUDGET_KB;

/**
 * What a first visit downloads: the entry, the language catalogue the entry loads before the first render,
 * the Ant Design providers every screen but login renders in, the layout for what is shown inside it, and
 * the chunk itself; each with its static imports, each file counted once.
 */
/** @type {Map<string, Set<string>>} manifest key of each route -> the files of its first visit */
const routeFiles = new Map();
const routes = Object.entries(manifest)
  .filter(([key, chunk]) => chunk.isDynamicEntry && !/src\/i18n\//.test(chunk.src ?? key))
  .map(([key, chunk]) => {
    const src = chunk.src ?? key;
    const files = new Set(entryFiles);
    if (catalogueKey) collect(catalogueKey, files);
    if (src !== LOGIN_ROUTE_SRC && providersKey && key !== providersKey) collect(providersKey, files);
    if (insideLayout.has(key) && layoutKey) collect(layoutKey, files);
    for (const part of pageParts.get(src) ?? []) {
      const partKey = partKeyOf(part);
      if (partKey) collect(partKey, files);
    }
    collect(key, files);
    const size = total(files);
    // Pages and the layout are routes; dialogs and panels that the layout opens on demand are reported
    // with what they add, against the same budget, but only routes break the build.
    const isRoute =
      /src\/app\/(routes|layout)\//.test(src) || key === providersKey || registeredPages.has(src);
    const kind = registeredPages.get(src) === 'adminPage' ? 'admin route' : isRoute ? 'route' : 'on demand';
    // What opening it from inside the app costs once the shell is loaded (a navigation, not a first visit).
    const beyondLayoutGz = insideLayout.has(key) ? size.gz - layoutFirstVisit.gz : null;
    routeFiles.set(key, files);
    return {
      key,
      module: src,
      file: chunk.file,
      kind,
      ...size,
      beyondEntryGz: size.gz - entry.gz,
      beyondLayoutGz,
    };
  })
  .sort((a, b) => b.gz - a.gz || a.module.localeCompare(b.module));

/**
 * Each route with each on-demand part it can load: its first visit plus the part and the part's static
 * imports (files the route has already are counted once).
 */
const routesWithParts = routes
  .filter((route) => route.kind !== 'on demand')
  .flatMap((route) => {
    const files = /** @type {Set<string>} */ (routeFiles.get(route.key));
    const partKeys = new Set(
      Object.values(manifest)
        .filter((chunk) => files.has(chunk.file))
        .flatMap((chunk) => chunk.dynamicImports ?? [])
        .filter((part) => ON_DEMAND_PARTS.test(manifest[part]?.src ?? part)),
    );
    return [...partKeys].map((partKey) => {
      const size = total(collect(partKey, new Set(files)));
      const part = /** @type {ManifestChunk} */ (manifest[partKey]);
      return {
        module: `${route.module} + ${path.posix.basename(part.src ?? partKey)}`,
        route: route.module,
        part: part.src ?? partKey,
        kind: route.kind,
        ...size,
        beyondRouteGz: size.gz - route.gz,
        budget: budgetOf(route),
      };
    });
  })
  .sort((a, b) => b.gz - a.gz || a.module.localeCompare(b.module));

/** @type {string[]} */
const problems = [];
const login = routes.find((route) => route.module === LOGIN_ROUTE_SRC);
if (!login) problems.push(`no lazily loaded chunk for ${LOGIN_ROUTE_SRC}: the login route is not split out`);
else if (kB(login.gz) > LOGIN_BUDGET_KB) {
  problems.push(`login route ${fmt(login.gz)} kB gzipped > ${LOGIN_BUDGET_KB} kB`);
}
/** @type {string[]} */
const warnings = [];
for (const route of routes) {
  const budget = budgetOf(route);
  if (kB(route.gz) > budget) {
    (route.kind === 'on demand' ? warnings : problems).push(
      `${route.module} ${fmt(route.gz)} kB gzipped > ${budget} kB`,
    );
  }
}
for (const combo of routesWithParts) {
  if (kB(combo.gz) > combo.budget) {
    problems.push(`${combo.module} ${fmt(combo.gz)} kB gzipped > ${combo.budget} kB`);
  }
}
if (routes.length === 0) problems.push('no dynamically imported route chunk: no route-level code splitting');

const out = [
  `JavaScript a first visit to each route loads (${path.relative(ROOT, dist)}; gzip -9 per file; kB = 1000 B)`,
  '',
  '| module (apps/web/) | kind | JS files | raw kB | gz kB | gz kB beyond entry | gz kB beyond layout | budget kB |',
  '|---|---|---:|---:|---:|---:|---:|---:|',
  ...routes.map((route) =>
    [
      '',
      route.module,
      route.kind,
      route.count,
      fmt(route.raw),
      fmt(route.gz),
      fmt(route.beyondEntryGz),
      route.beyondLayoutGz === null ? '' : fmt(route.beyondLayoutGz),
      budgetOf(route),
      '',
    ]
      .join(' | ')
      .trim(),
  ),
  '',
  'A route with each part it loads on demand (the form widgets), on a first visit',
  '',
  '| route + part (apps/web/) | kind | JS files | raw kB | gz kB | gz kB beyond route | budget kB |',
  '|---|---|---:|---:|---:|---:|---:|',
  ...routesWithParts.map((combo) =>
    [
      '',
      combo.module,
      combo.kind,
      combo.count,
      fmt(combo.raw),
      fmt(combo.gz),
      fmt(combo.beyondRouteGz),
      combo.budget,
      '',
    ]
      .join(' | ')
      .trim(),
  ),
  '',
  `entry alone (${entryChunk.src ?? entryKey} → ${entryChunk.file} and its static imports): ` +
    `${entry.count} JS files, ${fmt(entry.raw)} kB raw, ${fmt(entry.gz)} kB gzipped`,
];
console.log(out.join('\n'));

if (jsonOut) {
  const report = {
    entry: { module: entryChunk.src ?? entryKey, ...entry },
    routes: routes.map(({ key: _key, ...route }) => route),
    routesWithParts,
    budgets: { loginKb: LOGIN_BUDGET_KB, routeKb: ROUTE_BUDGET_KB, adminRouteKb: ADMIN_ROUTE_BUDGET_KB },
    problems,
    warnings,
  };
  fs.writeFileSync(path.resolve(jsonOut), `${JSON.stringify(report, null, 2)}\n`);
}

if (warnings.length) {
  console.log(
    `\non-demand parts over the route budget (reported, not failing):\n${warnings.map((w) => `  - ${w}`).join('\n')}`,
  );
}
if (problems.length) {
  console.error(`\nroute size budget broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `\nroute size budgets met (login ≤ ${LOGIN_BUDGET_KB} kB, every route ≤ ${ROUTE_BUDGET_KB} kB, also with its form widgets, ` +
    `administration pages ≤ ${ADMIN_ROUTE_BUDGET_KB} kB)`,
);
