import {
  PRODUCT_TYPE_MAIN,
  tenantProductListEndpoint,
  userProductMenuEndpoint,
  type MenuNode,
  type ProductCode,
  type ResponseOf,
} from '@psy/contracts';
import { useQueries, useQuery, type QueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../../i18n/i18n';
import { request } from '../../../shared/api/request';
import { readActiveRoleId, readSession, useSession } from '../../../shared/session/session-store';
import { cleanMenuTree } from '../lib/menu';
import { isSettingPrunedProduct, pruneMenuBySettings } from '../lib/menu-pruning';
import { menuSettingsQueryOptions } from './menu-settings';

export type Product = ResponseOf<typeof tenantProductListEndpoint>[number];

/** Products the navigation shows: type 1 except data visualisation and sleep management (spec S0.6). */
const NOT_NAVIGABLE: readonly string[] = ['DATA_VISUAL', 'SLEEP'] satisfies ProductCode[];

export function isNavigableProduct(product: Product): boolean {
  return product.type === PRODUCT_TYPE_MAIN && !NOT_NAVIGABLE.includes(product.productCode);
}

/** Favourites and the user's order first (userSort from 1), then the catalogue order. */
export function sortProducts(products: readonly Product[]): Product[] {
  return products
    .map((product, index) => ({ product, index }))
    .sort(
      (a, b) =>
        (a.product.userSort ?? Number.MAX_SAFE_INTEGER) - (b.product.userSort ?? Number.MAX_SAFE_INTEGER) ||
        a.index - b.index,
    )
    .map(({ product }) => product);
}

export const navigationQueryKeys = {
  all: ['navigation'] as const,
  products: (userId: number, roleId: number | null, lang: string) =>
    ['navigation', 'products', userId, roleId, lang] as const,
  menu: (userId: number, roleId: number | null, productId: number, lang: string) =>
    ['navigation', 'menu', userId, roleId, productId, lang] as const,
};

/** Key of the product list of the signed-in user (names come in the UI language). */
export function productsQueryKey(userId: number) {
  return navigationQueryKeys.products(userId, readActiveRoleId(), currentLanguage());
}

/** Products of the tenant the user has menus in (`GET /admin/products/findTenantProductList`). */
export function useProducts() {
  const session = useSession();
  return useQuery({ ...productsQueryOptions(session?.user.id ?? 0), enabled: session !== null });
}

export function productsQueryOptions(userId: number) {
  return {
    queryKey: productsQueryKey(userId),
    queryFn: ({ signal }: { signal: AbortSignal }) => request(tenantProductListEndpoint, { signal }),
    staleTime: 5 * 60_000,
  };
}

export function menuQueryOptions(userId: number, product: Pick<Product, 'id' | 'productCode'>) {
  const roleId = readActiveRoleId();
  const lang = currentLanguage();
  return {
    queryKey: navigationQueryKeys.menu(userId, roleId, product.id, lang),
    queryFn: async ({ signal, client }: { signal: AbortSignal; client: QueryClient }) => {
      const [menu, settings] = await Promise.all([
        request(userProductMenuEndpoint, {
          // Spec S0.6: the testing products carry their code in the menu query.
          query: {
            productId: product.id,
            productCode: ['PLANTEST', 'CADRE_EVALUATION'].includes(product.productCode)
              ? product.productCode
              : undefined,
          },
          signal,
        }),
        // Spec S0.4.4: some products' menus follow the school's settings.
        isSettingPrunedProduct(product.productCode)
          ? client.fetchQuery(menuSettingsQueryOptions(readSession()?.tenantId ?? 0))
          : null,
      ]);
      const clean = cleanMenuTree(menu);
      return settings ? pruneMenuBySettings(product.productCode, clean, settings) : clean;
    },
    staleTime: 5 * 60_000,
  };
}

/** Menu tree of one product for the active role (`GET /admin/menu/getUserProductMenu`). */
export function useProductMenu(product: Pick<Product, 'id' | 'productCode'> | null) {
  const session = useSession();
  return useQuery({
    ...menuQueryOptions(session?.user.id ?? 0, product ?? { id: 0, productCode: '' }),
    enabled: session !== null && product !== null,
  });
}

/**
 * Menus of several products, loaded only when asked (`enabled`): finding which product a deep link
 * belongs to.
 */
export function useProductMenus(products: readonly Product[], enabled: boolean) {
  const session = useSession();
  return useQueries({
    queries: products.map((product) => ({
      ...menuQueryOptions(session?.user.id ?? 0, product),
      enabled: enabled && session !== null,
    })),
    combine: (results) => ({
      isLoading: results.some((r) => r.isLoading),
      menus: products.map((product, i) => ({ product, menu: (results[i]?.data ?? []) as MenuNode[] })),
    }),
  });
}
