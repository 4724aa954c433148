import { z } from 'zod';
import {
  HEADER,
  captchaEndpoint,
  changeMyPasswordEndpoint,
  defineEndpoint,
  idCardTokenEndpoint,
  logoutEndpoint,
  phoneSchema,
  pingEndpoint,
  publicKeyEndpoint,
  resetPasswordAtLoginEndpoint,
  sendSmsCodeEndpoint,
  smsTokenEndpoint,
  toggleRoleEndpoint,
  tokenEndpoint,
  validSmsCodeEndpoint,
  type IdType,
} from '@psy/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/http/app-error';
import { AUTHENTICATED, PUBLIC } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { listDevSms } from '../../core/sms/sms.repository';
import * as auth from './auth.service';
import { getPasswordKey, openRequestPasswords, openedPassword } from '../../core/security/password-key';

/** Who is signing in: address, browser and client port (every login call logs and limits by it). */
export function clientOf(req: FastifyRequest): auth.ClientInfo {
  const port = req.headers[HEADER.clientPort];
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    clientPort: auth.parseClientPort(typeof port === 'string' ? port : undefined),
  };
}

/** Development only: the messages the dev SMS adapter recorded for a phone. */
export const devSmsOutboxEndpoint = defineEndpoint({
  method: 'GET',
  path: '/biz/dev/sms/outbox',
  summary:
    'Development SMS adapter: messages recorded for a phone (exists only with SMS_ADAPTER=dev and DEV_SMS_OUTBOX=true; from this machine only)',
  tags: ['dev'],
  query: z.object({ phone: phoneSchema }),
  response: z.array(z.object({ phone: z.string(), text: z.string(), createdAt: z.date() })),
});

const isLoopbackAddress = (address: string | undefined): boolean =>
  address !== undefined && (/^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address) || address === '::1');

/**
 * Whether a request comes from this machine: its connection is from a loopback address and no proxy on
 * the way names another client. Every address a proxy header gives counts, whatever TRUST_PROXY says: a
 * proxy on this machine connects from loopback for every client, and a client can put 127.0.0.1 in
 * X-Forwarded-For itself (the proxy then appends the real address, which is not loopback). A `Forwarded`
 * header (RFC 7239) is not parsed: its presence alone refuses.
 */
function isFromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  if (req.headers.forwarded !== undefined) return false;
  const named = [req.headers['x-forwarded-for'], req.headers['x-real-ip']]
    .flat()
    .filter((h): h is string => typeof h === 'string')
    .flatMap((h) => h.split(','))
    .map((a) => a.trim());
  return named.every(isLoopbackAddress);
}

