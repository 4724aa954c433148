import type { Database } from '../db/database';
import { listenChannel } from '../db/listen';

/** The channel the `message` table's trigger notifies (migration 0007_message_push). */
export const INBOX_CHANNEL = 'psy_inbox';

/** One notification: a message of this user was inserted or changed status. */
export interface InboxEvent {
  tenantId: number;
  userId: number;
  messageId: number;
}

export type InboxListener = (event: InboxEvent) => void;

interface Log {
  warn(obj: unknown, msg?: string): void;
}

/**
 * One LISTEN per server process (core/db/listen.ts), fanned out to the process's open streams by
 * (tenant, user). A notification lost while the listener reconnects is not replayed; a stream sends the
 * current counts whenever it opens, and the web client polls while its stream is down.
 */
export class PushHub {
  private readonly listeners = new Map<string, Set<InboxListener>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
  ) {}

  private static key(tenantId: number, userId: number) {
    return `${tenantId}:${userId}`;
  }

  /** Streams open in this process for the user. */
  count(tenantId: number, userId: number): number {
    return this.listeners.get(PushHub.key(tenantId, userId))?.size ?? 0;
  }

  subscribe(tenantId: number, userId: number, fn: InboxListener): () => void {
    const key = PushHub.key(tenantId, userId);
    let set = this.listeners.get(key);
    if (!set) this.listeners.set(key, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0 && this.listeners.get(key) === set) this.listeners.delete(key);
    };
  }

  /** Parses a notification payload and hands it to the user's listeners; malformed payloads are ignored. */
  dispatch(payload: string | undefined): void {
    const event = parseInboxPayload(payload);
    if (!event) return;
    for (const fn of this.listeners.get(PushHub.key(event.tenantId, event.userId)) ?? []) {
      try {
        fn(event);
      } catch (err) {
        this.log.warn({ err }, 'push listener failed');
      }
    }
  }

  async start(): Promise<void> {
    this.unlisten ??= await listenChannel(this.database, INBOX_CHANNEL, (p) => this.dispatch(p), this.log);
  }

  async stop(): Promise<void> {
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => undefined);
  }
}

export function parseInboxPayload(payload: string | undefined): InboxEvent | null {
  if (!payload) return null;
  try {
    const v = JSON.parse(payload) as Record<string, unknown>;
    const ids = [v.tenantId, v.userId, v.messageId];
    if (!ids.every((x) => typeof x === 'number' && Number.isSafeInteger(x))) return null;
    return { tenantId: v.tenantId as number, userId: v.userId as number, messageId: v.messageId as number };
  } catch {
    return null;
  }
}
