import { MESSAGE_TEMPLATE_LIMITS } from '@psy/contracts';
import { Form, Input, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../shared/admin/form-dialog';
import { useChangeMessageTemplate, type MessageTemplate } from '../api/message-templates';
import {
  TEMPLATE_TEXT_FIELDS,
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
  const change = useChangeMessageTemplate();
  const tokens = placeholderTokens(template.params);

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
    <FormDialog<TemplateTexts>
      width={{ xs: '100%', md: 820 }}
      title={t('messageAdmin.dialogTitle', { event: template.event })}
      name="message-template-form"
      initialValues={templateFormValues(template)}
      serverFields={TEMPLATE_TEXT_FIELDS}
      okText={t('messageAdmin.save')}
      // Nothing changed: nothing is sent, and the dialog just closes.
      successText={(sent) => (sent ? t('messageAdmin.saved') : null)}
      onSubmit={async (values) => {
        const body = changedTexts(template, values);
        return body ? change.mutateAsync(body) : null;
      }}
      onClose={onClose}
      before={
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
      }
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
    </FormDialog>
  );
}
