import {
  allFinishedTasksEndpoint,
  cancelTaskEndpoint,
  DEFAULT_PAGE_SIZE,
  firstTaskProgressEndpoint,
  fixedUserTemplateEndpoint,
  importUsersEndpoint,
  mineFinishedTasksEndpoint,
  runningTasksEndpoint,
  taskProgressByIdEndpoint,
  userTypeTemplateEndpoint,
  type BodyOf,
  type ImportUsersResult,
  type TaskProgress,
} from '@psy/contracts';
import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';
import { IMPORT_POLL_MS, isTaskRunning } from '../lib/import-task';
import { md5Hex } from '../lib/md5';

export type { ImportUsersResult, TaskProgress };

/** The records dialog's lists: 'queued/importing', and 'import finished' mine / all (spec S0.2.22). */
export type RecordsList = 'running' | 'mine' | 'all';

const LIST_ENDPOINTS = {
  running: runningTasksEndpoint,
  mine: mineFinishedTasksEndpoint,
  all: allFinishedTasksEndpoint,
} as const;

export const userImportQueryKeys = {
  user: (userId: number) => ['user-import', userId] as const,
  list: (userId: number, list: RecordsList, current: number) =>
    ['user-import', userId, 'list', list, current] as const,
  first: (userId: number) => ['user-import', userId, 'first'] as const,
};

function useUserId(): number {
  return useSession()?.user.id ?? 0;
}

export interface ImportUpload {
  file: File;
  deptId: number;
  userTypeId: number;
  importType: number;
}

/**
 * `POST /admin/user/importUsers` (multipart): the file with the MD5 of its bytes, computed here, the
 * department, the user type and the mode. Answers the queued task and, when creating users, the initial
 * password (shown once).
 */
export function useImportUsers() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: async ({ file, deptId, userTypeId, importType }: ImportUpload) => {
      const fileMd5 = md5Hex(await file.arrayBuffer());
      const form = new FormData();
      form.append('fileMd5', fileMd5);
      form.append('deptId', String(deptId));
      form.append('userTypeId', String(userTypeId));
      form.append('importType', String(importType));
      // The file last: the server reads the fields before it streams the file.
      form.append('file', file, file.name);
      // A FormData body is sent as it is (request layer, multipart).
      return request(importUsersEndpoint, { body: form as unknown as BodyOf<typeof importUsersEndpoint> });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userImportQueryKeys.user(userId) }),
  });
}

export type TemplateKind = 'fixed' | 'userType';

/** The import template (XLSX) of the default form or of the user type, headers in the UI's language. */
export function fetchTemplate(kind: TemplateKind, userTypeId: number): Promise<Blob> {
  const endpoint = kind === 'fixed' ? fixedUserTemplateEndpoint : userTypeTemplateEndpoint;
  return request(endpoint, { query: { userTypeId } }) as Promise<Blob>;
}

/** One page of import tasks; the running list is asked again every 5 s while it has tasks (spec S0.9.6). */
export function useTaskList(list: RecordsList, current: number, isEnabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: userImportQueryKeys.list(userId, list, current),
    queryFn: ({ signal }) =>
      request(LIST_ENDPOINTS[list], {
        body: { current, size: DEFAULT_PAGE_SIZE, category: 'import' },
        signal,
        // Polled: a failure must not toast every 5 s.
        hidePopup: list === 'running',
      }),
    enabled: isEnabled && userId !== 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      list === 'running' && (query.state.data?.records.length ?? 0) > 0 ? IMPORT_POLL_MS : false,
  });
}

/** The caller's latest import task (the badge), asked again every 5 s while it runs. */
export function useFirstTask(isEnabled = true) {
  const userId = useUserId();
  return useQuery({
    queryKey: userImportQueryKeys.first(userId),
    queryFn: ({ signal }) => request(firstTaskProgressEndpoint, { signal, hidePopup: true }),
    enabled: isEnabled && userId !== 0,
    refetchInterval: (query) => {
      const task = query.state.data;
      return task && isTaskRunning(task) ? IMPORT_POLL_MS : false;
    },
  });
}

/** One task by id (how a task that left the running list ended). */
export function fetchTask(id: number): Promise<TaskProgress> {
  return request(taskProgressByIdEndpoint, { query: { id }, hidePopup: true });
}

/** Cancels one of the caller's running tasks (creator only). */
export function useCancelTask() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: number) => request(cancelTaskEndpoint, { query: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userImportQueryKeys.user(userId) }),
  });
}

/** After a task ended: every list and the badge again. */
export function useRefreshTasks(): () => Promise<void> {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: userImportQueryKeys.user(userId) }),
    [queryClient, userId],
  );
}
