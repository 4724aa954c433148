import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useExportFile } from '../api/use-export-file';

/**
 * An export of a list through the download list (shared/api/export-file.ts): 'exporting...', then the
 * file is saved, or, for a long export answered with a task, 'the file is generating' and the download
 * list's count moves.
 */
export function ExportButton({
  call,
  fileName,
  label,
  icon = <DownloadOutlined />,
  testId,
}: {
  call: () => Promise<unknown>;
  /** The name a file answered directly is saved under (a task names its own). */
  fileName: string;
  label?: string;
  icon?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  const { run, exporting } = useExportFile();
  return (
    <Button icon={icon} loading={exporting} onClick={() => void run(call, fileName)} data-testid={testId}>
      {label ?? t('adminKit.export')}
    </Button>
  );
}