export const authRoutes = (deps: auth.AuthDeps): RouteDef[] => {
  const routes = [
    defineRoute({
      endpoint: tokenEndpoint,
      access: PUBLIC,
      tenant: 'none',
      handler: async ({ query, body, req, tenantId }) => {
        const client = clientOf(req);
        if (query.grant_type === 'refresh_token') {
          return auth.refreshTokens(deps, { refreshToken: body.refresh_token, tenantId }, client);
        }
        if (tenantId === null) throw new AppError('badRequest', 'tenant-id: header is required');
        return auth.loginWithPassword(
          deps,
          {
            tenantId,
            username: body.username,
            password: body.password,
            randomStr: query.randomStr,
            code: query.code,
          },
          client,
        );
      },
    }),
    defineRoute({
      endpoint: idCardTokenEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ query, body, req, tenantId, lang }) =>
        auth.loginWithIdCard(
          deps,
          {
            tenantId,
            idType: body.idType as IdType,
            idNumber: body.idNumber,
            password: body.password,
            randomStr: query.randomStr,
            code: query.code,
          },
          lang,
          clientOf(req),
        ),
    }),
    defineRoute({
      endpoint: smsTokenEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ query, req, tenantId }) =>
        auth.loginWithSms(
          deps,
          { tenantId: tenantId, mobile: query.mobile, code: query.code },
          clientOf(req),
        ),
    }),
    defineRoute({
      endpoint: logoutEndpoint,
      access: AUTHENTICATED,
      // A disabled or role-less user must still be able to end the session.
      allowBlockedUser: true,
      allowPasswordChangePending: true,
      handler: async ({ scope, principal }) => auth.logout(scope, principal),
    }),
    // The password calls live here rather than in identity: decrypting, verifying, rate limiting and
    // revoking tokens are this module's; identity only stores the new hash.
    defineRoute({
      endpoint: resetPasswordAtLoginEndpoint,
      access: AUTHENTICATED,
      allowPasswordChangePending: true,
      outsideTransaction: {
        before: (_token, req) => openRequestPasswords(deps.database.system, req, ['newPwd']),
      },
      handler: async ({ scope, principal, lang, body, req }) =>
        auth.resetPasswordAtLogin(deps, scope, principal, lang, body, (field, value) =>
          openedPassword(req, field, value),
        ),
    }),
    defineRoute({
      endpoint: changeMyPasswordEndpoint,
      access: AUTHENTICATED,
      allowPasswordChangePending: true,
      outsideTransaction: {
        before: async (token, req) => {
          await auth.beginPasswordChange(deps, token);
          await openRequestPasswords(deps.database.system, req, ['oldPwd', 'newPwd']);
        },
        after: (token, error) => auth.endPasswordChange(deps, token, error),
      },
      handler: async ({ scope, principal, lang, body, req }) =>
        auth.changeMyPassword(deps, scope, principal, lang, body, (field, value) =>
          openedPassword(req, field, value),
        ),
    }),
    defineRoute({
      endpoint: pingEndpoint,
      access: AUTHENTICATED,
      // The session's own state (the web's token timers).
      allowPasswordChangePending: true,
      handler: async ({ principal }) => auth.tokenStatus(principal),
    }),
    defineRoute({
      endpoint: publicKeyEndpoint,
      access: PUBLIC,
      signed: false,
      handler: async () => {
        const key = await getPasswordKey(deps.database.system);
        return { keyId: key.keyId, algorithm: 'RSA-OAEP-256' as const, spki: key.spki };
      },
    }),
    defineRoute({
      endpoint: captchaEndpoint,
      access: PUBLIC,
      // Loaded by an <img> tag, which cannot sign.
      signed: false,
      handler: async ({ query, reply }) => {
        const svg = await auth.issueCaptcha(deps, query.randomStr);
        await reply.header('cache-control', 'no-store').type('image/svg+xml').send(svg);
        return undefined;
      },
    }),
    defineRoute({
      endpoint: sendSmsCodeEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ query, tenantId, req }) =>
        auth.sendSmsCode(deps, tenantId, query.phone, clientOf(req)),
    }),
    defineRoute({
      endpoint: validSmsCodeEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ query, tenantId }) => auth.validSmsCode(deps, tenantId, query.phone, query.code),
    }),
    defineRoute({
      endpoint: toggleRoleEndpoint,
      access: AUTHENTICATED,
      // A user with several roles chooses one before the layout (and its forced password dialog) shows.
      allowPasswordChangePending: true,
      handler: async ({ scope, query, principal }) => auth.toggleRole(scope, principal, query.roleId),
    }),
  ] as RouteDef[];
  // The codes let anyone sign in as the phone's owner: the outbox exists only when switched on, and
  // answers only this machine.
  if (deps.env.SMS_ADAPTER === 'dev' && deps.env.DEV_SMS_OUTBOX) {
    routes.push(
      defineRoute({
        endpoint: devSmsOutboxEndpoint,
        access: PUBLIC,
        handler: async ({ query, req }) => {
          if (!isFromThisMachine(req)) {
            throw new AppError(
              'forbidden',
              'the development SMS outbox answers only requests from this machine (loopback)',
            );
          }
          return listDevSms(deps.database.system, query.phone, 20);
        },
      }) as RouteDef,
    );
  }
  return routes;
};
