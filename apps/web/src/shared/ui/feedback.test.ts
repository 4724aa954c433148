import { beforeEach, describe, expect, it, vi } from 'vitest';

const plain = vi.hoisted(() => [] as { kind: string; content: string; seconds: number }[]);
vi.mock('./plain/toast', () => ({
  showPlainToast: (kind: string, content: string, seconds: number) => plain.push({ kind, content, seconds }),
}));

const { bindMessageApi, showToast, TOAST_SECONDS } = await import('./feedback');

type MessageApi = Parameters<typeof bindMessageApi>[0];

describe('toasts', () => {
  const open = vi.fn();
  beforeEach(() => {
    plain.length = 0;
    open.mockReset();
    bindMessageApi(null);
  });

  it('use the plain toast where antd is not loaded (the login page) [spec:S0.8.4]', () => {
    showToast('success', 'sent successfully');
    expect(plain).toEqual([{ kind: 'success', content: 'sent successfully', seconds: TOAST_SECONDS }]);
    expect(TOAST_SECONDS).toBe(1.5);
  });

  it("use antd's message while an antd route has bound it", () => {
    bindMessageApi({ open } as unknown as MessageApi);
    showToast('error', 'slot already taken');
    expect(open).toHaveBeenCalledWith({ type: 'error', content: 'slot already taken', duration: 1.5 });
    expect(plain).toEqual([]);
  });

  it('keep a message that must outlive the page (session ended) out of React [spec:S0.8.5]', () => {
    bindMessageApi({ open } as unknown as MessageApi);
    showToast('error', 'Not logged in or the login has expired', TOAST_SECONDS, { outlivesPage: true });
    expect(open).not.toHaveBeenCalled();
    expect(plain).toHaveLength(1);
  });
});
