import Busboy from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** A file part of a multipart body, in memory (routes that take uploads set their own bodyLimit). */
export interface MultipartFile {
  filename: string;
  mimeType: string;
  data: Buffer;
}

/** Parts a multipart body may have: the import takes one file and a few fields. */
const MULTIPART_LIMITS = { fields: 50, files: 5, parts: 60 };

const malformedMultipart = () => new AppError('badRequest', 'body: malformed multipart/form-data');
const tooManyParts = () =>
  new AppError(
    'payloadTooLarge',
    `body: at most ${MULTIPART_LIMITS.files} files and ${MULTIPART_LIMITS.fields} fields`,
  );

/**
 * Parses a buffered multipart/form-data body: text fields as strings, file parts as MultipartFile.
 * Every emitter busboy creates gets an 'error' listener: a body cut short makes the file part's stream
 * emit 'error', and an emitter without a listener throws it out of the process (any client could stop
 * the server with one request, to any path). The first problem settles the promise; later events are
 * ignored.
 */
function parseMultipart(req: FastifyRequest, body: Buffer): Promise<Record<string, string | MultipartFile>> {
  return new Promise((resolve, reject) => {
    const out: Record<string, string | MultipartFile> = {};
    let settled = false;
    const fail = (err: AppError) => {
      if (settled) return;
      settled = true;
      reject(err);
    };
    let bb: ReturnType<typeof Busboy>;
    try {
      bb = Busboy({ headers: req.headers as { 'content-type': string }, limits: MULTIPART_LIMITS });
    } catch {
      fail(malformedMultipart());
      return;
    }
    bb.on('field', (name, value) => void (out[name] = value));
    bb.on('file', (name, stream, filename, _enc, mimeType) => {
      const chunks: Buffer[] = [];
      stream.on('error', () => fail(malformedMultipart()));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void (out[name] = { filename, mimeType, data: Buffer.concat(chunks) }));
    });
    bb.on('partsLimit', () => fail(tooManyParts()));
    bb.on('filesLimit', () => fail(tooManyParts()));
    bb.on('fieldsLimit', () => fail(tooManyParts()));
    bb.on('error', () => fail(malformedMultipart()));
    bb.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve(out);
    });
    try {
      bb.end(body);
    } catch {
      fail(malformedMultipart());
    }
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
