import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { PUBLIC } from './context';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** API prefixes: never answered with the web app's index page. */
export const API_PREFIXES = ['/auth/', '/admin/', '/code', '/biz/', '/health', '/openapi.json'];

/** Serves the built web app: files as they are, any other page path with index.html (client routing). */
export function registerStaticWeb(app: FastifyInstance, distDir: string): void {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${root}`);
  const send = (reply: FastifyReply, file: string, immutable: boolean) =>
    reply
      .header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(fs.createReadStream(file));

  app.get('/*', { config: { access: PUBLIC } }, async (req, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.url.split('?')[0]!);
    } catch {
      return reply.code(400).send({ code: 400, msg: 'path: malformed', data: null });
    }
    // Some page paths share a prefix with the API (e.g. /admin/role/index): a browser navigation
    // (accepting HTML) gets the app, a script gets the API's 404.
    const wantsPage = (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage && API_PREFIXES.some((p) => urlPath.startsWith(p))) {
      return reply.code(404).send({ code: 404, msg: 'Resource does not exist', data: null });
    }
    const file = path.resolve(root, `.${urlPath}`);
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return send(reply, file, urlPath.startsWith('/assets/'));
    }
    return send(reply, index, false);
  });
}
