import { DEFAULT_PAGE_SIZE, USER_IMPORT_PERMISSION, hasPermission } from '@psy/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useUserInfo } from '../../auth';
import { fetchTask, useFirstTask, useRefreshTasks, useTaskList } from '../api/user-import';
import { trackTasks } from '../lib/import-task';
import { setRecordsView, type RecordsView } from '../model/records-store';
import { ImportProgressBadge } from './progress-badge';
import { ImportRecordsDialog } from './records-dialog';

/**
 * The import records dialog or, minimised, the floating badge (spec S0.2.22, S0.4.12), only with the
 * permission `admin_userInfo_userImport_btn` (S0.6.6). Loaded lazily by the layout's `ImportRecordsSlot`
 * once the user opens the records. While shown, it watches the user's running tasks (5 s polls) and says
 * 'user import task completed' when one of them is done.
 */
export function ImportRecords({ view }: { view: Exclude<RecordsView, 'closed'> }) {
  const info = useUserInfo();
  const isAllowed = hasPermission(info.data?.permissions, USER_IMPORT_PERMISSION);
  useEffect(() => {
    if (info.data && !isAllowed) setRecordsView('closed');
  }, [info.data, isAllowed]);
  if (!isAllowed) return null;
  return (
    <>
      <CompletionWatcher />
      {view === 'dialog' ? (
        <ImportRecordsDialog
          onMinimise={() => setRecordsView('badge')}
          onClose={() => setRecordsView('closed')}
        />
      ) : (
        <ImportProgressBadge
          onOpen={() => setRecordsView('dialog')}
          onClose={() => setRecordsView('closed')}
        />
      )}
    </>
  );
}

/** Spec S0.4.12: 'user import task completed' once per task that the dialog or badge saw running. */
function CompletionWatcher() {
  const { t } = useTranslation();
  const running = useTaskList('running', 1);
  const first = useFirstTask();
  const refresh = useRefreshTasks();
  const seen = useRef(new Map<number, number>());

  const runningTasks = running.data?.records;
  const firstTask = first.data;
  useEffect(() => {
    if (!runningTasks) return;
    // Only the first page is watched; more than DEFAULT_PAGE_SIZE imports at once is not a case to toast.
    const settled = firstTask && !runningTasks.some((task) => task.id === firstTask.id) ? [firstTask] : [];
    const state = trackTasks(seen.current, runningTasks.slice(0, DEFAULT_PAGE_SIZE), settled);
    seen.current = state.seen;
    const announce = (count: number) => {
      if (count === 0) return;
      showToast('success', t('userImport.messages.completed'));
      void refresh();
    };
    announce(state.completed.length);
    if (state.vanished.length === 0) return;
    // Tasks that left the running list: how did they end?
    void Promise.allSettled(state.vanished.map((id) => fetchTask(id))).then((answers) => {
      const ended = answers.flatMap((answer) => (answer.status === 'fulfilled' ? [answer.value] : []));
      const after = trackTasks(seen.current, [], ended);
      // A task that could not be asked about is not asked again every 5 s.
      for (const id of state.vanished) {
        if (!ended.some((task) => task.id === id)) after.seen.set(id, -1);
      }
      seen.current = after.seen;
      announce(after.completed.length);
      if (after.completed.length === 0) void refresh();
    });
  }, [runningTasks, firstTask, t, refresh]);
  return null;
}
