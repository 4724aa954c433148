import {
  agreementExportEndpoint,
  agreementExportWordEndpoint,
  agreementGroupEndpoint,
  agreementListEndpoint,
  myAgreementEndpoint,
  saveAgreementEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { SETTINGS_PERMISSIONS } from '../settings';
import {
  DOCX_TYPE,
  XLSX_TYPE,
  exportAgreementsDocx,
  exportAgreementsXlsx,
  getAgreementGroups,
  getMyAgreement,
  listAgreements,
  saveMyAgreement,
} from './agreements.service';

const ADMIN = permission(SETTINGS_PERMISSIONS.agreement);

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266). */
const attachment = (name: string) =>
  `attachment; filename="agreements"; filename*=UTF-8''${encodeURIComponent(name)}`;
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

export const agreementRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: myAgreementEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang }) => getMyAgreement(scope, principal, lang),
    }),
    defineRoute({
      endpoint: saveAgreementEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => saveMyAgreement(scope, principal, body),
    }),
    defineRoute({
      endpoint: agreementListEndpoint,
      access: ADMIN,
      handler: async ({ scope, body }) => listAgreements(scope, body),
    }),
    defineRoute({
      // Answered directly (not through a download task): a school's consents fit in one request, and
      // the export is capped at AGREEMENT_EXPORT_MAX_ROWS rows.
      endpoint: agreementExportEndpoint,
      access: ADMIN,
      handler: async ({ scope, body, lang, reply }) => {
        const file = await exportAgreementsXlsx(scope, body, lang);
        await reply
          .header('cache-control', 'no-store')
          .header('content-disposition', attachment(`agreements-${today()}.xlsx`))
          .type(XLSX_TYPE)
          .send(file);
      },
    }),
    defineRoute({
      endpoint: agreementExportWordEndpoint,
      access: ADMIN,
      handler: async ({ scope, body, lang, reply }) => {
        const file = await exportAgreementsDocx(scope, body, lang);
        await reply
          .header('cache-control', 'no-store')
          .header('content-disposition', attachment(`agreements-${today()}.docx`))
          .type(DOCX_TYPE)
          .send(file);
      },
    }),
    defineRoute({
      endpoint: agreementGroupEndpoint,
      access: ADMIN,
      handler: async ({ scope, query }) => getAgreementGroups(scope, query.formName),
    }),
  ] as RouteDef[];
