import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownTenant } from '../../../shared/session/session-store';
import { Button } from '../../../shared/ui/plain/button';
import { InlineAlert } from '../../../shared/ui/plain/inline-alert';
import { PasswordField, TextField } from '../../../shared/ui/plain/text-field';
import { usePasswordLogin } from '../api/login-by-password';
import { isCaptchaRequiredError, newCaptchaKey } from '../lib/captcha';
import { describeLoginFailure, type LoginFailure } from '../lib/login-failure';
import { checkPasswordLoginField, firstIssueField, type PasswordLoginField } from '../lib/login-rules';
import { useCheckedFields } from '../lib/use-checked-fields';
import { CaptchaField } from './captcha-field';
import styles from './login-form.module.css';

const FORM_ID = 'password-login';
const FIELDS: readonly PasswordLoginField[] = ['username', 'password', 'code'];
const fieldId = (field: PasswordLoginField) => `${FORM_ID}_${field}`;

export interface LoginFormProps {
  tenant: KnownTenant & { captchaEnabled: boolean };
  onLoggedIn: () => void;
}

/**
 * Account and password login (spec S0.2.3, S0.7.3), with a captcha when the tenant or the server asks for
 * one. Plain HTML (no antd): a refusal is shown in the form, as the login page has no toasts of antd.
 */
export function LoginForm({ tenant, onLoggedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = usePasswordLogin();
  const [isCaptchaDemanded, setIsCaptchaDemanded] = useState(false);
  const [captchaKey, setCaptchaKey] = useState(newCaptchaKey);
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const isCaptchaShown = tenant.captchaEnabled || isCaptchaDemanded;
  const form = useCheckedFields<PasswordLoginField, ReturnType<typeof checkPasswordLoginField>>(
    { username: '', password: '', code: '' },
    (field, values) => checkPasswordLoginField(field, values, isCaptchaShown),
  );
  const { values, issues } = form;
  const errorOf = (field: PasswordLoginField) => {
    const issue = issues[field];
    return issue ? t(issue) : null;
  };

  const refreshCaptcha = () => {
    setCaptchaKey(newCaptchaKey());
    form.clear('code');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const found = form.checkFields(FIELDS);
    const first = firstIssueField(FIELDS, found);
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setFailure(null);
    login.mutate(
      {
        username: values.username.trim(),
        password: values.password,
        captcha: isCaptchaShown ? { randomStr: captchaKey, code: values.code.trim() } : undefined,
        tenant: { id: tenant.id, code: tenant.code },
        hidePopup: true,
      },
      {
        onSuccess: onLoggedIn,
        onError: (error) => {
          // A captcha is good for one try: any refusal needs a new one.
          if (isCaptchaShown) refreshCaptcha();
          if (isCaptchaRequiredError(error)) setIsCaptchaDemanded(true);
          setFailure(describeLoginFailure(error, t('errors.status.default')));
        },
      },
    );
  };

  return (
    <form id={FORM_ID} name={FORM_ID} noValidate autoComplete="on" onSubmit={submit}>
      {failure && <InlineAlert tone={failure.tone}>{failure.message}</InlineAlert>}
      <TextField
        id={fieldId('username')}
        name="username"
        label={t('login.username.placeholder')}
        placeholder={t('login.username.placeholder')}
        icon="user"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        autoFocus
        required
        value={values.username}
        error={errorOf('username')}
        onChange={(event) => form.change('username', event.target.value)}
        onBlur={() => form.leave('username')}
      />
      <PasswordField
        id={fieldId('password')}
        name="password"
        label={t('login.password.placeholder')}
        placeholder={t('login.password.placeholder')}
        revealLabel={t('login.password.show')}
        icon="lock"
        autoComplete="current-password"
        required
        value={values.password}
        error={errorOf('password')}
        onChange={(event) => form.change('password', event.target.value)}
        onBlur={() => form.leave('password')}
      />
      {isCaptchaShown && (
        <CaptchaField
          id={fieldId('code')}
          captchaKey={captchaKey}
          value={values.code}
          error={errorOf('code')}
          onChange={(value) => form.change('code', value)}
          onBlur={() => form.leave('code')}
          onRefresh={refreshCaptcha}
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
