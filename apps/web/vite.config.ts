import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
// The contracts' source file, not the package: the config loader runs a package's TypeScript unbundled.
import { ORDINARY_USER_ROLE } from '../../packages/contracts/src/roles.contract';
import { STARTUP_DIALOG_KEY } from './src/features/startup/model/startup-order';
import { HOME_PATH } from './src/shared/lib/app-paths';

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

/** The chunk through which the router loads the signed-in app (it can wait for the light first paint). */
const SIGNED_IN_GATE = 'src/app/signed-in.ts';
/**
 * What a signed-in first visit runs before its first paint, beyond the entry (see `signedInPreload`), in
 * the order asked for: the start-up calls first (their answers take round trips of their own).
 */
const SIGNED_IN_MODULES = [
  'src/app/startup-prefetch.ts',
  'src/app/antd-providers.tsx',
  'src/app/layout/app-layout.tsx',
];
/** And on the workbench (`HOME_PATH`): its page and the crisis cards (their texts: `WORKBENCH_PARTS`). */
const WORKBENCH_MODULES = [
  'src/app/routes/workbench-page.tsx',
  'src/features/crisis/components/workbench-cards.tsx',
];
/** The student's workbench drawn without Ant Design and the layout (docs/web-shell.md). */
const FIRST_PAINT_MODULE = 'src/app/first-paint/first-paint.tsx';
/** The catalogue the entry waits for before its first render (i18n/i18n.ts), per language. */
const CATALOGUES = { 'zh-CN': 'src/i18n/zh-CN.json', 'en-US': 'src/i18n/en-US.json' };
/** The workbench's catalogue part, per language. */
const WORKBENCH_PARTS = {
  'zh-CN': 'src/i18n/parts/crisis.zh-CN.json',
  'en-US': 'src/i18n/parts/crisis.en-US.json',
};
/** Where the chosen language is kept (i18n/i18n.ts LANGUAGE_STORAGE_KEY); zh-CN without one. */
const LANGUAGE_KEY = 'psy-lang';
/** Where the session of a tab is kept (shared/storage/storage.ts prefix + shared/session/session-store.ts key). */
const SESSION_STORAGE_KEY = 'psy-session';
/** Where a locked screen is kept (features/lock/model/lock-state.ts): no workbench is drawn then. */
const LOCK_STORAGE_KEY = 'psy-lock';
/**
 * Set while a start-up dialog (the agreement, a password change, the profile) is what the user must see
 * first (features/startup/model/startup-order.ts): it comes with the full app.
 */
const STARTUP_DIALOG_STORAGE_KEY = `psy-${STARTUP_DIALOG_KEY}`;
/** Below this width the layout is the phone's (shared/ui/use-screen-class.ts, screen class 0). */
const PHONE_MAX_WIDTH = 767;
/** Paths outside the signed-in layout (router.tsx): nothing to preload there. */
const OUTSIDE_LAYOUT =
  '(^|/)(login|register|fingerprintLogin|fingerIdlogin|lock|tenant-error|500|401|sso|dingTalk|weChat|authredirect|role-select)/?$';

/**
 * The entry learns which chunks a page needs only once it has downloaded and run (about 1.5 s on a slow
 * phone, bench/README.md "Largest contentful paint"), and only then asks for the language catalogue it
 * renders with and, signed in, for Ant Design, the layout, the start-up calls and the workbench. A few
 * lines at the top of index.html ask for them at once instead, beside the entry: the catalogue of the
 * stored language on every page, the rest when the tab holds a session and the path is one the layout
 * shows (the login page and a visitor without a session download nothing more). The lists come from the
 * build (the chunks' static imports, minus the entry's), so they follow the code.
 *
 * On the workbench at phone width with a student's session (only students' roles, screen not locked, no
 * start-up dialog due) the
 * light first paint comes first (docs/web-shell.md): its module, stylesheet and the crisis texts are asked
 * for now and the module started; the app's root is hidden (`data-first-paint`), and the full app's
 * chunks are asked for once the light view has painted (`psyFirstPaintDone`, which the router's
 * signed-in chunk waits for too). Its conditions: `isLightPath` below.
 */
