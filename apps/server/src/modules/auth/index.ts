import { provide, type ModuleDeps, type ModuleManifest } from '../../core/module';
import { on } from '../../core/events';
import { userAccessWithdrawn } from '../identity';
import { createRequestGate } from './auth.gate';
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
  ],
  // Each occurrence runs once across all processes (core/jobs schedules); a missed one runs once.
  schedules: [{ name: 'purge.minutely', queue: PURGE_QUEUE, rule: { every: 60 }, maxAttempts: 1 }],
};
