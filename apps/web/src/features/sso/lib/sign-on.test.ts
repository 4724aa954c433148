import { describe, expect, it } from 'vitest';
import { completionOf, entryPageOf, inAppBrowserOf, isInAppEntry, proofOf } from './sign-on';

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

describe('in-app browsers [spec:S0.2.4]', () => {
  const WECOM =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 wxwork/4.1.22 MicroMessenger/7.0.1 NetType/WIFI Language/zh';
  const WECHAT = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) AppleWebKit/605.1.15 Mobile MicroMessenger/8.0.44';
  const DINGTALK =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36 AliApp(DingTalk/7.5.10) com.alibaba.android.rimet/1 Channel/700159 language/zh-CN';
  const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131 Safari/537.36';

  it("knows WeCom's browser by wxwork (not WeChat's) and DingTalk's by DingTalk", () => {
    expect(inAppBrowserOf(WECOM)).toBe('wecom');
    expect(inAppBrowserOf(WECHAT)).toBeNull();
    expect(inAppBrowserOf(DINGTALK)).toBe('dingtalk');
    expect(inAppBrowserOf(DESKTOP)).toBeNull();
  });

  it('signs in in-app only on the entry page of the app the page runs in', () => {
    expect(isInAppEntry('weChat', WECOM)).toBe(true);
    expect(isInAppEntry('dingTalk', DINGTALK)).toBe(true);
    expect(isInAppEntry('dingTalk', WECOM)).toBe(false);
    expect(isInAppEntry('weChat', DINGTALK)).toBe(false);
    expect(isInAppEntry('sso', DINGTALK)).toBe(false);
    expect(isInAppEntry('weChat', DESKTOP)).toBe(false);
  });
});
