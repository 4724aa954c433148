import {
  jobPageEndpoint,
  jobRetryEndpoint,
  jobSchedulesEndpoint,
  type JobRecordOut,
  type JobScheduleOut,
} from '@psy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { tenantQueryKeys } from '../../../shared/admin/query-keys';
import { useTenantId } from '../../../shared/session/session-store';

export type { JobRecordOut, JobScheduleOut };
export type JobStateFilter = 'queued' | 'active' | 'done' | 'failed' | 'cancelled' | 'scheduled';
export interface JobPageQuery {
  current: number;
  size: number;
  state?: JobStateFilter;
}

const keys = tenantQueryKeys('job-admin');
export const jobAdminQueryKeys = {
  all: keys.all,
  page: (tenantId: number, query: JobPageQuery) => keys.list(tenantId, query),
  schedules: (tenantId: number) => keys.of(tenantId, 'schedules'),
};

/** A page of the school's background jobs, newest first (`POST /admin/job/page`). */
export function useJobs(query: JobPageQuery) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: jobAdminQueryKeys.page(tenantId, query),
    queryFn: ({ signal }) => request(jobPageEndpoint, { body: query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The platform's recurring jobs and when they run next (`GET /admin/job/schedules`). */
export function useJobSchedules() {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: jobAdminQueryKeys.schedules(tenantId),
    queryFn: ({ signal }) => request(jobSchedulesEndpoint, { signal }),
  });
}

/** Runs a failed job again (`POST /admin/job/retry`); the list reloads. */
export function useRetryJob() {
  const tenantId = useTenantId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request(jobRetryEndpoint, { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobAdminQueryKeys.all(tenantId) }),
  });
}
