import {
  fixedUserTemplateEndpoint,
  IMPORT_FILE_MAX_BYTES,
  importUsersEndpoint,
  USER_IMPORT_PERMISSION,
  userTypeTemplateEndpoint,
} from '@psy/contracts';
import type { SystemScope } from '../../core/db/database';
import { permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import type { MultipartFile } from '../../core/http/raw-body';
import type { FileStorage } from '../../core/storage/file-storage';
import { limitUploads } from '../../core/security/upload-limit';
import type { ImportLimits } from './user-import.sheet';
import { startImport, userTemplate } from './user-import.service';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Bulk user import (docs/user-import.md): templates and upload, permission admin_userInfo_userImport_btn. */
export const userImportRoutes = (
  files: FileStorage,
  system: SystemScope,
  limits?: ImportLimits,
): RouteDef[] => {
  const template = (endpoint: typeof fixedUserTemplateEndpoint, name: string) =>
    defineRoute({
      endpoint,
      access: permission(USER_IMPORT_PERMISSION),
      handler: async ({ scope, principal, lang, query, reply }) => {
        const bytes = await userTemplate(scope, principal, lang, query.userTypeId);
        const fileName = `${name}-${lang}.xlsx`;
        await reply
          .header('cache-control', 'no-store')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .type(XLSX_TYPE)
          .send(bytes);
        return undefined;
      },
    });
  return [
    template(fixedUserTemplateEndpoint, 'user-import-template'),
    template(userTypeTemplateEndpoint, 'user-type-import-template'),
    defineRoute({
      endpoint: importUsersEndpoint,
      access: permission(USER_IMPORT_PERMISSION),
      // The file and the form fields: a little over the file limit.
      bodyLimit: IMPORT_FILE_MAX_BYTES + 64 * 1024,
      outsideTransaction: { before: (token) => limitUploads(system, token) },
      handler: async ({ scope, principal, lang, body, req }) => {
        const raw = (req.body ?? {}) as Record<string, unknown>;
        const part = raw.file;
        const file =
          part && typeof part === 'object' && Buffer.isBuffer((part as MultipartFile).data)
            ? { filename: (part as MultipartFile).filename, data: (part as MultipartFile).data }
            : undefined;
        return startImport({ files, jobs: req.server.jobs, limits }, scope, principal, lang, body, file);
      },
    }),
  ] as RouteDef[];
};
