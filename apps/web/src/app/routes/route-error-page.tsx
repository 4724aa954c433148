import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { recordRenderError } from '../../features/client-logs';
import { Button } from '../../shared/ui/plain/button';
import { Result } from '../../shared/ui/plain/result';
import styles from './centered-page.module.css';

/**
 * 'loading failed...' with a way out (spec S0.2.19); `embedded` inside the layout. Plain (no antd): it is
 * the router's root error view, which must work when antd's own chunk is what failed to load.
 */
export function RouteLoadFailed({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={embedded ? styles.embedded : styles.page}>
      <Result
        status="error"
        title={t('app.loadFailed')}
        headingLevel={embedded ? 2 : 1}
        extra={
          <Button variant="primary" onClick={() => window.location.reload()}>
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
  useEffect(() => {
    // Into the client error log (spec S0.2.26); a thrown response (a loader's 404) is routing, not an error.
    if (!isRouteErrorResponse(error)) recordRenderError(error);
  }, [error]);
  return <RouteLoadFailed />;
}
