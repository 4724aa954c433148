import { describe, expect, it } from 'vitest';
import { screenClassOf } from './use-screen-class';

describe('screen classes', () => {
  it('follow the widths of the spec [spec:S0.9.8]', () => {
    expect([1440, 1200, 1199, 992, 991, 768, 767, 375].map(screenClassOf)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });
});
