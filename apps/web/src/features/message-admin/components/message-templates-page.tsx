import { EditOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE } from '@psy/contracts';
import {
  Alert,
  Button,
  Card,
  Flex,
  Input,
  Switch,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { formatDateTime } from '../../../shared/lib/time-ago';
import { showToast } from '../../../shared/ui/feedback';
import {
  useMessageTemplates,
  useSwitchMessageTemplate,
  type MessageTemplate,
} from '../api/message-templates';
import { eventSearchTerm, placeholderTokens } from '../lib/template-form';
import { TemplateDialog } from './template-dialog';
import styles from './message-admin.module.css';

/**
 * `/message/messageManage` (spec S0.7.23 message manager, our route): the school's message templates, one
 * per event, each with its on/off switch and an edit dialog for the Chinese and English texts.
 */
export function MessageTemplatesPage() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  const templates = useMessageTemplates(current, size, eventSearchTerm(search));
  const toggle = useSwitchMessageTemplate();
  const lang = currentLanguage();

  const switchTemplate = async (template: MessageTemplate, enabled: boolean) => {
    try {
      await toggle.mutateAsync({ id: template.id, enabled });
      showToast('success', enabled ? t('messageAdmin.switchedOn') : t('messageAdmin.switchedOff'));
    } catch {
      // The request layer showed why.
    }
  };

  const columns: TableColumnsType<MessageTemplate> = [
    {
      title: t('messageAdmin.colEvent'),
      dataIndex: 'event',
      render: (event: string, template) => (
        <Flex vertical gap={2}>
          <Typography.Text strong>{lang === 'en-US' ? template.titleEn : template.titleZh}</Typography.Text>
          <Typography.Text type="secondary" className={styles.code}>
            {event}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('messageAdmin.colContent'),
      key: 'content',
      responsive: ['md'],
      render: (_: unknown, template) => (
        <Typography.Paragraph className={styles.content} ellipsis={{ rows: 2, tooltip: true }}>
          {lang === 'en-US' ? template.contentEn : template.contentZh}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('messageAdmin.colParams'),
      dataIndex: 'params',
      responsive: ['lg'],
      render: (params: string[]) => (
        <Flex gap={4} wrap>
          {placeholderTokens(params).map((token) => (
            <Tag key={token} className={styles.code}>
              {token}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('messageAdmin.colUpdated'),
      dataIndex: 'updateTime',
      responsive: ['xl'],
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
    {
      title: t('messageAdmin.colEnabled'),
      dataIndex: 'enabled',
      width: 90,
      render: (enabled: boolean, template) => (
        <Switch
          checked={enabled}
          loading={toggle.isPending && toggle.variables?.id === template.id}
          aria-label={t('messageAdmin.switchLabel', { event: template.event })}
          data-testid={`template-switch-${template.event}`}
          onChange={(next) => void switchTemplate(template, next)}
        />
      ),
    },
    {
      title: t('messageAdmin.colActions'),
      key: 'actions',
      width: 100,
      render: (_: unknown, template) => (
        <Button
          size="small"
          type="link"
          icon={<EditOutlined />}
          aria-label={t('messageAdmin.editLabel', { event: template.event })}
          data-testid={`template-edit-${template.event}`}
          onClick={() => setEditing(template)}
        >
          {t('messageAdmin.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={<h1 className={styles.title}>{t('messageAdmin.title')}</h1>}>
      <Flex justify="space-between" align="start" gap={12} wrap className={styles.head}>
        <Typography.Paragraph type="secondary" className={styles.intro}>
          {t('messageAdmin.intro')}
        </Typography.Paragraph>
        <Input.Search
          allowClear
          className={styles.search}
          placeholder={t('messageAdmin.searchPlaceholder')}
          aria-label={t('messageAdmin.searchPlaceholder')}
          onSearch={(value) => {
            setSearch(value);
            setCurrent(1);
          }}
        />
      </Flex>
      {templates.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('messageAdmin.loadFailed')}
          action={
            <Button size="small" onClick={() => void templates.refetch()}>
              {t('messageAdmin.retry')}
            </Button>
          }
        />
      ) : (
        <Table<MessageTemplate>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={templates.data?.records ?? []}
          loading={templates.isFetching}
          locale={{ emptyText: t('messageAdmin.empty') }}
          scroll={{ x: 640 }}
          pagination={{
            current,
            pageSize: size,
            total: templates.data?.total ?? 0,
            showSizeChanger: true,
            hideOnSinglePage: true,
            onChange: (page, pageSize) => {
              setCurrent(pageSize === size ? page : 1);
              setSize(pageSize);
            },
          }}
        />
      )}
      {editing && <TemplateDialog template={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
