import { IMPORT_FILE_MAX_BYTES, TASK_STATUS, type TaskProgress } from '@psy/contracts';
import { describe, expect, it } from 'vitest';
import {
  badgeContent,
  clampBadge,
  importFileIssue,
  isDrag,
  resultFileName,
  taskActions,
  taskPercent,
  trackTasks,
} from './import-task';

function task(overrides: Partial<TaskProgress> = {}): TaskProgress {
  return {
    id: 1,
    taskType: 0,
    taskStatus: TASK_STATUS.processing,
    importFileName: 'users.xlsx',
    fileName: 'users.xlsx',
    totalProgress: 200,
    currentProgress: 50,
    totalCount: 200,
    successCount: 40,
    failCount: 10,
    isDownload: 0,
    error: null,
    createUserId: 7,
    createUserName: 'admin',
    createTime: '2026-01-01 10:00:00',
    finishTime: null,
    expireTime: null,
    ...overrides,
  };
}

describe('importFileIssue [spec:S0.5.11]', () => {
  it('asks for a file when none is chosen', () => {
    expect(importFileIssue(null)).toBe('fileRequired');
    expect(importFileIssue(undefined)).toBe('fileRequired');
  });
  it('accepts only .xls and .xlsx, in any letter case', () => {
    expect(importFileIssue({ name: 'users.xlsx', size: 10 })).toBeNull();
    expect(importFileIssue({ name: 'USERS.XLS', size: 10 })).toBeNull();
    expect(importFileIssue({ name: 'users.csv', size: 10 })).toBe('fileType');
    expect(importFileIssue({ name: 'users.xlsx.exe', size: 10 })).toBe('fileType');
    expect(importFileIssue({ name: 'xlsx', size: 10 })).toBe('fileType');
  });
  it('refuses a file larger than the server accepts', () => {
    expect(importFileIssue({ name: 'a.xlsx', size: IMPORT_FILE_MAX_BYTES })).toBeNull();
    expect(importFileIssue({ name: 'a.xlsx', size: IMPORT_FILE_MAX_BYTES + 1 })).toBe('fileTooLarge');
  });
});

describe('taskPercent and badgeContent [spec:S0.4.12]', () => {
  it('is the share of rows done, whole percent, 100 only when done', () => {
    expect(taskPercent(task())).toBe(25);
    expect(taskPercent(task({ currentProgress: 200 }))).toBe(99);
    expect(taskPercent(task({ taskStatus: TASK_STATUS.done, currentProgress: 0 }))).toBe(100);
    expect(taskPercent(task({ totalProgress: 0, currentProgress: 0 }))).toBe(0);
  });
  it("shows 'queued...' while queued, the percentage while processing, else a close icon", () => {
    expect(badgeContent(task({ taskStatus: TASK_STATUS.queued }))).toEqual({ kind: 'queued' });
    expect(badgeContent(task())).toEqual({ kind: 'percent', percent: 25 });
    expect(badgeContent(task({ taskStatus: TASK_STATUS.done }))).toEqual({ kind: 'close' });
    expect(badgeContent(task({ taskStatus: TASK_STATUS.cancelled }))).toEqual({ kind: 'close' });
    expect(badgeContent(null)).toEqual({ kind: 'close' });
  });
});

describe('taskActions: creator only [spec:S0.6.6]', () => {
  it('lets the creator cancel a running task and download a result file', () => {
    expect(taskActions(task(), 7)).toEqual({ cancel: true, download: false });
    expect(taskActions(task({ taskStatus: TASK_STATUS.done, isDownload: 1 }), 7)).toEqual({
      cancel: false,
      download: true,
    });
  });
  it('gives nobody else either action', () => {
    expect(taskActions(task(), 8)).toEqual({ cancel: false, download: false });
    expect(taskActions(task({ taskStatus: TASK_STATUS.done, isDownload: 1 }), 8)).toEqual({
      cancel: false,
      download: false,
    });
    expect(taskActions(task(), null)).toEqual({ cancel: false, download: false });
  });
  it('offers no download without a file (isDownload 0)', () => {
    expect(taskActions(task({ taskStatus: TASK_STATUS.done, isDownload: 0 }), 7).download).toBe(false);
  });
});

describe('trackTasks: the completed toast once per task [spec:S0.4.12]', () => {
  it('reports a task that went from running to done, once', () => {
    let state = trackTasks(new Map(), [{ id: 1, taskStatus: TASK_STATUS.queued }]);
    expect(state.completed).toEqual([]);
    state = trackTasks(state.seen, [{ id: 1, taskStatus: TASK_STATUS.processing }]);
    expect(state.completed).toEqual([]);
    state = trackTasks(state.seen, [], [{ id: 1, taskStatus: TASK_STATUS.done }]);
    expect(state.completed).toEqual([1]);
    state = trackTasks(state.seen, [], [{ id: 1, taskStatus: TASK_STATUS.done }]);
    expect(state.completed).toEqual([]);
  });
  it('does not report a task first seen already done, or cancelled', () => {
    expect(trackTasks(new Map(), [], [{ id: 2, taskStatus: TASK_STATUS.done }]).completed).toEqual([]);
    const seen = new Map([[3, TASK_STATUS.processing as number]]);
    expect(trackTasks(seen, [], [{ id: 3, taskStatus: TASK_STATUS.cancelled }]).completed).toEqual([]);
  });
  it('does not revive a finished task from an older answer (no second toast)', () => {
    let state = trackTasks(new Map(), [{ id: 4, taskStatus: TASK_STATUS.processing }]);
    state = trackTasks(state.seen, [], [{ id: 4, taskStatus: TASK_STATUS.done }]);
    expect(state.completed).toEqual([4]);
    state = trackTasks(state.seen, [], [{ id: 4, taskStatus: TASK_STATUS.processing }]);
    expect(state.seen.get(4)).toBe(TASK_STATUS.done);
    state = trackTasks(state.seen, [], [{ id: 4, taskStatus: TASK_STATUS.done }]);
    expect(state.completed).toEqual([]);
  });
  it('names running tasks that left the running list without news', () => {
    const seen = new Map<number, number>([
      [1, TASK_STATUS.processing],
      [2, TASK_STATUS.done],
    ]);
    expect(trackTasks(seen, []).vanished).toEqual([1]);
    expect(trackTasks(seen, [{ id: 1, taskStatus: TASK_STATUS.processing }]).vanished).toEqual([]);
  });
});

describe('the draggable badge [spec:S0.2.22]', () => {
  it('tells a click from a drag', () => {
    expect(isDrag({ x: 10, y: 10 }, { x: 12, y: 11 })).toBe(false);
    expect(isDrag({ x: 10, y: 10 }, { x: 20, y: 10 })).toBe(true);
  });
  it('keeps the badge inside the window', () => {
    const size = { width: 80, height: 40 };
    const viewport = { width: 375, height: 600 };
    expect(clampBadge({ x: -50, y: 900 }, size, viewport)).toEqual({ x: 8, y: 552 });
    expect(clampBadge({ x: 100, y: 100 }, size, viewport)).toEqual({ x: 100, y: 100 });
    expect(clampBadge({ x: 400, y: -3 }, size, viewport)).toEqual({ x: 287, y: 8 });
  });
});

describe('resultFileName', () => {
  it('names the result after the upload', () => {
    expect(resultFileName('students 2024.XLSX')).toBe('students 2024-result.xlsx');
    expect(resultFileName('old.xls')).toBe('old-result.xlsx');
    expect(resultFileName('.xlsx')).toBe('import-result.xlsx');
  });
});
