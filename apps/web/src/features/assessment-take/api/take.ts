import {
  myPendingScalesEndpoint,
  saveProgressEndpoint,
  signAgreementEndpoint,
  startTestEndpoint,
  submitTestEndpoint,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantInvalidate, useTenantList } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';

export type PendingTest = ResponseOf<typeof myPendingScalesEndpoint>['records'][number];
export type Task = ResponseOf<typeof startTestEndpoint>;
export type SubmitAnswer = ResponseOf<typeof submitTestEndpoint>;

const keys = tenantQueryKeys('assessment-take');
export const takeQueryKeys = keys;

/** The caller's pending tests (`GET /plantest/userPlan/getMyUpscomingScaleByPage`). */
export const usePendingTests = (query: { current: number; size: number }) =>
  useTenantList(keys, { list: 'pending', ...query }, ({ list: _l, ...q }, signal) =>
    request(myPendingScalesEndpoint, { query: q, signal }),
  );

/** Opens (or reopens) a test: the paper and what was saved so far. */
export function useStartTest(planId: number | null, scaleId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: keys.of(tenantId, 'task', planId, scaleId),
    queryFn: () => request(startTestEndpoint, { body: { planId: planId ?? 0, scaleId: scaleId ?? 0 } }),
    enabled: planId !== null && scaleId !== null,
    // The task is the server's: a refetch on focus would move the student back to the saved position.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** Saves answers as the student goes; silent (the page says so and keeps them to send again). */
export const saveProgress = (body: BodyOf<typeof saveProgressEndpoint>) =>
  request(saveProgressEndpoint, { body, hidePopup: true });

// The lists (pending tests, own answers) change with a submit or a signature; the open task must not be
// asked for again (a submitted task cannot be reopened: that refetch would say so on the success page).
const listsOf = (tenantId: number) => [keys.scope, tenantId, 'list'] as const;

export function useSubmitTest() {
  const invalidate = useTenantInvalidate([listsOf]);
  return useMutation({
    mutationFn: (body: BodyOf<typeof submitTestEndpoint>) => request(submitTestEndpoint, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useSignAgreement() {
  const invalidate = useTenantInvalidate([listsOf]);
  return useMutation({
    mutationFn: (body: BodyOf<typeof signAgreementEndpoint>) => request(signAgreementEndpoint, { body }),
    onSuccess: () => invalidate(),
  });
}
