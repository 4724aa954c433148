import {
  avatarEndpoint,
  encryptPassword,
  publicKeyEndpoint,
  registerEndpoint,
  type BodyOf,
} from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export type RegisterInput = Omit<BodyOf<typeof registerEndpoint>, 'password'> & { password: string };

/** Self-registration: the password leaves the browser only encrypted, as at login. */
export async function registerUser(tenantId: number, input: RegisterInput) {
  const publicKey = await request(publicKeyEndpoint, { tenantId });
  const password = await encryptPassword(publicKey, input.password);
  return request(registerEndpoint, { body: { ...input, password }, tenantId });
}

export function useRegister(tenantId: number | undefined) {
  return useMutation({ mutationFn: (input: RegisterInput) => registerUser(tenantId!, input) });
}

/** Replaces the signed-in user's avatar with a data URL (`POST /admin/user/avatar`, plain text). */
export function uploadAvatar(dataUrl: string) {
  return request(avatarEndpoint, { body: dataUrl });
}
