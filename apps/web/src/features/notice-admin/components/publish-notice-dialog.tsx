import { CloseOutlined } from '@ant-design/icons';
import { NOTICE_LIMITS, seededName, seededPath } from '@psy/contracts';
import { Flex, Form, Input, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../i18n/i18n';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { DeptPicker } from '../../depts';
import { useAudienceRoles, usePublishNotice } from '../api/notice-admin';
import {
  addAudienceDept,
  isBlankNoticeHtml,
  isNoticeHtmlTooLong,
  type AudienceDept,
} from '../lib/notice-form';
import { RichTextEditor } from './rich-text-editor';
import styles from './notice-admin.module.css';

interface PublishValues {
  title: string;
  content: string;
  deptIds: AudienceDept[];
  roleIds: number[];
}

const FORM_FIELDS = ['title', 'content', 'deptIds', 'roleIds'] as const;

/** The audience departments: a picker that adds one at a time and the chosen ones as removable tags. */
function AudienceDepts({
  id,
  value = [],
  onChange,
}: {
  id?: string;
  value?: AudienceDept[];
  onChange?: (next: AudienceDept[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <DeptPicker
        id={id}
        value={null}
        aria-label={t('noticeAdmin.addDept')}
        placeholder={t('noticeAdmin.addDept')}
        onChange={(deptId, label) => {
          if (deptId !== null)
            onChange?.(addAudienceDept(value, { id: deptId, name: label ?? `#${deptId}` }));
        }}
      />
      {value.length > 0 && (
        <Flex gap={4} wrap data-testid="notice-audience-depts">
          {value.map((dept) => (
            <Tag
              key={dept.id}
              color="blue"
              closable
              closeIcon={
                <CloseOutlined
                  aria-label={t('noticeAdmin.removeDept', { name: seededPath(dept.name, currentLanguage()) })}
                />
              }
              onClose={() => onChange?.(value.filter((d) => d.id !== dept.id))}
            >
              {seededPath(dept.name, currentLanguage())}
            </Tag>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/**
 * Publishes a notice: title, rich text, and its audience (departments with their subtrees and/or roles;
 * none: everyone). The server sanitises the HTML and checks the ids; a 400 lands on the field it names.
 */
export function PublishNoticeDialog({
  onClose,
  onPublished,
}: {
  onClose: () => void;
  onPublished: () => void;
}) {
  const { t } = useTranslation();
  const publish = usePublishNotice();
  const roles = useAudienceRoles(true);
  const [isEveryone, setEveryone] = useState(true);

  return (
    <FormDialog<PublishValues>
      width={{ xs: '100%', md: 760 }}
      title={t('noticeAdmin.publishTitle')}
      name="notice-publish-form"
      initialValues={{ title: '', content: '', deptIds: [], roleIds: [] }}
      serverFields={FORM_FIELDS}
      okText={t('noticeAdmin.publishSubmit')}
      okTestId="notice-publish-submit"
      successText={t('noticeAdmin.publishedToast')}
      failureText={t('noticeAdmin.publishFailed')}
      onValuesChange={(_, all) => setEveryone(!all.deptIds?.length && !all.roleIds?.length)}
      onSubmit={(values) =>
        publish.mutateAsync({
          title: values.title.trim(),
          content: values.content,
          deptIds: (values.deptIds ?? []).map((d) => d.id),
          roleIds: values.roleIds ?? [],
        })
      }
      onSaved={onPublished}
      onClose={onClose}
    >
      <Form.Item
        name="title"
        label={t('noticeAdmin.fieldTitle')}
        rules={[{ required: true, whitespace: true, message: t('noticeAdmin.titleRequired') }]}
      >
        <Input maxLength={NOTICE_LIMITS.title} showCount />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('noticeAdmin.fieldContent')}
        rules={[
          {
            validator: async (_: unknown, html: string | undefined) => {
              if (isBlankNoticeHtml(html ?? '')) throw new Error(t('noticeAdmin.contentRequired'));
              if (isNoticeHtmlTooLong(html ?? '')) throw new Error(t('noticeAdmin.contentTooLong'));
            },
          },
        ]}
      >
        <RichTextEditor aria-label={t('noticeAdmin.fieldContent')} />
      </Form.Item>
      <Form.Item name="deptIds" label={t('noticeAdmin.fieldDepts')}>
        <AudienceDepts />
      </Form.Item>
      <Form.Item name="roleIds" label={t('noticeAdmin.fieldRoles')}>
        <Select
          mode="multiple"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          loading={roles.isLoading}
          placeholder={t('noticeAdmin.rolesPlaceholder')}
          options={(roles.data ?? []).map((r) => ({
            value: r.id,
            label: seededName(r.roleName, currentLanguage()),
          }))}
        />
      </Form.Item>
      <Typography.Paragraph type="secondary" className={styles.small} data-testid="notice-audience-hint">
        {isEveryone ? t('noticeAdmin.audienceEveryone') : t('noticeAdmin.audienceHint')}
      </Typography.Paragraph>
    </FormDialog>
  );
}
