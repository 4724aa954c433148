import { encryptPassword, publicKeyEndpoint, tokenEndpoint, type TokenResponse } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveSession, type KnownTenant } from '../../../shared/session/session-store';

export interface PasswordLoginInput {
  username: string;
  password: string;
  /** Key and answer of the captcha, when the form shows one. */
  captcha?: { randomStr: string; code: string };
  tenant: KnownTenant;
  /** No toast on failure: the caller shows the refusal itself (the login page, inline). */
  hidePopup?: boolean;
}

/**
 * Password login (spec S0.7.3): the password leaves the browser only encrypted under the server's
 * public key, in an `application/x-www-form-urlencoded` body, with the tenant in the header.
 */
export async function loginByPassword(input: PasswordLoginInput): Promise<TokenResponse> {
  const { hidePopup } = input;
  const publicKey = await request(publicKeyEndpoint, { tenantId: input.tenant.id, hidePopup });
  const password = await encryptPassword(publicKey, input.password);
  return request(tokenEndpoint, {
    query: {
      grant_type: 'password',
      ...(input.captcha ? { randomStr: input.captcha.randomStr, code: input.captcha.code } : {}),
    },
    body: { username: input.username, password },
    tenantId: input.tenant.id,
    hidePopup,
  });
}

/** Logs in and starts the session; failures are shown by the request layer (426, 428, 429) unless `hidePopup`. */
export function usePasswordLogin() {
  return useMutation({
    mutationFn: loginByPassword,
    onSuccess: (token, input) => saveSession(token, input.tenant.code),
  });
}
