import { EditOutlined } from '@ant-design/icons';
import { Flex, Switch, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { RowButton } from '../../../shared/admin/row-button';
import { AdminPage } from '../../../shared/admin/admin-page';
import { AdminTable, type AdminColumn } from '../../../shared/admin/admin-table';
import { SearchBox } from '../../../shared/admin/list-filters';
import { useAdminList } from '../../../shared/admin/use-admin-list';
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
  const list = useAdminList<{ event?: string }>({});
  const [editing, setEditing] = useState<MessageTemplate | null>(null);
  const templates = useMessageTemplates(list.query);
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

  const columns: AdminColumn<MessageTemplate>[] = [
    {
      key: 'event',
      title: t('messageAdmin.colEvent'),
      dataIndex: 'event',
      alwaysShown: true,
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
      key: 'content',
      title: t('messageAdmin.colContent'),
      responsive: ['md'],
      render: (_: unknown, template) => (
        <Typography.Paragraph className={styles.content} ellipsis={{ rows: 2, tooltip: true }}>
          {lang === 'en-US' ? template.contentEn : template.contentZh}
        </Typography.Paragraph>
      ),
    },
    {
      key: 'params',
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
      key: 'updateTime',
      title: t('messageAdmin.colUpdated'),
      dataIndex: 'updateTime',
      responsive: ['xl'],
      width: 170,
      render: (time: string) => formatDateTime(time, lang),
    },
    {
      key: 'enabled',
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
      key: 'actions',
      title: t('messageAdmin.colActions'),
      alwaysShown: true,
      width: 100,
      render: (_: unknown, template) => (
        <RowButton
          icon={<EditOutlined />}
          ariaLabel={t('messageAdmin.editLabel', { event: template.event })}
          testId={`template-edit-${template.event}`}
          onClick={() => setEditing(template)}
          label={t('messageAdmin.edit')}
        />
      ),
    },
  ];

  return (
    <AdminPage title={t('messageAdmin.title')} intro={t('messageAdmin.intro')}>
      <AdminTable<MessageTemplate>
        rowKey="id"
        columns={columns}
        query={templates}
        list={list}
        pager={{ sizeChanger: true, hideOnSinglePage: true }}
        columnSettingsId="message-templates"
        scrollX={640}
        toolbar={
          <SearchBox
            className={styles.search}
            placeholder={t('messageAdmin.searchPlaceholder')}
            onSearch={(text) => list.search({ event: eventSearchTerm(text) })}
          />
        }
      />
      {editing && <TemplateDialog template={editing} onClose={() => setEditing(null)} />}
    </AdminPage>
  );
}
