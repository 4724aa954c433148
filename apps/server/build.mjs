// Bundles the server into dist/server.js; npm packages stay external, workspace packages are bundled.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
});

// Worker threads load their file by URL next to the bundle (new URL('./x.mjs', import.meta.url)).
for (const worker of ['src/modules/user-import/user-import.xls-worker.mjs']) {
  fs.copyFileSync(worker, `dist/${worker.split('/').pop()}`);
}
