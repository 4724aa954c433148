import { captchaEndpoint, newRequestId } from '@psy/contracts';
import { endpointUrl, isApiError } from '../../../shared/api/request';

/** A fresh captcha key: 32 random hex characters (the contract wants 8-64). */
export function newCaptchaKey(): string {
  return newRequestId();
}

/** The captcha image of a key; loaded by an `<img>`, so it is a plain URL. */
export function captchaImageUrl(randomStr: string): string {
  return endpointUrl(captchaEndpoint, { query: { randomStr } });
}

/** A login refusal that asks for a captcha from now on (`data.captchaRequired`). */
export function isCaptchaRequiredError(error: unknown): boolean {
  return (
    isApiError(error) &&
    typeof error.data === 'object' &&
    error.data !== null &&
    (error.data as { captchaRequired?: unknown }).captchaRequired === true
  );
}
