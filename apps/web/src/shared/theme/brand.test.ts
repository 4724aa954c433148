import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIMARY_COLOR, resolvePrimaryColor } from './brand';

describe('resolvePrimaryColor [spec:S0.1.7]', () => {
  it('falls back to the default blue for white', () => {
    for (const white of [
      '#ffffff',
      '#fff',
      '#FFF',
      'white',
      'rgb(255, 255, 255)',
      'rgb(255 255 255)',
      'rgb(100%,100%,100%)',
      '#ffffff80',
    ]) {
      expect(resolvePrimaryColor(white)).toBe(DEFAULT_PRIMARY_COLOR);
    }
  });

  it('falls back for empty or invalid values', () => {
    expect(resolvePrimaryColor(null)).toBe(DEFAULT_PRIMARY_COLOR);
    expect(resolvePrimaryColor('')).toBe(DEFAULT_PRIMARY_COLOR);
    expect(resolvePrimaryColor('url(javascript:x)')).toBe(DEFAULT_PRIMARY_COLOR);
    expect(resolvePrimaryColor('rgb(,,,)')).toBe(DEFAULT_PRIMARY_COLOR);
    expect(resolvePrimaryColor('#12345')).toBe(DEFAULT_PRIMARY_COLOR);
  });

  it('keeps a real colour', () => {
    expect(resolvePrimaryColor('#0a7c66')).toBe('#0a7c66');
    expect(resolvePrimaryColor('rgb(12, 100, 200)')).toBe('rgb(12, 100, 200)');
  });
});
