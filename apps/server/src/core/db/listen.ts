import pg from 'pg';
import type { Database } from './database';

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/**
 * LISTENs on a channel and calls `onPayload` for each notification; answers a function that stops.
 * PostgreSQL: a dedicated node-postgres client (not a pool connection, which would be held for good),
 * reconnected 1 s after a loss. PGlite: its own `listen` API. Notifications sent while disconnected are
 * lost; callers must tolerate that.
 */
export async function listenChannel(
  database: Database,
  channel: string,
  onPayload: (payload: string | undefined) => void,
  log: Log,
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
  if (database.pglite) return database.pglite.listen(channel, onPayload);
  if (!database.pool) throw new Error('no database connection to listen on');
  const connectionString = database.pool.options.connectionString;
  let stopped = false;
  let current: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString });
    const lost = (err?: Error) => {
      if (current !== client) return;
      current = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (stopped) return;
      log.warn({ err }, `listen ${channel}: connection lost, reconnecting`);
      retry = setTimeout(() => void connect(), 1000);
      retry.unref();
    };
    current = client;
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel === channel) onPayload(n.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${channel}`);
    } catch (err) {
      lost(err as Error);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = null;
    if (client) await client.end().catch(() => undefined);
  };
}
