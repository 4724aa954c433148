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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../../i18n/i18n';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { navigationQueryKeys } from '../../navigation';

export type { AdminMenuNode, TenantProductStatus };

export const productAdminQueryKeys = {
  all: (tenantId: number) => ['product-admin', tenantId] as const,
  products: (tenantId: number, lang: string) => ['product-admin', tenantId, 'products', lang] as const,
  menus: (tenantId: number, productId: number, lang: string) =>
    ['product-admin', tenantId, 'menus', productId, lang] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

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
function useRefresh() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: productAdminQueryKeys.all(tenantId) }),
      queryClient.invalidateQueries({ queryKey: navigationQueryKeys.all }),
    ]);
}

/** Switches a product on or off (`POST /admin/products/updateTenantProductSettingStatus`). */
export function useSetProductStatus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateTenantProductStatusEndpoint>) =>
      request(updateTenantProductStatusEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** Renames, hides or sets keep-alive of an entry (`PUT /admin/menu`). */
export function useUpdateMenu() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof updateMenuEndpoint>) => request(updateMenuEndpoint, { body }),
    onSuccess: refresh,
  });
}

/** Reorders siblings (`PUT /admin/menu/sort`). */
export function useSortMenus() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: BodyOf<typeof sortMenusEndpoint>) => request(sortMenusEndpoint, { body }),
    onSuccess: refresh,
  });
}
