import {
  adminMenuTreeEndpoint,
  productByCodeEndpoint,
  roleMenusEndpoint,
  saveRoleMenusEndpoint,
  saveUserProductEndpoint,
  sortMenusEndpoint,
  tenantDomainEndpoint,
  tenantProductListEndpoint,
  tenantProductStatusListEndpoint,
  updateMenuEndpoint,
  updateTenantProductStatusEndpoint,
  userProductMenuEndpoint,
} from '@psy/contracts';
import { AUTHENTICATED, permission } from '../../core/http/context';
import { defineRoute, type RouteDef } from '../../core/http/register';
import { ROLE_READ } from '../identity';
import {
  editMenuEntry,
  getAdminMenuTree,
  getRoleMenus,
  getTenantDomain,
  getTenantProductByCode,
  getUserProductMenu,
  listTenantProductStatuses,
  listUserProducts,
  saveRoleMenus,
  saveUserProducts,
  setTenantProductStatus,
  sortMenuEntries,
} from './products.service';

/** Products and menus administration: the system product's "Products and menus" page (spec S0.7.7). */
const PRODUCT_ADMIN = permission('sys_product');

export const productRoutes = (): RouteDef[] =>
  [
    defineRoute({
      endpoint: tenantProductListEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang }) => listUserProducts(scope, principal, lang),
    }),
    defineRoute({
      endpoint: saveUserProductEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, lang, body }) => saveUserProducts(scope, principal, lang, body),
    }),
    defineRoute({
      endpoint: userProductMenuEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, principal, query, lang }) =>
        getUserProductMenu(scope, principal, query.productId, lang),
    }),
    defineRoute({
      endpoint: tenantProductStatusListEndpoint,
      access: PRODUCT_ADMIN,
      handler: async ({ scope, lang }) => listTenantProductStatuses(scope, lang),
    }),
    defineRoute({
      endpoint: updateTenantProductStatusEndpoint,
      access: PRODUCT_ADMIN,
      handler: async ({ scope, lang, body }) => setTenantProductStatus(scope, lang, body),
    }),
    defineRoute({
      // Any signed-in user: product jumps (sleep, visualisation) look their product up by code.
      endpoint: productByCodeEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope, lang, query }) => getTenantProductByCode(scope, lang, query.productCode),
    }),
    defineRoute({
      endpoint: tenantDomainEndpoint,
      access: AUTHENTICATED,
      handler: async ({ scope }) => getTenantDomain(scope),
    }),
    defineRoute({
      endpoint: adminMenuTreeEndpoint,
      access: PRODUCT_ADMIN,
      handler: async ({ scope, lang, query }) => getAdminMenuTree(scope, lang, query),
    }),
    defineRoute({
      endpoint: updateMenuEndpoint,
      access: PRODUCT_ADMIN,
      handler: async ({ scope, lang, body }) => editMenuEntry(scope, lang, body),
    }),
    defineRoute({
      endpoint: sortMenusEndpoint,
      access: PRODUCT_ADMIN,
      handler: async ({ scope, lang, body }) => sortMenuEntries(scope, lang, body),
    }),
    // The grant tree of the role details page: grants are products' (menus), roles are identity's.
    defineRoute({
      endpoint: roleMenusEndpoint,
      access: ROLE_READ,
      handler: async ({ scope, lang, params }) => getRoleMenus(scope, lang, params.id),
    }),
    defineRoute({
      endpoint: saveRoleMenusEndpoint,
      access: permission('admin_role_edit'),
      handler: async ({ scope, principal, lang, body }) => saveRoleMenus(scope, principal, lang, body),
    }),
  ] as RouteDef[];
