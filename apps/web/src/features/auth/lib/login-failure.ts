import { isApiError } from '../../../shared/api/request';

/** Why a login or code request was refused, as the login page shows it in place of a toast. */
export interface LoginFailure {
  message: string;
  /** 429 (too many tries, a locked account) is a warning, as the error catalogue says (spec S0.8.5). */
  tone: 'error' | 'warning';
}

/**
 * The message of a failed call made with `hidePopup`: the request layer's text (the server's message or the
 * catalogue's default for the status), or `fallback` for anything else.
 */
export function describeLoginFailure(error: unknown, fallback: string): LoginFailure {
  if (!isApiError(error)) return { message: fallback, tone: 'error' };
  return { message: error.message || fallback, tone: error.status === 429 ? 'warning' : 'error' };
}
