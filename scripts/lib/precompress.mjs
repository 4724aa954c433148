/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file of a built web app, once at build, so
 * the server sends them as they are (core/http/static-web.ts) instead of compressing on every request or
 * not at all. Brotli at its best quality: built files are compressed once and sent many times.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Extensions worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.txt', '.xml']);
/** Below this a compressed copy saves less than a packet. */
export const MIN_BYTES = 1024;

/**
 * @param {string} dir the build's output directory
 * @returns {{ files: number, bytes: number, brotli: number, gzip: number }} what was written
 */
export function precompressDir(dir) {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  /** @param {string} d */
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      if (!COMPRESSIBLE.has(path.extname(entry.name))) continue;
      const raw = fs.readFileSync(full);
      if (raw.length < MIN_BYTES) continue;
      const br = zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      });
      const gz = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
      fs.writeFileSync(`${full}.br`, br);
      fs.writeFileSync(`${full}.gz`, gz);
      totals.files += 1;
      totals.bytes += raw.length;
      totals.brotli += br.length;
      totals.gzip += gz.length;
    }
  };
  walk(dir);
  return totals;
}

// `node scripts/lib/precompress.mjs <dir>`: run by the web's build after Vite.
if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: precompress.mjs <dir>');
  const t = precompressDir(dir);
  const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
  process.stdout.write(
    `precompressed ${t.files} files: ${kb(t.bytes)} -> brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}\n`,
  );
}
