import { dynamicLogEndpoint, type ClientLogRecord } from '@psy/contracts';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantList } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import type { DynamicLogQuery } from '../lib/log-filters';

export type { ClientLogRecord };

export const clientLogAdminQueryKeys = tenantQueryKeys('client-log-admin');

/** A page of stored client error-log entries, newest first (`GET /admin/log/dynamicLog`). */
export const useDynamicLogs = (query: DynamicLogQuery) =>
  useTenantList(clientLogAdminQueryKeys, query, (q, signal) =>
    request(dynamicLogEndpoint, { query: q, signal }),
  );
