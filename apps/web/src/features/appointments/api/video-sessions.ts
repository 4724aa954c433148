import { myVideoSessionsEndpoint, type VideoSession } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { appointmentKeys } from './appointments';

// Its own file, imported by the counsellor's video tab only (a chunk loaded when the tab opens).

export type { VideoSession };

/** The video sessions I hold as counsellor: upcoming and running by start, or past ones newest first. */
export function useMyVideoSessions(q: { when: 'upcoming' | 'past'; current: number; size: number }) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: appointmentKeys.of(tenantId, 'video-mine', q),
    queryFn: ({ signal }) => request(myVideoSessionsEndpoint, { body: q, signal }),
  });
}
