import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../shared/ui/plain/spinner';
import styles from './centered-page.module.css';

/**
 * Placeholder while a page's code loads (spec S0.2.19 'loading'); `embedded` inside the layout. Plain (no
 * antd): it is also the router's first-load fallback, before antd is loaded.
 */
export function RouteLoading({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={embedded ? styles.embedded : styles.page}>
      <LoadingState text={t('app.loading')} />
    </div>
  );
}
