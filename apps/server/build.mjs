// Bundles the server into dist/server.js (build-options.mjs says how).
import fs from 'node:fs';
import { build } from 'esbuild';
import { serverBundleOptions, WORKER_FILES } from './build-options.mjs';

await build(serverBundleOptions('src/server.ts', 'dist/server.js'));
for (const worker of WORKER_FILES) fs.copyFileSync(worker, `dist/${worker.split('/').pop()}`);
