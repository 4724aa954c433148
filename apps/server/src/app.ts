import path from 'node:path';
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  APP_VERSION,
  ERRORS,
  errorBody,
  errorMessage,
  REQUEST_ID_PATTERN,
  TRANSFER_SOURCE,
} from '@psy/contracts';
import { openDatabase, type Database } from './core/db/database';
import { AppError } from './core/http/app-error';
import { PUBLIC } from './core/http/context';
import { enforceAccessRules } from './core/http/access-rules';
import { buildOpenApi } from './core/http/openapi';
import { registerBodyParsers } from './core/http/raw-body';
import { langOf, registerRoutes, type RouteDef } from './core/http/register';
import { registerStaticWeb } from './core/http/static-web';
import { JobQueue, pruneFinishedJobs } from './core/jobs/queue';
import { SERVER_ROOT, type Env } from './env';
import {
  authRoutes,
  createDevSmsSender,
  createHttpSmsSender,
  createRequestGate,
  purgeExpired,
  svgCaptchaGenerator,
  type CaptchaGenerator,
  type SmsSender,
  openRequestPasswords,
  openedPassword,
  revokeUserTokens,
} from './modules/auth';
import {
  USER_EXPORT_QUEUE,
  createUserExportJob,
  identityRoutes,
  roleRoutes,
  userAdminRoutes,
  userTypeRoutes,
} from './modules/identity';
import { jobAdminRoutes } from './modules/job-admin';
import { productRoutes } from './modules/products';
import { settingsRoutes } from './modules/settings';
import { tenantRoutes } from './modules/tenants';
import {
  messageRoutes,
  messageStreamRoutes,
  messageTemplateRoutes,
  registerMessageStream,
} from './modules/messages';
import { noticeRoutes } from './modules/notices';
import {
  TASK_FILES_EXPIRE_QUEUE,
  createTaskFilesExpireJob,
  downloadRoutes,
  failExportTask,
} from './modules/downloads';
import {
  USER_IMPORT_QUEUE,
  createUserImportJob,
  failUserImportTask,
  importLimitsOf,
  userImportRoutes,
} from './modules/user-import';
import { clientLogRoutes } from './modules/client-logs';
import { agreementRoutes } from './modules/agreements';
import { signatureRoutes } from './modules/signatures';
import { webauthnRoutes } from './modules/webauthn';
import { userProfileRoutes } from './modules/user-profile';
import { FORM_ANSWER_EXPORT_QUEUE, createFormAnswerExportJob, formRoutes } from './modules/forms';
import { workforceRoutes } from './modules/workforce';
import { focusSettingRoutes } from './modules/focus-settings';
import { SCHEDULE_EXPORT_QUEUE, createScheduleExportJob, schedulingRoutes } from './modules/scheduling';
import {
  APPOINTMENT_EXPORT_QUEUE,
  APPOINTMENT_NOTICE_QUEUE,
  WAITLIST_QUEUE,
  appointmentRoutes,
  createAppointmentNoticeJob,
  createMonthExportJob,
  createWaitlistJob,
  openTransferRegistration,
} from './modules/appointments';
import {
  ANALYSIS_EXPORT_QUEUE,
  ANSWER_EXPORT_QUEUE,
  PLAN_REMIND_QUEUE,
  WARNING_DELIVER_QUEUE,
  WARNING_SWEEP_QUEUE,
  assessmentRoutes,
  createAnalysisExportJob,
  createAnswerExportJob,
  createPlanRemindJob,
  createWarningDeliveryJob,
  createWarningSweepJob,
  messageHandover,
  setConsultTransferHandover,
  setCrisisLevelSource,
  setWarningHandover,
} from './modules/assessment';
import {
  crisisRoutes,
  findOpenCrisisLevel,
  focusRoutes,
  registerCrisisJobs,
  reportSignal,
} from './modules/crisis';
import { createLocalFileStorage } from './core/storage/file-storage';
import { caseRoutes, registerCaseJobs } from './modules/cases';

export interface AppOptions {
  env: Env;
  /** A database opened by the caller (tests share one); otherwise opened from env and closed with the app. */
  database?: Database;
  sms?: SmsSender;
  /** Tests pass a generator with a known answer. */
  captcha?: CaptchaGenerator;
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

/** Expired captchas, nonces, rate-limit windows and tokens, and old finished jobs (every minute). */
const PURGE_QUEUE = 'platform.purge';

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

/** Builds the HTTP app: database, job queue, every module's routes, OpenAPI, health, the web app. */
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
      const lang = langOf(req);
      void (reply as FastifyReply)
        .code(ERRORS.badRequest.status)
        .send(errorBody('badRequest', lang, err.message));
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
      return reply.code(err.status).send({
        code: err.code,
        msg: err.isDefaultMessage ? errorMessage(err.key, lang) : err.message,
        data: err.data,
      });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const key =
        status === 413
          ? 'payloadTooLarge'
          : status === 415
            ? 'unsupportedMedia'
            : status === 404
              ? 'notFound'
              : 'badRequest';
      return reply.code(ERRORS[key].status).send(errorBody(key, lang, err.message));
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
  const authDeps = { database, env, sms, captcha: opts.captcha ?? svgCaptchaGenerator, log: app.log };

