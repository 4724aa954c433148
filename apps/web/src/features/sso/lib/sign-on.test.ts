import { describe, expect, it } from 'vitest';
import { completionOf, entryPageOf, proofOf } from './sign-on';

describe('sign-on return [spec:S0.2.11]', () => {
  it('reads the proof each provider sends back', () => {
    expect(proofOf(new URLSearchParams('state=s&ticket=ST-1'))).toEqual({
      state: 's',
      ticket: 'ST-1',
      code: undefined,
      iss: undefined,
    });
    expect(proofOf(new URLSearchParams('state=s&authCode=a'))?.code).toBe('a');
    expect(proofOf(new URLSearchParams('state=s&code=c&iss=http://i'))).toMatchObject({
      code: 'c',
      iss: 'http://i',
    });
    expect(proofOf(new URLSearchParams('code=c'))).toBeNull();
    expect(proofOf(new URLSearchParams('state=s'))).toBeNull();
  });

  it('goes to the call of the kind the entry page noted, and guesses only codes without a note', () => {
    const pending = { state: 's', shortName: 'alpha', provider: 'cas', kind: 'cas' as const };
    const params = new URLSearchParams('state=s&ticket=ST-1');
    expect(completionOf(proofOf(params)!, pending, params)).toEqual({
      kind: 'cas',
      shortName: 'alpha',
      provider: 'cas',
    });
    expect(completionOf(proofOf(params)!, null, params)).toBeNull();
    const ding = new URLSearchParams('state=s&authCode=a');
    expect(completionOf(proofOf(ding)!, null, ding)).toEqual({ kind: 'dingtalk' });
    const wecom = new URLSearchParams('state=s&code=c&appid=ww');
    expect(completionOf(proofOf(wecom)!, null, wecom)).toEqual({ kind: 'wecom' });
  });

  it('sends each kind to its entry page [spec:S0.2.4]', () => {
    expect(entryPageOf('cas')).toBe('sso');
    expect(entryPageOf('oidc')).toBe('sso');
    expect(entryPageOf('dingtalk')).toBe('dingTalk');
    expect(entryPageOf('wecom')).toBe('weChat');
  });
});
