import { TASK_TYPE, type DownloadTask } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import { exportOutcome, isExportTask, runExport, type ExportEffects } from './export-file';

const task = {
  id: 7,
  taskType: TASK_TYPE.export,
  taskStatus: 0,
  fileName: 'answers.xlsx',
} as DownloadTask;

function recorder() {
  const calls: string[] = [];
  const effects: ExportEffects = {
    loading: () => calls.push('loading'),
    done: () => calls.push('done'),
    save: (blob, name) => calls.push(`save ${name} ${blob.size}`),
    generating: (t) => calls.push(`generating ${t.id}`),
  };
  return { calls, effects };
}

describe('exportOutcome [spec:S0.7.28]', () => {
  it('a blob is a file to save; a download task is a file being generated', () => {
    const blob = new Blob(['a,b']);
    expect(exportOutcome(blob, 'x.csv')).toEqual({ kind: 'file', blob, fileName: 'x.csv' });
    expect(exportOutcome(task, 'x.csv')).toEqual({ kind: 'task', task });
  });

  it('anything else is an error, an import task is not an export', () => {
    expect(() => exportOutcome({ ok: true }, 'x')).toThrow();
    expect(isExportTask({ ...task, taskType: TASK_TYPE.importCreate })).toBe(false);
    expect(isExportTask(null)).toBe(false);
  });
});

describe('runExport [spec:S0.7.28]', () => {
  it('shows exporting..., then saves the file', async () => {
    const { calls, effects } = recorder();
    const out = await runExport(() => Promise.resolve(new Blob(['abc'])), 'f.zip', effects);
    expect(out?.kind).toBe('file');
    expect(calls).toEqual(['loading', 'done', 'save f.zip 3']);
  });

  it('shows exporting..., then says the file is generating', async () => {
    const { calls, effects } = recorder();
    const out = await runExport(() => Promise.resolve(task), 'f.xlsx', effects);
    expect(out).toEqual({ kind: 'task', task });
    expect(calls).toEqual(['loading', 'done', 'generating 7']);
  });

  it('a failed call ends the loading message and answers null', async () => {
    const { calls, effects } = recorder();
    expect(await runExport(() => Promise.reject(new Error('403')), 'f', effects)).toBeNull();
    expect(calls).toEqual(['loading', 'done']);
  });
});
