/** Rows of a raw `db.execute` result; both drivers answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** int8 columns arrive as string (node-postgres) or bigint (PGlite) from raw SQL. */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint' || typeof v === 'string') return Number(v);
  throw new TypeError(`not a number: ${String(v)}`);
}

export function toNumberOrNull(v: unknown): number | null {
  return v === null || v === undefined ? null : toNumber(v);
}
