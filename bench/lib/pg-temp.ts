// Typed access to scripts/lib/pg-temp.mjs (a plain .mjs file without type declarations).
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export interface TempPostgres {
  url: string;
  port: number;
  dir: string;
  /** Synchronous and idempotent; also runs on exit, SIGINT and SIGTERM. */
  stop(): void;
}

const MODULE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/lib/pg-temp.mjs');

export async function startTempPostgres(): Promise<TempPostgres> {
  const mod = (await import(pathToFileURL(MODULE).href)) as {
    startTempPostgres: () => Promise<TempPostgres>;
  };
  return mod.startTempPostgres();
}

/** A free TCP port on the loopback interface. */
export async function freePort(): Promise<number> {
  const mod = (await import(pathToFileURL(MODULE).href)) as { freePort: () => Promise<number> };
  return mod.freePort();
}
