import { describe, expect, it } from 'vitest';
import { inTurn } from './in-turn';

describe('inTurn', () => {
  it('starts each step after the one before has finished, and answers the results in order', async () => {
    const events: string[] = [];
    const step = (name: string, ms: number) => async () => {
      events.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      events.push(`end ${name}`);
      return name.length;
    };
    const [a, b] = await inTurn([step('slow', 20), step('fast!', 0)]);
    expect([a, b]).toEqual([4, 5]);
    expect(events).toEqual(['start slow', 'end slow', 'start fast!', 'end fast!']);
  });

  it('stops at the first step that fails', async () => {
    let ran = false;
    await expect(
      inTurn([
        () => Promise.reject(new Error('refused')),
        async () => {
          ran = true;
        },
      ]),
    ).rejects.toThrow('refused');
    expect(ran).toBe(false);
  });
});
