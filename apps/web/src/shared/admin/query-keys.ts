import type { QueryKey } from '@tanstack/react-query';
import { compactFilter } from './paging';

/**
 * Query keys of a tenant's data (docs/modules.md "The web side"): every key starts with the feature's
 * scope and the tenant, so a school switch never serves another school's cache and a change invalidates
 * everything of the feature in one call; a list's key holds its query without empty filter values, so a
 * blank search box and no search box share one cache entry. Pure.
 */
export function tenantQueryKeys<const S extends string>(scope: S) {
  return {
    scope,
    /** Everything of the feature for the tenant: what a change invalidates. */
    all: (tenantId: number) => [scope, tenantId] as const,
    /** A page of a list (or a whole list) for a query. */
    list: (tenantId: number, query: object = {}) => [scope, tenantId, 'list', compactFilter(query)] as const,
    /** Another query of the feature (one record, a picker's options). */
    of: <const P extends readonly unknown[]>(tenantId: number, ...parts: P) =>
      [scope, tenantId, ...parts] as const,
  };
}

export type TenantQueryKeys = ReturnType<typeof tenantQueryKeys>;

/** What a change invalidates: a tenant's root (`keys.all`) or a key that does not depend on the tenant. */
export type InvalidateTarget = QueryKey | ((tenantId: number) => QueryKey);

export const invalidationKey = (target: InvalidateTarget, tenantId: number): QueryKey =>
  typeof target === 'function' ? target(tenantId) : target;
