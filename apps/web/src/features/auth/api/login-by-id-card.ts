import { encryptPassword, idCardTokenEndpoint, publicKeyEndpoint, type TokenResponse } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveSession, type KnownTenant } from '../../../shared/session/session-store';

export interface IdCardLoginInput {
  idType: number;
  idNumber: string;
  password: string;
  captcha?: { randomStr: string; code: string };
  tenant: KnownTenant;
}

/**
 * Login by ID type and number and password (spec S0.7.2): the password encrypted as for the password
 * login; a refusal is shown with the server's message by the form (spec S0.8.7).
 */
export async function loginByIdCard(input: IdCardLoginInput): Promise<TokenResponse> {
  const publicKey = await request(publicKeyEndpoint, { tenantId: input.tenant.id, hidePopup: true });
  const password = await encryptPassword(publicKey, input.password);
  return request(idCardTokenEndpoint, {
    query: input.captcha ? { randomStr: input.captcha.randomStr, code: input.captcha.code } : {},
    body: { idType: input.idType, idNumber: input.idNumber, password },
    tenantId: input.tenant.id,
    hidePopup: true,
  });
}

export function useIdCardLogin() {
  return useMutation({
    mutationFn: loginByIdCard,
    onSuccess: (token, input) => saveSession(token, input.tenant.code),
  });
}
