import { FORM_ANSWER_EXPORT_FORMATS, type FormAnswerExportFormat, type FormSummary } from '@psy/contracts';
import { Form, Input, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useExportFile } from '../../../shared/api/use-export-file';
import { exportFormAnswers } from '../api/forms';
import { formLang, localized } from '../lib/form-text';

interface Values {
  format: FormAnswerExportFormat;
  eventSign?: string;
}

/**
 * "Export answers" of one form (docs/forms.md "Answer export"): Excel, CSV or a ZIP of Word files. The
 * export runs as a download task; the shared export helper says the file is generating and refreshes the
 * download count in the top bar.
 */
export function ExportAnswersDialog({ form, onClose }: { form: FormSummary; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [values] = Form.useForm<Values>();
  const { run, exporting } = useExportFile();
  const name = localized(form.name, formLang(i18n.language));

  const submit = async (v: Values) => {
    const body = {
      formId: form.id,
      format: v.format,
      ...(v.eventSign?.trim() ? { eventSign: v.eventSign.trim() } : {}),
    };
    const out = await run(() => exportFormAnswers(body), `${name}.${v.format}`);
    if (out) onClose();
  };

  return (
    <Modal
      open
      title={t('exports.answers.title', { name })}
      okText={t('exports.answers.submit')}
      cancelText={t('exports.answers.cancel')}
      confirmLoading={exporting}
      onOk={() => values.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('exports.answers.hint')}</Typography.Paragraph>
      <Form<Values> form={values} layout="vertical" initialValues={{ format: 'xlsx' }} onFinish={submit}>
        <Form.Item name="format" label={t('exports.answers.format')}>
          <Radio.Group
            options={FORM_ANSWER_EXPORT_FORMATS.map((f) => ({ value: f, label: t(`exports.formats.${f}`) }))}
          />
        </Form.Item>
        <Form.Item name="eventSign" label={t('exports.answers.eventSign')}>
          <Input maxLength={200} allowClear />
        </Form.Item>
      </Form>
    </Modal>
  );
}
