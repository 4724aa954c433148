import { z } from 'zod';
import {
  HEADER,
  captchaEndpoint,
  changeMyPasswordEndpoint,
  defineEndpoint,
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
} from '@psy/contracts';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/http/app-error';
import { AUTHENTICATED, PUBLIC } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { listDevSms } from '../../core/sms/sms.repository';
import * as auth from './auth.service';
import { getPasswordKey } from '../../core/security/password-key';

function clientOf(req: FastifyRequest): auth.ClientInfo {
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
  summary: 'Development SMS adapter: messages recorded for a phone (exists only with SMS_ADAPTER=dev)',
  tags: ['dev'],
  query: z.object({ phone: phoneSchema }),
  response: z.array(z.object({ phone: z.string(), text: z.string(), createdAt: z.date() })),
});

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
      handler: async ({ scope, principal }) => auth.logout(scope, principal),
    }),
    // The password calls live here rather than in identity: decrypting, verifying, rate limiting and
    // revoking tokens are this module's; identity only stores the new hash.
    defineRoute({
      endpoint: resetPasswordAtLoginEndpoint,
      access: AUTHENTICATED,
      outsideTransaction: { before: () => auth.preparePasswordKey(deps) },
      handler: async ({ scope, principal, lang, body }) =>
        auth.resetPasswordAtLogin(deps, scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: changeMyPasswordEndpoint,
      access: AUTHENTICATED,
      outsideTransaction: {
        before: (token) => auth.beginPasswordChange(deps, token),
        after: (token, error) => auth.endPasswordChange(deps, token, error),
      },
      handler: async ({ scope, principal, lang, body }) =>
        auth.changeMyPassword(deps, scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: pingEndpoint,
      access: AUTHENTICATED,
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
      handler: async ({ scope, query, principal }) => auth.toggleRole(scope, principal, query.roleId),
    }),
  ] as RouteDef[];
  if (deps.env.SMS_ADAPTER === 'dev') {
    routes.push(
      defineRoute({
        endpoint: devSmsOutboxEndpoint,
        access: PUBLIC,
        handler: async ({ query }) => listDevSms(deps.database.system, query.phone, 20),
      }) as RouteDef,
    );
  }
  return routes;
};
