import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/ui/feedback';
import { useRevalidateOnLanguageChange } from '../../../shared/ui/use-revalidate-on-language-change';
import { confirmPasswordMessage, newPasswordMessage } from '../../auth';
import { useResetUserPassword } from '../api/users';
import { USER_DIALOG_WIDTH } from '../lib/user-form';

interface ResetValues {
  newpassword: string;
  renewpassword: string;
}

export interface ResetPasswordDialogProps {
  user: { id: number; username: string; realName: string };
  onClose: () => void;
}

/**
 * The administrator's password reset (spec S0.7 admin reset, S0.5.5 rules: 8-20 characters with upper
 * and lower case, a digit and a special character, not the user's account, typed twice). The server ends
 * every session of the user, who must change the password at next login.
 */
export function ResetPasswordDialog({ user, onClose }: ResetPasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ResetValues>();
  useRevalidateOnLanguageChange(form);
  const reset = useResetUserPassword();

  const submit = async () => {
    let values: ResetValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await reset.mutateAsync({ uid: user.id, password: values.newpassword });
    } catch {
      return;
    }
    showToast('success', t('userAdmin.resetPwd.done'));
    onClose();
  };

  return (
    <Modal
      open
      title={t('userAdmin.resetPwd.title', { name: user.realName || user.username })}
      width={USER_DIALOG_WIDTH}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={reset.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('userAdmin.resetPwd.intro')}</Typography.Paragraph>
      <Form<ResetValues> form={form} name="reset-password" layout="vertical" autoComplete="off">
        <Form.Item
          name="newpassword"
          label={t('password.newPassword.label')}
          extra={t('password.newPassword.hint')}
          required
          rules={[
            {
              validator: async (_: unknown, value: string | undefined) => {
                const key = newPasswordMessage(value ?? '', user.username);
                if (key) throw new Error(t(key));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={40} />
        </Form.Item>
        <Form.Item
          name="renewpassword"
          label={t('password.confirmPassword.label')}
          dependencies={['newpassword']}
          required
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_: unknown, value: string | undefined) => {
                const key = confirmPasswordMessage(getFieldValue('newpassword') ?? '', value ?? '');
                if (key) throw new Error(t(key));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={40} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
