import { sendSmsCodeEndpoint } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export interface SendSmsCodeInput {
  phone: string;
  tenantId: number;
  /** No toast on failure: the caller shows the refusal itself. */
  hidePopup?: boolean;
}

/** Sends a login code to the phone (spec S0.7.5). */
export function sendSmsCode(input: SendSmsCodeInput): Promise<boolean> {
  return request(sendSmsCodeEndpoint, {
    query: { phone: input.phone },
    tenantId: input.tenantId,
    hidePopup: input.hidePopup,
  });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