function signedInPreload(): Plugin {
  return {
    name: 'psy:signed-in-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((out) => out.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return html;
        const closure = (fileName: string, seen = new Set<string>()) => {
          if (seen.has(fileName)) return seen;
          seen.add(fileName);
          const chunk = bundle[fileName];
          if (chunk?.type === 'chunk') for (const next of chunk.imports) closure(next, seen);
          return seen;
        };
        const loaded = closure(entry.fileName);
        const chunkOf = (module: string) => {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(module));
          if (!chunk) throw new Error(`signed-in preload: no chunk for ${module}`);
          return chunk;
        };
        const filesOf = (modules: string[]) => {
          const files = new Set<string>();
          for (const module of modules) {
            for (const file of closure(chunkOf(module).fileName)) {
              if (loaded.has(file)) continue;
              files.add(file);
              const css = (bundle[file] as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata
                ?.importedCss;
              for (const sheet of css ?? []) files.add(sheet);
            }
          }
          return [...files];
        };
        const gate = filesOf([SIGNED_IN_GATE]);
        const shell = filesOf(SIGNED_IN_MODULES).filter((file) => !gate.includes(file));
        const workbench = filesOf(WORKBENCH_MODULES).filter(
          (file) => !shell.includes(file) && !gate.includes(file),
        );
        const light = filesOf([FIRST_PAINT_MODULE]);
        const lightEntry = chunkOf(FIRST_PAINT_MODULE).fileName;
        const perLanguage = (modules: Record<string, string>) =>
          Object.fromEntries(Object.entries(modules).map(([lang, module]) => [lang, filesOf([module])]));
        const onWorkbench = `(p===${JSON.stringify(HOME_PATH)}||p===''||p==='/wel')`;
        const isStudent =
          `(function(r){return r.length>0&&r.every(function(x){return x.roleCode===${JSON.stringify(ORDINARY_USER_ROLE)}})})` +
          `(JSON.parse(s).user.roleList||[])`;
        const isLightPath =
          // Before the viewport meta tag a phone's layout is 980 px wide: the screen's width tells the phone.
          `p===${JSON.stringify(HOME_PATH)}&&Math.min(innerWidth,screen.width)<=${PHONE_MAX_WIDTH}&&` +
          `!sessionStorage.getItem(${JSON.stringify(LOCK_STORAGE_KEY)})&&` +
          `!sessionStorage.getItem(${JSON.stringify(STARTUP_DIALOG_STORAGE_KEY)})&&${isStudent}`;
        const script =
          `(function(){try{var d=document,w=window,h=d.documentElement,p=location.pathname.replace(/\\/+$/,''),` +
          `g=localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)})==='en-US'?'en-US':'zh-CN',` +
          `c=${JSON.stringify(perLanguage(CATALOGUES))}[g],` +
          `s=sessionStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEY)}),` +
          `add=function(n){var l=d.createElement('link');` +
          `if(/\\.css$/.test(n)){l.rel='preload';l.as='style'}else l.rel='modulepreload';` +
          // As the entry's own links and Vite's preload helper ask (crossorigin), so the answers are reused.
          `l.crossOrigin='';l.href='/'+n;d.head.appendChild(l)};` +
          `if(s&&!new RegExp(${JSON.stringify(OUTSIDE_LAYOUT)}).test(p)){` +
          `var later=${JSON.stringify(shell)};` +
          `if(${onWorkbench})later=later.concat(${JSON.stringify(workbench)},${JSON.stringify(perLanguage(WORKBENCH_PARTS))}[g]);` +
          `c=c.concat(${JSON.stringify(gate)});` +
          `if(${isLightPath}){h.setAttribute('data-first-paint','');` +
          `w.psyFirstPaint=new Promise(function(r){w.psyFirstPaintDone=function(){` +
          `if(w.psyFirstPaintDone!==r){w.psyFirstPaintDone=r;later.forEach(add)}r()}});` +
          `${JSON.stringify(light)}.forEach(function(n){if(/\\.css$/.test(n)){var l=d.createElement('link');` +
          `l.rel='stylesheet';l.href='/'+n;d.head.appendChild(l)}else add(n)});` +
          `c=c.concat(${JSON.stringify(perLanguage(WORKBENCH_PARTS))}[g]);` +
          `var m=d.createElement('script');m.type='module';m.crossOrigin='';m.src=${JSON.stringify('/' + lightEntry)};` +
          // Without the light view the full app comes at once, its root shown.
          `m.onerror=function(){h.removeAttribute('data-first-paint');w.psyFirstPaintDone()};d.head.appendChild(m)}` +
          `else c=c.concat(later)}` +
          `c.forEach(add)}catch(e){}})();`;
        // First in the head: a classic script after the stylesheets would wait for them to load.
        return html.replace('<head>', `<head>\n    <script>${script}</script>`);
      },
    },
  };
}

/** Icons of the layout that pages use too (else each is a chunk of its own the layout waits for). */
const SHELL_ICONS = [
  'CheckOutlined',
  'DownloadOutlined',
  'EditOutlined',
  'EyeOutlined',
  'LockOutlined',
  'LogoutOutlined',
  'SettingOutlined',
  'UserOutlined',
];

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
  // The workbench's own components and the icons the layout shares with pages: on a slow phone each file
  // is a request of its own, six at a time over HTTP/1.1 (bench/README.md "Largest contentful paint").
  'antd/es/(typography|card|flex|tag)/',
  `@ant-design/(icons/es/icons|icons-svg/es/asn)/(${SHELL_ICONS.join('|')})\\.js`,
  '(stylis|@emotion/[a-z]+|@babel/runtime|clsx|throttle-debounce|compute-scroll-into-view|' +
    'scroll-into-view-if-needed|is-mobile|react-is)/',
].map((path) => path.replaceAll('/', '[\\\\/]'));

export default defineConfig({
  plugins: [antdSlimImports(), react(), captureBundle(), signedInPreload()],
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
