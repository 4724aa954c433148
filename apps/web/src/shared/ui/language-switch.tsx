import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES } from '../../i18n/i18n';
import styles from './language-switch.module.css';

export interface LanguageSwitchProps {
  size?: 'small' | 'middle';
  className?: string;
}

/**
 * 中文 / English switch; the choice is remembered (localStorage `psy-lang`). A radio group styled as a
 * segmented control, without antd, as the login page uses it too.
 */
export function LanguageSwitch({ size = 'middle', className }: LanguageSwitchProps) {
  // useTranslation re-renders this on every language change.
  const { t } = useTranslation();
  const name = useId();
  const value = currentLanguage();
  const classes = [styles.group, size === 'small' && styles.small, className].filter(Boolean).join(' ');
  return (
    <div className={classes} role="radiogroup" aria-label={t('language.label')}>
      {LANGUAGES.map((lang) => (
        <label key={lang} className={styles.option}>
          <input
            type="radio"
            className={styles.input}
            name={name}
            value={lang}
            checked={value === lang}
            onChange={() => void changeLanguage(lang)}
          />
          <span className={styles.label} lang={lang}>
            {t(`language.${lang}`)}
          </span>
        </label>
      ))}
    </div>
  );
}
