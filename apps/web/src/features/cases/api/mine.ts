import {
  CONSULT_AGREEMENT_ENDPOINTS,
  consultAgreementTextEndpoint,
  feedbackEndpoint,
  mineEngagementEndpoint,
  mineProfilesEndpoint,
  type BodyOf,
  type ResponseOf,
} from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTenantList, useTenantMutation } from '../../../shared/admin/tenant-queries';
import { request } from '../../../shared/api/request';
import { useTenantId } from '../../../shared/session/session-store';
import { caseKeys, TOUCHED } from './case-keys';

// The calls of the people in session (a visitor's sessions, agreement and feedback): apart from the rest of
// case work, so that the student's page loads only these (route size budget, scripts/route-sizes.mjs).

export type MineAppointment = ResponseOf<typeof mineProfilesEndpoint>['records'][number];
export type AgreementKind = keyof typeof CONSULT_AGREEMENT_ENDPOINTS;

/** The counsellor's sessions (status success: waiting for their record), for the records to fill. */
export const useMineSessions = (query: BodyOf<typeof mineProfilesEndpoint>) =>
  useTenantList(caseKeys, { mine: true, ...query }, ({ mine: _mine, ...body }, signal) =>
    request(mineProfilesEndpoint, { body, signal }),
  );

/**
 * Agrees to an appointment's agreement: the version of the text that was shown (the server refuses with
 * 409 when it changed since), and a drawn signature or the stored one quoted, or none.
 */
export const useAgree = () =>
  useTenantMutation(
    (v: { kind: AgreementKind; id: number; textVersion?: string; image?: string; quote?: boolean }) =>
      request(CONSULT_AGREEMENT_ENDPOINTS[v.kind], {
        params: { id: v.id },
        body: {
          agree: true,
          ...(v.textVersion ? { textVersion: v.textVersion } : {}),
          ...(v.image ? { image: v.image } : {}),
          ...(v.quote ? { quote: true } : {}),
        },
        hidePopup: true,
      }),
    TOUCHED,
  );

/** The agreement the visitor of an appointment is asked to agree to now. */
export function useAgreementText(appointmentId: number | null) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'agreementText', appointmentId),
    queryFn: ({ signal }) =>
      request(consultAgreementTextEndpoint, { query: { appointmentId: appointmentId! }, signal }),
    enabled: appointmentId !== null,
  });
}

export const useGiveFeedback = () =>
  useTenantMutation(
    (v: { id: number; visitorSatisfaction: number; content?: string }) =>
      request(feedbackEndpoint, {
        params: { id: v.id },
        body: { visitorSatisfaction: v.visitorSatisfaction, ...(v.content ? { content: v.content } : {}) },
      }),
    TOUCHED,
  );

/** Which of the visitor's appointments they have agreed to and given feedback on. */
export function useMineEngagement(appointmentIds: readonly number[]) {
  const tenantId = useTenantId();
  return useQuery({
    queryKey: caseKeys.of(tenantId, 'engagement', appointmentIds),
    queryFn: ({ signal }) =>
      request(mineEngagementEndpoint, { body: { appointmentIds: [...appointmentIds] }, signal }),
    enabled: appointmentIds.length > 0,
  });
}
