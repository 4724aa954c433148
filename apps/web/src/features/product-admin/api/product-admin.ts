import {
  adminMenuTreeEndpoint,
  sortMenusEndpoint,
  tenantProductStatusListEndpoint,
  updateMenuEndpoint,
  updateTenantProductStatusEndpoint,
  type AdminMenuNode,
  type BodyOf,
  type TenantProductStatus,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { currentLanguage } from '../../../i18n/i18n';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { navigationQueryKeys } from '../../navigation';

export type { AdminMenuNode, TenantProductStatus };

const keys = tenantQueryKeys('product-admin');
export const productAdminQueryKeys = {
  ...keys,
  products: (tenantId: number, lang: string) => keys.of(tenantId, 'products', lang),
  menus: (tenantId: number, productId: number, lang: string) => keys.of(tenantId, 'menus', productId, lang),
};

/** Every product of the school with its status (`GET /admin/products/tenant/findTenantProductList`). */
export function useTenantProductStatuses() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: productAdminQueryKeys.products(tenantId, currentLanguage()),
    queryFn: ({ signal }) => request(tenantProductStatusListEndpoint, { signal }),
  });
}

/** The menu tree of one product for editing (`GET /admin/menu`). */
export function useAdminMenuTree(productId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: productAdminQueryKeys.menus(tenantId, productId ?? 0, currentLanguage()),
    queryFn: ({ signal }) => request(adminMenuTreeEndpoint, { query: { productId: productId ?? 0 }, signal }),
    enabled: productId !== null,
  });
}

/** After a change the signed-in user's own navigation (products, menus) is fetched again. */
const CHANGES = [keys.all, navigationQueryKeys.all] as const;

/** Switches a product on or off (`POST /admin/products/updateTenantProductSettingStatus`). */
export const useSetProductStatus = () =>
  useTenantMutation(
    (body: BodyOf<typeof updateTenantProductStatusEndpoint>) =>
      request(updateTenantProductStatusEndpoint, { body }),
    CHANGES,
  );

/** Renames, hides or sets keep-alive of an entry (`PUT /admin/menu`); silent, the dialog shows a refusal. */
export const useUpdateMenu = () =>
  useTenantMutation(
    (body: BodyOf<typeof updateMenuEndpoint>) => request(updateMenuEndpoint, { body, hidePopup: true }),
    CHANGES,
  );

/** Reorders siblings (`PUT /admin/menu/sort`). */
export const useSortMenus = () =>
  useTenantMutation(
    (body: BodyOf<typeof sortMenusEndpoint>) => request(sortMenusEndpoint, { body }),
    CHANGES,
  );
