import { CLIENT_LOG_LIMITS, clientLogsEndpoint } from '@psy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/memory-storage';
import {
  addClientLog,
  appendLog,
  badgeText,
  CLIENT_LOG_CAP,
  clearClientLogs,
  createLog,
  ERROR_BADGE_MAX,
  ERROR_LOG_PAGE_SIZE,
  formatLogTime,
  normaliseLogs,
  readClientLogs,
  removeClientLogs,
  toUploadBatches,
  toUploadEntry,
} from './log-store';

const entry = (n: number) =>
  createLog({
    type: 'error',
    url: `http://x/page/${n}`,
    message: `boom ${n}`,
    stack: null,
    info: null,
    time: n,
  });

describe('client error log [spec:S0.2.26] [spec:S0.3.13]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps entries in local storage with type, address, content, stack and time', () => {
    addClientLog({ type: 'promise', url: 'http://x/wel/index', message: 'nope', stack: 'at x', info: null });
    const [log] = readClientLogs();
    expect(log).toMatchObject({ type: 'promise', url: 'http://x/wel/index', message: 'nope', stack: 'at x' });
    expect(typeof log!.time).toBe('number');
    expect(localStorage.getItem('psy-client-logs')).toContain('nope');
    expect(sessionStorage.length).toBe(0);
  });

  it(`keeps only the newest ${CLIENT_LOG_CAP} entries`, () => {
    let logs = [entry(0)];
    for (let n = 1; n <= CLIENT_LOG_CAP + 5; n += 1) logs = appendLog(logs, entry(n));
    expect(logs).toHaveLength(CLIENT_LOG_CAP);
    expect(logs[0]!.message).toBe('boom 6');
    expect(logs.at(-1)!.message).toBe(`boom ${CLIENT_LOG_CAP + 5}`);
    for (let n = 0; n < CLIENT_LOG_CAP + 3; n += 1) addClientLog({ ...entry(n), stack: null });
    expect(readClientLogs()).toHaveLength(CLIENT_LOG_CAP);
  });

  it('shows at most 99 on the badge [spec:S0.9.7]', () => {
    expect(ERROR_BADGE_MAX).toBe(99);
    expect(badgeText(0)).toBe('');
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(200)).toBe('99+');
  });

  it('pages the table by 10 [spec:S0.9.1]', () => {
    expect(ERROR_LOG_PAGE_SIZE).toBe(10);
  });

  it('uploads in batches of at most 100, oldest first', () => {
    const logs = Array.from({ length: 250 }, (_, n) => entry(n));
    const batches = toUploadBatches(logs);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches[0]![0]!.message).toBe('boom 0');
    expect(toUploadBatches([])).toEqual([]);
  });

  it('drops NUL characters, which the server refuses', () => {
    const log = createLog({
      type: 'error',
      url: 'http://x/\u0000a',
      message: 'bad\u0000byte',
      stack: null,
      info: null,
    });
    expect(log.message).toBe('badbyte');
    expect(log.url).toBe('http://x/a');
  });

  it('sends what the server contract takes, without the local id', () => {
    const log = createLog({
      type: 'error',
      url: 'http://x/a',
      message: 'm'.repeat(5000),
      stack: 's'.repeat(20_000),
      info: null,
      time: 1_700_000_000_000,
    });
    const upload = toUploadEntry(log);
    expect(upload).not.toHaveProperty('id');
    expect(upload).not.toHaveProperty('info');
    expect(upload.message.length).toBeLessThanOrEqual(CLIENT_LOG_LIMITS.message);
    expect(clientLogsEndpoint.body!.safeParse([upload]).success).toBe(true);
  });

  it('removes uploaded entries and clears all', () => {
    const a = addClientLog({ type: 'error', url: 'u', message: 'a', stack: null, info: null });
    addClientLog({ type: 'error', url: 'u', message: 'b', stack: null, info: null });
    removeClientLogs([a.id]);
    expect(readClientLogs().map((l) => l.message)).toEqual(['b']);
    clearClientLogs();
    expect(readClientLogs()).toEqual([]);
    expect(localStorage.getItem('psy-client-logs')).toBeNull();
  });

  it('ignores stored entries of the wrong shape', () => {
    expect(normaliseLogs('x')).toEqual([]);
    expect(normaliseLogs([{ id: 1 }, entry(1)])).toHaveLength(1);
    localStorage.setItem('psy-client-logs', '{broken');
    expect(readClientLogs()).toEqual([]);
  });

  it('formats the time as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatLogTime(new Date(2025, 0, 2, 3, 4, 5).getTime())).toBe('2025-01-02 03:04:05');
  });
});
