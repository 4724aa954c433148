import { seededName } from '@psy/contracts';
import { currentLanguage } from '../../i18n/i18n';
import { CheckCircleFilled, LogoutOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { switchRole, usePortRoles } from '../../features/auth';
import { clearTabs } from '../../features/navigation';
import { readActiveRoleId, takeLoginRedirect } from '../../shared/session/session-store';
import { showToast } from '../../shared/ui/feedback';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { RouteLoading } from './route-loading';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './role-select-page.module.css';
import { useSignOut } from '../layout/use-sign-out';
import { isInAppPath } from '../../shared/lib/in-app-path';

/**
 * 'please choose login role' (spec S0.2.15, S0.4.13): usable roles first; roles without permission for this
 * client last, disabled and tagged; confirm and log out buttons. No role at all shows the spec's error.
 */
export function RoleSelectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const roles = usePortRoles();
  const [chosen, setChosen] = useState<number | null>(readActiveRoleId);
  const [isSaving, setSaving] = useState(false);
  const { confirmLogOut: confirmLogout } = useSignOut();

  if (roles.isPending) return <RouteLoading />;
  const list = roles.data ?? [];

  const confirm = async () => {
    if (chosen === null) return;
    setSaving(true);
    try {
      await switchRole(chosen);
      showToast('success', t('roles.switched'));
      clearTabs();
      // The page reloads into the app with the chosen role (spec S0.4.13).
      window.location.assign(isInAppPath(from) ? from : (takeLoginRedirect() ?? HOME_PATH));
    } catch {
      setSaving(false);
      void roles.refetch();
    }
  };

  return (
    <main className={styles.page}>
      <div className={styles.corner}>
        <LanguageSwitch size="small" />
      </div>
      <Card className={styles.card}>
        <Typography.Title level={1} className={styles.title}>
          {t('roles.chooseTitle')}
        </Typography.Title>
        {list.length === 0 ? (
          <Alert type="error" showIcon title={t('roles.noRole')} />
        ) : (
          <div className={styles.list} role="radiogroup" aria-label={t('roles.chooseTitle')}>
            {list.map((role) => {
              const isChosen = chosen === role.roleId;
              return (
                <button
                  key={role.roleId}
                  type="button"
                  role="radio"
                  aria-checked={isChosen}
                  disabled={!role.hasPortPermission}
                  className={`${styles.role} ${isChosen ? styles.chosen : ''}`}
                  onClick={() => setChosen(role.roleId)}
                >
                  <span className={styles.roleName}>{seededName(role.roleName, currentLanguage())}</span>
                  {!role.hasPortPermission && <Tag>{t('roles.noPortPermission')}</Tag>}
                  {isChosen && <CheckCircleFilled className={styles.check} aria-hidden />}
                </button>
              );
            })}
          </div>
        )}
        {list.length > 0 && list.every((r) => !r.hasPortPermission) && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.noUsableRole')} />
        )}
        <div className={styles.buttons}>
          <Button icon={<LogoutOutlined />} onClick={() => confirmLogout()}>
            {t('home.logout')}
          </Button>
          <Button type="primary" disabled={chosen === null} loading={isSaving} onClick={() => void confirm()}>
            {t('common.confirm')}
          </Button>
        </div>
      </Card>
    </main>
  );
}
