import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  APP_VERSION,
  ERRORS,
  errorBody,
  errorMessage,
  REQUEST_ID_PATTERN,
  type FieldIssue,
  type Lang,
} from '@psy/contracts';
import { openDatabase, type Database } from './core/db/database';
import { AppError } from './core/http/app-error';
import { frameworkRefusal } from './core/http/framework-errors';
import { PUBLIC } from './core/http/context';
import { enforceAccessRules } from './core/http/access-rules';
import { buildOpenApi } from './core/http/openapi';
import { registerBodyParsers } from './core/http/raw-body';
import { refusalText } from './core/http/refusal-messages';
import { langOf, registerRoutes, type RouteDef } from './core/http/register';
import { registerStaticWeb } from './core/http/static-web';
import { JobQueue } from './core/jobs/queue';
import type { ModuleDeps } from './core/module';
import { createDevSmsSender, createHttpSmsSender, type SmsSender } from './core/sms/sms-sender';
import { createLocalFileStorage } from './core/storage/file-storage';
import { SERVER_ROOT, type Env } from './env';
import { MODULES } from './modules';

export interface AppOptions {
  env: Env;
  /** A database opened by the caller (tests share one); otherwise opened from env and closed with the app. */
  database?: Database;
  sms?: SmsSender;
  /** Tests pass a generator with a known answer. */
  captcha?: ModuleDeps['captcha'];
  /** Pino options, or false for no logs. */
  logger?: boolean | Record<string, unknown>;
}

export interface App {
  app: FastifyInstance;
  database: Database;
  jobs: JobQueue;
  routes: RouteDef[];
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/** Largest request body a route takes unless it sets its own (`RouteDef.bodyLimit`, uploads). */
export const DEFAULT_BODY_LIMIT = 10 * 1024 * 1024;

export function openAppDatabase(env: Env): Promise<Database> {
  return openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR, 'pg'),
    poolSize: env.DB_POOL_SIZE,
    appRole: env.DB_APP_ROLE,
    migrationsDir: path.join(SERVER_ROOT, 'drizzle'),
  });
}

/**
 * Builds the HTTP app from the module list (modules/index.ts): database, job queue, every module's routes,
 * jobs and hooks, OpenAPI, health, the web app.
 */
