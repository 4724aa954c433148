import fs from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { build } from 'esbuild';
import { serverBundleOptions, WORKER_FILES } from '../../build-options.mjs';
import { SERVER_ROOT } from '../env';

/** One folder below apps/server, as `dist/` is: the bundle's `SERVER_ROOT` must be apps/server (gitignored). */
const OUT_DIR = path.join(SERVER_ROOT, 'dist-test');
const bundles = new Map<string, Promise<string>>();

/**
 * A process entry bundled the way `npm run build` bundles the server, for tests that start processes. Plain
 * Node starts the bundle in a fraction of a second; through tsx every start compiled the sources again
 * (2.5 to 4.5 CPU-seconds for the server). Built once per test process and entry; answers the bundle's
 * path. The bundles of test processes that have ended are removed by the next one that builds.
 */
export function bundledEntry(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (!bundle) {
    const outfile = path.join(OUT_DIR, `${path.basename(entry, '.ts')}-${process.pid}-${threadId}.js`);
    removeLeftBundles();
    bundle = build(serverBundleOptions(path.resolve(SERVER_ROOT, entry), outfile)).then(() => {
      // Beside the bundle, as in dist/; written whole under another name first, as another test process
      // may be starting a bundle that loads it.
      for (const worker of WORKER_FILES) {
        const target = path.join(OUT_DIR, path.basename(worker));
        const partial = `${outfile}.${path.basename(worker)}`;
        fs.copyFileSync(path.join(SERVER_ROOT, worker), partial);
        fs.renameSync(partial, target);
      }
      return outfile;
    });
    bundles.set(entry, bundle);
  }
  return bundle;
}

/** Removes the bundles of test processes that have ended (a worker is stopped without a last word). */
function removeLeftBundles() {
  if (!fs.existsSync(OUT_DIR)) return;
  for (const name of fs.readdirSync(OUT_DIR)) {
    const pid = Number(/-(\d+)-\d+\.js(\.map)?$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !isRunning(pid)) fs.rmSync(path.join(OUT_DIR, name), { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
