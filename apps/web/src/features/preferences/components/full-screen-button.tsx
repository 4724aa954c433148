import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isFullScreenSupported, useFullScreen } from '../lib/full-screen';
import { usePreferenceSwitch } from '../model/preferences';

/** Full screen on and off (spec S0.1.3); hidden by its switch or when the browser cannot do it. */
export function FullScreenButton() {
  const { t } = useTranslation();
  const isShown = usePreferenceSwitch('fullScreen');
  const { isFullScreen, toggle } = useFullScreen();
  if (!isShown || !isFullScreenSupported()) return null;
  const label = isFullScreen ? t('preferences.exitFullScreen') : t('preferences.fullScreen');
  return (
    <Button
      type="text"
      icon={isFullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      aria-label={label}
      title={label}
      aria-pressed={isFullScreen}
      onClick={toggle}
    />
  );
}
