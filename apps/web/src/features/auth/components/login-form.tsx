import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownTenant } from '../../../shared/session/session-store';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { usePasswordLogin } from '../api/login-by-password';
import { isCaptchaRequiredError, newCaptchaKey } from '../lib/captcha';
import { CaptchaField } from './captcha-field';
import styles from './login-form.module.css';
import { LOGIN_ACCOUNT_MAX, LOGIN_ACCOUNT_MIN } from '@psy/contracts';

/** Login account length (spec S0.5.1, S0.9). */

interface PasswordLoginValues {
  username: string;
  password: string;
  code?: string;
}

export interface LoginFormProps {
  tenant: KnownTenant & { captchaEnabled: boolean };
  onLoggedIn: () => void;
}

/** Account and password login, with a captcha when the tenant or the server asks for one. */
export function LoginForm({ tenant, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordLoginValues>();
  useRevalidateOnLanguageChange(form);
  const login = usePasswordLogin();
  const [isCaptchaDemanded, setIsCaptchaDemanded] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const isCaptchaShown = tenant.captchaEnabled || isCaptchaDemanded;

  const refreshCaptcha = () => {
    setCaptchaKey(newCaptchaKey());
    form.setFieldValue('code', '');
  };

  const submit = (values: PasswordLoginValues) => {
    login.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        captcha: isCaptchaShown ? { randomStr: captchaKey, code: (values.code ?? '').trim() } : undefined,
        tenant: { id: tenant.id, code: tenant.code },
      },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          // A captcha is good for one try: any refusal needs a new one.
          if (isCaptchaShown) refreshCaptcha();
          if (isCaptchaRequiredError(error)) setIsCaptchaDemanded(true);
        },
      },
    );
  };

  return (
    <Form<PasswordLoginValues>
      form={form}
      name="password-login"
      size="large"
      requiredMark={false}
      onFinish={submit}
      autoComplete="on"
    >
      <Form.Item
        name="username"
        rules={[
          { required: true, whitespace: true, message: t('login.username.required') },
          { min: LOGIN_ACCOUNT_MIN, max: LOGIN_ACCOUNT_MAX, message: t('login.username.length') },
        ]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder={t('login.username.placeholder')}
          aria-label={t('login.username.placeholder')}
          autoComplete="username"
          autoFocus
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.password.required') }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder={t('login.password.placeholder')}
          aria-label={t('login.password.placeholder')}
          autoComplete="current-password"
        />
      </Form.Item>
      {isCaptchaShown && <CaptchaField captchaKey={captchaKey} onRefresh={refreshCaptcha} />}
      <Form.Item className={styles.submit}>
        <Button type="primary" htmlType="submit" block loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
