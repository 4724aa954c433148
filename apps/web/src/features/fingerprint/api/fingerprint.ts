import {
  fingerEnrolEndpoint,
  fingerEnrolOptionsEndpoint,
  fingerEnteredFlagEndpoint,
  fingerLoginEndpoint,
  fingerLoginOptionsEndpoint,
  fingerRemoveMineEndpoint,
  type BodyOf,
  type TokenResponse,
} from '@psy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveSession, useSession, type KnownTenant } from '../../../shared/session/session-store';

export const fingerprintQueryKeys = {
  entered: (userId: number) => ['fingerprint', 'entered', userId] as const,
};

type EnrolCredential = BodyOf<typeof fingerEnrolEndpoint>['credential'];
type LoginCredential = BodyOf<typeof fingerLoginEndpoint>['credential'];

// The WebAuthn browser library is loaded only when a fingerprint is used, not with the page.
const webauthn = () => import('@simplewebauthn/browser');

/** Whether the signed-in user has enrolled a fingerprint (`POST /admin/sysUserFinger/enteredFlag`). */
export function useFingerprintEntered() {
  const session = useSession();
  return useQuery({
    queryKey: fingerprintQueryKeys.entered(session?.user.id ?? 0),
    queryFn: ({ signal }) => request(fingerEnteredFlagEndpoint, { signal }),
    enabled: session !== null,
  });
}

/**
 * Enrols a fingerprint for the signed-in user: the server's options, the device's platform authenticator
 * (the person at this device touches the sensor), then the server verifies and stores the credential.
 */
export async function enrolFingerprint() {
  const { startRegistration } = await webauthn();
  const { challengeId, options } = await request(fingerEnrolOptionsEndpoint, {});
  const credential = await startRegistration({ optionsJSON: options as never });
  return request(fingerEnrolEndpoint, {
    body: { challengeId, credential: credential as unknown as EnrolCredential },
  });
}

export function useEnrolFingerprint() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolFingerprint,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: fingerprintQueryKeys.entered(session?.user.id ?? 0) }),
  });
}

/** Removes every fingerprint the signed-in user enrolled (`POST /admin/sysUserFinger/removeMine`). */
export function useRemoveFingerprints() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request(fingerRemoveMineEndpoint, {}),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: fingerprintQueryKeys.entered(session?.user.id ?? 0) }),
  });
}

/** Signs in with a fingerprint at a school: same tokens as the password login. */
export async function loginByFingerprint(tenant: KnownTenant): Promise<TokenResponse> {
  const { startAuthentication } = await webauthn();
  const { challengeId, options } = await request(fingerLoginOptionsEndpoint, {
    body: {},
    tenantId: tenant.id,
    hidePopup: true,
  });
  const credential = await startAuthentication({ optionsJSON: options as never });
  return request(fingerLoginEndpoint, {
    body: { challengeId, credential: credential as unknown as LoginCredential },
    tenantId: tenant.id,
    hidePopup: true,
  });
}

export function useFingerprintLogin() {
  return useMutation({
    mutationFn: loginByFingerprint,
    onSuccess: (token, tenant) => saveSession(token, tenant.code),
  });
}
