import type { UnreadCounts } from '../model/unread';

/** Waits before reconnecting the message stream after its n-th failure in a row (0-based), in ms. */
const RECONNECT_STEPS_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

export function reconnectDelay(failures: number): number {
  const i = Math.min(Math.max(0, Math.floor(failures)), RECONNECT_STEPS_MS.length - 1);
  return RECONNECT_STEPS_MS[i]!;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return null;
  try {
    return JSON.parse(data) as unknown;
  } catch {
    return null;
  }
}

/** The counts of an `unread` event, or null when the data is not of that shape. */
export function parseUnreadEvent(data: unknown): UnreadCounts | null {
  const v = parse(data) as { total?: unknown; byType?: unknown } | null;
  if (!v || !isCount(v.total) || !Array.isArray(v.byType)) return null;
  const byType: UnreadCounts['byType'] = [];
  for (const e of v.byType as { type?: unknown; count?: unknown }[]) {
    if (!e || !isCount(e.count) || !(e.type === null || isCount(e.type))) return null;
    byType.push({ type: e.type, count: e.count });
  }
  return { total: v.total, byType };
}

/** The id and title of a `message` event (a new unread message), or null when malformed. */
export function parseMessageEvent(data: unknown): { id: number; title: string } | null {
  const v = parse(data) as { id?: unknown; title?: unknown } | null;
  if (!v || !isCount(v.id) || typeof v.title !== 'string') return null;
  return { id: v.id, title: v.title };
}
