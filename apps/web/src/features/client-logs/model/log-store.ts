import {
  CLIENT_LOG_BATCH_MAX,
  CLIENT_LOG_LIMITS,
  DEFAULT_PAGE_SIZE,
  type ClientLogEntry,
} from '@psy/contracts';
import { useSyncExternalStore } from 'react';
import {
  parseStored,
  readStoredRaw,
  removeStored,
  STORAGE_PREFIX,
  writeStored,
} from '../../../shared/storage/storage';
import { createListeners } from '../../../shared/lib/listeners';

/** Local error-log entries kept: the newest ones. */
export const CLIENT_LOG_CAP = 200;
/** Spec S0.9.7: the error badge shows at most 99. */
export const ERROR_BADGE_MAX = 99;
/** Spec S0.9.1: the error-log table shows 10 entries a page. */
export const ERROR_LOG_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** How the error reached the log: a window error, an unhandled promise rejection, a page that failed to render. */
export type ClientLogType = 'error' | 'promise' | 'render';

/** An error-log entry (spec S0.3.13): type, address, content, stack, time, plus an id and extra info. */
export interface ClientLog {
  id: string;
  type: string;
  url: string;
  message: string;
  stack: string | null;
  info: string | null;
  /** Epoch milliseconds. */
  time: number;
}

export type NewClientLog = Omit<ClientLog, 'id' | 'time'> & { time?: number };

/** Within the contract's length, and without NUL characters, which the server refuses (PostgreSQL text). */
const clip = (raw: string | null | undefined, max: number): string | null => {
  if (raw == null) return null;
  const text = raw.replaceAll('\u0000', '');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
};

let idCounter = 0;
function newId(): string {
  idCounter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${idCounter}`;
}

/** An entry cut to the lengths the server takes, so an upload never fails on a long stack. */
export function createLog(input: NewClientLog): ClientLog {
  return {
    id: newId(),
    type: clip(input.type, CLIENT_LOG_LIMITS.type) || 'error',
    url: clip(input.url, CLIENT_LOG_LIMITS.url) ?? '',
    message: clip(input.message, CLIENT_LOG_LIMITS.message) ?? '',
    stack: clip(input.stack, CLIENT_LOG_LIMITS.stack),
    info: clip(input.info, CLIENT_LOG_LIMITS.info),
    time: input.time ?? Date.now(),
  };
}

/** The list with the entry added, keeping only the newest `cap`. */
export function appendLog(logs: readonly ClientLog[], entry: ClientLog, cap = CLIENT_LOG_CAP): ClientLog[] {
  const next = [...logs, entry];
  return next.length > cap ? next.slice(next.length - cap) : next;
}

/** Text of the error badge: nothing for none, at most '99+' (spec S0.2.26, S0.9.7). */
export function badgeText(count: number): string {
  if (count <= 0) return '';
  return count > ERROR_BADGE_MAX ? `${ERROR_BADGE_MAX}+` : String(count);
}

/** The entries in upload batches of at most 100, oldest first (the server takes at most 100 a call). */
export function toUploadBatches<T>(logs: readonly T[], size = CLIENT_LOG_BATCH_MAX): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < logs.length; start += size) batches.push(logs.slice(start, start + size));
  return batches;
}

/** What the server stores of an entry (POST /admin/log/logs). */
export function toUploadEntry(log: ClientLog): ClientLogEntry {
  return {
    type: log.type,
    url: log.url,
    message: log.message,
    ...(log.stack ? { stack: log.stack } : {}),
    ...(log.info ? { info: log.info } : {}),
    time: log.time,
  };
}

function isLog(value: unknown): value is ClientLog {
  if (typeof value !== 'object' || value === null) return false;
  const log = value as Record<string, unknown>;
  return (
    typeof log.id === 'string' &&
    typeof log.type === 'string' &&
    typeof log.url === 'string' &&
    typeof log.message === 'string' &&
    (log.stack === null || typeof log.stack === 'string') &&
    (log.info === null || typeof log.info === 'string') &&
    typeof log.time === 'number'
  );
}

/** Stored entries that still have the right shape, capped. */
export function normaliseLogs(stored: unknown): ClientLog[] {
  if (!Array.isArray(stored)) return [];
  return stored.filter(isLog).slice(-CLIENT_LOG_CAP);
}

// Local storage ("lasting"): errors of earlier visits stay until uploaded or cleared.
const LOGS_KEY = 'client-logs';
const LASTING = { lasting: true } as const;
const EMPTY: ClientLog[] = [];
const changes = createListeners();
let cached: { raw: string | null; logs: ClientLog[] } = { raw: null, logs: EMPTY };

export function readClientLogs(): ClientLog[] {
  const raw = readStoredRaw(LOGS_KEY, LASTING);
  if (raw !== cached.raw) cached = { raw, logs: normaliseLogs(parseStored<unknown>(raw)) };
  return cached.logs;
}

function writeClientLogs(logs: ClientLog[]): void {
  if (logs.length === 0) removeStored(LOGS_KEY, LASTING);
  else writeStored(LOGS_KEY, logs, LASTING);
  changes.emit();
}

export function addClientLog(input: NewClientLog): ClientLog {
  const entry = createLog(input);
  writeClientLogs(appendLog(readClientLogs(), entry));
  return entry;
}

/** Drops the given entries (those uploaded). */
export function removeClientLogs(ids: readonly string[]): void {
  const gone = new Set(ids);
  writeClientLogs(readClientLogs().filter((log) => !gone.has(log.id)));
}

export function clearClientLogs(): void {
  writeClientLogs([]);
}

export function subscribeClientLogs(listener: () => void): () => void {
  const unsubscribe = changes.subscribe(listener);
  // Errors logged in another browser tab show up here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_PREFIX + LOGS_KEY) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    unsubscribe();
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

export function useClientLogs(): ClientLog[] {
  return useSyncExternalStore(subscribeClientLogs, readClientLogs, () => EMPTY);
}

/** `yyyy-MM-dd HH:mm:ss` in local time. */
export function formatLogTime(time: number): string {
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
