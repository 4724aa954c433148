import { QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../i18n/i18n';
import { applyDocumentBrand, useBrand } from '../shared/theme/brand';
import { bindMessageApi } from '../shared/ui/feedback';
import { queryClient } from './query-client';

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

/** Tab title, icon and theme colour of the tenant, in the current language. */
function DocumentBrand() {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = t('app.title');
  useEffect(() => applyDocumentBrand(brand, title), [brand, title]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // Subscribes to language changes, so the antd locale follows the UI language.
  useTranslation();
  const language = currentLanguage();
  const brand = useBrand();
  const theme = useMemo(
    () => ({ token: { colorPrimary: brand.primaryColor, colorLink: brand.primaryColor, borderRadius: 8 } }),
    [brand.primaryColor],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={ANTD_LOCALES[language]} theme={theme} button={{ autoInsertSpace: false }}>
        <App className="app-root">
          <FeedbackBridge />
          <DocumentBrand />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
