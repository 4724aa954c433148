import type { App } from 'antd';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/** How long an error toast stays (spec S0.8, S0.9: 1.5 s). */
export const TOAST_SECONDS = 1.5;

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

let messageApi: MessageInstance | null = null;

/**
 * Code outside React (the request layer) shows toasts through the `App` message instance, so they follow
 * the theme and locale of the ConfigProvider; `FeedbackBridge` binds it once the app is mounted.
 */
export function bindMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export function showToast(kind: ToastKind, content: string, seconds = TOAST_SECONDS): void {
  if (messageApi) {
    void messageApi.open({ type: kind, content, duration: seconds });
  } else if (kind === 'error' || kind === 'warning') {
    console.warn(`[${kind}] ${content}`);
  }
}
