import { BugOutlined } from '@ant-design/icons';
import type { PermissionKey } from '@psy/contracts';
import { Badge, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../auth';
import { usePreferenceSwitch } from '../../preferences';
import { badgeText, ERROR_BADGE_MAX, useClientLogs } from '../model/log-store';

// The dialog's table is loaded on first open, not with the layout (route size budget, scripts/route-sizes.mjs).
const ErrorLogDialog = lazy(async () => ({ default: (await import('./error-log-dialog')).ErrorLogDialog }));

/** Who reads the school's error logs (the client-log page); they see the control even with none here. */
export const CLIENT_LOG_VIEW_PERMISSION: PermissionKey = 'admin_log_view';

/**
 * Whether the error-log control is shown: to those who read error logs, and to anyone else only once this
 * browser has logged an error (then the screen lets them send it); a student with nothing logged is not
 * shown a control that leads nowhere.
 */
export function isErrorLogButtonShown(logCount: number, permissions: readonly string[] | undefined) {
  return logCount > 0 || (permissions?.includes(CLIENT_LOG_VIEW_PERMISSION) ?? false);
}

/**
 * The error-log control of the top bar (spec S0.1.3, S0.2.26): a count badge (at most '99+', S0.9.7) and
 * the error-log screen; shown when the settings panel's 'log' switch is on (and `isErrorLogButtonShown`).
 */
export function ErrorLogButton() {
  const { t } = useTranslation();
  const isShown = usePreferenceSwitch('log');
  const logs = useClientLogs();
  const userInfo = useUserInfo();
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (!isShown || !isErrorLogButtonShown(logs.length, userInfo.data?.permissions)) return null;
  const count = badgeText(logs.length);
  const label = count
    ? t('clientLogs.buttonWithCount', { count: logs.length, shown: count })
    : t('clientLogs.title');
  return (
    <>
      <Badge count={logs.length} overflowCount={ERROR_BADGE_MAX} size="small" offset={[-4, 4]}>
        <Button
          type="text"
          icon={<BugOutlined />}
          aria-label={label}
          title={label}
          aria-haspopup="dialog"
          onClick={() => {
            setHasOpened(true);
            setOpen(true);
          }}
        />
      </Badge>
      {hasOpened && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
