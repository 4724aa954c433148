import {
  changeMyPasswordEndpoint,
  encryptPassword,
  publicKeyEndpoint,
  resetPasswordAtLoginEndpoint,
} from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export interface ChangePasswordInput {
  /** The current password: a self change (`from=self`); without it, the forced change after login. */
  oldPassword?: string;
  newPassword: string;
}

/**
 * Changes the signed-in user's password (spec S0.7.10): with the old password `changeMyPwd`, else the
 * forced change `resetPwd`. Passwords leave the browser only encrypted, as at login. On success the
 * server has signed out every session of the user.
 */
export async function changePassword(input: ChangePasswordInput): Promise<true> {
  const publicKey = await request(publicKeyEndpoint);
  const newPwd = await encryptPassword(publicKey, input.newPassword);
  if (input.oldPassword === undefined) {
    return request(resetPasswordAtLoginEndpoint, { body: { newPwd } });
  }
  const oldPwd = await encryptPassword(publicKey, input.oldPassword);
  return request(changeMyPasswordEndpoint, { body: { oldPwd, newPwd } });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
