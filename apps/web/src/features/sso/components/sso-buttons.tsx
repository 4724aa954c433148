import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSsoButtons } from '../api/sso';
import { entryPageOf } from '../lib/sign-on';
import styles from './sso.module.css';

/** The login page's buttons for the providers the school enabled (spec S0.2.4). */
export function SsoButtons({ tenant }: { tenant: { id: number; code: string } }) {
  const { t, i18n } = useTranslation();
  const buttons = useSsoButtons(tenant.id);
  if (!buttons.data?.length) return null;
  const isEnglish = i18n.language.startsWith('en');
  return (
    <nav className={styles.buttons} aria-label={t('sso.buttonsLabel')}>
      <span className={styles.buttonsTitle}>{t('sso.buttonsLabel')}</span>
      {buttons.data.map((b) => (
        <Link
          key={b.code}
          className={styles.button}
          data-testid={`sso-button-${b.code}`}
          to={`/${tenant.code}/${entryPageOf(b.kind)}?${new URLSearchParams({ provider: b.code })}`}
        >
          {(isEnglish && b.nameEn) || b.name}
        </Link>
      ))}
    </nav>
  );
}
