import { dynamicLogEndpoint, type ClientLogRecord } from '@psy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import type { DynamicLogQuery } from '../lib/log-filters';

export type { ClientLogRecord };

export const clientLogAdminQueryKeys = {
  all: (tenantId: number) => ['client-log-admin', tenantId] as const,
  page: (tenantId: number, query: DynamicLogQuery) => ['client-log-admin', tenantId, 'page', query] as const,
};

/** A page of stored client error-log entries, newest first (`GET /admin/log/dynamicLog`). */
export function useDynamicLogs(query: DynamicLogQuery) {
  const tenantId = useSession()?.tenantId ?? 0;
  return useQuery({
    queryKey: clientLogAdminQueryKeys.page(tenantId, query),
    queryFn: ({ signal }) => request(dynamicLogEndpoint, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
