import { useTranslation } from 'react-i18next';
import { InLayoutErrorPage } from './in-layout-error-page';

/** `/403`: a page the user's menu does not grant, or a 403 from the server. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  return <InLayoutErrorPage status={403} description={t('errorPages.forbidden')} />;
}
