import type { DownloadTask } from '@psy/contracts';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { App } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../lib/save-file';
import { runExport } from './export-file';

const MESSAGE_KEY = 'export-file';

/**
 * An export action for a page: `run(call, fileName)` shows 'exporting...', then saves the blob or says
 * 'the file is generating, see the download list' and invalidates `taskQueryKey` (the caller passes the
 * downloads feature's key: shared code imports no feature). `exporting` is true while a call runs.
 */
export function useExportFile(options: { taskQueryKey: QueryKey }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const { taskQueryKey } = options;

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
            void queryClient.invalidateQueries({ queryKey: taskQueryKey });
          },
        });
      } finally {
        setExporting(false);
      }
    },
    [message, queryClient, t, taskQueryKey],
  );
  return { run, exporting };
}
