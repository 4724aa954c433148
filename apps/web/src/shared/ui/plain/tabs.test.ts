import { describe, expect, it } from 'vitest';
import { tabIndexForKey } from './tabs';

describe('tabs keyboard (WAI-ARIA tabs pattern)', () => {
  it('moves with the arrow keys, wrapping around', () => {
    expect(tabIndexForKey('ArrowRight', 0, 2)).toBe(1);
    expect(tabIndexForKey('ArrowRight', 1, 2)).toBe(0);
    expect(tabIndexForKey('ArrowLeft', 0, 2)).toBe(1);
    expect(tabIndexForKey('ArrowDown', 0, 3)).toBe(1);
    expect(tabIndexForKey('ArrowUp', 0, 3)).toBe(2);
  });

  it('jumps with Home and End, and ignores other keys', () => {
    expect(tabIndexForKey('Home', 2, 3)).toBe(0);
    expect(tabIndexForKey('End', 0, 3)).toBe(2);
    expect(tabIndexForKey('Enter', 0, 3)).toBeNull();
    expect(tabIndexForKey('a', 0, 3)).toBeNull();
  });
});
