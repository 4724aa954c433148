// The server's modules and their layer, read from each module's manifest (`layer: 'platform'` or
// `layer: 'business'` in apps/server/src/modules/<name>/index.ts) without loading TypeScript: the lint
// config and the module generator use it, and the architecture test checks it against the manifests.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MODULES_DIR = path.join(ROOT, 'apps/server/src/modules');

/** Every module folder with its layer; a folder whose index.ts declares none is reported as null. */
export function readModuleLayers(dir = MODULES_DIR) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const index = path.join(dir, d.name, 'index.ts');
      const text = fs.existsSync(index) ? fs.readFileSync(index, 'utf8') : '';
      const m = /\blayer:\s*['"](platform|business)['"]/.exec(text);
      return { name: d.name, layer: m ? m[1] : null };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}
