import {
  checkConsultRoleTypeEndpoint,
  editTeamSignEndpoint,
  getTeamSignEndpoint,
  getVisitorSignEndpoint,
  saveVisitorSignEndpoint,
} from '@psy/contracts';
import type { SystemScope } from '../../core/db/database';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { FileStorage } from '../../core/storage/file-storage';
import { limitUploads } from '../../core/security/upload-limit';
import * as service from './signatures.service';

/** A 2 MB image (SIGNATURE_UPLOAD_MAX_BYTES) as a base64 data URL in JSON, with room for the envelope. */
const SIGNATURE_BODY_LIMIT = 3 * 1024 * 1024;

// Every call acts on the caller's own signature, or (quote by uid) on a visitor's for staff, or (getSign
// with userId) on a counsellor's for the team's administrators: the rules are in the service, so
// signed-in access is the route's rule.
export const signatureRoutes = (storage: FileStorage, system: SystemScope): RouteDef[] =>
  [
    defineRoute({
      endpoint: getTeamSignEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        service.getTeamSignature(scope, storage, principal, {
          userId: query.userId,
          quote: query.quote,
          lang,
        }),
    }),
    defineRoute({
      endpoint: editTeamSignEndpoint,
      access: AUTHENTICATED,
      bodyLimit: SIGNATURE_BODY_LIMIT,
      outsideTransaction: { before: (token) => limitUploads(system, token) },
      handler: async ({ scope, principal, body, lang }) =>
        service.saveOwnSignature(scope, storage, principal, body.sign, lang),
    }),
    defineRoute({
      endpoint: getVisitorSignEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        service.getVisitorSignature(scope, storage, principal, {
          uid: query.uid,
          quote: query.quote,
          lang,
        }),
    }),
    defineRoute({
      endpoint: saveVisitorSignEndpoint,
      access: AUTHENTICATED,
      bodyLimit: SIGNATURE_BODY_LIMIT,
      outsideTransaction: { before: (token) => limitUploads(system, token) },
      handler: async ({ scope, principal, body, lang }) =>
        service.saveOwnSignature(scope, storage, principal, body.sign, lang),
    }),
    defineRoute({
      endpoint: checkConsultRoleTypeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ principal, query }) => service.consultRoleType(principal, query.setId),
    }),
  ] as RouteDef[];
