import { describe, expect, it } from 'vitest';
import { parseMessageEvent, parseUnreadEvent, reconnectDelay } from './push';

describe('message push helpers', () => {
  it('backs off 1, 2, 5, 10 then 30 s between reconnects', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(reconnectDelay)).toEqual([
      1000, 2000, 5000, 10000, 30000, 30000, 30000,
    ]);
    expect(reconnectDelay(-3)).toBe(1000);
  });

  it('parses an unread event and refuses malformed ones', () => {
    expect(parseUnreadEvent('{"total":3,"byType":[{"type":2,"count":2},{"type":null,"count":1}]}')).toEqual({
      total: 3,
      byType: [
        { type: 2, count: 2 },
        { type: null, count: 1 },
      ],
    });
    expect(parseUnreadEvent('not json')).toBeNull();
    expect(parseUnreadEvent('{"total":-1,"byType":[]}')).toBeNull();
    expect(parseUnreadEvent('{"total":1,"byType":[{"type":"x","count":1}]}')).toBeNull();
    expect(parseUnreadEvent(undefined)).toBeNull();
  });

  it('parses a message event', () => {
    expect(parseMessageEvent('{"id":7,"title":"Hi","status":1}')).toEqual({ id: 7, title: 'Hi' });
    expect(parseMessageEvent('{"id":"7","title":"Hi"}')).toBeNull();
  });
});
