import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { MIN_BYTES, precompressDir } from './precompress.mjs';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-precompress-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('precompressDir', () => {
  it('writes brotli and gzip copies of text files that decompress to the original, and skips the rest', () => {
    fs.mkdirSync(path.join(dir, 'assets'));
    const js = 'export const greeting = "hello";\n'.repeat(200);
    fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), js);
    fs.writeFileSync(path.join(dir, 'index.html'), `<!doctype html>${'<p>x</p>'.repeat(300)}`);
    fs.writeFileSync(path.join(dir, 'tiny.css'), 'a{}');
    fs.writeFileSync(path.join(dir, 'logo.png'), Buffer.alloc(MIN_BYTES * 4, 7));

    const totals = precompressDir(dir);

    expect(totals.files).toBe(2);
    expect(totals.brotli).toBeLessThan(totals.bytes);
    const file = path.join(dir, 'assets', 'app-1a2b.js');
    expect(zlib.brotliDecompressSync(fs.readFileSync(`${file}.br`)).toString()).toBe(js);
    expect(zlib.gunzipSync(fs.readFileSync(`${file}.gz`)).toString()).toBe(js);
    expect(fs.existsSync(path.join(dir, 'index.html.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'tiny.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
  });
});
