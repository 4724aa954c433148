import { sendSmsCodeEndpoint } from '@psy/contracts';
import { useMutation } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';

export interface SendSmsCodeInput {
  phone: string;
  tenantId: number;
}

/** Whether a phone number passes the contract's rule (11 digits, 1 then 3-9, spec S0.5.3). */
export function sendSmsCode(input: SendSmsCodeInput): Promise<boolean> {
  return request(sendSmsCodeEndpoint, { query: { phone: input.phone }, tenantId: input.tenantId });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
