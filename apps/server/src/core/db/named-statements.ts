import pg from 'pg';

/**
 * Gives each frequently run parameterised statement a name, so every connection parses and plans it once
 * and PostgreSQL reuses the plan instead of planning each execution. Drizzle sends unnamed statements;
 * for the per-request statements (request admission, principal, profile) planning cost more than
 * executing (bench/user-info.bench.ts: PostgreSQL CPU per GET /admin/user/info 1.3 ms unnamed, 0.3 ms named).
 *
 * Only texts seen PREPARE_AFTER times get a name, and at most MAX_NAMED texts in all, so rare statements
 * and generated ones (multi-row inserts) stay unnamed and the per-connection statement cache stays small.
 * Values are still sent as parameters: naming changes nothing about escaping or row-level security, and
 * PostgreSQL re-plans a cached statement by itself when the role or a referenced table changes.
 * Needs a direct connection or a pooler that supports prepared statements (PgBouncer >= 1.21).
 */
const PREPARE_AFTER = 3;
const MAX_NAMED = 500;
const MAX_TRACKED = 5000;

const names = new Map<string, string>();
const seen = new Map<string, number>();

/** The statement name for `text`, or undefined while it should still run unnamed. */
export function statementName(text: string): string | undefined {
  const named = names.get(text);
  if (named !== undefined || names.size >= MAX_NAMED) return named;
  const count = (seen.get(text) ?? 0) + 1;
  if (count < PREPARE_AFTER) {
    if (seen.size < MAX_TRACKED) seen.set(text, count);
    return undefined;
  }
  seen.delete(text);
  const name = `psy_s${names.size + 1}`;
  names.set(text, name);
  return name;
}

type QueryArgs = unknown[];

function withName(args: QueryArgs): QueryArgs {
  const [config, values] = args;
  if (typeof config === 'string') {
    if (!Array.isArray(values) || values.length === 0) return args;
    const name = statementName(config);
    return name ? [{ text: config, name }, ...args.slice(1)] : args;
  }
  if (config === null || typeof config !== 'object') return args;
  const c = config as { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };
  // Already named, or a submittable (cursor, stream): left as it is.
  if (typeof c.text !== 'string' || c.name || typeof c.submit === 'function') return args;
  const vals = Array.isArray(values) ? values : c.values;
  if (!Array.isArray(vals) || vals.length === 0) return args; // no parameters: simple protocol, nothing to plan twice
  const name = statementName(c.text);
  return name ? [{ ...c, name }, ...args.slice(1)] : args;
}

/** A pg client that names frequent statements (see above); pass as `Client` to `pg.Pool`. */
export class NamedStatementClient extends pg.Client {}

Object.defineProperty(NamedStatementClient.prototype, 'query', {
  configurable: true,
  writable: true,
  value: function query(this: pg.Client, ...args: QueryArgs): unknown {
    // Looked up per call, not captured once, so wrappers installed on pg.Client later still apply.
    const base = pg.Client.prototype.query as unknown as (...a: QueryArgs) => unknown;
    return base.apply(this, withName(args));
  },
});
