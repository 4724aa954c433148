import { Button, Card, Result, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  fingerprintProblemOf,
  useFingerprintLogin,
  type FingerprintProblem,
} from '../../features/fingerprint';
import { clearLock } from '../../features/lock';
import { isTenantCode, useTenantByCode } from '../../features/tenant';
import { readKnownTenant, takeLoginRedirect } from '../../shared/session/session-store';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { HOME_PATH } from '../../shared/lib/app-paths';
import styles from './auth-card-page.module.css';

/** The school of `/login` without a short name (login-page.tsx's DEFAULT_TENANT_CODE, not imported to keep the chunks apart). */
const DEFAULT_TENANT_CODE = 'demo';

function supportsWebAuthn(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * `/fingerprintLogin` (spec S0.2.5): signs in with the device's fingerprint reader as a WebAuthn platform
 * authenticator. The school comes from `?shortName=`, else the last school used on this browser. A user
 * enrols the fingerprint on their personal information page first.
 */
export function FingerprintLoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const shortName = (params.get('shortName') ?? readKnownTenant()?.code ?? DEFAULT_TENANT_CODE).trim();
  const tenantQuery = useTenantByCode(isTenantCode(shortName) ? shortName : '');
  const login = useFingerprintLogin();
  const [problem, setProblem] = useState<FingerprintProblem | null>(
    supportsWebAuthn() ? null : 'unsupported',
  );
  const tenant = tenantQuery.data;
  const passwordLogin = `/${tenant?.code ?? shortName}/login`;

  const signIn = async () => {
    if (!tenant) return;
    setProblem(null);
    try {
      await login.mutateAsync({ id: tenant.id, code: tenant.code });
    } catch (error) {
      setProblem(fingerprintProblemOf(error));
      return;
    }
    // Spec S0.4.2: logging in clears the lock screen.
    clearLock();
    void navigate(takeLoginRedirect() ?? HOME_PATH, { replace: true });
  };

  return (
    <div className={styles.page}>
      <header className={styles.topBar}>
        <LanguageSwitch />
      </header>
      <main className={styles.main}>
        <Card className={styles.card}>
          {tenantQuery.isPending ? (
            <Spin />
          ) : !tenant ? (
            <Result status="warning" title={t('fingerprint.unknownSchool')} />
          ) : (
            <>
              <h1 className={styles.title}>{t('fingerprint.loginTitle')}</h1>
              <Typography.Paragraph type="secondary">
                {t('fingerprint.loginIntro', { school: tenant.name })}
              </Typography.Paragraph>
              {problem && (
                <Typography.Paragraph type="danger" role="alert" data-testid="fingerprint-problem">
                  {t(`fingerprint.problem.${problem}`)}
                </Typography.Paragraph>
              )}
              <Button
                type="primary"
                size="large"
                block
                loading={login.isPending}
                disabled={!supportsWebAuthn()}
                onClick={() => void signIn()}
                data-testid="fingerprint-login"
              >
                {t('fingerprint.loginButton')}
              </Button>
            </>
          )}
          <p className={styles.back}>
            <Link to={passwordLogin}>{t('fingerprint.toPasswordLogin')}</Link>
          </p>
        </Card>
      </main>
    </div>
  );
}
