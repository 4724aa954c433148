import { SafetyOutlined } from '@ant-design/icons';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { captchaImageUrl } from '../lib/captcha';
import styles from './login-form.module.css';

export interface CaptchaFieldProps {
  /** Key of the captcha shown; a new key loads a new image. */
  captchaKey: string;
  onRefresh: () => void;
}

/** The captcha answer (form field `code`) beside its image, which is replaced on click. */
export function CaptchaField({ captchaKey, onRefresh }: CaptchaFieldProps) {
  const { t } = useTranslation();
  return (
    <Form.Item required>
      <div className={styles.captchaRow}>
        <Form.Item
          name="code"
          noStyle
          rules={[{ required: true, whitespace: true, message: t('login.captcha.required') }]}
        >
          <Input
            className={styles.captchaInput}
            prefix={<SafetyOutlined />}
            placeholder={t('login.captcha.placeholder')}
            aria-label={t('login.captcha.placeholder')}
            autoComplete="off"
            maxLength={16}
          />
        </Form.Item>
        <button
          type="button"
          className={styles.captchaButton}
          onClick={onRefresh}
          title={t('login.captcha.refresh')}
          aria-label={t('login.captcha.refresh')}
        >
          <img
            className={styles.captchaImage}
            src={captchaImageUrl(captchaKey)}
            alt={t('login.captcha.alt')}
          />
        </button>
      </div>
    </Form.Item>
  );
}