  const files = createLocalFileStorage(path.join(env.DATA_DIR, 'files'));
  // A task's job that ends for good ends its task (failed, with a reason its requester reads); the user
  // starts a new one, so an administrator does not retry these jobs.
  const endsTask = { onFinalFailure: failExportTask({ database }), retryable: false };
  jobs.register(USER_EXPORT_QUEUE, createUserExportJob({ database, files }), endsTask);
  jobs.register(FORM_ANSWER_EXPORT_QUEUE, createFormAnswerExportJob({ database, files }), endsTask);
  const importLimits = importLimitsOf(env);
  jobs.register(USER_IMPORT_QUEUE, createUserImportJob({ database, files, limits: importLimits }), {
    onFinalFailure: failUserImportTask({ database, files }),
    retryable: false,
  });
  jobs.register(TASK_FILES_EXPIRE_QUEUE, createTaskFilesExpireJob({ database, files }));
  registerCrisisJobs(jobs, { database, sms, files });
  jobs.register(PURGE_QUEUE, async () => {
    await purgeExpired(database.system);
    return { jobsPruned: await pruneFinishedJobs(database.system) };
  });
  // Each occurrence runs once across all processes (core/jobs schedules); a missed one runs once.
  jobs.schedule({ name: 'downloads.expire.hourly', queue: TASK_FILES_EXPIRE_QUEUE, rule: { every: 3600 } });
  jobs.schedule({ name: 'purge.minutely', queue: PURGE_QUEUE, rule: { every: 60 }, maxAttempts: 1 });
  jobs.register(SCHEDULE_EXPORT_QUEUE, createScheduleExportJob({ database, files }), endsTask);
  jobs.register(APPOINTMENT_EXPORT_QUEUE, createMonthExportJob({ database, files }), endsTask);
  jobs.register(APPOINTMENT_NOTICE_QUEUE, createAppointmentNoticeJob({ database, sms }));
  jobs.register(WAITLIST_QUEUE, createWaitlistJob({ database, jobs }));
  // A transfer from an assessment interview opens the visitor's counselling registration (source 1).
  setConsultTransferHandover(async (scope, t) => ({ ref: String(await openTransferRegistration(scope, t)) }));
  // A named screening warning is a crisis signal (source screening, transfer source 14 smart warning): the
  // crisis intake tells its owners and escalates it (docs/crisis.md 2). An anonymous one has no student to
  // follow, so the crisis roles get the message and the warning list keeps it.
  setWarningHandover(async (scope, w) => {
    if (w.anonymous || w.userId === null) return messageHandover(scope, w);
    const summary = w.reasons.map((r) => r.text.zh).join('；');
    const { recordId } = await reportSignal(scope, {
      source: 'screening',
      studentId: w.userId,
      transferSource: TRANSFER_SOURCE.smartWarning,
      sourceRef: `assessment-warning:${w.warningId}`,
      summary: [...summary].slice(0, 200).join(''),
      urgent: true,
    });
    return { handedTo: 'crisis', ref: String(recordId) };
  });
  setCrisisLevelSource(async (scope, userId) => {
    const level = await findOpenCrisisLevel(scope, userId);
    return level === 1 || level === 2 || level === 3 || level === 4 ? level : null;
  });
  jobs.register(WARNING_DELIVER_QUEUE, createWarningDeliveryJob({ database }));
  jobs.register(WARNING_SWEEP_QUEUE, createWarningSweepJob({ database, jobs }));
  // Screening warnings not delivered 10 minutes after they were raised are queued again (docs/assessment.md).
  jobs.schedule({
    name: 'assessment.warnings.sweep',
    queue: WARNING_SWEEP_QUEUE,
    rule: { every: 300 },
    maxAttempts: 1,
  });
  jobs.register(PLAN_REMIND_QUEUE, createPlanRemindJob({ database }));
  jobs.register(ANSWER_EXPORT_QUEUE, createAnswerExportJob({ database, files }), endsTask);
  jobs.register(ANALYSIS_EXPORT_QUEUE, createAnalysisExportJob({ database, files }), endsTask);
  // Case work (docs/cases.md): the record lock job; its routes are the last block of the list below.
  registerCaseJobs(jobs, { database });
  const routes: RouteDef[] = [
    ...authRoutes(authDeps),
    ...identityRoutes(),
    ...userAdminRoutes({
      database,
      revokeUserTokens,
      openPasswords: (req, fields) => openRequestPasswords(database.system, req, fields),
      openedPassword,
    }),
    ...roleRoutes(),
    ...userTypeRoutes(),
    ...productRoutes(),
    ...settingsRoutes(database.system),
    ...tenantRoutes(database),
    ...messageRoutes(),
    ...messageStreamRoutes(),
    ...messageTemplateRoutes(),
    ...noticeRoutes(),
    ...downloadRoutes(files),
    ...userImportRoutes(files, database.system, importLimits),
    ...clientLogRoutes(database),
    ...agreementRoutes(),
    ...signatureRoutes(files, database.system),
    ...webauthnRoutes(authDeps),
    ...userProfileRoutes(authDeps, files),
    ...formRoutes(files),
    ...workforceRoutes(),
    ...focusSettingRoutes(),
    ...crisisRoutes(),
    ...focusRoutes(),
    ...jobAdminRoutes(),
    ...schedulingRoutes(),
    ...appointmentRoutes({ database }),
    ...assessmentRoutes(files),
    ...caseRoutes(files),
  ];
  registerRoutes(app, routes, {
    services: { env, database },
    gate: createRequestGate(database),
    signatureRequired: env.SIGNATURE_REQUIRED,
  });

  registerMessageStream(app, database);

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

  app.addHook('onReady', async () => {
    jobs.start();
  });
  app.addHook('onClose', async () => {
    await jobs.stop(env.SHUTDOWN_TIMEOUT_MS);
    if (ownsDatabase) await database.close();
  });

  return { app, database, jobs, routes };
}
