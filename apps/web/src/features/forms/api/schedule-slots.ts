import { findScheduleTimeEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { slotsOf } from '../lib/time-slots';

/**
 * The slots a time-grid field of this type offers (`POST /biz/consult/schedule/findScheduleTime {type}`,
 * docs/builder-helpers.md), cached per school and type. The renderer falls back to free rows when the
 * call fails.
 */
export function useScheduleSlots(type: number) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: ['scheduleSlots', tenantId, type] as const,
    queryFn: async ({ signal }) =>
      slotsOf(await request(findScheduleTimeEndpoint, { body: { type }, signal, hidePopup: true })),
    staleTime: 10 * 60_000,
    retry: false,
  });
}
