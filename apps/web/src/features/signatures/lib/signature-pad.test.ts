import { describe, expect, it } from 'vitest';
import { SIGNATURE_MAX_BYTES } from '@psy/contracts';
import { canvasPoint, signatureFileProblem } from './signature-pad';

describe('canvasPoint', () => {
  it('maps screen offsets to canvas pixels when the canvas is shown scaled [spec:S0.9.2]', () => {
    expect(canvasPoint({ x: 10, y: 20 }, { left: 0, top: 0, width: 760, height: 380 })).toEqual({
      x: 10,
      y: 20,
    });
    expect(canvasPoint({ x: 190, y: 95 }, { left: 0, top: 0, width: 380, height: 190 })).toEqual({
      x: 380,
      y: 190,
    });
    expect(canvasPoint({ x: 15, y: 15 }, { left: 5, top: 5, width: 0, height: 0 })).toEqual({ x: 10, y: 10 });
  });
});

describe('signatureFileProblem [spec:S0.5.8]', () => {
  it('accepts jpg, jpeg and png up to 20 MB only', () => {
    expect(signatureFileProblem({ name: 'me.png', size: 1000 })).toBeNull();
    expect(signatureFileProblem({ name: 'me.bmp', size: 1000 })).toBe('type');
    expect(signatureFileProblem({ name: 'me.jpg', size: SIGNATURE_MAX_BYTES + 1 })).toBe('size');
  });
});
