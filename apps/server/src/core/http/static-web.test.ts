import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsEncoding, registerStaticWeb } from './static-web';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'psy-static-'));
const app = Fastify({ logger: false });
const js = 'console.log("the app");\n'.repeat(100);
const html = `<!doctype html><title>app</title>${'<p>page</p>'.repeat(100)}`;

beforeAll(async () => {
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), html);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(html));
  fs.writeFileSync(path.join(dir, 'index.html.gz'), zlib.gzipSync(html));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js'), js);
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets', 'app-1a2b.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, 'assets', 'logo.png'), Buffer.from([1, 2, 3]));
  registerStaticWeb(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  it('sends the brotli copy to a browser that takes it, cached for a year under /assets/', async () => {
    const res = await get('/assets/app-1a2b.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toBe('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip when brotli is not taken, and the file itself when nothing is', async () => {
    const gz = await get('/assets/app-1a2b.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const refused = await get('/assets/app-1a2b.js', 'br;q=0, gzip;q=0');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(js);
    const plain = await get('/assets/app-1a2b.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('answers a page path with index.html, compressed and never cached stale', async () => {
    const res = await get('/demo/login', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(html);
  });

  it('sends a file without copies as it is', async () => {
    const res = await get('/assets/logo.png', 'br');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['vary']).toBeUndefined();
    expect([...res.rawPayload]).toEqual([1, 2, 3]);
  });

  it('answers a script of another build with a 404, not with the page', async () => {
    const res = await get('/assets/app-old0.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 404 });
  });

  it('answers 404 when a file goes away under the running server (a new build replacing the old)', async () => {
    const file = path.join(dir, 'assets', 'gone-3c4d.js');
    fs.writeFileSync(file, js);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(js));
    expect((await get('/assets/gone-3c4d.js', 'br')).statusCode).toBe(200);
    fs.rmSync(`${file}.br`);
    fs.rmSync(file);
    expect((await get('/assets/gone-3c4d.js', 'br')).statusCode).toBe(404);
    fs.renameSync(path.join(dir, 'index.html'), path.join(dir, 'index.old'));
    fs.renameSync(path.join(dir, 'index.html.br'), path.join(dir, 'index.old.br'));
    try {
      const page = await get('/demo/login', 'br');
      expect(page.statusCode).toBe(404);
    } finally {
      fs.renameSync(path.join(dir, 'index.old'), path.join(dir, 'index.html'));
      fs.renameSync(path.join(dir, 'index.old.br'), path.join(dir, 'index.html.br'));
    }
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(acceptsEncoding('gzip, br', 'br')).toBe(true);
    expect(acceptsEncoding('gzip, br;q=0', 'br')).toBe(false);
    expect(acceptsEncoding('*', 'gzip')).toBe(true);
    expect(acceptsEncoding('identity', 'gzip')).toBe(false);
    expect(acceptsEncoding(undefined, 'gzip')).toBe(false);
  });
});
