import { provide, type ModuleDeps, type ModuleManifest } from '../../core/module';
import { on } from '../../core/events';
import { userAccessWithdrawn } from '../identity';
import { createRequestGate } from './auth.gate';
import { refreshStatistics } from '../../core/db/database';
import { pruneFinishedJobs } from '../../core/jobs/queue';
import { passwordNoncePort } from '../../core/security/password-key';
import { purgeExpired, spendPasswordNonce } from './auth.repository';
import { authRoutes } from './auth.routes';
import { revokeUserTokens, svgCaptchaGenerator, type AuthDeps } from './auth.service';

export { revokeUserTokens, svgCaptchaGenerator, type AuthDeps, type CaptchaGenerator } from './auth.service';
export {
  checkCaptcha,
  enforceLoginIpLimit,
  loginVerifiedUser,
  parseClientPort,
  recordSignOnAttempt,
  type ClientInfo,
} from './auth.service';
export { isLoginLive, purgeExpired } from './auth.repository';
export { clientOf } from './auth.routes';

/** What the sign-in calls work with (also the fingerprint login's and registration's). */
export const authDepsOf = (deps: ModuleDeps): AuthDeps => ({
  database: deps.database,
  env: deps.env,
  sms: deps.sms,
  captcha: deps.captcha ?? svgCaptchaGenerator,
  log: deps.log,
});

/**
 * The platform's purge of short-lived rows: expired captchas, nonces, rate-limit windows and tokens, and
 * the queue's old finished jobs (every minute).
 */
const PURGE_QUEUE = 'platform.purge';

/**
 * The planner's statistics on PGlite (every hour): PostgreSQL's autovacuum refreshes them as tables
 * change, PGlite runs no background worker, and a statement planned from stale statistics can cost several
 * times the CPU (core/db/database.ts `refreshStatistics`). Nothing to do on PostgreSQL.
 */
export const STATISTICS_QUEUE = 'platform.statistics';

/** Login by password and SMS, tokens, captcha, lockout, rate limits, role switch. */
export const authModule: ModuleManifest = {
  name: 'auth',
  layer: 'platform',
  routes: (deps) => authRoutes(authDepsOf(deps)),
  requestGate: ({ database }) => createRequestGate(database),
  tables: { systemOnly: ['login_attempt', 'sms_code', 'captcha', 'request_nonce'] },
  events: [
    on(userAccessWithdrawn, async (scope, e) => {
      await revokeUserTokens(scope, e.userId, e.reason);
    }),
  ],
  provides: [provide(passwordNoncePort, spendPasswordNonce)],
  jobs: ({ database }) => [
    {
      queue: PURGE_QUEUE,
      handler: async () => {
        await purgeExpired(database.system);
        return { jobsPruned: await pruneFinishedJobs(database.system) };
      },
    },
    {
      queue: STATISTICS_QUEUE,
      handler: async () => {
        if (database.kind !== 'pglite') return { analyzed: false };
        await refreshStatistics(database);
        return { analyzed: true };
      },
    },
  ],
  // Each occurrence runs once across all processes (core/jobs schedules); a missed one runs once.
  schedules: [
    { name: 'purge.minutely', queue: PURGE_QUEUE, rule: { every: 60 }, maxAttempts: 1 },
    { name: 'statistics.hourly', queue: STATISTICS_QUEUE, rule: { every: 3600 }, maxAttempts: 1 },
  ],
};
