import { myAgreementEndpoint, saveAgreementEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { getMyAgreement, saveMyAgreement } from './agreements.service';

export const agreementRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: myAgreementEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang }) => getMyAgreement(scope!, principal!, lang),
    }),
    defineRoute({
      endpoint: saveAgreementEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, body }) => saveMyAgreement(scope!, principal!, body),
    }),
  ] as RouteDef[];
