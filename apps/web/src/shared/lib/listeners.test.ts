import { describe, expect, it } from 'vitest';
import { createListeners } from './listeners';

describe('createListeners', () => {
  it('calls every subscriber on emit until it unsubscribes', () => {
    const signal = createListeners();
    const calls: string[] = [];
    const stopA = signal.subscribe(() => calls.push('a'));
    signal.subscribe(() => calls.push('b'));
    signal.emit();
    stopA();
    signal.emit();
    expect(calls).toEqual(['a', 'b', 'b']);
  });

  it('keeps separate stores apart', () => {
    const one = createListeners();
    const two = createListeners();
    let count = 0;
    one.subscribe(() => (count += 1));
    two.emit();
    expect(count).toBe(0);
  });
});
