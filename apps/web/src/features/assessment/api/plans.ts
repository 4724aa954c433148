import {
  planCloseEndpoint,
  planDeleteEndpoint,
  planDetailEndpoint,
  planNoAnswerPageEndpoint,
  planPageEndpoint,
  planProgressEndpoint,
  planPublishEndpoint,
  planRemindEndpoint,
  planResponsePageEndpoint,
  planSaveEndpoint,
  planSignaturePageEndpoint,
  planUpdateEndpoint,
  userSimpleEndpoint,
  userTypeListEndpoint,
  type BodyOf,
  type Plan,
  type PlanInput,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type { Plan, PlanInput };
export type PlanPageQuery = BodyOf<typeof planPageEndpoint>;
export type PlanProgress = ResponseOf<typeof planProgressEndpoint>;
export type NoAnswerRow = ResponseOf<typeof planNoAnswerPageEndpoint>['records'][number];
export type ResponseRow = ResponseOf<typeof planResponsePageEndpoint>['records'][number];
export type SignatureRow = ResponseOf<typeof planSignaturePageEndpoint>['records'][number];

const keys = tenantQueryKeys('assessment-plans');
export const planQueryKeys = keys;

export const usePlanPage = (query: PlanPageQuery) =>
  useTenantList(keys, query, (body, signal) => request(planPageEndpoint, { body, signal }));

export function usePlan(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'detail', id),
    queryFn: ({ signal }) => request(planDetailEndpoint, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export function usePlanProgress(id: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'progress', id),
    queryFn: ({ signal }) => request(planProgressEndpoint, { query: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}

export const useNoAnswerPage = (query: BodyOf<typeof planNoAnswerPageEndpoint>) =>
  useTenantList(keys, { list: 'noAnswer', ...query }, ({ list: _l, ...body }, signal) =>
    request(planNoAnswerPageEndpoint, { body, signal }),
  );

export const useResponsePage = (query: BodyOf<typeof planResponsePageEndpoint>) =>
  useTenantList(keys, { list: 'responses', ...query }, ({ list: _l, ...body }, signal) =>
    request(planResponsePageEndpoint, { body, signal }),
  );

export const useSignaturePage = (query: BodyOf<typeof planSignaturePageEndpoint>) =>
  useTenantList(keys, { list: 'signatures', ...query }, ({ list: _l, ...body }, signal) =>
    request(planSignaturePageEndpoint, { body, signal }),
  );

/** Saves a plan: a new draft, or an edit (silent: the form shows the server's 400 on its field). */
export const useSavePlan = () =>
  useTenantMutation(
    ({ id, ...body }: PlanInput & { id?: number | undefined }) =>
      id
        ? request(planUpdateEndpoint, { body: { ...body, id }, hidePopup: true })
        : request(planSaveEndpoint, { body, hidePopup: true }),
    [keys.all],
  );

const planAction = (endpoint: typeof planPublishEndpoint | typeof planCloseEndpoint) => (id: number) =>
  request(endpoint, { body: { id } });

export const usePublishPlan = () => useTenantMutation(planAction(planPublishEndpoint), [keys.all]);
export const useClosePlan = () => useTenantMutation(planAction(planCloseEndpoint), [keys.all]);
export const useDeletePlan = () =>
  useTenantMutation((id: number) => request(planDeleteEndpoint, { body: { id } }), [keys.all]);

export const useRemindPlan = () =>
  useTenantMutation(
    (body: BodyOf<typeof planRemindEndpoint>) => request(planRemindEndpoint, { body }),
    [keys.all],
  );

/** User types for the audience (`GET /admin/uType/getUserTypeNoPage`). */
export function useUserTypes() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'userTypes'),
    queryFn: ({ signal }) => request(userTypeListEndpoint, { signal }),
    staleTime: 300_000,
  });
}

/** People found by name for a picker (`GET /admin/user/simple`, in the viewer's data scope). */
export function useUserSearch(name: string) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'users', name),
    queryFn: ({ signal }) => request(userSimpleEndpoint, { query: { name, limit: 20 }, signal }),
    enabled: name.length > 0,
    staleTime: 30_000,
  });
}
