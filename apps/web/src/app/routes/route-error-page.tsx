import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from './centered-page.module.css';

/** A page that failed to load or render (spec S0.2.19 'loading failed...'). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <div className={styles.page}>
      <Result
        status="error"
        title={t('app.loadFailed')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </Button>
        }
      />
    </div>
  );
}
