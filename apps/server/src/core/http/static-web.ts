import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, errorBody, isApiPath } from '@psy/contracts';
import { PUBLIC } from './context';
import { refusalText } from './refusal-messages';
import { langOf } from './register';

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

/** Server paths outside the API roots that are not pages either. */
const SERVICE_PATHS = ['/health', '/openapi.json'];

/** The copies the build writes beside a file (scripts/lib/precompress.mjs), best first. */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const;

/** Whether an Accept-Encoding header takes an encoding (a `;q=0` refuses it). */
export function acceptsEncoding(header: string | undefined, name: string): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (token !== name && token !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * Serves the built web app: files as they are, any other page path with index.html (client routing).
 * A file the build precompressed goes out as its brotli or gzip copy when the browser takes it: on a slow
 * phone connection the login page's scripts are a third of their size (bench/README.md, web vitals).
 */
export function registerStaticWeb(app: FastifyInstance, distDir: string): void {
  const root = path.resolve(distDir);
  const index = path.join(root, 'index.html');
  if (!fs.existsSync(index)) throw new Error(`WEB_DIST has no index.html: ${root}`);
  /**
   * Sends a file, or its compressed copy; answers false when the file is not there. The file is opened
   * before the headers go out, so a file that went away meanwhile (a new build replacing the old one under
   * a running server) is a 404 instead of a stream error.
   */
  const send = async (
    reply: FastifyReply,
    file: string,
    immutable: boolean,
    acceptEncoding: string | undefined,
  ): Promise<boolean> => {
    const encoding = ENCODINGS.find(
      (e) => acceptsEncoding(acceptEncoding, e.name) && fs.existsSync(file + e.ext),
    );
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(encoding ? file + encoding.ext : file);
    } catch {
      return false;
    }
    void reply
      .header('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream')
      .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (fs.existsSync(file + ENCODINGS[0].ext)) void reply.header('vary', 'accept-encoding');
    if (encoding) void reply.header('content-encoding', encoding.name);
    await reply.send(handle.createReadStream());
    return true;
  };
  const notFound = (req: FastifyRequest, reply: FastifyReply) =>
    reply.code(ERRORS.notFound.status).send(errorBody('notFound', langOf(req)));

  app.get('/*', { config: { access: PUBLIC } }, async (req, reply) => {
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(req.url.split('?')[0]!);
    } catch {
      return reply
        .code(ERRORS.badRequest.status)
        .send(errorBody('badRequest', langOf(req), refusalText('path: malformed', langOf(req))));
    }
    // Some page paths share a prefix with the API (e.g. /admin/role/index): a browser navigation
    // (accepting HTML) gets the app, a script gets the API's 404.
    const wantsPage = (req.headers.accept ?? '').includes('text/html');
    if (!wantsPage && (isApiPath(urlPath) || SERVICE_PATHS.includes(urlPath))) return notFound(req, reply);
    const file = path.resolve(root, `.${urlPath}`);
    const isAsset = urlPath.startsWith('/assets/');
    if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile()) {
      if (await send(reply, file, isAsset, req.headers['accept-encoding'])) return reply;
    }
    // A script or style of another build (a page loaded before a deployment asks for its old chunks) is
    // not there: a 404, not the app's page in its place.
    if (isAsset) return notFound(req, reply);
    // index.html itself is missing only while a new build is being written: a 404 to try again.
    if (await send(reply, index, false, req.headers['accept-encoding'])) return reply;
    return notFound(req, reply);
  });
}
