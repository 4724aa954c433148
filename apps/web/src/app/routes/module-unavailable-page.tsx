import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePageInfo } from '../../shared/layout/page-context';
import styles from './centered-page.module.css';

/**
 * A menu entry of the user whose module this version of the web app does not include yet: says so
 * instead of pretending (the entry comes from the school's menu configuration).
 */
export function ModuleUnavailablePage() {
  const { t } = useTranslation();
  const { menu } = usePageInfo();
  return (
    <div className={styles.embedded}>
      <Result status="info" title={menu?.label ?? ''} subTitle={t('errorPages.moduleUnavailable')} />
    </div>
  );
}
