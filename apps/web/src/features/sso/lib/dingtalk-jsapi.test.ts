import { afterEach, describe, expect, it } from 'vitest';
import { requestDingTalkAuthCode, type DingTalkJsApi } from './dingtalk-jsapi';

// The JSAPI is DingTalk's script; here the page's side of it: what it asks and how it reads the answers.
const settings = { corpId: 'dingcorp', clientId: 'dingapp' };
const holder = globalThis as unknown as { window?: { dd?: DingTalkJsApi } };

afterEach(() => {
  delete holder.window;
});

function withDd(dd: DingTalkJsApi | undefined) {
  holder.window = { dd };
}

describe("DingTalk's requestAuthCode [spec:S0.2.4]", () => {
  it('loads the script first, asks with corpId and clientId, and reads a callback answer', async () => {
    const asked: unknown[] = [];
    let loaded = false;
    const code = await requestDingTalkAuthCode(settings, async () => {
      loaded = true;
      withDd({
        requestAuthCode: (p) => {
          asked.push({ corpId: p.corpId, clientId: p.clientId });
          p.onSuccess?.({ code: 'c-1' });
        },
      });
    });
    expect(loaded).toBe(true);
    expect(asked).toEqual([settings]);
    expect(code).toBe('c-1');
  });

  it("reads the promise of the 3.x API and DingTalk's failure message", async () => {
    withDd({ requestAuthCode: () => Promise.resolve({ authCode: 'c-2' }) });
    await expect(requestDingTalkAuthCode(settings, async () => {})).resolves.toBe('c-2');
    withDd({ requestAuthCode: (p) => p.onFail?.({ errorCode: '3', errorMessage: 'corpId invalid' }) });
    await expect(requestDingTalkAuthCode(settings, async () => {})).rejects.toThrow('corpId invalid');
    withDd({ requestAuthCode: (p) => p.onSuccess?.({}) });
    await expect(requestDingTalkAuthCode(settings, async () => {})).rejects.toThrow(/authorisation code/);
  });

  it('fails clearly when the script did not define dd', async () => {
    withDd(undefined);
    await expect(requestDingTalkAuthCode(settings, async () => {})).rejects.toThrow(/not available/);
  });
});
