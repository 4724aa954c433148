import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  MIN_TEXT_CONTRAST,
  parseColor,
  readableShade,
  readableStates,
  selectedItemColors,
} from './brand-colors';

const WHITE = [255, 255, 255] as const;

describe('brand colours for plain CSS', () => {
  it('reads the colour forms a tenant theme colour may take [spec:S0.1.7]', () => {
    expect(parseColor('#1677ff')).toEqual([22, 119, 255]);
    expect(parseColor('#f00')).toEqual([255, 0, 0]);
    expect(parseColor('rgb(0, 128, 0)')).toEqual([0, 128, 0]);
    expect(parseColor('rgba(0,0,0,0.5)')).toEqual([128, 128, 128]);
    expect(parseColor('#00000080')).toEqual([127, 127, 127]);
    expect(parseColor('not a colour')).toBeNull();
  });

  it('keeps a colour that white text is readable on', () => {
    expect(readableShade('#0958d9')).toBe('#0958d9');
    expect(readableShade('#000')).toBe('#000000');
  });

  it('darkens a light brand colour until white text reaches 4.5:1 [spec:S0.1.7]', () => {
    for (const colour of ['#1677ff', '#52c41a', '#fadb14', '#13c2c2', 'rgb(255, 120, 117)']) {
      const shade = readableShade(colour);
      const rgb = parseColor(shade);
      expect(rgb, colour).not.toBeNull();
      expect(contrastRatio(rgb!, WHITE), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    }
    // Only as much as needed: the default blue stays a blue close to itself.
    const [r, g, b] = parseColor(readableShade('#1677ff'))!;
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(30);
    expect(g).toBeGreaterThan(95);
  });

  it('keeps white text readable on hovered and pressed buttons too [spec:S0.1.7]', () => {
    for (const colour of ['#1677ff', '#52c41a', '#0958d9']) {
      const states = readableStates(colour);
      expect(states.base).toBe(readableShade(colour));
      for (const shade of [states.hover, states.active]) {
        expect(shade, colour).not.toBe(states.base);
        expect(contrastRatio(parseColor(shade)!, WHITE), colour).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      }
    }
  });

  it("gives the sidebar's selected item text that reaches 4.5:1 on its tint, whatever the brand colour", () => {
    for (const brand of [
      '#1570f0',
      '#1677ff',
      '#faad14',
      '#52c41a',
      '#eb2f96',
      '#000000',
      'rgb(255 255 0)',
    ]) {
      const { background, text } = selectedItemColors(brand);
      expect(contrastRatio(parseColor(text)!, parseColor(background)!), brand).toBeGreaterThanOrEqual(
        MIN_TEXT_CONTRAST,
      );
      // The tint stays light (a selected row, not a filled button).
      expect(contrastRatio(parseColor(background)!, [255, 255, 255]), brand).toBeLessThan(1.3);
    }
  });
});
