import {
  parse as pgliteParse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Gives each frequently run statement a name, so every connection parses and plans it once and PostgreSQL
 * reuses the plan instead of planning each execution. Drizzle sends unnamed statements; for the
 * per-request statements (request admission, principal, profile) planning cost more than executing
 * (bench/user-info.bench.ts: PostgreSQL CPU per GET /admin/user/info 1.3 ms unnamed, 0.3 ms named).
 * On PostgreSQL through node-postgres (`NamedStatementClient`); on PGlite through `withNamedStatements`,
 * where a named statement also runs in one call into the engine instead of six.
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

/** Which texts have a name: one set per process on PostgreSQL (pg tracks what each connection parsed), one per PGlite handle. */
class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly seen = new Map<string, number>();

  /** `prefix`: what sets this set's names apart from another's on the same engine. */
  constructor(private readonly prefix = 'psy_s') {}

  /** The statement name for `text`, or undefined while it should still run unnamed. */
  nameOf(text: string): string | undefined {
    const named = this.names.get(text);
    if (named !== undefined || this.names.size >= MAX_NAMED) return named;
    const count = (this.seen.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (this.seen.size < MAX_TRACKED) this.seen.set(text, count);
      return undefined;
    }
    this.seen.delete(text);
    const name = `${this.prefix}${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}

const processNames = new StatementNames();

/** The statement name for `text` on PostgreSQL, or undefined while it should still run unnamed. */
export function statementName(text: string): string | undefined {
  return processNames.nameOf(text);
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

type Message = Parameters<typeof pgliteParse.parseResults>[0][number];

/** A statement an engine holds under a name: its parameters' types and its result's columns. */
interface Prepared {
  paramTypes: number[];
  rowDescription: Message | undefined;
}

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What PGlite adds to an error of its own `query` (its `makePGliteError`), so callers see the same error. */
function asQueryError(error: unknown, text: string, params: unknown[], options: QueryOptions | undefined) {
  if (error instanceof Error && 'code' in error && 'severity' in error)
    Object.assign(error, { query: text, params, queryOptions: options });
  return error;
}

/** Handles made so far: each names its statements apart, so two handles on one engine never meet. */
let handles = 0;

/**
 * The engine with named statements (see the top of this file): a text run PREPARE_AFTER times is parsed and
 * described once under a name, and then each run is one call into the engine (bind, execute, sync) with
 * the values serialised as PGlite's own `query` does, instead of PGlite's six calls (parse, describe,
 * bind, describe, execute, sync), each planning the text again: a signed-in GET /admin/user/info took 5.3 ms
 * of CPU with every statement unnamed and 2.6 with the frequent ones named (bench/pglite-requests.bench.ts).
 * A text run fewer times goes the same way as the engine's unnamed statement, described again at each run
 * (two calls); a query with a blob or parameter types of its own goes to PGlite unchanged. The
 * names are the handle's, apart from any other handle's on the engine; a handle must not outlive a
 * `deallocate all` (the test harness resets an engine between files, each with a handle of its own).
 */
export function withNamedStatements(client: PGlite): PGlite {
  handles += 1;
  const names = new StatementNames(`psy_h${handles}_s`);
  const prepared = new Map<string, Prepared>();
  const { serialize } = protocol;

  /**
   * Runs a statement under `name`, or as the engine's unnamed statement when `name` is '' (a text not run
   * often enough to be named: parsed and described again at each run, in two calls instead of PGlite's six);
   * the caller holds PGlite's query lock.
   */
  async function run<T>(
    name: string,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = prepared.get(name);
    try {
      if (!statement) {
        const described = (await client.execProtocolStream(
          joined([
            serialize.parse({ name, text }),
            serialize.describe({ type: 'S', name }),
            serialize.sync(),
          ]),
          { syncToFs: false },
        )) as Message[];
        statement = {
          paramTypes: pgliteParse.parseDescribeStatementResults(described),
          rowDescription: described.find((message) => message.name === 'rowDescription'),
        };
        if (name) prepared.set(name, statement);
      }
      const { paramTypes } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = paramTypes[i]!;
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      const answer = (await client.execProtocolStream(
        joined([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false, ...(options?.onNotice ? { onNotice: options.onNotice } : {}) },
      )) as Message[];
      if (!inTransaction) await client.syncToFs();
      const messages = statement.rowDescription ? [statement.rowDescription, ...answer] : answer;
      // PGlite merges a query's own parsers into the engine's by copying all 318 of them, on every query:
      // 130 µs, against 4 µs for the rest of a one-row answer, and Drizzle passes its own (dates as text)
      // with every query. Here the query's few parsers lie over the engine's, which they inherit.
      if (!options?.parsers)
        return pgliteParse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      const parsers = Object.assign(Object.create(client.parsers) as typeof client.parsers, options.parsers);
      return pgliteParse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
    } catch (error) {
      throw asQueryError(error, text, params, options);
    }
  }

  /** The name to run `text` under ('' unnamed), or undefined when PGlite's own `query` should run it. */
  const nameFor = (text: string, options: QueryOptions | undefined) =>
    options?.blob || options?.paramTypes ? undefined : (names.nameOf(text) ?? '');

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    const name = nameFor(text, options);
    if (name === undefined) return client.query<T>(text, params, options);
    await client._checkReady();
    // As PGlite's `query`: not beside a transaction, and one statement at a time.
    return client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(() => run<T>(name, text, params, options, false)),
    );
  };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    client.transaction((tx) =>
      callback(
        new Proxy(tx, {
          get(target, key) {
            if (key !== 'query') return Reflect.get(target, key, target) as unknown;
            return async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
              const name = nameFor(text, options);
              // A closed transaction's query throws as PGlite's does.
              if (name === undefined || target.closed) return target.query<R>(text, params, options);
              return client._runExclusiveQuery(() => run<R>(name, text, params, options, true));
            };
          },
        }),
      ),
    );

  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') return query;
      if (key === 'transaction') return transaction;
      const value = Reflect.get(target, key, target) as unknown;
      // PGlite's methods use private fields, which exist on the engine and not on this proxy.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
