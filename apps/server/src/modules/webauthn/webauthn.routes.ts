import {
  HEADER,
  fingerEnrolEndpoint,
  fingerEnrolOptionsEndpoint,
  fingerEnteredFlagEndpoint,
  fingerRemoveMineEndpoint,
  fingerLoginEndpoint,
  fingerLoginOptionsEndpoint,
} from '@psy/contracts';
import type { RegistrationResponseJSON, AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { AUTHENTICATED, PUBLIC } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { parseClientPort, type AuthDeps, type ClientInfo } from '../auth';
import * as service from './webauthn.service';

function clientOf(req: FastifyRequest): ClientInfo {
  const port = req.headers[HEADER.clientPort];
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    clientPort: parseClientPort(typeof port === 'string' ? port : undefined),
  };
}

// Enrolment is for the signed-in user's own account only: a WebAuthn credential can only be created by
// the person at the device, so an administrator cannot enrol someone else (docs/signatures-and-fingerprint.md).
export const webauthnRoutes = (deps: AuthDeps): RouteDef[] =>
  [
    defineRoute({
      endpoint: fingerEnrolOptionsEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => service.enrolmentOptions(scope, deps.env, principal),
    }),
    defineRoute({
      endpoint: fingerEnrolEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) =>
        service.enrol(scope, deps.env, principal, {
          challengeId: body.challengeId,
          credential: body.credential as RegistrationResponseJSON,
        }),
    }),
    defineRoute({
      endpoint: fingerEnteredFlagEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => service.enteredFlag(scope, principal),
    }),
    defineRoute({
      endpoint: fingerRemoveMineEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => service.removeMine(scope, principal),
    }),
    defineRoute({
      endpoint: fingerLoginOptionsEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId, req }) => service.loginOptions(deps, tenantId, clientOf(req)),
    }),
    defineRoute({
      endpoint: fingerLoginEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId, body, req }) =>
        service.login(
          deps,
          tenantId,
          { challengeId: body.challengeId, credential: body.credential as AuthenticationResponseJSON },
          clientOf(req),
        ),
    }),
  ] as RouteDef[];
