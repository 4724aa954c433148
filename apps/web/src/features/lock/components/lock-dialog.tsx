import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LOCK_PATH, lockScreen } from '../model/lock-state';

interface LockForm {
  password: string;
}

/** The lock password dialog of the lock-screen control; submitting locks the app and goes to /lock. */
export function LockDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [isLocking, setLocking] = useState(false);
  const [form] = Form.useForm<LockForm>();

  const submit = async ({ password }: LockForm) => {
    setLocking(true);
    try {
      await lockScreen(password, location.pathname + location.search);
      onClose();
      void navigate(LOCK_PATH);
    } finally {
      setLocking(false);
    }
  };

  return (
    <Modal
      title={t('lock.setPassword')}
      open={open}
      onCancel={onClose}
      okText={t('lock.lock')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: 'lock-screen-form', loading: isLocking }}
      afterClose={() => form.resetFields()}
      destroyOnHidden
      width={420}
    >
      <Form<LockForm>
        id="lock-screen-form"
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="password"
          label={t('lock.password')}
          extra={t('lock.passwordHint')}
          rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus autoComplete="new-password" maxLength={64} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
