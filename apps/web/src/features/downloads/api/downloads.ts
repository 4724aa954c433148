import {
  downloadingCountEndpoint,
  downloadTaskFileEndpoint,
  mineFinishedTasksEndpoint,
  runningTasksEndpoint,
} from '@psy/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Paging } from '../../../shared/admin/paging';
import { exportTaskQueryKey } from '../../../shared/api/download-keys';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

/** Spec S0.2.14: the file list page. */
export const DOWNLOAD_LIST_PATH = '/downloadFile/fileList';
/** While files are being generated the count is asked again this often (spec S0.9: progress polls 5 s). */
export const GENERATING_POLL_MS = 5000;

export const downloadQueryKeys = {
  /** An export that starts a file invalidates this, so the badge counts it (shared/api/export-file.ts). */
  user: exportTaskQueryKey,
  generating: (userId: number) => ['downloads', userId, 'generating-count'] as const,
  running: (userId: number) => ['downloads', userId, 'running'] as const,
  finished: (userId: number, query: Paging) => ['downloads', userId, 'finished', query] as const,
};

/** How many of the user's files are being generated (`GET /biz/download/downloadFile/getDownLoadingCount`). */
export function useGeneratingCount() {
  const session = useSession();
  return useQuery({
    queryKey: downloadQueryKeys.generating(session?.user.id ?? 0),
    queryFn: ({ signal }) => request(downloadingCountEndpoint, { signal, hidePopup: true }),
    enabled: session !== null,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => ((query.state.data ?? 0) > 0 ? GENERATING_POLL_MS : false),
  });
}

/**
 * The file of one of the caller's finished tasks (`GET /biz/download/taskProgress/download`, creator only):
 * an export, or an import's result file.
 */
export function downloadTaskFile(id: number): Promise<Blob> {
  return request(downloadTaskFileEndpoint, { query: { id } }) as Promise<Blob>;
}

/** The caller's export files still being generated (first 100; asked again every 5 s while there are some). */
export function useGeneratingFiles() {
  const session = useSession();
  return useQuery({
    queryKey: downloadQueryKeys.running(session?.user.id ?? 0),
    queryFn: ({ signal }) =>
      request(runningTasksEndpoint, {
        body: { current: 1, size: 100, category: 'export' },
        signal,
        hidePopup: true,
      }),
    enabled: session !== null,
    refetchInterval: (query) => ((query.state.data?.records.length ?? 0) > 0 ? GENERATING_POLL_MS : false),
  });
}

/** A page of the caller's finished export files, latest first (page size 10, spec S0.9.1). */
export function useFinishedFiles(query: Paging) {
  const session = useSession();
  return useQuery({
    queryKey: downloadQueryKeys.finished(session?.user.id ?? 0, query),
    queryFn: ({ signal }) =>
      request(mineFinishedTasksEndpoint, {
        body: { current: query.current, size: query.size, category: 'export' },
        signal,
      }),
    enabled: session !== null,
    placeholderData: keepPreviousData,
  });
}
