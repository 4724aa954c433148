import { App, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useLayoutAlgorithm } from '../features/preferences';
import { currentLanguage } from '../i18n/i18n';
import { useBrand } from '../shared/theme/brand';
import { READABLE_ERROR_COLOR, readableStates, selectedItemColors } from '../shared/theme/brand-colors';
import { bindMessageApi } from '../shared/ui/feedback';
import { usePrefersReducedMotion } from '../shared/ui/use-reduced-motion';

const ANTD_LOCALES = { 'zh-CN': zhCN, 'en-US': enUS } as const;

/** Hands the themed message API of `App` to code outside React (the request layer). */
function FeedbackBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    bindMessageApi(message);
    return () => bindMessageApi(null);
  }, [message]);
  return null;
}

/**
 * Ant Design's theme, locale and `App` (message, modal, notification) for the routes built with it. It is
 * the element of a pathless layout route loaded on demand (router.tsx), so antd stays out of the entry
 * and off the login page, which uses the plain components of shared/ui/plain.
 */
export function AntdProviders() {
  // Subscribes to language changes, so the antd locale follows the UI language.
  useTranslation();
  const language = currentLanguage();
  const brand = useBrand();
  // The layout theme of the settings (the compact one); the primary colour may be the user's own (spec S0.1.3).
  const algorithm = useLayoutAlgorithm();
  const isMotionReduced = usePrefersReducedMotion();
  // Shades that text reaches 4.5:1 with (WCAG 1.4.3) whatever colour the school or the user picked:
  // white on primary buttons, links, danger buttons, form errors, secondary text.
  const primary = readableStates(brand.primaryColor);
  const selected = selectedItemColors(brand.primaryColor);
  const theme = useMemo(
    () => ({
      algorithm,
      token: {
        // Dialogs, menus and messages appear and go without animating for those who ask for less motion.
        motion: !isMotionReduced,
        colorPrimary: primary.base,
        colorPrimaryHover: primary.hover,
        colorPrimaryActive: primary.active,
        colorLink: primary.base,
        colorLinkHover: primary.hover,
        colorLinkActive: primary.active,
        colorError: READABLE_ERROR_COLOR,
        colorTextDescription: 'rgba(0, 0, 0, 0.62)',
        colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
        // Placeholders and description labels (antd: 0.25 and 0.45) reach 4.5:1 on white too.
        colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
        colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
        borderRadius: 8,
      },
      components: {
        // The sidebar's selected item: antd's pair is 4.06:1 (WCAG 1.4.3 asks 4.5:1).
        Menu: { itemSelectedBg: selected.background, itemSelectedColor: selected.text },
      },
    }),
    [
      algorithm,
      isMotionReduced,
      primary.base,
      primary.hover,
      primary.active,
      selected.background,
      selected.text,
    ],
  );

  return (
    <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme} button={{ autoInsertSpace: false }}>
      <App className="app-root">
        <FeedbackBridge />
        <Outlet />
      </App>
    </ConfigProvider>
  );
}
