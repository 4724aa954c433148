import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { closeTab, readTabs, writeTabs } from '../../features/navigation';
import { HOME_PATH } from '../paths';
import styles from './centered-page.module.css';

/** `/403` inside the layout (spec S0.2.9): a page the user's menu does not grant, or a 403 from the server. */
export function ForbiddenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leave = () => {
    writeTabs(closeTab(readTabs(), '/403', '/403').tabs);
    void navigate(HOME_PATH, { replace: true });
  };
  return (
    <div className={styles.embedded}>
      <Result
        status="403"
        title="403"
        subTitle={t('errorPages.forbidden')}
        extra={
          <Button type="primary" onClick={leave}>
            {t('notFound.backHome')}
          </Button>
        }
      />
    </div>
  );
}
