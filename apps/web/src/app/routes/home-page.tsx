import { LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, App, Avatar, Button, Card, Flex, Layout, Tag, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { useLogout, useUserInfo } from '../../features/auth';
import { loginPathForCurrentTenant, useSession } from '../../shared/session/session-store';
import { useBrand } from '../../shared/theme/brand';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TenantLogo } from '../../shared/ui/tenant-logo';
import styles from './home-page.module.css';

/** `/wel/index`, the workbench (spec S0.2.6); for now who is signed in and with which roles. */
export function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const session = useSession();
  const brand = useBrand();
  const userInfo = useUserInfo();
  const logout = useLogout();

  if (!session) {
    // Logging out here: the dialog's afterClose navigates. Otherwise the session ended elsewhere.
    return logout.isIdle ? <Navigate to={loginPathForCurrentTenant()} replace /> : null;
  }

  // The session's copy shows at once; the server's answer replaces it when it arrives.
  const realName = userInfo.data?.sysUser.realName ?? session.user.realName;
  const username = userInfo.data?.sysUser.username ?? session.user.username;
  const roles = userInfo.data?.roleList ?? session.user.roleList;
  const systemTitle = brand.systemTitle ?? t('app.title');

  const confirmLogout = () => {
    const loginPath = loginPathForCurrentTenant();
    let isLoggedOut = false;
    modal.confirm({
      title: t('home.logoutConfirm'),
      okText: t('home.confirm'),
      cancelText: t('home.cancel'),
      onOk: async () => {
        await logout.mutateAsync().catch(() => undefined);
        isLoggedOut = true;
      },
      // Leave once the dialog is gone, so it does not linger over the login page.
      afterClose: () => {
        if (isLoggedOut) void navigate(loginPath, { replace: true });
      },
    });
  };

  return (
    <Layout className={styles.layout} style={{ '--brand-color': brand.primaryColor } as CSSProperties}>
      <Layout.Header className={styles.header}>
        <div className={styles.brand}>
          <TenantLogo
            src={brand.logo}
            alt={t('app.logoAlt', { name: systemTitle })}
            color={brand.primaryColor}
            height={36}
          />
          <span className={styles.systemTitle}>{systemTitle}</span>
        </div>
        <div className={styles.actions}>
          <LanguageSwitch size="small" />
          <span className={styles.user}>
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: brand.primaryColor }} />
            <span className={styles.userName}>{realName}</span>
          </span>
          <Button
            icon={<LogoutOutlined />}
            onClick={confirmLogout}
            loading={logout.isPending}
            aria-label={t('home.logout')}
            title={t('home.logout')}
          >
            <span className={styles.logoutText}>{t('home.logout')}</span>
          </Button>
        </div>
      </Layout.Header>
      <Layout.Content className={styles.content}>
        <Card variant="borderless">
          <Typography.Title level={2} className={styles.title}>
            {t('home.title')}
          </Typography.Title>
          <Typography.Paragraph data-testid="signed-in-as" strong>
            {t('home.signedInAs', { realName })}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('home.account', { username })}</Typography.Text>
          <div className={styles.roles}>
            <Typography.Title level={4}>{t('home.roles')}</Typography.Title>
            {roles.length > 0 ? (
              <Flex wrap gap={8} data-testid="role-list">
                {roles.map((role) => (
                  <Tag key={role.roleId} color={brand.primaryColor} title={role.roleCode}>
                    {role.roleName}
                  </Tag>
                ))}
              </Flex>
            ) : (
              <Alert type="warning" showIcon title={t('home.noRoles')} />
            )}
          </div>
        </Card>
      </Layout.Content>
    </Layout>
  );
}
