import { ID_TYPES } from '@psy/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownTenant } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/plain/button';
import { InlineAlert } from '../../../shared/ui/plain/inline-alert';
import { PasswordField, TextField } from '../../../shared/ui/plain/text-field';
import { useIdCardLogin } from '../api/login-by-id-card';
import { isCaptchaRequiredError, newCaptchaKey } from '../lib/captcha';
import { describeLoginFailure, type LoginFailure } from '../lib/login-failure';
import { CaptchaField } from './captcha-field';
import styles from './login-form.module.css';

const FORM_ID = 'id-card-login';
const TYPES = Object.values(ID_TYPES);

export interface IdCardLoginFormProps {
  tenant: KnownTenant & { captchaEnabled: boolean };
  onLoggedIn: () => void;
}

/**
 * Login by ID type and number with the password (spec S0.7.2). The number's rule of its type (spec S0.5.4)
 * is the server's: a refusal shows the server's message (spec S0.8.7).
 */
export function IdCardLoginForm({ tenant, onLoggedIn }: IdCardLoginFormProps) {
  const { t } = useTranslation();
  const login = useIdCardLogin();
  const [idType, setIdType] = useState<number>(ID_TYPES.idCard);
  const [idNumber, setIdNumber] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [missing, setMissing] = useState<{ idNumber?: boolean; password?: boolean }>({});
  const [isCaptchaDemanded, setIsCaptchaDemanded] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const isCaptchaShown = tenant.captchaEnabled || isCaptchaDemanded;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const found = { idNumber: !idNumber.trim(), password: !password };
    setMissing(found);
    if (found.idNumber || found.password) {
      document.getElementById(`${FORM_ID}_${found.idNumber ? 'idNumber' : 'password'}`)?.focus();
      return;
    }
    setFailure(null);
    login.mutate(
      {
        idType,
        idNumber: idNumber.trim(),
        password,
        captcha: isCaptchaShown ? { randomStr: captchaKey, code: code.trim() } : undefined,
        tenant: { id: tenant.id, code: tenant.code },
      },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          if (isCaptchaShown) {
            setCaptchaKey(newCaptchaKey());
            setCode('');
          }
          if (isCaptchaRequiredError(error)) setIsCaptchaDemanded(true);
          setFailure(describeLoginFailure(error, t('errors.status.default')));
        },
      },
    );
  };

  return (
    <form id={FORM_ID} name={FORM_ID} noValidate autoComplete="on" onSubmit={submit}>
      {failure && (
        <InlineAlert tone={failure.tone}>
          <span data-testid="id-card-login-failure">{failure.message}</span>
        </InlineAlert>
      )}
      <label className={styles.selectField}>
        <span className={styles.selectLabel}>{t('idCardLogin.type')}</span>
        <select
          id={`${FORM_ID}_idType`}
          name="idType"
          value={idType}
          onChange={(event) => setIdType(Number(event.target.value))}
        >
          {TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`idCardLogin.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <TextField
        id={`${FORM_ID}_idNumber`}
        name="idNumber"
        label={t('idCardLogin.number')}
        placeholder={t('idCardLogin.number')}
        icon="user"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={22}
        value={idNumber}
        error={missing.idNumber ? t('idCardLogin.numberRequired') : null}
        onChange={(event) => setIdNumber(event.target.value)}
      />
      <PasswordField
        id={`${FORM_ID}_password`}
        name="password"
        label={t('login.password.placeholder')}
        placeholder={t('login.password.placeholder')}
        revealLabel={t('login.password.show')}
        icon="lock"
        autoComplete="current-password"
        required
        value={password}
        error={missing.password ? t('login.password.required') : null}
        onChange={(event) => setPassword(event.target.value)}
      />
      {isCaptchaShown && (
        <CaptchaField
          id={`${FORM_ID}_code`}
          captchaKey={captchaKey}
          value={code}
          error={null}
          onChange={setCode}
          onBlur={() => undefined}
          onRefresh={() => setCaptchaKey(newCaptchaKey())}
        />
      )}
      <Button
        type="submit"
        variant="primary"
        size="large"
        block
        busy={login.isPending}
        className={styles.submit}
      >
        {t('login.submit')}
      </Button>
    </form>
  );
}
