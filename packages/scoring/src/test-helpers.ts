import type { ScaleDefinition } from './definition';
import type { Responses } from './score';

/** Answers with every item at one option value. */
export const allAt = (def: ScaleDefinition, value: number): Responses =>
  Object.fromEntries(def.items.map((i) => [i.no, value]));

/** Answers picked by item number (missing items get `rest`). */
export const answers = (def: ScaleDefinition, rest: number, picks: Record<number, number>): Responses =>
  Object.fromEntries(def.items.map((i) => [i.no, picks[i.no] ?? rest]));
