import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePreferenceSwitch } from '../../preferences';
import { LOCK_PATH, lockScreen } from '../model/lock-state';

interface LockForm {
  password: string;
}

/**
 * The lock-screen control of the top bar (spec S0.1.3, S0.4.2): a lock password must be set first
 * ('lock password cannot be empty', S0.5.9), then the app goes to /lock. Shown when the settings panel's
 * 'lock screen' switch is on.
 */
export function LockButton() {
  const { t } = useTranslation();
  const isShown = usePreferenceSwitch('lock');
  const navigate = useNavigate();
  const location = useLocation();
  const [isOpen, setOpen] = useState(false);
  const [isLocking, setLocking] = useState(false);
  const [form] = Form.useForm<LockForm>();
  if (!isShown) return null;

  const submit = async ({ password }: LockForm) => {
    setLocking(true);
    try {
      await lockScreen(password, location.pathname + location.search);
      setOpen(false);
      void navigate(LOCK_PATH);
    } finally {
      setLocking(false);
    }
  };

  return (
    <>
      <Button
        type="text"
        icon={<LockOutlined />}
        aria-label={t('lock.lockScreen')}
        title={t('lock.lockScreen')}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      />
      <Modal
        title={t('lock.setPassword')}
        open={isOpen}
        onCancel={() => setOpen(false)}
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
    </>
  );
}
