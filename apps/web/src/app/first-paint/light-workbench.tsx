import { seededName, type ResponseOf, type crisisHotlinesEndpoint } from '@psy/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import type { SessionUser } from '../../shared/session/session-store';
import { useBrand } from '../../shared/theme/brand';
import { readableShade } from '../../shared/theme/brand-colors';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { TenantLogo } from '../../shared/ui/tenant-logo';
import styles from './light-workbench.module.css';

/** Ant Design's PhoneOutlined (MIT), as the full help card shows it before each number. */
const PHONE_PATH =
  'M877.1 238.7L770.6 132.3c-13-13-30.4-20.3-48.8-20.3s-35.8 7.2-48.8 20.3L558.3 246.8c-13 13-20.3 30.5-20.3 48.9 0 18.5 7.2 35.8 20.3 48.9l89.6 89.7a405.46 405.46 0 01-86.4 127.3c-36.7 36.9-79.6 66-127.2 86.6l-89.6-89.7c-13-13-30.4-20.3-48.8-20.3a68.2 68.2 0 00-48.8 20.3L132.3 673c-13 13-20.3 30.5-20.3 48.9 0 18.5 7.2 35.8 20.3 48.9l106.4 106.4c22.2 22.2 52.8 34.9 84.2 34.9 6.5 0 12.8-.5 19.2-1.6 132.4-21.8 263.8-92.3 369.9-198.3C818 606 888.4 474.6 910.4 342.1c6.3-37.6-6.3-76.3-33.3-103.4zm-37.6 91.5c-19.5 117.9-82.9 235.5-178.4 331s-213 158.9-330.9 178.4c-14.8 2.5-30-2.5-40.8-13.2L184.9 721.9 295.7 611l119.8 120 .9.9 21.6-8a481.29 481.29 0 00285.7-285.8l8-21.6-120.8-120.7 110.8-110.9 104.5 104.5c10.8 10.8 15.8 26 13.3 40.8z';

export type Hotlines = ResponseOf<typeof crisisHotlinesEndpoint>;

export interface LightWorkbenchProps {
  user: SessionUser;
  activeRoleId: number | null;
  /** The school's hotlines; undefined while the call is under way. */
  hotlines: Hotlines | undefined;
  /** The crisis texts are loaded (the help card waits for them, as the full one does). */
  hasHelpTexts: boolean;
}

/**
 * The student's workbench (`/wel/index` at phone width) drawn with plain components while Ant Design and
 * the layout download (first-paint.tsx): the same header line, greeting, roles and help card with the
 * school's hotlines, in the places the full workbench puts them at 375 px. The help button needs the full
 * app's confirmation dialog, so it shows as busy until the full workbench takes over.
 */
export function LightWorkbench({ user, activeRoleId, hotlines, hasHelpTexts }: LightWorkbenchProps) {
  const { t } = useTranslation();
  const brand = useBrand();
  const language = currentLanguage();
  const systemTitle = brand.systemTitle ?? t('app.title');
  const strong = readableShade(brand.primaryColor);
  return (
    <div className={styles.page} style={{ borderTopColor: brand.primaryColor }}>
      <header className={styles.header}>
        <TenantLogo
          src={brand.logo}
          alt={t('app.logoAlt', { name: systemTitle })}
          color={brand.primaryColor}
          height={32}
          className={styles.logo}
        />
        <div className={styles.language}>
          <LanguageSwitch size="small" />
        </div>
      </header>
      <nav className={styles.breadcrumb} aria-label={t('layout.tabs')}>
        <span className={styles.tab} aria-current="page">
          {t('layout.home')}
        </span>
      </nav>
      <main className={styles.content} aria-busy="true">
        <section className={styles.card}>
          <div className={styles.body}>
            <h1 className={styles.title}>{t('home.title')}</h1>
            <p className={styles.strong} data-testid="first-paint-signed-in-as">
              {t('home.signedInAs', { realName: user.realName })}
            </p>
            <p className={styles.secondary}>{t('home.account', { username: user.username })}</p>
            <h2 className={styles.subTitle}>{t('home.roles')}</h2>
            <ul className={styles.roles}>
              {user.roleList.map((role) => (
                <li
                  key={role.roleId}
                  className={styles.role}
                  style={
                    role.roleId === activeRoleId
                      ? { background: strong, borderColor: strong, color: '#fff' }
                      : undefined
                  }
                  title={role.roleCode}
                >
                  {seededName(role.roleName, language)}
                  {role.roleId === activeRoleId ? ` · ${t('home.activeRole')}` : ''}
                </li>
              ))}
            </ul>
          </div>
        </section>
        {hasHelpTexts && hotlines?.enabled !== false && (
          <section className={styles.card} data-testid="first-paint-help">
            <div className={styles.head}>
              <h2 className={styles.cardTitle}>{t('crisis.help.title')}</h2>
            </div>
            <div className={styles.body}>
              <p className={styles.paragraph}>{t('crisis.help.intro')}</p>
              <ul className={styles.hotlines} aria-label={t('crisis.help.hotlines')}>
                {(hotlines?.hotlines ?? []).map((line) => (
                  <li key={line.phone}>
                    <svg className={styles.icon} viewBox="64 64 896 896" aria-hidden="true" focusable="false">
                      <path d={PHONE_PATH} />
                    </svg>{' '}
                    {seededName(line.name, language)}:{' '}
                    <a href={`tel:${line.phone.replace(/[^0-9+]/g, '')}`}>
                      <strong>{line.phone}</strong>
                    </a>
                  </li>
                ))}
              </ul>
              {/* Its confirmation dialog comes with the full app: until then it says it is not ready. */}
              <button type="button" className={styles.helpButton} aria-disabled="true" aria-busy="true">
                {t('crisis.help.button')}
              </button>
            </div>
          </section>
        )}
      </main>
    </div>
  );
}
