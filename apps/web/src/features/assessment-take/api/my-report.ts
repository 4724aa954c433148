import { myReportEndpoint, type ResponseOf } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { takeQueryKeys } from './take';

export type MyReport = ResponseOf<typeof myReportEndpoint>;

/** The caller's own report, as far as the plan shows it (`GET /plantest/userPlan/myReport`; 403 otherwise). */
export function useMyReport(answerId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: takeQueryKeys.of(tenantId, 'report', answerId),
    queryFn: ({ signal }) => request(myReportEndpoint, { query: { answerId: answerId ?? 0 }, signal }),
    enabled: answerId !== null,
  });
}
