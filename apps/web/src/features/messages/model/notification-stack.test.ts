import { describe, expect, it } from 'vitest';
import { MESSAGE_STATUS } from '@psy/contracts';
import { cardLayout, cardsHiddenKey, hideUpTo, NOTIFICATION_STACK, pickCards } from './notification-stack';

describe('notification card stack', () => {
  it('is 380 px wide in front, 10 px narrower and 5 px higher per card behind [spec:S0.2.16]', () => {
    const layouts = [0, 1, 2, 3].map((i) => cardLayout(i, 4));
    expect(layouts.map((l) => l.width)).toEqual([380, 370, 360, 350]);
    expect(layouts.map((l) => l.offset)).toEqual([0, 5, 10, 15]);
    expect(layouts.map((l) => l.inset)).toEqual([0, 5, 10, 15]);
  });

  it('styles only the first four cards as stacked [spec:S0.2.16]', () => {
    expect(NOTIFICATION_STACK.stacked).toBe(4);
    expect([0, 1, 2, 3, 4].map((i) => cardLayout(i, 5).isVisible)).toEqual([true, true, true, true, false]);
    // A fifth card waits behind the fourth, at its place, and moves up when one in front is closed.
    expect(cardLayout(4, 5)).toMatchObject({ width: 350, offset: 15 });
  });

  it('puts the newest card in front', () => {
    const layouts = [0, 1, 2].map((i) => cardLayout(i, 3));
    expect(layouts.map((l) => l.isFront)).toEqual([true, false, false]);
    expect(layouts.map((l) => l.zIndex)).toEqual([3, 2, 1]);
  });

  it('shows unread messages only, without the ones just closed, at most five [spec:S0.2.16]', () => {
    const messages = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, status: id === 2 ? 0 : 1 }));
    expect(pickCards(messages, new Set()).map((m) => m.id)).toEqual([1, 3, 4, 5, 6]);
    expect(pickCards(messages, new Set([1, 4])).map((m) => m.id)).toEqual([3, 5, 6, 7]);
    expect(pickCards(undefined, new Set())).toEqual([]);
  });
});

describe('hiding the cards', () => {
  const unread = (id: number) => ({ id, status: MESSAGE_STATUS.unread });
  it('keeps hidden what was there when hidden, and shows the stack again for a newer message', () => {
    const shown = pickCards([unread(12), unread(11), unread(9)], new Set());
    const upTo = hideUpTo(shown, 0);
    expect(upTo).toBe(12);
    expect(pickCards([unread(12), unread(11)], new Set(), undefined, upTo)).toEqual([]);
    expect(pickCards([unread(13), unread(12)], new Set(), undefined, upTo)).toEqual([unread(13)]);
    // Hiding again never moves the mark back.
    expect(hideUpTo([], upTo)).toBe(12);
  });

  it('keeps the mark per user', () => {
    expect(cardsHiddenKey(7)).not.toBe(cardsHiddenKey(8));
  });
});
