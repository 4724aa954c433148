import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeTab, readTabs, writeTabs } from '../../features/navigation';
import { HOME_PATH } from '../paths';
import styles from './centered-page.module.css';

/**
 * `/404` inside the layout (spec S0.2.9). Leaving it removes its tab and goes to the workbench
 * (spec S0.4.16).
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = () => {
    writeTabs(closeTab(readTabs(), '/404', '/404').tabs);
    void navigate(HOME_PATH, { replace: true });
  };
  return (
    <div className={styles.embedded}>
      <Result
        status="404"
        title="404"
        subTitle={t('notFound.description')}
        extra={
          <Button type="primary" onClick={leave}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
