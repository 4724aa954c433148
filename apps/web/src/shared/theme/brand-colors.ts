/**
 * The brand colour for components styled with plain CSS (the login page, loading and error views, the
 * fallback toast): CSS variables on the document root, including a shade that white text can sit on.
 */

type Rgb = readonly [r: number, g: number, b: number];

/** WCAG 2 AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;
const WHITE: Rgb = [255, 255, 255];

/** A colour as `resolvePrimaryColor` lets through (#rgb[a], #rrggbb[aa], rgb[a]()), over white; null if unreadable. */
export function parseColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase();
  let rgba: number[] | null = null;
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(value)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex;
    rgba = [0, 2, 4, 6].map((i) => (i < full.length ? parseInt(full.slice(i, i + 2), 16) : 255));
    rgba[3] = (rgba[3] ?? 255) / 255;
  } else {
    const parts = /^rgba?\(([^)]*)\)$/
      .exec(value)?.[1]
      ?.split(/[\s,/]+/)
      .filter(Boolean);
    if (!parts || parts.length < 3) return null;
    rgba = parts.map((part, i) => {
      const n = parseFloat(part);
      if (!part.endsWith('%')) return n;
      return i < 3 ? (n / 100) * 255 : n / 100;
    });
    rgba[3] ??= 1;
  }
  if (rgba.some((n) => !Number.isFinite(n))) return null;
  const [r, g, b, a] = rgba.map((n, i) => Math.min(Math.max(n, 0), i < 3 ? 255 : 1)) as [
    number,
    number,
    number,
    number,
  ];
  // A translucent colour is seen over the white surface it is used on.
  return [r, g, b].map((c) => Math.round(c * a + 255 * (1 - a))) as unknown as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The brand colour, darkened just enough that white text on it (and it as text on white) reaches 4.5:1.
 * A tenant may pick any theme colour (spec S0.1.7); buttons and links in it must stay readable.
 */
export function readableShade(color: string): string {
  const rgb = parseColor(color);
  if (!rgb) return color;
  for (let black = 0; black <= 100; black += 2) {
    const shade = rgb.map((c) => c * (1 - black / 100)) as unknown as Rgb;
    if (contrastRatio(shade, WHITE) >= MIN_TEXT_CONTRAST) return toHex(shade);
  }
  return '#000000';
}

/**
 * The primary colour of buttons and links in its three states, all readable with white text: antd would
 * lighten it on hover, which drops white text below 4.5:1, so hover and press darken it instead.
 */
export function readableStates(color: string): { base: string; hover: string; active: string } {
  const base = readableShade(color);
  const rgb = parseColor(base);
  if (!rgb) return { base, hover: base, active: base };
  const darker = (share: number) => toHex(rgb.map((c) => c * (1 - share)) as unknown as Rgb);
  return { base, hover: darker(0.12), active: darker(0.24) };
}

/** Sets `--brand-color` and `--brand-color-strong` (readable under and as text) on the document root. */
export function applyBrandColors(primaryColor: string): void {
  const style = document.documentElement.style;
  style.setProperty('--brand-color', primaryColor);
  style.setProperty('--brand-color-strong', readableShade(primaryColor));
}

/** antd's error red (#ff4d4f) is 3.3:1 on white; this one reaches 5.9:1 (WCAG 1.4.3). */
export const READABLE_ERROR_COLOR = '#cf1322';

/**
 * The selected item of a menu (the sidebar): a light tint of the brand colour behind text in a shade of it
 * that reaches 4.5:1 on that tint. antd's own pair (#1570f0 on #e6f4ff) is 4.06:1.
 */
export function selectedItemColors(color: string): { background: string; text: string } {
  const rgb = parseColor(color) ?? parseColor('#1677ff')!;
  const tint = rgb.map((c) => c * 0.1 + 255 * 0.9) as unknown as Rgb;
  for (let black = 0; black <= 100; black += 2) {
    const shade = rgb.map((c) => c * (1 - black / 100)) as unknown as Rgb;
    if (contrastRatio(shade, tint) >= MIN_TEXT_CONTRAST)
      return { background: toHex(tint), text: toHex(shade) };
  }
  return { background: toHex(tint), text: '#000000' };
}
