import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../shared/api/request';
import { MemoryStorage } from '../../../test/memory-storage';
import { readClientLogs } from '../model/log-store';
import {
  describeError,
  installErrorCapture,
  isIgnoredError,
  recordError,
  recordRenderError,
} from './capture';

describe('capturing client errors [spec:S0.2.26]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
    vi.stubGlobal('location', { href: 'http://x/wel/index' });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs an error with its address, message and stack', () => {
    expect(recordError('error', new Error('journey error'))).toBe(true);
    const [log] = readClientLogs();
    expect(log).toMatchObject({ type: 'error', url: 'http://x/wel/index', message: 'journey error' });
    expect(log!.stack).toContain('journey error');
  });

  it('logs one error object once', () => {
    const error = new Error('twice');
    recordRenderError(error, '\n    at Page');
    recordError('error', error);
    expect(readClientLogs()).toHaveLength(1);
    expect(readClientLogs()[0]).toMatchObject({ type: 'render', info: 'at Page' });
  });

  it('leaves out failed API calls, cancelled requests and browser noise', () => {
    const apiError = new ApiError({ kind: 'api', status: 400, code: 1, message: 'bad input' });
    expect(isIgnoredError(apiError)).toBe(true);
    expect(recordError('promise', apiError)).toBe(false);
    expect(recordError('promise', new DOMException('stop', 'AbortError'))).toBe(false);
    expect(recordError('error', 'ResizeObserver loop completed with undelivered notifications.')).toBe(false);
    expect(readClientLogs()).toEqual([]);
  });

  it('describes whatever was thrown', () => {
    expect(describeError('plain text')).toEqual({ message: 'plain text', stack: null });
    expect(describeError({ code: 7 })).toEqual({ message: '{"code":7}', stack: null });
    expect(describeError(undefined).message).toBe('undefined');
  });

  it("listens to the window's error and unhandledrejection events", () => {
    const target = new EventTarget();
    const stop = installErrorCapture(target as unknown as Window);
    const error = Object.assign(new Event('error'), {
      error: new Error('from a timer'),
      message: 'Uncaught Error: from a timer',
      filename: 'http://x/app.js',
      lineno: 3,
      colno: 9,
    });
    target.dispatchEvent(error);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('rejected') }));
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), {
        reason: new ApiError({ kind: 'http', status: 500, code: null, message: 'server' }),
      }),
    );
    stop();
    target.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after stop') }));
    expect(readClientLogs().map((l) => [l.type, l.message, l.info])).toEqual([
      ['error', 'from a timer', 'http://x/app.js:3:9'],
      ['promise', 'rejected', null],
    ]);
  });
});
