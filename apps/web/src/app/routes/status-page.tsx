import { Button, Result } from 'antd';
import type { ResultProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { buildLoginPath, loginPathForCurrentTenant } from '../../shared/session/session-store';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './centered-page.module.css';

function StatusPage({
  status,
  title,
  description,
  toLogin = false,
}: {
  status: ResultProps['status'];
  title: string;
  description: string;
  toLogin?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { shortName } = useParams();
  const loginPath = shortName ? buildLoginPath({ shortName }) : loginPathForCurrentTenant();
  return (
    <main className={styles.page}>
      <Result
        status={status}
        title={<h1 className={styles.statusTitle}>{title}</h1>}
        subTitle={description}
        extra={
          <Button
            type="primary"
            onClick={() => void navigate(toLogin ? loginPath : HOME_PATH, { replace: true })}
          >
            {toLogin ? t('errorPages.toLogin') : t('notFound.backHome')}
          </Button>
        }
      />
    </main>
  );
}

/** `/500`, standalone (spec S0.2.9). */
export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage status="500" title="500" description={t('errorPages.serverError')} />;
}

/** `/401` (spec S0.2.9): the session is not valid. */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return <StatusPage status="403" title="401" description={t('errorPages.unauthorized')} toLogin />;
}
