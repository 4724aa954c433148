import { MESSAGE_TEMPLATE_LIMITS } from '@psy/contracts';
import { Button, Flex, Form, Input, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldIssuesOf, issuesByField } from '../../../shared/api/field-issues';
import { isApiError } from '../../../shared/api/request';
import { showToast } from '../../../shared/ui/feedback';
import { useChangeMessageTemplate, type MessageTemplate } from '../api/message-templates';
import {
  TEMPLATE_TEXT_FIELDS,
  type TemplateTextField,
  changedTexts,
  placeholderTokens,
  templateFormValues,
  type TemplateTexts,
} from '../lib/template-form';
import styles from './message-admin.module.css';

/**
 * Edits a template's Chinese and English texts. The allowed `{placeholders}` are shown above the fields;
 * the server is the judge of them and its 400 lands on the field it names (`contentZh: unknown
 * placeholder ...`).
 */
export function TemplateDialog({ template, onClose }: { template: MessageTemplate; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateTexts>();
  const change = useChangeMessageTemplate();
  const tokens = placeholderTokens(template.params);

  const submit = async (values: TemplateTexts) => {
    const body = changedTexts(template, values);
    if (!body) {
      onClose();
      return;
    }
    try {
      await change.mutateAsync(body);
      showToast('success', t('messageAdmin.saved'));
      onClose();
    } catch (error) {
      const { byField, other } = issuesByField(fieldIssuesOf(error), TEMPLATE_TEXT_FIELDS);
      const fields = Object.entries(byField) as [keyof TemplateTexts, string[]][];
      if (fields.length) form.setFields(fields.map(([name, errors]) => ({ name, errors })));
      if (!fields.length || other.length) {
        showToast('error', isApiError(error) ? error.message : t('messageAdmin.saveFailed'));
      }
    }
  };

  const title = (name: 'titleZh' | 'titleEn', label: string) => (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, whitespace: true, message: t('messageAdmin.titleRequired') }]}
    >
      <Input maxLength={MESSAGE_TEMPLATE_LIMITS.title} showCount />
    </Form.Item>
  );
  const content = (name: 'contentZh' | 'contentEn', label: string) => (
    <Form.Item name={name} label={label}>
      <Input.TextArea
        maxLength={MESSAGE_TEMPLATE_LIMITS.content}
        showCount
        autoSize={{ minRows: 3, maxRows: 8 }}
      />
    </Form.Item>
  );

  return (
    <Modal
      open
      width={{ xs: '100%', md: 820 }}
      title={t('messageAdmin.dialogTitle', { event: template.event })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div className={styles.placeholders} data-testid="template-placeholders">
        <Typography.Text type="secondary">
          {tokens.length ? t('messageAdmin.placeholdersHint') : t('messageAdmin.noPlaceholders')}
        </Typography.Text>{' '}
        {tokens.map((token) => (
          <Tag key={token} className={styles.code}>
            {token}
          </Tag>
        ))}
      </div>
      <Form<TemplateTexts>
        form={form}
        name="message-template-form"
        layout="vertical"
        autoComplete="off"
        initialValues={templateFormValues(template)}
        // A server error belongs to the text it was given for: editing the field clears it.
        onValuesChange={(changed: Partial<TemplateTexts>) =>
          form.setFields((Object.keys(changed) as TemplateTextField[]).map((name) => ({ name, errors: [] })))
        }
        onFinish={(values) => void submit(values)}
      >
        <div className={styles.langGrid}>
          <div>
            {title('titleZh', t('messageAdmin.titleZh'))}
            {content('contentZh', t('messageAdmin.contentZh'))}
          </div>
          <div>
            {title('titleEn', t('messageAdmin.titleEn'))}
            {content('contentEn', t('messageAdmin.contentEn'))}
          </div>
        </div>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('messageAdmin.save')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}
