import { useTranslation } from 'react-i18next';
import { InLayoutErrorPage } from './in-layout-error-page';

/** `/404`: an address that is no page of the app. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <InLayoutErrorPage status={404} description={t('notFound.description')} />;
}
