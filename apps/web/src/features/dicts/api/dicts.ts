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
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { DictAdminItem, DictType };

const keys = tenantQueryKeys('dict-admin');
export const dictAdminQueryKeys = {
  ...keys,
  items: (tenantId: number, dictId: number) => keys.of(tenantId, 'items', dictId),
};

/**
 * Every query of the forms reading dictionaries (`GET /admin/dict/type/{name}`) is keyed under
 * ['dict', tenantId, name] by convention; an edit here refreshes them.
 */
export const dictQueryKeys = {
  all: (tenantId: number) => ['dict', tenantId] as const,
};

const CHANGES = [keys.all, dictQueryKeys.all] as const;

/** A page of dictionaries (`GET /admin/dict/page`). */
export const useDictPage = (query: { current: number; size: number; name?: string }) =>
  useTenantList(keys, query, (q, signal) => request(dictPageEndpoint, { query: q, signal }));

/** Every item of a dictionary, disabled ones included (`GET /admin/dict/item/list`). */
export function useDictItems(dictId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: dictAdminQueryKeys.items(tenantId, dictId ?? 0),
    queryFn: ({ signal }) => request(dictItemListEndpoint, { query: { dictId: dictId ?? 0 }, signal }),
    enabled: dictId !== null,
  });
}

/** Adds a dictionary or changes its description; silent, the dialog shows a refusal on its field. */
export const useSaveDict = () =>
  useTenantMutation(
    (d: { id?: number; name: string; description: string | null }) =>
      d.id === undefined
        ? request(createDictEndpoint, {
            body: { name: d.name, description: d.description },
            hidePopup: true,
          })
        : request(updateDictEndpoint, { body: { id: d.id, description: d.description }, hidePopup: true }),
    CHANGES,
  );

export const useDeleteDict = () =>
  useTenantMutation((id: number) => request(deleteDictEndpoint, { params: { id } }), CHANGES);

export type DictItemInput = BodyOf<typeof createDictItemEndpoint> & { id?: number };

/** Adds an item or changes one (its dialog, or the list's switch); silent, the caller shows a refusal. */
export const useSaveDictItem = () =>
  useTenantMutation(
    ({ id, dictId, value, ...fields }: DictItemInput) =>
      id === undefined
        ? request(createDictItemEndpoint, { body: { dictId, value, ...fields }, hidePopup: true })
        : request(updateDictItemEndpoint, {
            body: { id, ...fields } as BodyOf<typeof updateDictItemEndpoint>,
            hidePopup: true,
          }),
    CHANGES,
  );

export const useDeleteDictItem = () =>
  useTenantMutation((id: number) => request(deleteDictItemEndpoint, { params: { id } }), CHANGES);
