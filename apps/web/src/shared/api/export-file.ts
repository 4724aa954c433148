import { TASK_TYPE, type DownloadTask } from '@psy/contracts';

/**
 * Exports (spec 000 line 181, docs/api.md "Exports"): a call answers either the file itself (a short
 * export streams a blob: csv, zip, word or excel) or a download task (a long export runs as a job; 'the
 * file is generating', it appears in the download list). This file holds the decision, free of React and
 * antd so it is unit-tested; `useExportFile` (use-export-file.ts) binds it to the message and the queries.
 */
export type ExportOutcome =
  { kind: 'file'; blob: Blob; fileName: string } | { kind: 'task'; task: DownloadTask };

/** Whether an answer is a download task (`taskProgressSchema`) of an export. */
export function isExportTask(value: unknown): value is DownloadTask {
  if (!value || typeof value !== 'object' || value instanceof Blob) return false;
  const v = value as Partial<DownloadTask>;
  return typeof v.id === 'number' && v.taskType === TASK_TYPE.export && typeof v.taskStatus === 'number';
}

/** What an export call answered: a file to save under `fileName`, or a task that is generating it. */
export function exportOutcome(result: unknown, fileName: string): ExportOutcome {
  if (result instanceof Blob) return { kind: 'file', blob: result, fileName };
  if (isExportTask(result)) return { kind: 'task', task: result };
  throw new Error('an export answered neither a file nor a download task');
}

/** What running an export needs from the page: the loading message, saving a file, the 'generating' notice. */
export interface ExportEffects {
  /** Shows 'exporting...' until `done` runs. */
  loading(): void;
  done(): void;
  save(blob: Blob, fileName: string): void;
  /** Says 'the file is generating, see the download list' and refreshes the download count. */
  generating(task: DownloadTask): void;
}

/**
 * Runs an export call: 'exporting...' while it runs, then saves the file or reports the task. A failed
 * call answers null (the request layer has already shown why).
 */
export async function runExport(
  call: () => Promise<unknown>,
  fileName: string,
  effects: ExportEffects,
): Promise<ExportOutcome | null> {
  effects.loading();
  let outcome: ExportOutcome;
  try {
    outcome = exportOutcome(await call(), fileName);
  } catch {
    effects.done();
    return null;
  }
  effects.done();
  if (outcome.kind === 'file') effects.save(outcome.blob, outcome.fileName);
  else effects.generating(outcome.task);
  return outcome;
}
