import { CloseOutlined } from '@ant-design/icons';
import { NOTICE_LIMITS } from '@psy/contracts';
import { Button, Flex, Form, Input, Modal, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf, issuesByField } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
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
              closeIcon={<CloseOutlined aria-label={t('noticeAdmin.removeDept', { name: dept.name })} />}
              onClose={() => onChange?.(value.filter((d) => d.id !== dept.id))}
            >
              {dept.name}
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
  const [form] = Form.useForm<PublishValues>();
  const publish = usePublishNotice();
  const roles = useAudienceRoles(true);
  const [isEveryone, setEveryone] = useState(true);

  const submit = async (values: PublishValues) => {
    try {
      await publish.mutateAsync({
        title: values.title.trim(),
        content: values.content,
        deptIds: (values.deptIds ?? []).map((d) => d.id),
        roleIds: values.roleIds ?? [],
      });
      showToast('success', t('noticeAdmin.publishedToast'));
      onPublished();
    } catch (error) {
      const { byField, other } = issuesByField(fieldIssuesOf(error), FORM_FIELDS);
      const fields = Object.entries(byField) as [keyof PublishValues, string[]][];
      if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name, errors })));
      if (!fields.length || other.length) {
        showToast('error', isApiError(error) ? error.message : t('noticeAdmin.publishFailed'));
      }
    }
  };

  return (
    <Modal
      open
      width={{ xs: '100%', md: 760 }}
      title={t('noticeAdmin.publishTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<PublishValues>
        form={form}
        name="notice-publish-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ title: '', content: '', deptIds: [], roleIds: [] }}
        onValuesChange={(changed: Partial<PublishValues>, all) => {
          setEveryone(!all.deptIds?.length && !all.roleIds?.length);
          // A server error belongs to the value it was given for: editing the field clears it.
          const serverOnly = (['deptIds', 'roleIds'] as const).filter((name) => name in changed);
          if (serverOnly.length) form.setFields(serverOnly.map((name) => ({ name, errors: [] })));
        }}
        onFinish={(values) => void submit(values)}
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
            options={(roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" className={styles.small} data-testid="notice-audience-hint">
          {isEveryone ? t('noticeAdmin.audienceEveryone') : t('noticeAdmin.audienceHint')}
        </Typography.Paragraph>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={publish.isPending}
            data-testid="notice-publish-submit"
          >
            {t('noticeAdmin.publishSubmit')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
