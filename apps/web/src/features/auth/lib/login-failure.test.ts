import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../shared/api/request';
import { describeLoginFailure } from './login-failure';

const refusal = (status: number, message: string) =>
  new ApiError({ kind: 'api', status, code: status, message });

describe('login failures shown on the login page', () => {
  it('shows the refusal the request layer read, as an error [spec:S0.8.4]', () => {
    expect(describeLoginFailure(refusal(426, 'user name does not exist or password wrong'), 'x')).toEqual({
      message: 'user name does not exist or password wrong',
      tone: 'error',
    });
  });

  it('shows a 429 as a warning [spec:S0.8.5]', () => {
    expect(describeLoginFailure(refusal(429, 'the service is busy, please try again later'), 'x')).toEqual({
      message: 'the service is busy, please try again later',
      tone: 'warning',
    });
  });

  it('falls back to the given text for anything that is not an API error', () => {
    expect(describeLoginFailure(new Error('boom'), 'unknown system error')).toEqual({
      message: 'unknown system error',
      tone: 'error',
    });
  });
});
