import { SettingOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The panel and its switches load on the first click, not with the layout (route size budget).
const SettingsDrawer = lazy(async () => ({ default: (await import('./settings-drawer')).SettingsDrawer }));

/** The gear in the top bar that opens the settings panel. */
export function SettingsButton() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<SettingOutlined />}
        aria-label={t('preferences.settings')}
        title={t('preferences.settings')}
        aria-haspopup="dialog"
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      />
      {wasOpened && (
        <Suspense fallback={null}>
          <SettingsDrawer open={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
