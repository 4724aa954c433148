import {
  createDictEndpoint,
  createDictItemEndpoint,
  deleteDictEndpoint,
  deleteDictItemEndpoint,
  dictItemListEndpoint,
  dictPageEndpoint,
  updateDictEndpoint,
  updateDictItemEndpoint,
  type BodyOf,
  type DictAdminItem,
  type DictType,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

export type { DictAdminItem, DictType };

export const dictAdminQueryKeys = {
  all: (tenantId: number) => ['dict-admin', tenantId] as const,
  page: (tenantId: number, query: object) => ['dict-admin', tenantId, 'page', query] as const,
  items: (tenantId: number, dictId: number) => ['dict-admin', tenantId, 'items', dictId] as const,
};

/**
 * Every query of the forms reading dictionaries (`GET /admin/dict/type/{name}`) is keyed under
 * ['dict', tenantId, name] by convention; an edit here refreshes them.
 */
export const dictQueryKeys = {
  all: (tenantId: number) => ['dict', tenantId] as const,
};

function useTenantId(): number {
  return useSession()?.tenantId ?? 0;
}

/** A page of dictionaries (`GET /admin/dict/page`). */
export function useDictPage(query: { current: number; size: number; name?: string }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: dictAdminQueryKeys.page(tenantId, query),
    queryFn: ({ signal }) => request(dictPageEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every item of a dictionary, disabled ones included (`GET /admin/dict/item/list`). */
export function useDictItems(dictId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: dictAdminQueryKeys.items(tenantId, dictId ?? 0),
    queryFn: ({ signal }) => request(dictItemListEndpoint, { query: { dictId: dictId ?? 0 }, signal }),
    enabled: dictId !== null,
  });
}

function useRefresh() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: dictAdminQueryKeys.all(tenantId) }),
      queryClient.invalidateQueries({ queryKey: dictQueryKeys.all(tenantId) }),
    ]);
}

export function useSaveDict() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (d: { id?: number; name: string; description: string | null }) =>
      d.id === undefined
        ? request(createDictEndpoint, { body: { name: d.name, description: d.description } })
        : request(updateDictEndpoint, { body: { id: d.id, description: d.description } }),
    onSuccess: refresh,
  });
}

export function useDeleteDict() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => request(deleteDictEndpoint, { params: { id } }),
    onSuccess: refresh,
  });
}

export type DictItemInput = BodyOf<typeof createDictItemEndpoint> & { id?: number };

export function useSaveDictItem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, dictId, value, ...fields }: DictItemInput) =>
      id === undefined
        ? request(createDictItemEndpoint, { body: { dictId, value, ...fields } })
        : request(updateDictItemEndpoint, { body: { id, ...fields } } as {
            body: BodyOf<typeof updateDictItemEndpoint>;
          }),
    onSuccess: refresh,
  });
}

export function useDeleteDictItem() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => request(deleteDictItemEndpoint, { params: { id } }),
    onSuccess: refresh,
  });
}
