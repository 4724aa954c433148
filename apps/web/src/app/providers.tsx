import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { applyBrandColors } from '../shared/theme/brand-colors';
import { applyDocumentBrand, useBrand } from '../shared/theme/brand';
import { queryClient } from './query-client';

/** Tab title, icon and theme colour of the tenant, in the current language. */
function DocumentBrand() {
  const { t } = useTranslation();
  const brand = useBrand();
  const title = t('app.title');
  useEffect(() => applyDocumentBrand(brand, title), [brand, title]);
  // The CSS variables of the brand colour, for the components that do not use antd's theme.
  useEffect(() => applyBrandColors(brand.primaryColor), [brand.primaryColor]);
  return null;
}

/**
 * What every route needs. Ant Design's providers are not here: they wrap only the routes built with
 * antd (`AntdProviders`, loaded with them), so the entry and the login page stay small.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DocumentBrand />
      {children}
    </QueryClientProvider>
  );
}
