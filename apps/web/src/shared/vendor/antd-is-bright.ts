import { FastColor } from '@ant-design/fast-color';

/**
 * Ant Design's `isBright` (antd/es/color-picker/components/ColorPresets), the same computation, for the
 * Button and Tag styles: importing it from the colour picker's presets panel would bring the whole colour
 * picker and Collapse onto every screen that shows a button (vite.config.ts, `antdSlimImports`).
 */
export const isBright = (
  value: { toRgb(): { r: number; g: number; b: number; a: number }; toRgbString(): string },
  bgColorToken: string,
): boolean => {
  const { r, g, b, a } = value.toRgb();
  const hsv = new FastColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  if (a <= 0.5) {
    // Adapted to dark mode
    return hsv.v > 0.5;
  }
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
};
