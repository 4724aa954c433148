import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';

/** The API server of `npm run dev -w @psy/server`. */
const API_TARGET = process.env.PSY_API_TARGET ?? 'http://127.0.0.1:3000';

// `/admin/...` is also a page route (e.g. /admin/role/index): a browser navigation gets the app, calls go to the API.
const apiProxy: ProxyOptions = {
  target: API_TARGET,
  changeOrigin: false,
  bypass: (req) => (req.headers.accept?.includes('text/html') ? '/index.html' : undefined),
};

/**
 * Three imports inside Ant Design that drag code onto every screen (measured with scripts/route-sizes.mjs):
 * the Button and Tag styles take `isBright` from the colour picker's presets panel, which brings the whole
 * colour picker and Collapse; the colour class (also used by Tooltip) comes from the colour picker's barrel, which
 * brings the picker component; every popup's context isolation takes the form provider from the form
 * library's barrel, which brings the whole form and its validator. Each is pointed at the module it actually
 * uses; the components themselves are unchanged.
 */
function antdSlimImports(): Plugin {
  const isBrightShim = fileURLToPath(new URL('./src/shared/vendor/antd-is-bright.ts', import.meta.url));
  return {
    name: 'psy:antd-slim-imports',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer) return null;
      const from = importer.replaceAll('\\', '/');
      if (
        source === '../../color-picker/components/ColorPresets' &&
        /\/antd\/es\/(button|tag)\/style\//.test(from)
      ) {
        return isBrightShim;
      }
      if (
        source === '@rc-component/color-picker' &&
        /\/antd\/es\/color-picker\/(color|util)\.js$/.test(from)
      ) {
        return this.resolve('@rc-component/color-picker/es/color', importer, { skipSelf: true });
      }
      if (source === '@rc-component/form' && from.endsWith('/antd/es/form/context.js')) {
        return this.resolve('@rc-component/form/es/FormContext', importer, { skipSelf: true });
      }
      return null;
    },
  };
}

/**
 * A dynamic import preloads the chunks its target needs, listed in the importing chunk. Those the importing
 * chunk itself imports statically are already loaded when the import runs, so they are left out of the
 * list: the layout, which holds every page's import (app/features.ts), carries only what each page adds
 * (measured with scripts/route-sizes.mjs, docs/decisions.md "Web bundle per route").
 */
let builtBundle: Record<string, { type: string; imports?: string[] }> | null = null;

function captureBundle(): Plugin {
  return {
    name: 'psy:capture-bundle',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        builtBundle = bundle as typeof builtBundle;
      },
    },
  };
}

/** The chunks a chunk imports statically, itself included, transitively. */
function staticClosure(bundle: NonNullable<typeof builtBundle>, fileName: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of bundle[name]?.imports ?? []) visit(next);
  };
  visit(fileName);
  return seen;
}

const closures = new Map<string, Set<string>>();
function missingDependencies(_file: string, deps: string[], { hostId }: { hostId: string }): string[] {
  if (!builtBundle) return deps;
  // The layout opens every page of every feature: preload lists there would make it carry each page's
  // dependencies by name (kilobytes once the business areas came). A page's own imports load its CSS and
  // chunks when it runs, one round trip later.
  if (/(^|\/)app-layout-[\w-]+\.js$/.test(hostId)) return deps.filter((dep) => dep.endsWith('.css'));
  let loaded = closures.get(hostId);
  if (!loaded) {
    loaded = staticClosure(builtBundle, hostId);
    closures.set(hostId, loaded);
  }
  return deps.filter((dep) => !loaded.has(dep));
}

/** Module paths (under node_modules, `/` for either separator) of the layout's Ant Design parts. */
const ANTD_SHELL_MODULES = [
  'antd/es/(_util|style|theme|config-provider|locale|app|button|drawer|layout|menu|tabs|dropdown|badge|' +
    'avatar|breadcrumb|tooltip|modal|notification|message|popover|spin|empty|skeleton|space|watermark|' +
    'wave|grid|version)/',
  'antd/es/form/(context|validateMessagesContext|hooks/useVariants)\\.js',
  'antd/es/color-picker/color\\.js',
  '@rc-component/(menu|tabs|trigger|motion|util|dropdown|overflow|notification|dialog|drawer|tooltip|' +
    'portal|resize-observer|context)/',
  '@ant-design/(cssinjs|cssinjs-utils|colors|fast-color)/',
  '@ant-design/icons/es/(components|utils)/',
  '(stylis|@emotion/[a-z]+|@babel/runtime|clsx|throttle-debounce|compute-scroll-into-view|' +
    'scroll-into-view-if-needed|is-mobile|react-is)/',
].map((path) => path.replaceAll('/', '[\\\\/]'));

export default defineConfig({
  plugins: [antdSlimImports(), react(), captureBundle()],
  server: {
    port: 5173,
    proxy: { '/auth': apiProxy, '/admin': apiProxy, '/code': apiProxy, '/biz': apiProxy },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: chunk graph for the per-route size report (scripts/route-sizes.mjs).
    manifest: true,
    // Ant Design's shared core is one long-cached vendor chunk of about 550 kB (180 kB gzipped).
    chunkSizeWarningLimit: 700,
    modulePreload: { resolveDependencies: missingDependencies },
    rolldownOptions: {
      output: {
        // Vendor code in a few stable chunks, so a release of app code does not invalidate them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 30,
            },
            {
              // The Ant Design parts the layout renders, in one chunk: the layout loads it anyway, so its
              // pages pay nothing for it, and one file gzips 20-25 kB smaller than the ~40 small shared
              // chunks automatic splitting makes of it (scripts/route-sizes.mjs). Modules of these folders
              // that only pages use come along (a few kB); other components stay with their pages.
              name: 'antd-shell',
              test: new RegExp(`[\\\\/]node_modules[\\\\/](${ANTD_SHELL_MODULES.join('|')})`),
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
