import { describe, expect, it } from 'vitest';
import { isInAppPath } from './in-app-path';

describe('isInAppPath', () => {
  it('accepts the paths of the app only', () => {
    for (const ok of ['/', '/wel/index', '/userinfo/index?from=self']) expect(isInAppPath(ok), ok).toBe(true);
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'wel/index',
      '',
      null,
      7,
    ]) {
      expect(isInAppPath(bad), String(bad)).toBe(false);
    }
  });
});
