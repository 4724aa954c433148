import { LockOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferenceSwitch } from '../../preferences';

// The dialog and its form load on the first click, not with the layout (route size budget).
const LockDialog = lazy(async () => ({ default: (await import('./lock-dialog')).LockDialog }));

/**
 * The lock-screen control of the top bar (spec S0.1.3, S0.4.2): a lock password must be set first
 * ('lock password cannot be empty', S0.5.9), then the app goes to /lock. Shown when the settings panel's
 * 'lock screen' switch is on.
 */
export function LockButton() {
  const { t } = useTranslation();
  const isShown = usePreferenceSwitch('lock');
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  if (!isShown) return null;

  return (
    <>
      <Button
        type="text"
        icon={<LockOutlined />}
        aria-label={t('lock.lockScreen')}
        title={t('lock.lockScreen')}
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          <LockDialog open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
