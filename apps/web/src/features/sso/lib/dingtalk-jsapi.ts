/**
 * DingTalk's JSAPI inside DingTalk's own browser (docs/sso.md "In-app sign-on"). DingTalk publishes it as
 * a script on its CDN, which works only inside the app: it is loaded here, on `/{shortName}/dingTalk` in
 * DingTalk, and nowhere else (never with the login page). The version is pinned.
 */
export const DINGTALK_JSAPI_URL = 'https://g.alicdn.com/dingding/dingtalk-jsapi/3.0.25/dingtalk.open.js';

/** What this page uses of the script's global `dd`: `requestAuthCode` (callbacks, and a promise in 3.x). */
export interface DingTalkJsApi {
  requestAuthCode(params: {
    corpId: string;
    clientId: string;
    onSuccess?: (result: { code?: string; authCode?: string }) => void;
    onFail?: (error: unknown) => void;
  }): unknown;
}

declare global {
  interface Window {
    dd?: DingTalkJsApi;
  }
}

/** Adds DingTalk's script to the page once; resolves when it has run. */
export function loadDingTalkScript(url = DINGTALK_JSAPI_URL): Promise<void> {
  if (window.dd) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`DingTalk's JSAPI did not load from ${url}`));
    document.head.append(script);
  });
}

const codeOf = (result: unknown): string | null => {
  const r = (result ?? {}) as { code?: unknown; authCode?: unknown };
  const code = typeof r.code === 'string' ? r.code : typeof r.authCode === 'string' ? r.authCode : '';
  return code || null;
};

const failureText = (error: unknown): string => {
  const e = (error ?? {}) as { errorMessage?: unknown; message?: unknown };
  if (typeof e.errorMessage === 'string' && e.errorMessage) return e.errorMessage;
  if (typeof e.message === 'string' && e.message) return e.message;
  return 'DingTalk did not give an authorisation code';
};

/**
 * Asks DingTalk for an OAuth authorisation code of the signed-in member for the app `clientId` of the
 * organisation `corpId` (the same code the OAuth page would send back). The first answer counts, whether
 * it comes by callback or by the promise.
 */
export async function requestDingTalkAuthCode(
  settings: { corpId: string; clientId: string },
  load: () => Promise<void> = () => loadDingTalkScript(),
): Promise<string> {
  await load();
  const dd = window.dd;
  if (!dd) throw new Error("DingTalk's JSAPI is not available on this page");
  return new Promise<string>((resolve, reject) => {
    const succeed = (result: unknown) => {
      const code = codeOf(result);
      if (code) resolve(code);
      else reject(new Error(failureText(result)));
    };
    const fail = (error: unknown) => reject(new Error(failureText(error)));
    try {
      const answer = dd.requestAuthCode({ ...settings, onSuccess: succeed, onFail: fail });
      if (answer && typeof (answer as Promise<unknown>).then === 'function') {
        (answer as Promise<unknown>).then(succeed, fail);
      }
    } catch (error) {
      fail(error);
    }
  });
}
