import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from './centered-page.module.css';

/** 'loading failed...' with a way out (spec S0.2.19); `embedded` inside the layout. */
export function RouteLoadFailed({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={embedded ? styles.embedded : styles.page}>
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

/** A route that failed to load or render. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return <RouteLoadFailed />;
}
