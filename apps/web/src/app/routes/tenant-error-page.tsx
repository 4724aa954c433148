import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import styles from './centered-page.module.css';

/**
 * The address names no tenant (spec S0.2.8 'wrong address'). No link onwards: the only way to the right
 * school is its own address.
 */
export function TenantErrorPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const shortName = searchParams.get('shortName');
  return (
    <div className={styles.page}>
      <div className={styles.corner}>
        <LanguageSwitch />
      </div>
      <Result
        status="warning"
        title={t('tenantError.title')}
        subTitle={
          shortName ? t('tenantError.description', { shortName }) : t('tenantError.descriptionGeneric')
        }
      />
    </div>
  );
}
