import type { DownloadTask } from '@psy/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../lib/save-file';
import { useSession } from '../session/session-store';
import { exportTaskQueryKey } from './download-keys';
import { runExport } from './export-file';

const MESSAGE_KEY = 'export-file';

/**
 * An export action for a page: `run(call, fileName)` shows 'exporting...', then saves the blob or says
 * 'the file is generating, see the download list' and invalidates the user's download-list queries
 * (`exportTaskQueryKey`, download-keys.ts). `exporting` is true while a call runs.
 */
export function useExportFile() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userId = useSession()?.user.id ?? 0;
  const [exporting, setExporting] = useState(false);

  const run = useCallback(
    async (call: () => Promise<unknown>, fileName: string) => {
      setExporting(true);
      try {
        return await runExport(call, fileName, {
          loading: () =>
            void message.open({
              key: MESSAGE_KEY,
              type: 'loading',
              content: t('exports.exporting'),
              duration: 0,
            }),
          done: () => message.destroy(MESSAGE_KEY),
          save: saveFile,
          generating: (task: DownloadTask) => {
            void message.open({
              type: 'success',
              content: t('exports.generating', { fileName: task.fileName }),
              duration: 4,
            });
            void queryClient.invalidateQueries({ queryKey: exportTaskQueryKey(userId) });
          },
        });
      } finally {
        setExporting(false);
      }
    },
    [message, queryClient, t, userId],
  );
  return { run, exporting };
}
