import { smsTokenEndpoint, type TokenResponse } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveSession, type KnownTenant } from '../../../shared/session/session-store';

export interface SmsLoginInput {
  phone: string;
  code: string;
  tenant: KnownTenant;
}

/** SMS login (spec S0.7.4): the phone travels as `SMS@<phone>`. */
export function loginBySms(input: SmsLoginInput): Promise<TokenResponse> {
  return request(smsTokenEndpoint, {
    query: { mobile: `SMS@${input.phone}`, code: input.code },
    tenantId: input.tenant.id,
  });
}

export function useSmsLogin() {
  return useMutation({
    mutationFn: loginBySms,
    onSuccess: (token, input) => saveSession(token, input.tenant.code),
  });
}
