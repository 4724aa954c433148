import type { ModuleDeps, ModuleManifest } from '../../core/module';
import { on } from '../../core/events';
import { userAccessWithdrawn } from '../identity';
import { createRequestGate } from './auth.gate';
import { purgeExpired } from './auth.repository';
import { authRoutes } from './auth.routes';
import { revokeUserTokens, svgCaptchaGenerator, type AuthDeps } from './auth.service';

export { revokeUserTokens, svgCaptchaGenerator, type AuthDeps, type CaptchaGenerator } from './auth.service';
export {
  checkCaptcha,
  enforceLoginIpLimit,
  loginVerifiedUser,
  parseClientPort,
  type ClientInfo,
} from './auth.service';
export { hitRateLimit, isLoginLive, purgeExpired } from './auth.repository';

/** What the sign-in calls work with (also the fingerprint login's and registration's). */
export const authDepsOf = (deps: ModuleDeps): AuthDeps => ({
  database: deps.database,
  env: deps.env,
  sms: deps.sms,
  captcha: deps.captcha ?? svgCaptchaGenerator,
  log: deps.log,
});

/** Login by password and SMS, tokens, captcha, lockout, rate limits, role switch. */
export const authModule: ModuleManifest = {
  name: 'auth',
  layer: 'platform',
  routes: (deps) => authRoutes(authDepsOf(deps)),
  requestGate: ({ database }) => createRequestGate(database),
  tables: { systemOnly: ['login_attempt', 'sms_code', 'captcha', 'request_nonce', 'rate_limit'] },
  events: [
    on(userAccessWithdrawn, async (scope, e) => {
      await revokeUserTokens(scope, e.userId, e.reason);
    }),
  ],
  start({ database, log }) {
    const purge = setInterval(() => {
      purgeExpired(database.system).catch((err: unknown) =>
        log.warn({ err }, 'purge of expired rows failed'),
      );
    }, 60_000);
    purge.unref();
    return () => clearInterval(purge);
  },
};
