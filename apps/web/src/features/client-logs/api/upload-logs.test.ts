import type { ClientLogEntry } from '@psy/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../test/memory-storage';
import { addClientLog, readClientLogs } from '../model/log-store';
import { uploadClientLogs } from './upload-logs';

function fill(count: number) {
  for (let n = 0; n < count; n += 1)
    addClientLog({ type: 'error', url: 'u', message: `e${n}`, stack: null, info: null });
}

describe('uploading the error log [spec:S0.2.26] [spec:S0.8.11]', () => {
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    vi.stubGlobal('localStorage', new MemoryStorage());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends batches of at most 100 and removes what was sent', async () => {
    fill(150);
    const sizes: number[] = [];
    const sent = await uploadClientLogs(readClientLogs(), async (batch: ClientLogEntry[]) => {
      sizes.push(batch.length);
      return batch.length;
    });
    expect(sizes).toEqual([100, 50]);
    expect(sent).toBe(150);
    expect(readClientLogs()).toEqual([]);
  });

  it('stops at a failed batch, keeping it and the later ones', async () => {
    fill(150);
    let calls = 0;
    const upload = uploadClientLogs(readClientLogs(), async () => {
      calls += 1;
      if (calls === 2) throw new Error('server down');
    });
    await expect(upload).rejects.toThrow('server down');
    expect(readClientLogs().map((l) => l.message)).toEqual(
      Array.from({ length: 50 }, (_, n) => `e${n + 100}`),
    );
  });

  it('keeps entries logged while uploading', async () => {
    fill(2);
    await uploadClientLogs(readClientLogs(), async () => {
      fill(1);
    });
    expect(readClientLogs().map((l) => l.message)).toEqual(['e0']);
  });
});
