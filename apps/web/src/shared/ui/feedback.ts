import type { App } from 'antd';
import { showPlainToast } from './plain/toast';

type MessageInstance = ReturnType<typeof App.useApp>['message'];

/** How long an error toast stays (spec S0.8, S0.9: 1.5 s). */
export const TOAST_SECONDS = 1.5;

export type ToastKind = 'success' | 'info' | 'warning' | 'error';

let messageApi: MessageInstance | null = null;

/**
 * Code outside React (the request layer) shows toasts through the `App` message instance, so they follow
 * the theme and locale of the ConfigProvider; `FeedbackBridge` (app/antd-providers.tsx) binds it while a
 * route built with antd is shown.
 */
export function bindMessageApi(api: MessageInstance | null): void {
  messageApi = api;
}

export interface ToastOptions {
  /**
   * The app is about to leave for the login page (the session ended): antd's message would vanish with the
   * antd routes, so the plain toast, which lives outside React, shows it.
   */
  outlivesPage?: boolean;
}

/** A toast: antd's message where antd is loaded, else the plain one (the login page does not load antd). */
export function showToast(
  kind: ToastKind,
  content: string,
  seconds = TOAST_SECONDS,
  options: ToastOptions = {},
): void {
  if (messageApi && !options.outlivesPage) {
    void messageApi.open({ type: kind, content, duration: seconds });
  } else {
    showPlainToast(kind, content, seconds);
  }
}
