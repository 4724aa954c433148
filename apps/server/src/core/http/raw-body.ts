import Busboy from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A file part of a multipart body, in memory (routes that take uploads set their own bodyLimit). */
export interface MultipartFile {
  filename: string;
  mimeType: string;
  data: Buffer;
}

/** Parses a buffered multipart/form-data body: text fields as strings, file parts as MultipartFile. */
function parseMultipart(req: FastifyRequest, body: Buffer): Promise<Record<string, string | MultipartFile>> {
  return new Promise((resolve, reject) => {
    const out: Record<string, string | MultipartFile> = {};
    let bb;
    try {
      bb = Busboy({ headers: req.headers as { 'content-type': string }, limits: { fields: 50, files: 5 } });
    } catch {
      reject(new AppError('badRequest', 'body: malformed multipart/form-data'));
      return;
    }
    bb.on('field', (name, value) => void (out[name] = value));
    bb.on('file', (name, stream, filename, _enc, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void (out[name] = { filename, mimeType, data: Buffer.concat(chunks) }));
    });
    bb.on('error', () => reject(new AppError('badRequest', 'body: malformed multipart/form-data')));
    bb.on('finish', () => resolve(out));
    bb.end(body);
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: Buffer;
  }
}

/** Parses JSON and form bodies while keeping the exact bytes, which the request signature covers. */
export function registerBodyParsers(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer' },
    (req: FastifyRequest, body: Buffer, done) => {
      req.rawBody = body;
      if (body.length === 0) return done(null, undefined);
      try {
        done(null, JSON.parse(body.toString('utf8')));
      } catch {
        done(new AppError('badRequest', 'body: not valid JSON'), undefined);
      }
    },
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'buffer' },
    (req: FastifyRequest, body: Buffer, done) => {
      req.rawBody = body;
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(body.toString('utf8'))) {
        const prev = out[k];
        out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
      }
      done(null, out);
    },
  );
  app.addContentTypeParser(
    'multipart/form-data',
    { parseAs: 'buffer' },
    (req: FastifyRequest, body: Buffer, done) => {
      parseMultipart(req, body).then(
        (parsed) => done(null, parsed),
        (err: Error) => done(err, undefined),
      );
    },
  );
  app.addContentTypeParser('text/plain', { parseAs: 'buffer' }, (req: FastifyRequest, body: Buffer, done) => {
    req.rawBody = body;
    done(null, body.toString('utf8'));
  });
}
