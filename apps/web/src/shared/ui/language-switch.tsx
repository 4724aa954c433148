import { Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, LANGUAGES, type AppLanguage } from '../../i18n/i18n';

export interface LanguageSwitchProps {
  size?: 'small' | 'middle' | 'large';
  className?: string;
}

/** 中文 / English switch; the choice is remembered (localStorage `psy-lang`). */
export function LanguageSwitch({ size = 'middle', className }: LanguageSwitchProps) {
  // useTranslation re-renders this on every language change.
  const { t } = useTranslation();
  const value = currentLanguage();
  return (
    <Segmented<AppLanguage>
      className={className}
      size={size}
      aria-label={t('language.label')}
      value={value}
      options={LANGUAGES.map((lang) => ({
        value: lang,
        label: <span lang={lang}>{t(`language.${lang}`)}</span>,
      }))}
      onChange={(lang) => void changeLanguage(lang)}
    />
  );
}
