import { LockOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useEffectEvent, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/feedback';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { useChangePassword } from '../api/change-password';
import {
  confirmPasswordMessage,
  LOGOUT_AFTER_PASSWORD_CHANGE_MS,
  newPasswordMessage,
  oldPasswordMessage,
  type PasswordMessageKey,
} from '../lib/password-rules';
import styles from './password-form.module.css';

/** The password form (spec S0.3.5): field names as the spec gives them. */
interface PasswordFormValues {
  oldpassword?: string;
  newpassword: string;
  renewpassword: string;
}

export interface PasswordFormProps {
  /** A self change (`from=self`): asks for the old password. Otherwise the forced change after login. */
  isSelf: boolean;
  /** Called 1 s after a successful change (spec S0.4.3): the app logs the user out. */
  onChanged: () => void;
  /** Extra buttons beside submit (the forced dialog offers log out). */
  extraActions?: ReactNode;
  /** Form name, so two forms on a page get distinct field ids. */
  name?: string;
}

/**
 * Password change (spec S0.2.25, S0.5.5, S0.4.3): old password (self change only), new password and its
 * confirmation, each with a show/hide toggle. On success: 'password changed, please log in again', then
 * the user is logged out after 1 s.
 */
export function PasswordForm({
  isSelf,
  onChanged,
  extraActions,
  name = 'password-change',
}: PasswordFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordFormValues>();
  useRevalidateOnLanguageChange(form);
  const session = useSession();
  const username = session?.user.username ?? '';
  const change = useChangePassword();
  const [isChanged, setIsChanged] = useState(false);

  const finish = useEffectEvent(() => onChanged());
  useEffect(() => {
    if (!isChanged) return;
    const timer = setTimeout(() => finish(), LOGOUT_AFTER_PASSWORD_CHANGE_MS);
    return () => clearTimeout(timer);
  }, [isChanged]);

  const rule = (check: (value: string) => PasswordMessageKey | null) => ({
    validator: async (_: unknown, value: string | undefined) => {
      const key = check(value ?? '');
      if (key) throw new Error(t(key));
    },
  });

  const submit = (values: PasswordFormValues) => {
    change.mutate(
      { oldPassword: isSelf ? values.oldpassword : undefined, newPassword: values.newpassword },
      {
        onSuccess: () => {
          // The form logs out a second later: the toast must outlive the page it was shown on.
          showToast('success', t('password.changed'), 3, { outlivesPage: true });
          setIsChanged(true);
        },
      },
    );
  };

  return (
    <Form<PasswordFormValues>
      form={form}
      name={name}
      layout="vertical"
      requiredMark
      onFinish={submit}
      disabled={isChanged}
      autoComplete="off"
    >
      {isSelf && (
        <Form.Item
          name="oldpassword"
          label={t('password.oldPassword.label')}
          required
          rules={[rule(oldPasswordMessage)]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" maxLength={40} />
        </Form.Item>
      )}
      <Form.Item
        name="newpassword"
        label={t('password.newPassword.label')}
        required
        extra={<span className={styles.hint}>{t('password.newPassword.hint')}</span>}
        rules={[rule((value) => newPasswordMessage(value, username))]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={40} />
      </Form.Item>
      <Form.Item
        name="renewpassword"
        label={t('password.confirmPassword.label')}
        required
        dependencies={['newpassword']}
        rules={[
          ({ getFieldValue }) =>
            rule((value) => confirmPasswordMessage(String(getFieldValue('newpassword') ?? ''), value)),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="new-password" maxLength={40} />
      </Form.Item>
      {isChanged && (
        <Form.Item>
          <Alert type="success" showIcon title={t('password.changed')} role="status" />
        </Form.Item>
      )}
      <Form.Item>
        <div className={styles.actions}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
          {extraActions}
        </div>
      </Form.Item>
    </Form>
  );
}
