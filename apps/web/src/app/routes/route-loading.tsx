import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './centered-page.module.css';

/** Placeholder while a page's code loads (spec S0.2.19 'loading'); `embedded` inside the layout. */
export function RouteLoading({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={embedded ? styles.embedded : styles.page} role="status" aria-live="polite">
      <Spin size="large" description={t('app.loading')} />
    </div>
  );
}
