import { MASK_CHAR } from './rules';

/**
 * How personal values are masked in answers (spec S0.5.7, DESIGN "masked unless the viewer may see
 * them"). The server masks; the web only shows. Every masked value contains MASK_CHAR, so a form that
 * sends one back is refused by `isMaskedValue`.
 */
const stars = (n: number) => MASK_CHAR.repeat(Math.max(1, n));

/** `13812345678` -> `138****5678`; shorter values keep their first and last character. */
export function maskPhone(value: string | null): string | null {
  if (value === null || value === '') return value;
  if (value.length >= 7) return `${value.slice(0, 3)}${stars(value.length - 7)}${value.slice(-4)}`;
  return `${value.slice(0, 1)}${stars(value.length - 1)}`;
}

/** `110101199003071234` -> `110***********1234` (first 3, last 4); short values keep 1 and 1. */
export function maskIdCard(value: string | null): string | null {
  if (value === null || value === '') return value;
  if (value.length >= 8) return `${value.slice(0, 3)}${stars(value.length - 7)}${value.slice(-4)}`;
  return `${value.slice(0, 1)}${stars(value.length - 1)}`;
}

/** `王小明` -> `王**`, `Li Lei` -> `L*****`: the first character stays. */
export function maskName(value: string | null): string | null {
  if (value === null || value === '') return value;
  const chars = [...value];
  return `${chars[0]}${stars(chars.length - 1)}`;
}
