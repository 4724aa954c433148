import { useTranslation } from 'react-i18next';
import { TextField } from '../../../shared/ui/plain/text-field';
import { captchaImageUrl } from '../lib/captcha';
import styles from './login-form.module.css';

export interface CaptchaFieldProps {
  /** Id of the input (`<form id>_code`). */
  id: string;
  /** Key of the captcha shown; a new key loads a new image. */
  captchaKey: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  onBlur: () => void;
  onRefresh: () => void;
}

/** The captcha answer beside its image; the image is a button that loads a new one. */
export function CaptchaField({
  id,
  captchaKey,
  value,
  error,
  onChange,
  onBlur,
  onRefresh,
}: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.captchaRow}>
      <TextField
        id={id}
        name="code"
        label={t('login.captcha.placeholder')}
        placeholder={t('login.captcha.placeholder')}
        icon="safety"
        autoComplete="off"
        maxLength={16}
        required
        value={value}
        error={error}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        fieldClassName={styles.grow}
      />
      <button
        type="button"
        className={styles.captchaButton}
        onClick={onRefresh}
        title={t('login.captcha.refresh')}
        aria-label={t('login.captcha.refresh')}
      >
        <img className={styles.captchaImage} src={captchaImageUrl(captchaKey)} alt={t('login.captcha.alt')} />
      </button>
    </div>
  );
}
