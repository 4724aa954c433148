import { PAGE_SETUP_IMAGE_MAX_BYTES } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { imageFileIssue, previewOf } from './page-setup-preview';

describe('page setup preview [spec:S0.1.7]', () => {
  it('shows the chosen colour and titles, with defaults for empty ones', () => {
    const p = previewOf({ systemTitle: ' Alpha ', layoutThemeColor: '#13c2c2' }, 'Platform');
    expect(p).toMatchObject({
      systemTitle: 'Alpha',
      browserTitle: 'Alpha',
      color: '#13c2c2',
      isColorFallback: false,
    });
    expect(previewOf({}, 'Platform')).toMatchObject({
      systemTitle: 'Platform',
      color: '#1677ff',
      isColorFallback: false,
    });
  });

  it('falls back to the default blue for white, and says so', () => {
    for (const white of ['#ffffff', '#FFF', 'rgb(255,255,255)']) {
      expect(previewOf({ layoutThemeColor: white }, 'x')).toMatchObject({
        color: '#1677ff',
        isColorFallback: true,
      });
    }
    expect(previewOf({ layoutThemeColor: '#1677ff' }, 'x').isColorFallback).toBe(false);
  });

  it('accepts images of the allowed types up to the size cap', () => {
    expect(imageFileIssue({ type: 'image/png', size: 1000 }, PAGE_SETUP_IMAGE_MAX_BYTES)).toBeNull();
    expect(imageFileIssue({ type: 'image/svg+xml', size: 10 }, PAGE_SETUP_IMAGE_MAX_BYTES)).toBe('type');
    expect(
      imageFileIssue({ type: 'image/png', size: PAGE_SETUP_IMAGE_MAX_BYTES + 1 }, PAGE_SETUP_IMAGE_MAX_BYTES),
    ).toBe('size');
  });
});
