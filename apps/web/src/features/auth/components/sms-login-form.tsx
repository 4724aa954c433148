import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KnownTenant } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/feedback';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { useSmsLogin } from '../api/login-by-sms';
import { isPhoneNumber, SMS_CODE_PATTERN } from '@psy/contracts';
import { useSendSmsCode } from '../api/send-sms-code';
import { useCountdown } from '../lib/use-countdown';
import styles from './login-form.module.css';

/** Seconds before another code may be asked for. */
const RESEND_SECONDS = 60;

interface SmsLoginValues {
  phone: string;
  code: string;
}

export interface SmsLoginFormProps {
  tenant: KnownTenant;
  onLoggedIn: () => void;
}

/** Phone and SMS code login (spec S0.7.4, S0.7.5). */
export function SmsLoginForm({ tenant, onLoggedIn }: SmsLoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SmsLoginValues>();
  useRevalidateOnLanguageChange(form);
  const sendCode = useSendSmsCode();
  const login = useSmsLogin();
  const [secondsLeft, startCountdown] = useCountdown();

  const requestCode = async () => {
    const values = await form.validateFields(['phone']).catch(() => null);
    if (!values) return;
    sendCode.mutate(
      { phone: values.phone, tenantId: tenant.id },
      {
        onSuccess: () => {
          showToast('success', t('login.sms.sent'));
          startCountdown(RESEND_SECONDS);
        },
      },
    );
  };

  const submit = (values: SmsLoginValues) => {
    login.mutate({ phone: values.phone, code: values.code.trim(), tenant }, { onSuccess: onLoggedIn });
  };

  return (
    <Form<SmsLoginValues> form={form} name="sms-login" size="large" requiredMark={false} onFinish={submit}>
      <Form.Item
        name="phone"
        rules={[
          { required: true, message: t('login.sms.phoneRequired') },
          {
            validator: (_rule, value: string | undefined) =>
              !value || isPhoneNumber(value)
                ? Promise.resolve()
                : Promise.reject(new Error(t('login.sms.phoneFormat'))),
          },
        ]}
      >
        <Input
          prefix={<MobileOutlined />}
          placeholder={t('login.sms.phonePlaceholder')}
          aria-label={t('login.sms.phonePlaceholder')}
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
        />
      </Form.Item>
      <Form.Item required>
        <div className={styles.captchaRow}>
          <Form.Item
            name="code"
            noStyle
            rules={[
              { required: true, message: t('login.sms.codeRequired') },
              { pattern: SMS_CODE_PATTERN, message: t('login.sms.codeFormat') },
            ]}
          >
            <Input
              className={styles.captchaInput}
              prefix={<SafetyOutlined />}
              placeholder={t('login.sms.codePlaceholder')}
              aria-label={t('login.sms.codePlaceholder')}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <Button
            className={styles.codeButton}
            onClick={() => void requestCode()}
            disabled={secondsLeft > 0}
            loading={sendCode.isPending}
          >
            {secondsLeft > 0 ? t('login.sms.resend', { seconds: secondsLeft }) : t('login.sms.send')}
          </Button>
        </div>
      </Form.Item>
      <Form.Item className={styles.submit}>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
