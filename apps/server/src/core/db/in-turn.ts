/**
 * Runs the steps one after another and answers their results in order, as `Promise.all` would. The
 * statements of one transaction share its connection, which runs one statement at a time anyway; the
 * driver warns about overlapping ones now and refuses them from its next major version.
 */
export async function inTurn<T extends readonly unknown[]>(
  steps: readonly [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as unknown as T;
}
