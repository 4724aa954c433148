import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createHoverIntent, MENU_HOVER_DELAY_MS } from './hover-intent';

describe('menu hover delay', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 80 ms [spec:S0.9.5]', () => {
    expect(MENU_HOVER_DELAY_MS).toBe(80);
  });

  it('shows a product once the pointer has rested on it for 80 ms [spec:S0.1.5]', () => {
    const show = vi.fn();
    const hover = createHoverIntent<number>(show);
    hover.enter(1);
    vi.advanceTimersByTime(79);
    expect(show).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(show).toHaveBeenCalledExactlyOnceWith(1);
  });

  it('does nothing for a hover that leaves earlier [spec:S0.1.5]', () => {
    const show = vi.fn();
    const hover = createHoverIntent<number>(show);
    hover.enter(1);
    vi.advanceTimersByTime(50);
    hover.leave(1);
    vi.advanceTimersByTime(500);
    expect(show).not.toHaveBeenCalled();
  });

  it('sweeping across products shows only the one the pointer stops on [spec:S0.1.5]', () => {
    const show = vi.fn();
    const hover = createHoverIntent<number>(show);
    for (const id of [1, 2, 3]) {
      hover.enter(id);
      vi.advanceTimersByTime(30);
      hover.leave(id);
    }
    hover.enter(4);
    vi.advanceTimersByTime(80);
    expect(show.mock.calls).toEqual([[4]]);
  });

  it('a late leave of an earlier product does not cancel the one now pending', () => {
    const show = vi.fn();
    const hover = createHoverIntent<number>(show);
    hover.enter(2);
    hover.leave(1);
    vi.advanceTimersByTime(80);
    expect(show.mock.calls).toEqual([[2]]);
  });

  it('keyboard focus shows at once and drops a pending hover (accessibility) [spec:S0.1.5]', () => {
    const show = vi.fn();
    const hover = createHoverIntent<number>(show);
    hover.enter(1);
    hover.focus(2);
    expect(show.mock.calls).toEqual([[2]]);
    vi.advanceTimersByTime(200);
    expect(show.mock.calls).toEqual([[2]]);
  });

  it('cancel drops what is pending', () => {
    const show = vi.fn();
    const hover = createHoverIntent<number>(show, 10);
    hover.enter(1);
    hover.cancel();
    vi.advanceTimersByTime(100);
    expect(show).not.toHaveBeenCalled();
  });
});
