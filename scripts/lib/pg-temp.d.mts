// Types of pg-temp.mjs (a plain .mjs file), for the type-checked callers such as e2e/run.mjs.

export interface TempPostgres {
  /** postgres://postgres@127.0.0.1:PORT/postgres: the superuser, trust authentication. */
  url: string;
  port: number;
  dir: string;
  /** Synchronous and idempotent; also runs on exit, SIGINT, SIGTERM and SIGHUP. */
  stop(): void;
}

/** Directory of the PostgreSQL 15 binaries (PG_BIN, default /usr/lib/postgresql/15/bin). */
export const PG_BIN: string;

export function freePort(): Promise<number>;

export function startTempPostgres(options?: { port?: number }): Promise<TempPostgres>;
