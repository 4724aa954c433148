import { Alert, Button, Form, Input, Switch } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { createClickGuard } from '../../../shared/lib/click-guard';
import { showToast } from '../../../shared/ui/feedback';
import { useSaveReport } from '../api/crisis';
import { reportBody, type ReportFormValues } from '../lib/forms';
import { StudentSelect } from './student-select';
import styles from './crisis.module.css';

const SERVER_FIELDS = ['studentId', 'crisisEvents', 'urgent', 'location'] as const;

/**
 * The information report (docs/crisis.md 2; S1.3.10 `crisisEvents`): who, what was seen or heard, whether
 * it is urgent. Built for a phone (a class member's or a dormitory leader's, 375 px): one column, large
 * controls. The reporter sees only the status afterwards, never the clinical notes.
 */
export function ReportForm({ onReported }: { onReported?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReportFormValues>();
  const save = useSaveReport();
  const guard = useRef(createClickGuard());
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (values: ReportFormValues) => {
    if (!guard.current()) return;
    try {
      const report = await save.mutateAsync(reportBody(values));
      form.resetFields();
      setSent(report.student.realName);
      showToast('success', t('crisis.report.sent'));
      onReported?.();
    } catch (error) {
      guard.current.reset();
      showServerErrors(form, error, SERVER_FIELDS, { fallback: t('adminKit.saveFailed') });
    }
  };

  return (
    <div className={styles.phoneForm}>
      {sent && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSent(null) }}
          title={t('crisis.report.sentFor', { name: sent })}
          description={t('crisis.report.sentHint')}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form<ReportFormValues>
        form={form}
        name="crisis-report"
        layout="vertical"
        initialValues={{ urgent: false }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="studentId"
          label={t('crisis.report.student')}
          rules={[{ required: true, message: t('crisis.report.studentRequired') }]}
        >
          <StudentSelect />
        </Form.Item>
        <Form.Item
          name="crisisEvents"
          label={t('crisis.report.events')}
          extra={t('crisis.report.eventsHint')}
          rules={[{ required: true, whitespace: true, message: t('crisis.report.eventsRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={200} />
        </Form.Item>
        <Form.Item name="location" label={t('crisis.report.location')}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="urgent"
          label={t('crisis.report.urgent')}
          valuePropName="checked"
          extra={t('crisis.report.urgentHint')}
        >
          <Switch />
        </Form.Item>
        <Button type="primary" htmlType="submit" block size="large" loading={save.isPending}>
          {t('crisis.report.submit')}
        </Button>
      </Form>
    </div>
  );
}
