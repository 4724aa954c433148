import { DownOutlined, HomeOutlined, LockOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { RoleSwitch, useUserInfo } from '../../features/auth';
import { ErrorLogButton } from '../../features/client-logs';
import { DownloadButton, useDownloadMenuItem } from '../../features/downloads';
import { MessageBell } from '../../features/messages';
import { clearTabs, SleepJumpButton } from '../../features/navigation';
import { LockButton } from '../../features/lock';
import { NoticeCenter, useNoticeMenuItem } from '../../features/notices';
import { FullScreenButton, SettingsButton, ThemeColorPicker, ThemePicker } from '../../features/preferences';
import { useSession } from '../../shared/session/session-store';
import { useBrand } from '../../shared/theme/brand';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './app-layout.module.css';
import { useSignOut } from './use-sign-out';

/** Personal info and password pages of the signed-in user (spec S0.2.14, S0.2.25). */
export const PERSONAL_INFO_PATH = '/userinfo/index';
export const CHANGE_PASSWORD_PATH = '/userinfo/password?from=self';

/** The user's name with workbench, personal info, password and log out (spec S0.1.3). */
function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const userInfo = useUserInfo();
  const brand = useBrand();
  // On phones the download list and notices move from the top bar into this menu.
  const downloadItem = useDownloadMenuItem();
  const noticeItem = useNoticeMenuItem();
  const realName = userInfo.data?.sysUser.realName ?? session?.user.realName ?? '';

  const { confirmLogOut: confirmLogout } = useSignOut();

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', icon: <HomeOutlined />, label: t('layout.workbench') },
          { key: 'info', icon: <UserOutlined />, label: t('layout.personalInfo') },
          { key: 'password', icon: <LockOutlined />, label: t('layout.changePassword') },
          ...(compact ? [downloadItem, noticeItem] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined />, label: t('home.logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'home') void navigate(HOME_PATH);
          else if (key === 'info') void navigate(PERSONAL_INFO_PATH);
          else if (key === 'password') void navigate(CHANGE_PASSWORD_PATH);
          else if (key === 'logout') confirmLogout();
        },
      }}
    >
      <Button type="text" className={styles.userButton} aria-label={t('layout.userMenu', { name: realName })}>
        <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: brand.primaryColor }} />
        {!compact && <span className={styles.userName}>{realName}</span>}
        <DownOutlined className={styles.caret} />
      </Button>
    </Dropdown>
  );
}

/**
 * Controls on the right of the header (spec S0.1.3). Features add their controls here in the spec's
 * order: workbench, role switch, downloads, sleep, full screen, notices, messages, lock, error log,
 * theme colour, settings, language, user.
 */
export function TopBarActions({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={styles.actions}>
      {!compact && (
        <Button
          type="text"
          icon={<HomeOutlined />}
          onClick={() => void navigate(HOME_PATH)}
          aria-label={t('layout.workbench')}
          title={t('layout.workbench')}
        >
          <span className="top-bar-text">{t('layout.workbench')}</span>
        </Button>
      )}
      {!compact && <RoleSwitch onSwitched={clearTabs} />}
      {!compact && <DownloadButton />}
      <SleepJumpButton />
      {!compact && <FullScreenButton />}
      <NoticeCenter compact={compact} />
      <MessageBell />
      {!compact && <LockButton />}
      {!compact && <ErrorLogButton />}
      {!compact && <ThemePicker />}
      {!compact && <ThemeColorPicker />}
      {!compact && <SettingsButton />}
      <LanguageSwitch size="small" />
      <UserMenu compact={compact} />
    </div>
  );
}
