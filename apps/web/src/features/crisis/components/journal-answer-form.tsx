import { Button, Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { showToast } from '../../../shared/ui/feedback';
import { useJournalFeedback } from '../api/focus';
import { enumOptions } from '../lib/labels';
import { optionalText } from '../lib/forms';

/**
 * The student's check-in (`/answerQuestions`): mood 1-5, "do you need help now", a note. "Yes" raises a
 * signal to the student's network at once.
 */
export function JournalAnswerForm({ journalId, onDone }: { journalId: number; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ mood: number; needHelp: number; note?: string }>();
  const save = useJournalFeedback();
  return (
    <Form
      form={form}
      name={`journal-answer-${journalId}`}
      layout="vertical"
      onFinish={(values) =>
        save
          .mutateAsync({
            journalId,
            mood: values.mood,
            needHelp: values.needHelp,
            ...(optionalText(values.note) ? { note: optionalText(values.note) } : {}),
          })
          .then(
            (answer) => {
              form.resetFields();
              showToast(
                'success',
                answer.recordId ? t('crisis.journal.helpComing') : t('crisis.journal.thanks'),
              );
              onDone?.();
            },
            (error: unknown) =>
              showServerErrors(form, error, ['mood', 'needHelp', 'note'], {
                fallback: t('adminKit.saveFailed'),
              }),
          )
      }
    >
      <Form.Item name="mood" label={t('crisis.journal.mood')} rules={[{ required: true }]}>
        <Radio.Group options={enumOptions(t, 'mood')} optionType="button" />
      </Form.Item>
      <Form.Item name="needHelp" label={t('crisis.journal.needHelp')} rules={[{ required: true }]}>
        <Radio.Group options={enumOptions(t, 'needHelp')} />
      </Form.Item>
      <Form.Item name="note" label={t('crisis.fields.note')}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={save.isPending}>
        {t('crisis.journal.submitAnswer')}
      </Button>
    </Form>
  );
}
