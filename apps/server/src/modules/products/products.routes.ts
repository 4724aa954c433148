import { saveUserProductEndpoint, tenantProductListEndpoint, userProductMenuEndpoint } from '@psy/contracts';
import { AUTHENTICATED } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { getUserProductMenu, listUserProducts, saveUserProducts } from './products.service';

export const productRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: tenantProductListEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang }) => listUserProducts(scope!, principal!, lang),
    }),
    defineRoute({
      endpoint: saveUserProductEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang, body }) => saveUserProducts(scope!, principal!, lang, body),
    }),
    defineRoute({
      endpoint: userProductMenuEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        getUserProductMenu(scope!, principal!, query.productId, lang),
    }),
  ] as RouteDef[];
