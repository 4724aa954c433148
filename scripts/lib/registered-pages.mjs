// The pages the web app registers, read from its sources (no build needed): the shell's own pages in
// apps/web/src/app/layout/page-registry.ts and the pages of every feature manifest listed in
// apps/web/src/app/features.ts. scripts/route-sizes.mjs uses it to know which chunks are pages and
// which of them are administration pages (their own size budget); a web unit test checks it against
// the list the app really builds (app/features.test.ts).
import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{ path: string | null, kind: 'page' | 'adminPage', module: string, feature: string | null, parts: string[] }} RegisteredPage
 *   `module`: the page's source path relative to apps/web, without extension (`src/features/users/components/users-page`)
 *   `parts`: the catalogue parts the page loads before it renders (the manifest's `cataloguePart`)
 */

/** `page('/path', () => import('./file'), 'Export')`, as the manifests write it (shared/feature/manifest.ts). */
const MANIFEST_PAGE = /\b(page|adminPage)\(\s*'([^']+)',\s*\(\) => import\('([^']+)'\)/g;
/**
 * `page('/path', loadPages, 'Export')` with `const loadPages = () => import('./file');` in the same
 * manifest: one loader for several pages of one module (features/crisis/manifest.ts).
 */
const MANIFEST_PAGE_BY_LOADER = /\b(page|adminPage)\(\s*'([^']+)',\s*([A-Za-z_$][\w$]*),/g;
const NAMED_LOADER = /\bconst ([A-Za-z_$][\w$]*) = \(\) => import\('([^']+)'\);/g;
/** `page(() => import('../routes/file'), 'Export')`, the shell pages of the registry. */
const SHELL_PAGE = /\bpage\(\s*\(\) => import\('([^']+)'\)/g;
const FEATURE_IMPORT = /from '\.\.\/features\/([a-z0-9-]+)'/g;
/** `cataloguePart: 'admin'` or `cataloguePart: ['a', 'b']` in a manifest. */
const CATALOGUE_PART = /\bcataloguePart:\s*(?:'([A-Za-z0-9-]+)'|\[([^\]]*)\])/;

/**
 * @param {string} webRoot the apps/web folder
 * @returns {RegisteredPage[]}
 */
export function readRegisteredPages(webRoot) {
  const src = path.join(webRoot, 'src');
  const read = (/** @type {string} */ file) => fs.readFileSync(path.join(src, file), 'utf8');
  const moduleOf = (/** @type {string} */ dir, /** @type {string} */ spec) =>
    path.posix.normalize(path.posix.join('src', dir, spec)).replace(/\.(tsx?|jsx?)$/, '');

  /** @type {RegisteredPage[]} */
  const pages = [];
  for (const match of read('app/layout/page-registry.ts').matchAll(SHELL_PAGE)) {
    pages.push({
      path: null,
      kind: 'page',
      module: moduleOf('app/layout', String(match[1])),
      feature: null,
      parts: [],
    });
  }
  const features = [...read('app/features.ts').matchAll(FEATURE_IMPORT)].map((m) => String(m[1]));
  for (const feature of features) {
    const manifest = `features/${feature}/manifest.ts`;
    if (!fs.existsSync(path.join(src, manifest))) {
      throw new Error(`app/features.ts lists ${feature}, which has no ${manifest}`);
    }
    const text = read(manifest);
    const partMatch = CATALOGUE_PART.exec(text);
    const parts = partMatch
      ? partMatch[1]
        ? [partMatch[1]]
        : [...String(partMatch[2]).matchAll(/'([A-Za-z0-9-]+)'/g)].map((m) => String(m[1]))
      : [];
    for (const match of text.matchAll(MANIFEST_PAGE)) {
      pages.push({
        path: String(match[2]),
        kind: /** @type {'page' | 'adminPage'} */ (match[1]),
        module: moduleOf(`features/${feature}`, String(match[3])),
        feature,
        parts,
      });
    }
    const loaders = new Map([...text.matchAll(NAMED_LOADER)].map((m) => [String(m[1]), String(m[2])]));
    for (const match of text.matchAll(MANIFEST_PAGE_BY_LOADER)) {
      const spec = loaders.get(String(match[3]));
      if (!spec)
        throw new Error(`${manifest}: ${match[3]} is not a loader \`const x = () => import('...')\``);
      pages.push({
        path: String(match[2]),
        kind: /** @type {'page' | 'adminPage'} */ (match[1]),
        module: moduleOf(`features/${feature}`, spec),
        feature,
        parts,
      });
    }
  }
  return pages;
}
