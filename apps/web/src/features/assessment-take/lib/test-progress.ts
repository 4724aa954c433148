/**
 * The rules of taking a test on a phone (docs/assessment.md "Answering"): where to resume, what is left
 * to answer, which answers the server has not confirmed yet, and the result the success page shows. Pure.
 */
export type Responses = Readonly<Record<string, number>>;

/** The index of the item to show first: the saved position if it is an item, else the first unanswered. */
export function resumeIndex(itemNos: readonly number[], responses: Responses, position: number): number {
  const atPosition = itemNos.indexOf(position);
  if (atPosition >= 0) return atPosition;
  const firstOpen = itemNos.findIndex((no) => responses[String(no)] === undefined);
  return firstOpen >= 0 ? firstOpen : Math.max(0, itemNos.length - 1);
}

/** Item numbers not answered yet, in order. */
export const unansweredOf = (itemNos: readonly number[], responses: Responses): number[] =>
  itemNos.filter((no) => responses[String(no)] === undefined);

/** After answering the item at `index`: the next unanswered item after it, else the first one left, else stay. */
export function nextIndex(itemNos: readonly number[], responses: Responses, index: number): number {
  for (let i = index + 1; i < itemNos.length; i += 1)
    if (responses[String(itemNos[i])] === undefined) return i;
  const first = itemNos.findIndex((no) => responses[String(no)] === undefined);
  return first >= 0 ? first : Math.min(index + 1, itemNos.length - 1);
}

/** The answers the server has not confirmed: those changed since the last confirmed save. */
export function unsavedOf(responses: Responses, saved: Responses): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [no, value] of Object.entries(responses)) if (saved[no] !== value) out[no] = value;
  return out;
}

/** What the success page shows of a submitted test, handed over in session storage. */
export interface TestOutcome {
  scaleName: string;
  answerId: number | null;
  resultVisibility: number;
  summary: {
    level: number;
    label: { zh: string; en: string } | null;
    interpretation: { zh: string; en: string } | null;
    profileCode: string | null;
  } | null;
  critical: boolean;
  helpText: string | null;
}

export const OUTCOME_STORAGE_KEY = 'psy-assessment-outcome';

export function readOutcome(text: string | null): TestOutcome | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<TestOutcome>;
    return typeof value === 'object' && value !== null && typeof value.scaleName === 'string'
      ? (value as TestOutcome)
      : null;
  } catch {
    return null;
  }
}
