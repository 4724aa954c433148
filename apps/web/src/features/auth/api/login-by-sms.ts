import { smsTokenEndpoint, type TokenResponse } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { saveSession, type KnownTenant } from '../../../shared/session/session-store';

export interface SmsLoginInput {
  phone: string;
  code: string;
  tenant: KnownTenant;
  /** No toast on failure: the caller shows the refusal itself (the login page, inline). */
  hidePopup?: boolean;
}

/** SMS login (spec S0.7.4): the phone travels as `SMS@<phone>`. */
export function loginBySms(input: SmsLoginInput): Promise<TokenResponse> {
  return request(smsTokenEndpoint, {
    query: { mobile: `SMS@${input.phone}`, code: input.code },
    tenantId: input.tenant.id,
    hidePopup: input.hidePopup,
  });
}

export function useSmsLogin() {
  return useMutation({
    mutationFn: loginBySms,
    onSuccess: (token, input) => saveSession(token, input.tenant.code),
  });
}
