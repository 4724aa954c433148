/** The student's assessment routes (spec S1.2.7, S1.2.9). */
export const TAKE_PATHS = {
  tests: '/evaluation_user_test/index',
  success: '/testSuccess',
  mine: '/evaluation_user_answerlist/index',
} as const;

export const testPath = (planId: number, scaleId: number) =>
  `${TAKE_PATHS.tests}?${new URLSearchParams({ planId: String(planId), scaleId: String(scaleId) })}`;

/** A positive whole number of the query, or null. */
export function readQueryId(search: URLSearchParams, key: string): number | null {
  const raw = search.get(key);
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
}
