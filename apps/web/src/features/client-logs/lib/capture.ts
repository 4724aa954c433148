import { isApiError } from '../../../shared/api/request';
import { addClientLog, type ClientLogType } from '../model/log-store';

// Browser noise that is not an error of the app.
const IGNORED_MESSAGES = [/^ResizeObserver loop/i];

/** What the error says and where it came from, whatever was thrown. */
export function describeError(reason: unknown): { message: string; stack: string | null } {
  if (reason instanceof Error) return { message: reason.message || reason.name, stack: reason.stack ?? null };
  if (typeof reason === 'string') return { message: reason, stack: null };
  try {
    return { message: JSON.stringify(reason) ?? String(reason), stack: null };
  } catch {
    return { message: String(reason), stack: null };
  }
}

/**
 * Whether an error stays out of the log: failed API calls (the server knows them and the user saw the
 * toast), cancelled requests, and browser noise.
 */
export function isIgnoredError(reason: unknown, message?: string): boolean {
  if (isApiError(reason)) return true;
  if (reason instanceof DOMException && reason.name === 'AbortError') return true;
  const text = message ?? describeError(reason).message;
  return IGNORED_MESSAGES.some((pattern) => pattern.test(text));
}

// One error reaching the log twice (an error boundary, then the window) is logged once.
const logged = new WeakSet<object>();

/** Adds an error to the local error log (spec S0.2.26); answers whether it was added. */
export function recordError(type: ClientLogType, reason: unknown, info?: string | null): boolean {
  if (typeof reason === 'object' && reason !== null) {
    if (logged.has(reason)) return false;
    logged.add(reason);
  }
  const { message, stack } = describeError(reason);
  if (isIgnoredError(reason, message)) return false;
  addClientLog({ type, url: globalThis.location?.href ?? '', message, stack, info: info ?? null });
  return true;
}

/** A page that failed to render (error boundaries call this with React's component stack). */
export function recordRenderError(error: unknown, componentStack?: string | null): void {
  recordError('render', error, componentStack?.trim() || null);
}

/** Listens for uncaught errors and unhandled rejections of the page; answers a function that stops. */
export function installErrorCapture(target: Window = window): () => void {
  const onError = (event: ErrorEvent) => {
    const where = event.filename ? `${event.filename}:${event.lineno}:${event.colno}` : null;
    recordError('error', event.error ?? event.message, where);
  };
  const onRejection = (event: PromiseRejectionEvent) => recordError('promise', event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
