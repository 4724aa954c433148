import { LockOutlined, LogoutOutlined, UnlockOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Form, Input, Typography } from 'antd';
import { useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { clearLock, isScreenLocked, unlockScreen } from '../../features/lock';
import { loginPathForCurrentTenant, useSession } from '../../shared/session/session-store';
import { useBrand } from '../../shared/theme/brand';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { useSignOut } from '../layout/use-sign-out';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './lock-page.module.css';

interface UnlockForm {
  password: string;
}

/**
 * `/lock` (spec S0.2.7, S0.4.2): the locked screen, outside the layout. It shows whose session it is and
 * asks for the lock password; logging out leads to the login page, and logging in clears the lock.
 */
export function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const brand = useBrand();
  const { confirmLogOut } = useSignOut();
  const [form] = Form.useForm<UnlockForm>();
  const [isChecking, setChecking] = useState(false);
  const [isLocked] = useState(isScreenLocked);

  if (!session) {
    // Nothing to unlock without a session: the lock goes, the login page comes.
    clearLock();
    return <Navigate to={loginPathForCurrentTenant()} replace />;
  }
  if (!isLocked) return <Navigate to={HOME_PATH} replace />;

  const unlock = async ({ password }: UnlockForm) => {
    setChecking(true);
    const returnTo = await unlockScreen(password ?? '');
    setChecking(false);
    if (returnTo === null) {
      form.setFields([{ name: 'password', value: '', errors: [t('lock.wrongPassword')] }]);
      return;
    }
    void navigate(returnTo, { replace: true });
  };

  return (
    <main className={styles.page} style={{ '--brand-color': brand.primaryColor } as CSSProperties}>
      <div className={styles.corner}>
        <LanguageSwitch size="small" />
      </div>
      <Card className={styles.card}>
        <div className={styles.who}>
          <Avatar size={72} icon={<UserOutlined />} style={{ backgroundColor: brand.primaryColor }} />
          <Typography.Title level={1} className={styles.name}>
            {session.user.realName || session.user.username}
          </Typography.Title>
          <span className={styles.status}>
            <LockOutlined aria-hidden /> {t('lock.locked')}
          </span>
        </div>
        <Form<UnlockForm>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={(values) => void unlock(values)}
          className={styles.form}
        >
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, message: t('lock.passwordRequired') }]}
          >
            <Input.Password autoFocus autoComplete="off" maxLength={64} />
          </Form.Item>
          <Button type="primary" htmlType="submit" block icon={<UnlockOutlined />} loading={isChecking}>
            {t('lock.unlock')}
          </Button>
        </Form>
        <div className={styles.logout}>
          <Button
            type="text"
            icon={<LogoutOutlined />}
            onClick={() => confirmLogOut(t('lock.logoutConfirm'))}
          >
            {t('home.logout')}
          </Button>
        </div>
      </Card>
    </main>
  );
}
