import type { ScaleBand, ScaleDefinitionInput, Target, Text } from '../definition';

/** A text in both languages. */
export const t = (zh: string, en: string): Text => ({ zh, en });

/** Items numbered from 1 in the order given, all with one option set. */
export const itemsOf = (
  texts: readonly (readonly [zh: string, en: string])[],
  optionSet: string,
  reverse: readonly number[] = [],
): ScaleDefinitionInput['items'] =>
  texts.map(([zh, en], i) => ({
    no: i + 1,
    text: t(zh, en),
    optionSet,
    ...(reverse.includes(i + 1) ? { reverse: true } : {}),
  }));

/** Consecutive half-open bands of one target: `cuts` are the lower bounds after the first band. */
export function bandsOf(
  target: Target,
  cuts: readonly number[],
  labels: readonly { level: number; label: Text; interpretation: Text }[],
): ScaleBand[] {
  return labels.map((b, i) => ({
    target,
    ...(i > 0 ? { from: cuts[i - 1]! } : {}),
    ...(i < cuts.length ? { below: cuts[i]! } : {}),
    level: b.level,
    label: b.label,
    interpretation: b.interpretation,
  }));
}
