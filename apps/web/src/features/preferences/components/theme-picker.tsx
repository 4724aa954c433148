import { SkinOutlined } from '@ant-design/icons';
import { Button, ConfigProvider, Dropdown, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LAYOUT_THEMES,
  setLayoutTheme,
  usePreferences,
  usePreferenceSwitch,
  type LayoutTheme,
} from '../model/preferences';

/** The layout theme choice in the top bar, shown when the settings panel's 'theme' switch is on. */
export function ThemePicker() {
  const { t } = useTranslation();
  const isShown = usePreferenceSwitch('theme');
  const { layoutTheme } = usePreferences();
  if (!isShown) return null;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [layoutTheme],
        items: LAYOUT_THEMES.map((name) => ({ key: name, label: t(`preferences.themes.${name}`) })),
        onClick: ({ key }) => setLayoutTheme(key as LayoutTheme),
      }}
    >
      <Button
        type="text"
        icon={<SkinOutlined />}
        aria-label={t('preferences.theme')}
        title={t('preferences.theme')}
      />
    </Dropdown>
  );
}

/** The sidebar in the chosen layout theme: dark with the 'dark sidebar' theme. */
export function SiderTheme({ children }: { children: ReactNode }) {
  const { layoutTheme } = usePreferences();
  return (
    <ConfigProvider theme={layoutTheme === 'darkSider' ? { algorithm: theme.darkAlgorithm } : {}}>
      {children}
    </ConfigProvider>
  );
}

/** The antd algorithm of the whole app for the chosen layout theme (the compact one is denser). */
export function useLayoutAlgorithm() {
  const { layoutTheme } = usePreferences();
  return layoutTheme === 'compact' ? theme.compactAlgorithm : undefined;
}
