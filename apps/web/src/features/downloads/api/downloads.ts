import { downloadingCountEndpoint } from '@psy/contracts';
import { useQuery } from '@tanstack/react-query';
import { request } from '../../../shared/api/request';
import { useSession } from '../../../shared/session/session-store';

/** Spec S0.2.14: the file list page. */
export const DOWNLOAD_LIST_PATH = '/downloadFile/fileList';
/** While files are being generated the count is asked again this often (spec S0.9: progress polls 5 s). */
export const GENERATING_POLL_MS = 5000;

export const downloadQueryKeys = {
  /** An export that starts a file invalidates this, so the badge counts it. */
  user: (userId: number) => ['downloads', userId] as const,
  generating: (userId: number) => ['downloads', userId, 'generating-count'] as const,
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
