// How the server is bundled: by build.mjs into dist/server.js, and by the tests that start processes.
// npm packages stay external, workspace packages are bundled.

/**
 * @param {string} entry a source file, relative to apps/server or absolute
 * @param {string} outfile where the bundle goes; one folder below apps/server, as the sources' own
 *   `SERVER_ROOT` (the folder above the running file) must still be apps/server
 * @returns {import('esbuild').BuildOptions}
 */
export function serverBundleOptions(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins: [
      {
        name: 'externalize-npm',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@psy/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  };
}

/** Worker threads load their file by URL next to the bundle (new URL('./x.mjs', import.meta.url)). */
export const WORKER_FILES = ['src/modules/user-import/user-import.xls-worker.mjs'];
