import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeTab, readTabs, writeTabs } from '../../features/navigation';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './centered-page.module.css';

/**
 * `/403` and `/404` inside the layout (spec S0.2.9). Leaving removes the error page's tab and goes to the
 * workbench (spec S0.4.16).
 */
export function InLayoutErrorPage({ status, description }: { status: 403 | 404; description: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = () => {
    const path = `/${status}`;
    writeTabs(closeTab(readTabs(), path, path).tabs);
    void navigate(HOME_PATH, { replace: true });
  };
  return (
    <div className={styles.embedded}>
      <Result
        status={status === 403 ? '403' : '404'}
        title={String(status)}
        subTitle={description}
        extra={
          <Button type="primary" onClick={leave}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
