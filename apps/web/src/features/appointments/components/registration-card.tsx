import { Button, Card, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showServerErrors } from '../../../shared/admin/form-dialog';
import { showToast } from '../../../shared/ui/feedback';
import { useRegister } from '../api/appointments';

interface Values {
  oneConsultWishes: number;
  teamConsultWishes: number;
}

/**
 * The intake registration with the willingness form (S1.3.4, S1.5.7): asked once a term before the first
 * booking, so the centre knows whether the visitor would wait, take a single session or join a group.
 */
export function RegistrationCard({ visitorId, onDone }: { visitorId?: number; onDone?: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const register = useRegister();
  const submit = async (values: Values) => {
    try {
      await register.mutateAsync({ ...values, ...(visitorId ? { visitorId } : {}), preferredTimes: [] });
      showToast('success', t('appointments.register.done'));
      onDone?.();
    } catch (error) {
      showServerErrors(form, error, ['oneConsultWishes', 'teamConsultWishes'], {
        fallback: t('appointments.book.failed'),
      });
    }
  };
  return (
    <Card size="small" title={t('appointments.register.title')} data-testid="registration-card">
      <Typography.Paragraph type="secondary">{t('appointments.register.intro')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="registration" onFinish={(v) => void submit(v)}>
        <Form.Item
          name="oneConsultWishes"
          label={t('appointments.register.oneWishes')}
          rules={[
            {
              required: true,
              message: t('appointments.register.required', { label: t('appointments.register.oneWishes') }),
            },
          ]}
        >
          <Radio.Group>
            {[1, 2, 3].map((v) => (
              <Radio key={v} value={v}>
                {t(`appointments.register.one.${v as 1 | 2 | 3}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item
          name="teamConsultWishes"
          label={t('appointments.register.teamWishes')}
          rules={[
            {
              required: true,
              message: t('appointments.register.required', { label: t('appointments.register.teamWishes') }),
            },
          ]}
        >
          <Radio.Group>
            {[1, 2].map((v) => (
              <Radio key={v} value={v}>
                {t(`appointments.register.team.${v as 1 | 2}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={register.isPending}
          data-testid="registration-submit"
        >
          {t('appointments.register.submit')}
        </Button>
      </Form>
    </Card>
  );
}
