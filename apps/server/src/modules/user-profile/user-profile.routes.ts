import {
  deleteMyEmergencyContactEndpoint,
  emergencyContactDeleteEndpoint,
  emergencyContactInsertEndpoint,
  emergencyContactListEndpoint,
  emergencyContactUpdateEndpoint,
  findCustomInfoEndpoint,
  findMineCustomInfoEndpoint,
  findMineUserAssessInfoEndpoint,
  findMineUserFamilyInfoEndpoint,
  findUserAssessInfoEndpoint,
  findUserFamilyInfoEndpoint,
  insertMyEmergencyContactEndpoint,
  myEmergencyContactsEndpoint,
  updateCustomInfoEndpoint,
  updateMineCustomInfoEndpoint,
  updateMineUserAssessInfoEndpoint,
  updateMineUserFamilyInfoEndpoint,
  updateMyEmergencyContactEndpoint,
  updateUserAssessInfoEndpoint,
  updateUserFamilyInfoEndpoint,
  avatarEndpoint,
  avatarFileEndpoint,
  regionSettingEndpoint,
  registerEndpoint,
  HEADER,
  type Endpoint,
} from '@psy/contracts';
import type { FastifyRequest } from 'fastify';
import { limitUploads } from '../../core/security/upload-limit';
import { parseClientPort, type AuthDeps, type ClientInfo } from '../auth';
import * as registration from './registration.service';
import { AUTHENTICATED, PUBLIC, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { TenantScope } from '../../core/db/database';
import type { Principal } from '../../core/http/context';
import type { FileStorage } from '../../core/storage/file-storage';
import type { ProfileDocumentKind } from './user-profile.repository';
import * as service from './user-profile.service';

/** Reading another user's details (the user-details page). */
const READ_OTHER = permission('sys_user_detail');
/** Changing another user's details. */
const WRITE_OTHER = permission('admin_userInfo_edit');

interface DocumentService {
  read(scope: TenantScope, p: Principal, userId: number): Promise<unknown>;
  write(scope: TenantScope, p: Principal, userId: number, info: never): Promise<unknown>;
}

const documentService = (kind: ProfileDocumentKind): DocumentService => ({
  read: (scope, p, userId) => service.readDocument(scope, p, userId, kind),
  write: (scope, p, userId, info) => service.writeDocument(scope, p, userId, kind, info),
});

const customService: DocumentService = {
  read: (scope, p, userId) => service.readCustomInfo(scope, p, userId),
  write: (scope, p, userId, info) => service.writeCustomInfo(scope, p, userId, info),
};

/** The four calls of one kind of information: read/write another user's, read/write one's own. */
function documentRoutes(
  s: DocumentService,
  e: { find: Endpoint; findMine: Endpoint; update: Endpoint; updateMine: Endpoint },
): RouteDef[] {
  return [
    defineRoute({
      endpoint: e.find,
      access: READ_OTHER,
      handler: async ({ scope, principal, query }) =>
        s.read(scope, principal, (query as { userId: number }).userId),
    }),
    defineRoute({
      endpoint: e.findMine,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => s.read(scope, principal, principal.userId),
    }),
    defineRoute({
      endpoint: e.update,
      access: WRITE_OTHER,
      handler: async ({ scope, principal, body }) => {
        const b = body as { userId: number; info: never };
        return s.write(scope, principal, b.userId, b.info);
      },
    }),
    defineRoute({
      endpoint: e.updateMine,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) =>
        s.write(scope, principal, principal.userId, (body as { info: never }).info),
    }),
  ] as RouteDef[];
}

function clientOf(req: FastifyRequest): ClientInfo {
  const port = req.headers[HEADER.clientPort];
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 300) : null,
    clientPort: parseClientPort(typeof port === 'string' ? port : undefined),
  };
}

export const userProfileRoutes = (deps: AuthDeps, files: FileStorage): RouteDef[] =>
  [
    defineRoute({
      endpoint: regionSettingEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId }) => registration.getRegionSetting(deps, tenantId),
    }),
    defineRoute({
      endpoint: registerEndpoint,
      access: PUBLIC,
      tenant: 'header',
      handler: async ({ tenantId, body, req, lang }) =>
        registration.register(deps, tenantId, body, clientOf(req), lang),
    }),
    defineRoute({
      // The user's own avatar: the principal is the user, so no permission key.
      endpoint: avatarEndpoint,
      access: AUTHENTICATED,
      // A 2 MB image as a base64 data URL.
      bodyLimit: 3 * 1024 * 1024,
      outsideTransaction: { before: (token) => limitUploads(deps.database.system, token) },
      handler: async ({ scope, principal, body }) => registration.setMyAvatar(scope, files, principal, body),
    }),
    defineRoute({
      // Loaded by <img>, which cannot sign or send a token: the name is an unguessable random id.
      endpoint: avatarFileEndpoint,
      access: PUBLIC,
      signed: false,
      handler: async ({ params, reply }) => {
        const { bytes, type } = await registration.readAvatar(files, params.tenantId, params.name);
        await reply
          .header('cache-control', 'private, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .type(type)
          .send(bytes);
        return undefined;
      },
    }),
    defineRoute({
      endpoint: emergencyContactListEndpoint,
      access: READ_OTHER,
      handler: async ({ scope, principal, body }) => service.listContacts(scope, principal, body.userId),
    }),
    defineRoute({
      endpoint: emergencyContactInsertEndpoint,
      access: WRITE_OTHER,
      handler: async ({ scope, principal, body }) => {
        const { userId, ...fields } = body;
        return service.addContact(scope, principal, userId, fields);
      },
    }),
    defineRoute({
      endpoint: emergencyContactUpdateEndpoint,
      access: WRITE_OTHER,
      handler: async ({ scope, principal, body }) => {
        const { id, ...fields } = body;
        return service.changeContact(scope, principal, id, fields, false);
      },
    }),
    defineRoute({
      endpoint: emergencyContactDeleteEndpoint,
      access: WRITE_OTHER,
      handler: async ({ scope, principal, body }) => service.removeContact(scope, principal, body.id, false),
    }),
    defineRoute({
      endpoint: myEmergencyContactsEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal }) => service.listContacts(scope, principal, principal.userId),
    }),
    defineRoute({
      endpoint: insertMyEmergencyContactEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) =>
        service.addContact(scope, principal, principal.userId, body),
    }),
    defineRoute({
      endpoint: updateMyEmergencyContactEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => {
        const { id, ...fields } = body;
        return service.changeContact(scope, principal, id, fields, true);
      },
    }),
    defineRoute({
      endpoint: deleteMyEmergencyContactEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => service.removeContact(scope, principal, body.id, true),
    }),
    ...documentRoutes(documentService('family'), {
      find: findUserFamilyInfoEndpoint,
      findMine: findMineUserFamilyInfoEndpoint,
      update: updateUserFamilyInfoEndpoint,
      updateMine: updateMineUserFamilyInfoEndpoint,
    }),
    ...documentRoutes(customService, {
      find: findCustomInfoEndpoint,
      findMine: findMineCustomInfoEndpoint,
      update: updateCustomInfoEndpoint,
      updateMine: updateMineCustomInfoEndpoint,
    }),
    ...documentRoutes(documentService('assess'), {
      find: findUserAssessInfoEndpoint,
      findMine: findMineUserAssessInfoEndpoint,
      update: updateUserAssessInfoEndpoint,
      updateMine: updateMineUserAssessInfoEndpoint,
    }),
  ] as RouteDef[];
