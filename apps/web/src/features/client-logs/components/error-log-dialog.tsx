import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Pagination, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useUploadClientLogs } from '../api/upload-logs';
import {
  clearClientLogs,
  ERROR_LOG_PAGE_SIZE,
  formatLogTime,
  useClientLogs,
  type ClientLog,
} from '../model/log-store';
import styles from './error-log.module.css';

const KNOWN_TYPES = new Set(['error', 'promise', 'render']);
const DIALOG_WIDTH = 1000;

function TypeLabel({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <>{KNOWN_TYPES.has(type) ? t(`clientLogs.types.${type as 'error' | 'promise' | 'render'}`) : type}</>
  );
}

/**
 * The error-log screen (spec S0.2.26): type, address, content, stack and time, 10 a page, newest first;
 * upload to the server and clear, each after a confirm (S0.8.10), with the outcome (S0.8.11).
 * A plain table rather than antd's Table: this dialog is loaded on its own, and the Table component
 * would more than double its size (route budgets, scripts/route-sizes.mjs).
 */
export function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const logs = useClientLogs();
  const upload = useUploadClientLogs();
  const [page, setPage] = useState(1);
  const isEmpty = logs.length === 0;
  const pageCount = Math.max(1, Math.ceil(logs.length / ERROR_LOG_PAGE_SIZE));
  const current = Math.min(page, pageCount);
  // Newest first.
  const rows: ClientLog[] = [...logs]
    .reverse()
    .slice((current - 1) * ERROR_LOG_PAGE_SIZE, current * ERROR_LOG_PAGE_SIZE);

  const confirmUpload = () =>
    modal.confirm({
      title: t('clientLogs.uploadConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await upload.mutateAsync(logs);
          showToast('success', t('clientLogs.sent'));
        } catch {
          // The request layer has shown why; what was not sent stays in the log.
        }
      },
    });

  const confirmClear = () =>
    modal.confirm({
      title: t('clientLogs.clearConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: () => {
        clearClientLogs();
        showToast('success', t('clientLogs.cleared'));
      },
    });

  return (
    <Modal
      title={t('clientLogs.title')}
      open={open}
      onCancel={onClose}
      footer={null}
      width={DIALOG_WIDTH}
      rootClassName="psy-error-log-dialog"
      destroyOnHidden
    >
      <div className={styles.toolbar}>
        <span className={styles.count}>{t('clientLogs.count', { count: logs.length })}</span>
        <div className={styles.buttons}>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            disabled={isEmpty}
            loading={upload.isPending}
            onClick={confirmUpload}
          >
            {t('clientLogs.upload')}
          </Button>
          <Button danger icon={<ClearOutlined />} disabled={isEmpty} onClick={confirmClear}>
            {t('clientLogs.clear')}
          </Button>
        </div>
      </div>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <colgroup>
            <col style={{ width: 104 }} />
            <col style={{ width: 200 }} />
            <col style={{ width: 200 }} />
            <col />
            <col style={{ width: 164 }} />
          </colgroup>
          <thead>
            <tr>
              <th scope="col">{t('clientLogs.columns.type')}</th>
              <th scope="col">{t('clientLogs.columns.url')}</th>
              <th scope="col">{t('clientLogs.columns.message')}</th>
              <th scope="col">{t('clientLogs.columns.stack')}</th>
              <th scope="col">{t('clientLogs.columns.time')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((log) => (
              <tr key={log.id}>
                <td>
                  <TypeLabel type={log.type} />
                </td>
                <td className={styles.clip} title={log.url}>
                  {log.url}
                </td>
                <td className={styles.clip} title={log.message}>
                  {log.message}
                </td>
                <td>
                  {log.stack ? (
                    <Typography.Paragraph
                      className={styles.stack}
                      ellipsis={{ rows: 2, expandable: 'collapsible' }}
                    >
                      {log.stack}
                    </Typography.Paragraph>
                  ) : (
                    '-'
                  )}
                </td>
                <td className={styles.time}>{formatLogTime(log.time)}</td>
              </tr>
            ))}
            {isEmpty && (
              <tr>
                <td colSpan={5} className={styles.empty}>
                  {t('clientLogs.noData')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {!isEmpty && (
        <Pagination
          className={styles.pager}
          align="end"
          size="small"
          current={current}
          pageSize={ERROR_LOG_PAGE_SIZE}
          total={logs.length}
          showSizeChanger={false}
          onChange={setPage}
        />
      )}
    </Modal>
  );
}