export async function buildApp(opts: AppOptions): Promise<App> {
  const { env } = opts;
  const ownsDatabase = !opts.database;
  const database = opts.database ?? (await openAppDatabase(env));

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: env.LOG_LEVEL, ...(typeof opts.logger === 'object' ? opts.logger : {}) },
    genReqId: (req) => {
      const h = req.headers['x-request-id'];
      return typeof h === 'string' && REQUEST_ID_PATTERN.test(h) ? h : randomUUID();
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: env.TRUST_PROXY,
    routerOptions: { maxParamLength: 200 },
    // Malformed URLs and content types fail before routing; answer them in the API's shape too.
    frameworkErrors: (err, req, reply) => {
      req.log.info({ err }, 'refused before routing');
      const refusal = frameworkRefusal(err);
      void (reply as FastifyReply).code(refusal.status).send(appErrorBody(refusal, langOf(req)));
    },
  });

  const jobs = new JobQueue(database, {
    concurrency: env.JOB_WORKERS,
    leaseSeconds: env.JOB_LEASE_SECONDS,
    // PGlite is opened by one process at a time: what is active at start was left by a dead one.
    soleProcess: database.kind === 'pglite',
    log: app.log,
  });
  app.decorate('jobs', jobs);

  enforceAccessRules(app);
  // The request id names the request in the logs and in the answer, so a report can be traced.
  app.addHook('onSend', async (req, reply) => {
    void reply.header('x-request-id', req.id);
  });

  registerBodyParsers(app);

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const lang = langOf(req);
    if (err instanceof AppError) {
      void reply.headers(err.headers);
      return reply.code(err.status).send(appErrorBody(err, lang));
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      // Fastify's own refusal (body limit, content type, ...): its English detail is for the log.
      req.log.info({ err }, 'refused before the handler');
      const refusal = frameworkRefusal(err as FastifyError);
      return reply.code(refusal.status).send(appErrorBody(refusal, lang));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(ERRORS.internal.status).send(errorBody('internal', lang));
  });

  app.setNotFoundHandler((req, reply) =>
    reply.code(ERRORS.notFound.status).send(errorBody('notFound', langOf(req))),
  );

  const sms =
    opts.sms ??
    (env.SMS_ADAPTER === 'http'
      ? createHttpSmsSender(env.SMS_GATEWAY_URL!, env.SMS_GATEWAY_TOKEN)
      : createDevSmsSender(database.system, (m) => app.log.info(m)));
  const files = createLocalFileStorage(path.join(env.DATA_DIR, 'files'));
  const deps: ModuleDeps = {
    env,
    database,
    jobs,
    files,
    sms,
    log: app.log,
    ...(opts.captcha ? { captcha: opts.captcha } : {}),
  };

  for (const m of MODULES) {
    for (const j of m.jobs?.(deps) ?? []) jobs.register(j.queue, j.handler, j.options);
    // Each occurrence runs once across all processes (core/jobs schedules); a missed one runs once.
    for (const s of m.schedules ?? []) jobs.schedule(s);
  }
  const routes: RouteDef[] = MODULES.flatMap((m) => m.routes?.(deps) ?? []);
  const gates = MODULES.filter((m) => m.requestGate);
  if (gates.length !== 1) throw new Error(`one module must provide the request gate, ${gates.length} do`);
  registerRoutes(app, routes, {
    services: { env, database },
    gate: gates[0]!.requestGate!(deps),
    signatureRequired: env.SIGNATURE_REQUIRED,
  });
  for (const m of MODULES) m.server?.(app, deps);

  const openapi = buildOpenApi(routes, APP_VERSION);
  app.get('/openapi.json', { config: { access: PUBLIC } }, async () => openapi);
  app.get('/health', { config: { access: PUBLIC } }, async (_req, reply) => {
    try {
      await database.db.execute('select 1' as never);
      return { status: 'ok', database: database.kind, version: APP_VERSION };
    } catch {
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  if (env.WEB_DIST) registerStaticWeb(app, env.WEB_DIST);

  const stops: (() => void)[] = [];
  app.addHook('onReady', async () => {
    jobs.start();
    for (const m of MODULES) {
      const stop = m.start?.(deps);
      if (stop) stops.push(stop);
    }
  });
  app.addHook('onClose', async () => {
    for (const stop of stops.splice(0).reverse()) stop();
    await jobs.stop(env.SHUTDOWN_TIMEOUT_MS);
    if (ownsDatabase) await database.close();
  });

  return { app, database, jobs, routes };
}

/** The `{code, msg, data}` answer of a refusal, in the caller's language. */
function appErrorBody(err: AppError, lang: Lang) {
  return err.isDefaultMessage
    ? { code: err.code, msg: errorMessage(err.key, lang), data: err.data }
    : { code: err.code, ...localisedDetail(err.message, err.data, lang) };
}

/**
 * An error's message and its fields' messages in the caller's language (`refusalText`: the contracts'
 * catalogue, then the server's refusals): `field: message` keeps the field's name as the client sends it
 * and localises the message. Every status goes through here, not only 400.
 */
export function localisedDetail(msg: string, data: unknown, lang: Lang): { msg: string; data: unknown } {
  if (lang === 'en-US') return { msg, data };
  const fields = (data as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(fields)) return { msg: refusalText(msg, lang), data };
  const issues = fields as FieldIssue[];
  return {
    msg: refusalText(msg, lang),
    data: {
      ...(data as object),
      fields: issues.map((f) => ({ ...f, message: refusalText(f.message, lang) })),
    },
  };
}
