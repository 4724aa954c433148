/**
 * Pure helpers of the import dialogs (spec S0.2.21/22, S0.3.10, S0.4.12, S0.5.11): the file checks of the
 * upload, a task's percentage, what the floating badge shows, which tasks just completed, and where the
 * dragged badge may go.
 */
import { IMPORT_FILE_MAX_BYTES, TASK_STATUS, type TaskProgress } from '@psy/contracts';

/** Spec S0.9: import progress is polled every 5 s. */
export const IMPORT_POLL_MS = 5000;

/** Extensions the upload accepts (spec S0.5: only .xls or .xlsx). */
export const IMPORT_FILE_ACCEPT = '.xls,.xlsx';

export type ImportFileIssue = 'fileRequired' | 'fileType' | 'fileTooLarge';

/** What is wrong with the chosen file, before it is read: none, not a spreadsheet, too large. */
export function importFileIssue(
  file: { name: string; size: number } | null | undefined,
): ImportFileIssue | null {
  if (!file) return 'fileRequired';
  if (!/\.xlsx?$/i.test(file.name.trim())) return 'fileType';
  if (file.size > IMPORT_FILE_MAX_BYTES) return 'fileTooLarge';
  return null;
}

export function isTaskRunning(task: Pick<TaskProgress, 'taskStatus'>): boolean {
  return task.taskStatus === TASK_STATUS.queued || task.taskStatus === TASK_STATUS.processing;
}

/** Whole percent done: 100 only once the task is done (the result file is written after the last row). */
export function taskPercent(
  task: Pick<TaskProgress, 'taskStatus' | 'currentProgress' | 'totalProgress'>,
): number {
  if (task.taskStatus === TASK_STATUS.done) return 100;
  if (task.totalProgress <= 0) return 0;
  return Math.min(99, Math.max(0, Math.floor((task.currentProgress / task.totalProgress) * 100)));
}

export type BadgeContent = { kind: 'queued' } | { kind: 'percent'; percent: number } | { kind: 'close' };

/** Spec S0.4.12: the badge shows 'queued...' while queued, the percentage while processing, else a close icon. */
export function badgeContent(task: TaskProgress | null | undefined): BadgeContent {
  if (task?.taskStatus === TASK_STATUS.queued) return { kind: 'queued' };
  if (task?.taskStatus === TASK_STATUS.processing) return { kind: 'percent', percent: taskPercent(task) };
  return { kind: 'close' };
}

/** The task's creator alone may cancel it (while it runs) or download its result (spec S0.6.6). */
export function taskActions(
  task: Pick<TaskProgress, 'taskStatus' | 'createUserId' | 'isDownload'>,
  userId: number | null | undefined,
): { cancel: boolean; download: boolean } {
  const isCreator = userId !== null && userId !== undefined && task.createUserId === userId;
  return { cancel: isCreator && isTaskRunning(task), download: isCreator && task.isDownload === 1 };
}

/**
 * Tracks the running tasks the dialog has seen. `seen` maps task id to its last status; `update` takes the
 * latest answers (running list and single tasks) and says which tasks just reached 'done' (spec S0.4.12:
 * 'user import task completed' at 100%, once per task) and which left the running list without an answer
 * saying how they ended (to be asked for by id).
 */
export function trackTasks(
  seen: ReadonlyMap<number, number>,
  running: readonly Pick<TaskProgress, 'id' | 'taskStatus'>[],
  settled: readonly Pick<TaskProgress, 'id' | 'taskStatus'>[] = [],
): { seen: Map<number, number>; completed: number[]; vanished: number[] } {
  const next = new Map(seen);
  const completed: number[] = [];
  for (const task of [...running, ...settled]) {
    const before = next.get(task.id);
    const wasRunning = before === TASK_STATUS.queued || before === TASK_STATUS.processing;
    const isRunning = task.taskStatus === TASK_STATUS.queued || task.taskStatus === TASK_STATUS.processing;
    // A task over stays over: an older answer (a list asked before it ended) must not revive it.
    if (isRunning && before !== undefined && !wasRunning) continue;
    if (task.taskStatus === TASK_STATUS.done && wasRunning) completed.push(task.id);
    next.set(task.id, task.taskStatus);
  }
  const present = new Set([...running, ...settled].map((task) => task.id));
  const vanished = [...seen.entries()]
    .filter(
      ([id, status]) =>
        !present.has(id) && (status === TASK_STATUS.queued || status === TASK_STATUS.processing),
    )
    .map(([id]) => id);
  return { seen: next, completed, vanished };
}

export interface Point {
  x: number;
  y: number;
}

/** A press that moves less than this (px) is a click on the badge, not a drag. */
export const DRAG_THRESHOLD_PX = 4;

export function isDrag(start: Point, end: Point): boolean {
  return Math.hypot(end.x - start.x, end.y - start.y) >= DRAG_THRESHOLD_PX;
}

/** Keeps the badge (size) wholly inside the window (viewport), `margin` px from its edges. */
export function clampBadge(
  position: Point,
  size: { width: number; height: number },
  viewport: { width: number; height: number },
  margin = 8,
): Point {
  const clamp = (value: number, max: number) => Math.min(Math.max(value, margin), Math.max(margin, max));
  return {
    x: clamp(position.x, viewport.width - size.width - margin),
    y: clamp(position.y, viewport.height - size.height - margin),
  };
}

/** The name the result file of an import is saved under: the upload's name with `-result.xlsx`. */
export function resultFileName(uploadName: string): string {
  const base = uploadName.trim().replace(/\.xlsx?$/i, '') || 'import';
  return `${base}-result.xlsx`;
}
