import { describe, expect, it } from 'vitest';
import { gradeLetter } from './labels';
import { pathWith, readFlag, readId } from './paths';

describe('assessment paths and labels', () => {
  it('builds a page path with its query, leaving out empty values', () => {
    expect(pathWith('/evaluationReport', { answerId: 5, x: null, y: '' })).toBe(
      '/evaluationReport?answerId=5',
    );
    expect(pathWith('/evaluationReport', {})).toBe('/evaluationReport');
  });

  it('reads only positive whole ids and true/false flags', () => {
    const q = new URLSearchParams('a=12&b=-1&c=1.5&d=0&e=true&f=no');
    expect(readId(q, 'a')).toBe(12);
    expect(readId(q, 'b')).toBeNull();
    expect(readId(q, 'c')).toBeNull();
    expect(readId(q, 'd')).toBeNull();
    expect(readId(q, 'zz')).toBeNull();
    expect(readFlag(q, 'e')).toBe(true);
    expect(readFlag(q, 'f')).toBeUndefined();
  });

  it('shows grading 1-4 as A-D [spec:S0.9.3]', () => {
    expect([1, 2, 3, 4].map(gradeLetter).join('')).toBe('ABCD');
    expect(gradeLetter(5)).toBe('');
  });
});

describe('assessment manifest', () => {
  it('declares every button key the screens check [spec:S0.6.4]', async () => {
    const { assessmentFeature } = await import('../manifest');
    const { ASSESSMENT_BUTTONS } = await import('./buttons');
    expect([...assessmentFeature.buttons].sort()).toEqual(Object.values(ASSESSMENT_BUTTONS).sort());
  });
});
