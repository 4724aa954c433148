import { MinusOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, TASK_STATUS } from '@psy/contracts';
import { App, Badge, Button, Flex, Modal, Progress, Table, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../shared/lib/save-file';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import { useFocusableScroll } from '../../../shared/ui/use-focusable-scroll';
import { useScreenClass } from '../../../shared/ui/use-screen-class';
import { useSession } from '../../../shared/session/session-store';
import { downloadTaskFile, TASK_STATUS_BADGES } from '../../downloads';
import {
  useCancelTask,
  useRefreshTasks,
  useTaskList,
  type RecordsList,
  type TaskProgress,
} from '../api/user-import';
import { resultFileName, taskActions, taskPercent } from '../lib/import-task';
import { IMPORT_DIALOG_WIDTH } from './import-users-dialog';
import styles from './user-import.module.css';

/** Spec S0.2.22: the records table is 400 px high. */
const TABLE_HEIGHT = 400;

/**
 * Import records (spec S0.2.22): left tabs 'queued/importing' and 'import finished' (sub-tabs 'mine' and
 * 'all'), a 400 px table, cancel and result download for the creator (S0.6.6), a minimise button.
 */
export function ImportRecordsDialog({
  onMinimise,
  onClose,
}: {
  onMinimise: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isPhone = useScreenClass() === 0;
  const [tab, setTab] = useState<'running' | 'finished'>('running');
  const [finished, setFinished] = useState<'mine' | 'all'>('mine');
  const refresh = useRefreshTasks();

  return (
    <Modal
      open
      width={IMPORT_DIALOG_WIDTH}
      rootClassName="user-import-records"
      onCancel={onClose}
      mask={{ closable: false }}
      footer={null}
      title={
        <Flex justify="space-between" align="center" gap={8} className={styles.titleRow}>
          <span>{t('userImport.records.title')}</span>
          <Flex gap={4}>
            <Button
              type="text"
              size="small"
              icon={<ReloadOutlined />}
              aria-label={t('userImport.records.refresh')}
              title={t('userImport.records.refresh')}
              onClick={() => void refresh()}
            />
            <Button
              type="text"
              size="small"
              icon={<MinusOutlined />}
              aria-label={t('userImport.records.minimise')}
              title={t('userImport.records.minimise')}
              data-testid="import-records-minimise"
              onClick={onMinimise}
            />
          </Flex>
        </Flex>
      }
    >
      <Tabs
        tabPlacement={isPhone ? 'top' : 'start'}
        activeKey={tab}
        onChange={(key) => setTab(key as 'running' | 'finished')}
        destroyOnHidden
        items={[
          { key: 'running', label: t('userImport.records.running'), children: <TaskTable list="running" /> },
          {
            key: 'finished',
            label: t('userImport.records.finished'),
            children: (
              <Tabs
                activeKey={finished}
                onChange={(key) => setFinished(key as 'mine' | 'all')}
                destroyOnHidden
                items={[
                  { key: 'mine', label: t('userImport.records.mine'), children: <TaskTable list="mine" /> },
                  { key: 'all', label: t('userImport.records.all'), children: <TaskTable list="all" /> },
                ]}
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}

function TaskTable({ list }: { list: RecordsList }) {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const userId = useSession()?.user.id ?? null;
  const [current, setCurrent] = useState(1);
  const page = useTaskList(list, current);
  const cancel = useCancelTask();
  const [downloading, setDownloading] = useState<number | null>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  // The 400 px body scrolls: keyboard users must be able to reach and scroll it.
  useFocusableScroll(() => wrapper.current);

  const confirmCancel = (task: TaskProgress) =>
    modal.confirm({
      title: t('userImport.messages.confirmCancel'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await cancel.mutateAsync(task.id);
          showToast('success', t('userImport.messages.cancelled'));
        } catch {
          // The request layer said why (it may have ended meanwhile).
        }
      },
    });

  const download = async (task: TaskProgress) => {
    setDownloading(task.id);
    try {
      saveFile(await downloadTaskFile(task.id), resultFileName(task.importFileName));
    } catch {
      // The request layer said why (expired, ...).
    } finally {
      setDownloading(null);
    }
  };

  const columns: ColumnsType<TaskProgress> = [
    {
      key: 'fileName',
      dataIndex: 'importFileName',
      title: t('userImport.records.columns.fileName'),
      width: 180,
      ellipsis: true,
    },
    {
      key: 'type',
      title: t('userImport.records.columns.type'),
      width: 100,
      render: (_, task) => t(`userImport.records.type.${task.taskType as 0 | 1}`),
    },
    {
      key: 'counts',
      title: t('userImport.records.columns.counts'),
      width: 150,
      render: (_, task) =>
        t('userImport.records.counts', {
          total: task.totalCount,
          success: task.successCount,
          fail: task.failCount,
        }),
    },
    {
      key: 'progress',
      title: t('userImport.records.columns.progress'),
      width: 130,
      render: (_, task) => (
        <Progress
          percent={taskPercent(task)}
          size="small"
          aria-label={`${t('userImport.records.columns.progress')} ${task.importFileName}`}
          status={
            task.taskStatus === TASK_STATUS.failed
              ? 'exception'
              : task.taskStatus === TASK_STATUS.processing
                ? 'active'
                : undefined
          }
        />
      ),
    },
    {
      key: 'status',
      title: t('userImport.records.columns.status'),
      width: 120,
      render: (_, task) => (
        <>
          <Badge
            status={TASK_STATUS_BADGES[task.taskStatus]}
            title={task.error ?? undefined}
            text={t(`userImport.records.status.${task.taskStatus as 0 | 1 | 2 | 3 | 4}`)}
          />
          {task.error && <div className={styles.taskError}>{task.error}</div>}
        </>
      ),
    },
    {
      key: 'creator',
      dataIndex: 'createUserName',
      title: t('userImport.records.columns.creator'),
      width: 100,
    },
    {
      key: 'createTime',
      title: t('userImport.records.columns.createTime'),
      width: 140,
      render: (_, task) => formatDateTime(task.createTime, i18n.language),
    },
    {
      key: 'actions',
      title: t('userImport.records.columns.actions'),
      width: 110,
      render: (_, task) => {
        const allowed = taskActions(task, userId);
        return (
          <Flex gap={0} wrap>
            {allowed.cancel && (
              <Button type="link" size="small" danger onClick={() => confirmCancel(task)}>
                {t('userImport.records.cancel')}
              </Button>
            )}
            {allowed.download && (
              <Button
                type="link"
                size="small"
                loading={downloading === task.id}
                onClick={() => void download(task)}
              >
                {t('userImport.records.download')}
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];

  return (
    <div data-testid={`import-records-${list}`} ref={wrapper}>
      <Table<TaskProgress>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isPending}
        scroll={{ x: 1000, y: TABLE_HEIGHT }}
        locale={{ emptyText: <span className={styles.empty}>{t('userImport.records.empty')}</span> }}
        pagination={{
          current,
          pageSize: DEFAULT_PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (count) => t('userImport.records.total', { count }),
          onChange: setCurrent,
        }}
      />
      {page.isError && <Typography.Text type="danger">{page.error.message}</Typography.Text>}
    </div>
  );
}
