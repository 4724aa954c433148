import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { KnownTenant } from '../../../shared/session/session-store';
import { showToast } from '../../../shared/ui/feedback';
import { Button } from '../../../shared/ui/plain/button';
import { InlineAlert } from '../../../shared/ui/plain/inline-alert';
import { TextField } from '../../../shared/ui/plain/text-field';
import { useSmsLogin } from '../api/login-by-sms';
import { useSendSmsCode } from '../api/send-sms-code';
import { describeLoginFailure, type LoginFailure } from '../lib/login-failure';
import { checkSmsLoginField, firstIssueField, type SmsLoginField } from '../lib/login-rules';
import { useCheckedFields } from '../lib/use-checked-fields';
import { useCountdown } from '../lib/use-countdown';
import styles from './login-form.module.css';

/** Seconds before another code may be asked for. */
const RESEND_SECONDS = 60;
const FORM_ID = 'sms-login';
const FIELDS: readonly SmsLoginField[] = ['phone', 'code'];
const fieldId = (field: SmsLoginField) => `${FORM_ID}_${field}`;

export interface SmsLoginFormProps {
  tenant: KnownTenant;
  onLoggedIn: () => void;
}

/** Phone and SMS code login (spec S0.7.4, S0.7.5); refusals are shown in the form. */
export function SmsLoginForm({ tenant, onLoggedIn }: SmsLoginFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendSmsCode();
  const login = useSmsLogin();
  const [secondsLeft, startCountdown] = useCountdown();
  const [failure, setFailure] = useState<LoginFailure | null>(null);
  const form = useCheckedFields<SmsLoginField, ReturnType<typeof checkSmsLoginField>>(
    { phone: '', code: '' },
    checkSmsLoginField,
  );
  const { values, issues } = form;
  const errorOf = (field: SmsLoginField) => {
    const issue = issues[field];
    return issue ? t(issue) : null;
  };
  const showFailure = (error: unknown) => setFailure(describeLoginFailure(error, t('errors.status.default')));

  const requestCode = () => {
    if (sendCode.isPending || secondsLeft > 0) return;
    if (form.checkFields(['phone']).phone) {
      document.getElementById(fieldId('phone'))?.focus();
      return;
    }
    setFailure(null);
    sendCode.mutate(
      { phone: values.phone, tenantId: tenant.id, hidePopup: true },
      {
        onSuccess: () => {
          showToast('success', t('login.sms.sent'));
          startCountdown(RESEND_SECONDS);
          document.getElementById(fieldId('code'))?.focus();
        },
        onError: showFailure,
      },
    );
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    const first = firstIssueField(FIELDS, form.checkFields(FIELDS));
    if (first) {
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setFailure(null);
    login.mutate(
      { phone: values.phone, code: values.code.trim(), tenant, hidePopup: true },
      { onSuccess: onLoggedIn, onError: showFailure },
    );
  };

  return (
    <form id={FORM_ID} name={FORM_ID} noValidate onSubmit={submit}>
      {failure && <InlineAlert tone={failure.tone}>{failure.message}</InlineAlert>}
      <TextField
        id={fieldId('phone')}
        name="phone"
        type="tel"
        label={t('login.sms.phonePlaceholder')}
        placeholder={t('login.sms.phonePlaceholder')}
        icon="mobile"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        required
        value={values.phone}
        error={errorOf('phone')}
        onChange={(event) => form.change('phone', event.target.value)}
        onBlur={() => form.leave('phone')}
      />
      <div className={styles.captchaRow}>
        <TextField
          id={fieldId('code')}
          name="code"
          label={t('login.sms.codePlaceholder')}
          placeholder={t('login.sms.codePlaceholder')}
          icon="safety"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          required
          value={values.code}
          error={errorOf('code')}
          onChange={(event) => form.change('code', event.target.value)}
          onBlur={() => form.leave('code')}
          fieldClassName={styles.grow}
        />
        <Button
          size="large"
          className={styles.codeButton}
          onClick={requestCode}
          disabled={secondsLeft > 0}
          busy={sendCode.isPending}
        >
          {secondsLeft > 0 ? t('login.sms.resend', { seconds: secondsLeft }) : t('login.sms.send')}
        </Button>
      </div>
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
